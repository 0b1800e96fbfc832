import { z } from 'zod';
import { CARD_INSTALLMENTS_MAX } from '@plataforma/adapter/constants';

const digits = (value: string) => value.replace(/\D/g, '');

/** Card number in groups of four (up to 19 digits). */
export const maskCardNumber = (value: string): string =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY as it is typed. */
export const maskExpiry = (value: string): string => {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

export const maskCvv = (value: string): string => digits(value).slice(0, 4);

/** The card form, each refusal a key of the pack (said under its field); the same rules as the sandbox's card input. */
export const cardFormSchema = z.object({
  number: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{13,19}$/, 'commerce.card.error.number')),
  holder: z.string().trim().min(2, 'commerce.card.error.holder').max(100, 'commerce.card.error.holder'),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'commerce.card.error.expiry'),
  cvv: z.string().regex(/^\d{3,4}$/, 'commerce.card.error.cvv'),
  cpf: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{11}$/, 'commerce.card.error.cpf')),
  installments: z.coerce.number().int().min(1).max(CARD_INSTALLMENTS_MAX),
});
export type CardFormInput = z.input<typeof cardFormSchema>;
export type CardForm = z.output<typeof cardFormSchema>;
