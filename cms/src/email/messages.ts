import crypto from 'node:crypto';
import os from 'node:os';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { ApiError, isEmail, type Language } from '@plataforma/adapter';
import { defineJob, PermanentJobError, sendJob, type JobContext, type JobKind } from '../jobs';
import { settings } from '../lib/settings';
import {
  EMAIL_TEMPLATES,
  DEFAULT_COLOR,
  isTemplateName,
  renderEmail,
  type Brand,
  type EmailDataOf,
  type EmailTemplateName,
} from './templates';
import type { EmailTemplate } from './templates/types';
import { emailLanguage, translator } from './texts';
import { classifyFailure, deliverEmail } from './transport';

export const EMAIL_UID = 'api::email-message.email-message';
export const SUPPRESSION_UID = 'api::email-suppression.email-suppression';
const EVENT_UID = 'api::event.event';

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed';

export interface EmailRow {
  id: number;
  recipient: string;
  recipientName: string | null;
  template: string;
  category: string;
  language: Language;
  subject: string;
  status: EmailStatus;
  data: Record<string, unknown> | null;
  replyTo: string | null;
  messageId: string;
  error: string | null;
  attempts: number;
  owner: string | null;
  leaseUntil: string | Date | null;
  sentAt: string | Date | null;
  failedAt: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  client?: { id: number } | null;
  event?: { id: number } | null;
}

/** What `queueEmail` takes: the recipient, one of EMAIL_TEMPLATES and its data, and what the message is about. */
export interface QueueEmailInput<N extends EmailTemplateName> {
  to: string;
  /** The recipient's name, in the To header. */
  name?: string | null;
  template: N;
  data: EmailDataOf<N>;
  /** The recipient's language (PT when none): the texts and the subject are in it. */
  language?: Language | null;
  /** Replies go here (default: the event's reply-to, else the sender). */
  replyTo?: string | null;
  clientId?: number | null;
  /** The event the message is about: its name and colour brand it, its reply-to answers it. */
  eventId?: number | null;
  /**
   * What the message is about, when it must go once ('order:12:paid'): a second queueing with
   * the same key (a webhook delivered twice, two instances) stores nothing and answers the first.
   */
  dedupeKey?: string | null;
}

export interface QueuedEmail {
  id: number;
  status: 'queued' | 'suppressed';
  /** True when a message with the same dedupe key was already queued: nothing new was stored. */
  duplicate?: boolean;
}

/** The address as stored and compared: trimmed, lower case. */
export const normaliseAddress = (address: string): string => address.trim().toLowerCase();

const isSuppressed = async (strapi: Core.Strapi, address: string): Promise<boolean> =>
  (await strapi.db.query(SUPPRESSION_UID).count({ where: { email: normaliseAddress(address) } })) > 0;

interface EventBrand {
  name: string | null;
  brandColor: string | null;
  replyTo: string | null;
}

/** The brand of a message: its event's name and colour, or the platform's. */
const brandOf = async (strapi: Core.Strapi, eventId: number | null | undefined, language: Language) => {
  const event = eventId
    ? ((await strapi.db
        .query(EVENT_UID)
        .findOne({ where: { id: eventId }, select: ['name', 'brandColor', 'replyTo'] })) as EventBrand | null)
    : null;
  const t = translator(language, (message) => strapi.log.warn(message));
  const brand: Brand = { name: event?.name || t('email.layout.siteName'), color: event?.brandColor || DEFAULT_COLOR, language };
  return { brand, t, replyTo: event?.replyTo || null };
};

const templateOf = (name: string): EmailTemplate<Record<string, never>> => {
  if (!isTemplateName(name)) throw new PermanentJobError(`unknown e-mail template ${name}`);
  return EMAIL_TEMPLATES[name] as unknown as EmailTemplate<Record<string, never>>;
};

const kinds = new WeakMap<Core.Strapi, JobKind<{ message: number }>>();

const sendKindOf = (strapi: Core.Strapi): JobKind<{ message: number }> => {
  const kind = kinds.get(strapi);
  if (!kind) throw new Error('[email] the e-mail jobs are not registered (emailJobKinds in bootstrap)');
  return kind;
};

/**
 * Queues one e-mail (decision 081): a row (status `queued`, its own Message-ID) and the job that
 * sends it, in the caller's transaction when there is one (both or neither). A malformed address
 * is refused here (400 emails.error.invalidAddress); a suppressed one is stored as `suppressed`
 * and sent nothing. The subject is written now, in the recipient's language, for the back
 * office's list; the body is drawn by the job.
 */
