/** E.164 from the stored parts: ddi 55, ddd 11, phone 912345678 → +5511912345678. */
export const e164 = (account: { ddi?: string | null; ddd?: string | null; phone?: string | null }): string | null => {
  const digits = (value?: string | null) => (value ?? '').replace(/\D/g, '');
  const phone = digits(account.phone);
  if (phone.length < 8) return null;
  return `+${digits(account.ddi) || '55'}${digits(account.ddd)}${phone}`;
};
