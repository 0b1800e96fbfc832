import { z } from 'zod';
import { digits, emailSchema, idSchema, optionalText, personNameSchema } from './common';
import { languageSchema } from './language';
import { listOrder, type OrderFieldOf } from '../list-query';

export { clientPaths } from './paths';

/** A client's profile fields (SPEC §3 Client). CPF, CEP and phone travel as digits. */
export const clientProfileSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  cpf: digits(11).nullish(),
  postalCode: digits(8).nullish(),
  address: optionalText(300),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/)
    .nullish(),
  city: optionalText(120),
  ddi: digits(4).nullish(),
  ddd: digits(3).nullish(),
  phone: digits(13).nullish(),
  language: languageSchema.optional(),
  facebook: optionalText(255),
  twitter: optionalText(255),
  linkedIn: optionalText(255),
});
export type ClientProfileInput = z.infer<typeof clientProfileSchema>;

export const clientRegisterSchema = clientProfileSchema.extend({
  password: z.string().max(200),
  passwordConfirm: z.string().max(200).optional(),
});
export type ClientRegisterInput = z.infer<typeof clientRegisterSchema>;
export const clientProfileUpdateSchema = clientProfileSchema.partial();

/** The client's own profile as the API sends it (only to a full login). */
export const clientProfileWireSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  postalCode: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  ddi: z.string().nullable(),
  ddd: z.string().nullable(),
  phone: z.string().nullable(),
  language: languageSchema,
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  linkedIn: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientProfile = z.infer<typeof clientProfileWireSchema>;

/**
 * Asking to change or remove the phone (the client's second factor): the password, and the
 * new phone (blank removes it). The code goes to the current phone, or to the new one when
 * there is none yet.
 */
export const clientPhoneRequestSchema = z.object({
  password: z.string().min(1).max(200),
  ddi: digits(4).nullish(),
  ddd: digits(3).nullish(),
  phone: digits(13).nullish(),
});
export type ClientPhoneRequest = z.infer<typeof clientPhoneRequestSchema>;

/** Confirming the change: the same fields, with the code and the attempt it answers. */
export const clientPhoneConfirmSchema = clientPhoneRequestSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{3,8}$/),
  attemptId: z.string().min(1).max(100),
});
export type ClientPhoneConfirm = z.infer<typeof clientPhoneConfirmSchema>;

/** Where the code of a phone change went ('…4321') and when another may be asked. */
export const clientPhoneAnswerSchema = z.object({ attemptId: z.string(), resendIn: z.number(), sentTo: z.string() });
export type ClientPhoneAnswer = z.infer<typeof clientPhoneAnswerSchema>;

/** The back office's clients table: its sortable columns (SPEC §2.3), by id by default. */
export const clientOrder = listOrder(['id', 'name', 'email', 'createdAt', 'city', 'state'], { field: 'id', direction: 'asc' });
export type ClientOrderField = OrderFieldOf<typeof clientOrder>;

/** What a staff member sends to add a client (no password: the client enters with the soft login). */
export const clientAdminInputSchema = clientProfileSchema;
export type ClientAdminInput = z.infer<typeof clientAdminInputSchema>;
export const clientAdminUpdateSchema = clientProfileSchema.partial();

/** The file formats of the clients export. */
export const CLIENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ClientExportFormat = (typeof CLIENT_EXPORT_FORMATS)[number];
