import { z } from 'zod';
import { STAFF_ROLES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { digits, emailSchema, idSchema, personNameSchema } from './common';
import { languageSchema } from './language';

export { userPaths } from './paths';

/** Staff (SPEC §3 User): the back office's accounts, admins and attendants. */
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** The staff user as the API sends it (never a password, code or token). */
export const staffUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  roleLabel: z.string(),
  ddi: z.string().nullable(),
  ddd: z.string().nullable(),
  phone: z.string().nullable(),
  language: languageSchema,
  /** True after too many wrong SMS codes; an admin unlocks it. */
  loginLocked: z.boolean(),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** Staff user form (SPEC §2.3/§5): name, email, country code, phone, role required. */
export const staffUserInputSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
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

export const staffUserOrder = listOrder(['id', 'name', 'email', 'role', 'createdAt'], { field: 'id', direction: 'asc' });
export type StaffUserOrderField = OrderFieldOf<typeof staffUserOrder>;