export const queueEmail = async <N extends EmailTemplateName>(strapi: Core.Strapi, input: QueueEmailInput<N>): Promise<QueuedEmail> => {
  const to = input.to.trim();
  if (!isEmail(to)) throw new ApiError(400, 'emails.error.invalidAddress');
  const replyTo = input.replyTo?.trim() || null;
  if (replyTo && !isEmail(replyTo)) throw new ApiError(400, 'emails.error.invalidAddress');
  const template = EMAIL_TEMPLATES[input.template] as unknown as EmailTemplate<EmailDataOf<N>>;
  if (!template) throw new Error(`[email] unknown template ${String(input.template)}`);
  const language = emailLanguage(input.language);
  const { brand, t } = await brandOf(strapi, input.eventId, language);
  const subject = template.compose(t, input.data, brand).subject.slice(0, 300);
  const { messageIdDomain } = settings().email;
  const dedupeKey = input.dedupeKey?.slice(0, 120) || null;
  const earlier = async (): Promise<QueuedEmail | null> => {
    if (!dedupeKey) return null;
    const row = (await strapi.db.query(EMAIL_UID).findOne({ where: { dedupeKey }, select: ['id', 'status'] })) as {
      id: number;
      status: EmailStatus;
    } | null;
    return row ? { id: row.id, status: row.status === 'suppressed' ? 'suppressed' : 'queued', duplicate: true } : null;
  };
  const first = await earlier();
  if (first) return first;
  try {
    return await insertEmail();
  } catch (error) {
    // The unique index on the key refused a second row (a race between two deliveries): the first stands.
    const raced = await earlier().catch(() => null);
    if (raced) return raced;
    throw error;
  }

  async function insertEmail(): Promise<QueuedEmail> {
    return strapi.db.transaction(async () => {
      const suppressed = await isSuppressed(strapi, to);
      const row = (await strapi.db.query(EMAIL_UID).create({
        data: {
          recipient: to,
          recipientName: input.name?.slice(0, 200) ?? null,
          template: template.name,
          category: template.category,
          language,
          subject,
          status: suppressed ? 'suppressed' : 'queued',
          data: input.data,
          replyTo,
          messageId: `<${crypto.randomUUID()}@${messageIdDomain}>`,
          error: suppressed ? 'suppressed' : null,
          attempts: 0,
          client: input.clientId ?? null,
          event: input.eventId ?? null,
          dedupeKey,
        },
        select: ['id'],
      })) as { id: number };
      if (!suppressed) await sendJob(strapi, sendKindOf(strapi), { message: row.id });
      return { id: row.id, status: suppressed ? ('suppressed' as const) : ('queued' as const) };
    });
  }
};

/** Who holds a claim: this process and the job's attempt. */
const ownerOf = (context: JobContext) => `${os.hostname()}:${process.pid}:${context.id}:${context.attempt}`.slice(0, 120);

/** The messages' table on knex, in `trx` when given (inside a transaction every statement must use it: SQLite has one connection). */
const messages = (strapi: Core.Strapi, trx?: Knex.Transaction) =>
  trx ? strapi.db.connection('email_messages').transacting(trx) : strapi.db.connection('email_messages');

/**
 * Claims a message for one sending attempt: `queued → sending` with an owner and a lease, or a
 * `sending` one whose lease ran out (its worker died). One statement: two workers never both
 * win it. Answers the row when claimed, else why not.
 */
const claim = async (strapi: Core.Strapi, id: number, owner: string, leaseSeconds: number): Promise<EmailRow | 'done' | 'busy'> => {
  const now = new Date();
  const won = await messages(strapi)
    .where({ id })
    .andWhere((where) =>
      where.where('status', 'queued').orWhere((stale) => stale.where('status', 'sending').andWhere('lease_until', '<', now)),
    )
    .update({
      status: 'sending',
      owner,
      lease_until: new Date(now.getTime() + leaseSeconds * 1000),
      attempts: strapi.db.connection.raw('attempts + 1'),
      updated_at: now,
    });
  const row = (await strapi.db.query(EMAIL_UID).findOne({ where: { id }, populate: { event: { select: ['id'] } } })) as EmailRow | null;
  if (!row) return 'done';
  if (won) return row;
  return row.status === 'sending' ? 'busy' : 'done';
};

