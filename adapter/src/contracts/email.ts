import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import { idSchema } from './common';
import { languageSchema } from './language';

export { emailPaths } from './paths';

/** A message's state (decision 081): waiting or retrying, being sent, delivered, refused, or never sent to a suppressed address. */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'suppressed'] as const;
export const emailStatusSchema = z.enum(EMAIL_STATUSES);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** A message as 'E-mails' lists it (its data and body stay on the server). */
export const emailMessageSchema = z.object({
  id: idSchema,
  recipient: z.string(),
  recipientName: z.string().nullable(),
  template: z.string(),
  category: z.string(),
  language: languageSchema,
  subject: z.string(),
  status: emailStatusSchema,
  /** The SMTP server's answer to the last failed attempt (or what went wrong on the way). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  messageId: z.string(),
  clientId: idSchema.nullable(),
  eventId: idSchema.nullable(),
  /** Whether 'Reenviar' applies: failed, or stuck in sending past its lease. */
  resendable: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

export const emailOrder = listOrder(['id', 'recipient', 'template', 'status', 'createdAt'], { field: 'id', direction: 'desc' });
export type EmailOrderField = OrderFieldOf<typeof emailOrder>;
