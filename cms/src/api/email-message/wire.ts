import { emailOrder, emailPaths, type EmailMessage, type EmailOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { EMAIL_UID, isResendable, type EmailRow } from '../../email/messages';
import { isoString } from '../../lib/wire';

/** 'E-mails' (admin, decision 081): every message, searched by recipient, subject and template, filtered by status. */
export const emailMessageSpec: ResourceSpec<EmailRow, EmailMessage, EmailOrderField> = {
  uid: EMAIL_UID,
  path: emailPaths.cms,
  searchFields: ['recipient', 'recipientName', 'subject', 'template'],
  order: emailOrder,
  choices: {
    status: {
      values: ['queued', 'sending', 'sent', 'failed', 'suppressed'],
      where: (status) => ({ status }),
    },
  },
  select: [
    'id',
    'recipient',
    'recipientName',
    'template',
    'category',
    'language',
    'subject',
    'status',
    'error',
    'attempts',
    'messageId',
    'leaseUntil',
    'createdAt',
    'updatedAt',
    'sentAt',
    'failedAt',
  ],
  populate: { client: { select: ['id'] }, event: { select: ['id'] } },
  toWire: (row) => ({
    id: row.id,
    recipient: row.recipient,
    recipientName: row.recipientName ?? null,
    template: row.template,
    category: row.category,
    language: row.language,
    subject: row.subject,
    status: row.status,
    error: row.error ?? null,
    attempts: Number(row.attempts ?? 0),
    messageId: row.messageId,
    clientId: row.client?.id ?? null,
    eventId: row.event?.id ?? null,
    resendable: isResendable(row),
    createdAt: isoString(row.createdAt),
    sentAt: row.sentAt ? isoString(row.sentAt) : null,
    failedAt: row.failedAt ? isoString(row.failedAt) : null,
  }),
};
