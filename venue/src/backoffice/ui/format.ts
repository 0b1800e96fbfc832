const reais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** An amount of the wire ('150.00') as the back office shows it: 'R$ 150,00'. */
export const formatReais = (value: string | number): string => reais.format(Number(value)).replace(/\u00a0/g, ' ');

/** An amount of the wire ('150.00') as a form field starts with: '150,00' (the forms read both). */
export const moneyInput = (value: string | null | undefined): string => (value ? value.replace('.', ',') : '');

/** A day of the wire ('2026-11-12') as the back office shows it: '12/11/2026'. */
export const formatDay = (value: string | null | undefined): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
};

/** 'HH:mm:ss' → 'HH:mm'. */
export const formatHour = (value: string | null | undefined): string => (value ?? '').slice(0, 5);

/** A text cut to `max` characters with an ellipsis (table cells). */
export const truncate = (value: string | null | undefined, max: number): string => {
  const text = value ?? '';
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};
