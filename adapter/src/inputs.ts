import { z } from 'zod';
import { languageSchema, staffRoleSchema } from './entities';

const digits = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().max(max));

/** Staff user form (SPEC §2.3/§5): name, email, country code, phone, role required. */
export const staffUserInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().toLowerCase().email().max(200),
  /** Country code, sent as the string of the number ('55'). */
  ddi: digits(4).pipe(z.string().min(1)),
  /** Area code; may instead lead the phone ('(11) 9 1234-5678'). */
  ddd: digits(3).optional(),
  phone: digits(13).pipe(z.string().min(8)),
  role: staffRoleSchema,
  language: languageSchema.optional(),
});
export type StaffUserInput = z.infer<typeof staffUserInputSchema>;

export const staffUserUpdateSchema = staffUserInputSchema.partial().extend({
  /** false unlocks a login locked after too many wrong SMS codes. */
  loginLocked: z.boolean().optional(),
});
export type StaffUserUpdate = z.infer<typeof staffUserUpdateSchema>;

export const categoryInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).nullish(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export const categoryUpdateSchema = categoryInputSchema.partial();

export const logSchema = z.object({
  id: z.number().int().positive(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Log = z.infer<typeof logSchema>;

/** Splits a Brazilian phone into area code and number when the area code leads it. */
export const splitPhone = (ddd: string | undefined, phone: string): { ddd: string; phone: string } => {
  if (ddd) return { ddd, phone };
  if (phone.length >= 10) return { ddd: phone.slice(0, 2), phone: phone.slice(2) };
  return { ddd: '', phone };
};

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** A client's profile fields (SPEC §3 Client). CPF, CEP and phone travel as digits. */
export const clientProfileSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().toLowerCase().email().max(200),
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

export const clientProfileWireSchema = z.object({
  id: z.number().int().positive(),
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
