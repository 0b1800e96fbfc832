import { z } from 'zod';
import { CONTACT_SUBJECTS } from '../constants';
import { emailSchema, personNameSchema } from './common';

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
