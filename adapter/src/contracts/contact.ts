import { z } from 'zod';
import { CONTACT_SUBJECTS, STORED_CONTACT_SUBJECTS } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { standContactSchema } from './chat';
import { emailSchema, idSchema, personNameSchema } from './common';

export { contactPaths } from './paths';

export const contactSubjectSchema = z.enum(CONTACT_SUBJECTS);

/** A signed-in client asks a stand to get in touch; name and e-mail come from the session. */
export const standContactInputSchema = z.object({ standId: z.number().int().positive(), message: z.string().trim().min(1).max(2000) });
export type StandContactInput = z.infer<typeof standContactInputSchema>;

/** The general contact form. */
export const contactInputSchema = z.object({
  subject: contactSubjectSchema,
  name: personNameSchema,
  email: emailSchema,
  phone: z.string().trim().max(20).optional(),
  message: z.string().trim().min(1).max(4000),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/**
 * A stored contact as the back office's 'Contatos' lists it (admin, read only): a stand's
 * request as its inbox shows it (`StandContact`), with its subject and the stand it was sent to
 * (null for the general form).
 */
export const contactSchema = standContactSchema.extend({
  subject: z.enum(STORED_CONTACT_SUBJECTS),
  stand: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Newest first unless asked otherwise; the list filters are `subject` (a word) and `standId`. */
export const contactOrder = listOrder(['id', 'createdAt', 'subject', 'name', 'email'], { field: 'createdAt', direction: 'desc' });
export type ContactOrderField = OrderFieldOf<typeof contactOrder>;