/** Settles the claimed row, only while this attempt still holds it. */
const settle = (strapi: Core.Strapi, id: number, owner: string, data: Record<string, unknown>, trx?: Knex.Transaction) =>
  messages(strapi, trx)
    .where({ id, owner, status: 'sending' })
    .update({ ...data, owner: null, lease_until: null, updated_at: new Date() });

const suppress = async (strapi: Core.Strapi, address: string, reason: string, messageRef: number) => {
  const email = normaliseAddress(address);
  const existing = (await strapi.db.query(SUPPRESSION_UID).findOne({ where: { email }, select: ['id'] })) as { id: number } | null;
  if (existing) await strapi.db.query(SUPPRESSION_UID).update({ where: { id: existing.id }, data: { reason, messageRef } });
  else await strapi.db.query(SUPPRESSION_UID).create({ data: { email, reason, messageRef } });
};

/**
 * One sending attempt of a message (the `email.send` job): claim it, draw it in its language,
 * hand it to the email plugin, record the answer. 250: `sent`. 5xx: `failed` with the answer,
 * the address suppressed, no retry. 4xx or no server: back to `queued` with the answer, retried
 * after the backoff; on the last attempt `failed`.
 */
const sendOne = async (strapi: Core.Strapi, id: number, context: JobContext): Promise<void> => {
  const { email } = settings();
  const owner = ownerOf(context);
  const row = await claim(strapi, id, owner, email.leaseSeconds);
  if (row === 'done') return;
  if (row === 'busy') throw new Error('another worker holds this message; tried again later');
  if (await isSuppressed(strapi, row.recipient)) {
    await settle(strapi, id, owner, { status: 'suppressed', error: 'suppressed' });
    return;
  }
  const template = templateOf(row.template);
  const { brand, t, replyTo } = await brandOf(strapi, row.event?.id ?? null, emailLanguage(row.language));
  const content = template.compose(t, (row.data ?? {}) as Record<string, never>, brand);
  const { html, text } = renderEmail(content, brand, t);
  // Files the template attaches (the PIX QR image shown inline, a certificate's PDF), drawn now from the row's data.
  const attachments = template.attachments
    ? await template.attachments((row.data ?? {}) as Record<string, never>, { strapi, brand, t })
    : [];
  const fromName = brand.name.replace(/["\\\r\n]/g, '');
  const fromAddress = /<([^>]+)>/.exec(email.from)?.[1] ?? email.from;
  try {
    context.signal.throwIfAborted();
    await deliverEmail(strapi, {
      from: `"${fromName}" <${fromAddress}>`,
      to: row.recipientName ? `"${row.recipientName.replace(/["\\\r\n]/g, '')}" <${row.recipient}>` : row.recipient,
      replyTo: row.replyTo ?? replyTo ?? undefined,
      subject: row.subject,
      text,
      html,
      messageId: row.messageId,
      headers: { 'X-Plataforma-Message': String(row.id) },
      ...(attachments.length ? { attachments } : {}),
    });
  } catch (error) {
    const failure = classifyFailure(error);
    const last = context.attempt >= context.maxAttempts;
    if (failure.permanent) {
      await strapi.db.transaction(async ({ trx }) => {
        await settle(strapi, id, owner, { status: 'failed', error: failure.answer, failed_at: new Date() }, trx as Knex.Transaction);
        await suppress(strapi, row.recipient, failure.answer, id);
      });
      strapi.log.warn(`[email] message ${id} to ${row.recipient} refused for good (${failure.answer}): the address is suppressed`);
      return;
    }
    await settle(
      strapi,
      id,
      owner,
      last ? { status: 'failed', error: failure.answer, failed_at: new Date() } : { status: 'queued', error: failure.answer },
    );
    throw new Error(failure.answer);
  }
  // A template that carried someone else's data keeps only what it says (decision 110).
  const redacted = template.redactSent ? { data: JSON.stringify(template.redactSent((row.data ?? {}) as never)) } : {};
  await settle(strapi, id, owner, { status: 'sent', sent_at: new Date(), error: null, ...redacted });
};

/**
 * The e-mail jobs (register them in startJobs): `email.send`, one attempt per message, as many
 * at once as EMAIL_PER_SECOND allows (the pool's rate holds the pace), retried EMAIL_RETRIES
 * times from EMAIL_RETRY_SECONDS, doubling (an SMTP server down for hours: the messages wait and
 * go when it is back), each attempt expiring after EMAIL_LEASE_SECONDS.
 */
export const emailJobKinds = (strapi: Core.Strapi) => {
  const { email } = settings();
  const send = defineJob<{ message: number }>({
    name: 'email.send',
    retries: email.retries,
    retryDelaySeconds: email.retrySeconds,
    backoff: true,
    expireSeconds: email.leaseSeconds,
    concurrency: Math.min(50, Math.max(4, email.perSecond)),
    handler: (data, context) => sendOne(strapi, data.message, context),
    onDead: async (data, error) => {
      // The last attempt expired or failed before it could say so: the row says it now.
      await messages(strapi)
        .where({ id: data.message })
        .whereIn('status', ['queued', 'sending'])
        .update({
          status: 'failed',
          error: error.slice(0, 1000),
          failed_at: new Date(),
          owner: null,
          lease_until: null,
          updated_at: new Date(),
        });
    },
  });
  kinds.set(strapi, send);
  return [send];
};

/** A message 'Reenviar' may send again: failed, or stuck in `sending` past its lease. */
export const isResendable = (row: Pick<EmailRow, 'status' | 'leaseUntil'>, now = new Date()): boolean =>
  row.status === 'failed' || (row.status === 'sending' && row.leaseUntil !== null && new Date(row.leaseUntil) < now);

/**
 * 'Reenviar' (the back office): a failed message queued again with its Message-ID (the first
 * never arrived), in a new job. Its address leaves the suppression list — the admin asks for it.
 * Answers whether a suppression was lifted; 409 emails.error.notResendable otherwise.
 */
export const resendEmail = async (strapi: Core.Strapi, id: number): Promise<{ row: EmailRow; liftedSuppression: boolean }> =>
  strapi.db.transaction(async ({ trx }) => {
    const row = (await strapi.db.query(EMAIL_UID).findOne({ where: { id } })) as EmailRow | null;
    if (!row) throw new ApiError(404, 'api.error.notFound');
    if (!isResendable(row)) throw new ApiError(409, 'emails.error.notResendable');
    const lifted = await strapi.db.query(SUPPRESSION_UID).deleteMany({ where: { email: normaliseAddress(row.recipient) } });
    await messages(strapi, trx as Knex.Transaction)
      .where({ id })
      .update({ status: 'queued', owner: null, lease_until: null, failed_at: null, updated_at: new Date() });
    await sendJob(strapi, sendKindOf(strapi), { message: id });
    return { row, liftedSuppression: Number((lifted as { count?: number }).count ?? 0) > 0 };
  });

/**
 * LGPD erasure (decision 032), in the erasure's transaction: the client's messages keep their
 * status, template and time, not the address, the name or the data; their address leaves the
 * suppression list.
 */
export const anonymiseClientEmails = async (
  strapi: Core.Strapi,
  clientId: number,
  address: string,
  erasedAddress: string,
): Promise<void> => {
  const rows = (await strapi.db.query(EMAIL_UID).findMany({ where: { client: clientId }, select: ['id'] })) as Array<{ id: number }>;
  // Nested: the erasure's own transaction (every statement on its connection).
  await strapi.db.transaction(async ({ trx }) => {
    if (rows.length)
      await messages(strapi, trx as Knex.Transaction)
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .update({ recipient: erasedAddress, recipient_name: null, data: null, reply_to: null, updated_at: new Date() });
  });
  await strapi.db.query(SUPPRESSION_UID).deleteMany({ where: { email: normaliseAddress(address) } });
};

/** The client's messages for their data export (decision 031): what was sent to them, when, and how it went. */
export const clientEmails = async (strapi: Core.Strapi, clientId: number) => {
  const rows = (await strapi.db.query(EMAIL_UID).findMany({
    where: { client: clientId },
    select: ['id', 'recipient', 'template', 'subject', 'status', 'language', 'createdAt', 'sentAt'],
    orderBy: { id: 'asc' },
  })) as EmailRow[];
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    template: row.template,
    subject: row.subject,
    status: row.status,
    language: row.language,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
};

/** When the client confirmed their address (decision 081), for the data export. */
export const emailConfirmedAt = async (strapi: Core.Strapi, clientId: number): Promise<string | null> => {
  const row = (await strapi.db.query('api::client.client').findOne({ where: { id: clientId }, select: ['emailConfirmedAt'] })) as {
    emailConfirmedAt: string | Date | null;
  } | null;
  return row?.emailConfirmedAt ? new Date(row.emailConfirmedAt).toISOString() : null;
};
