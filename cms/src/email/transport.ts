import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { settings, type Settings } from '../lib/settings';

/** What the job hands Strapi's email plugin (the nodemailer provider's options). */
export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer; cid?: string }>;
}

/** What nodemailer answers a sent message with (SMTP: the server's 250 line; JSON transport: the message itself). */
export interface SentInfo {
  messageId?: string;
  response?: string;
  /** jsonTransport: the built message as JSON. */
  message?: string;
}

/**
 * Strapi's email plugin configuration (config/plugins.ts): always the nodemailer provider. With
 * EMAIL_PROVIDER=smtp it talks to SMTP_HOST over a pool of connections at most EMAIL_PER_SECOND
 * messages a second, DKIM-signed when DKIM_* are set; with `log` and `outbox` it builds each
 * message without sending it (nodemailer's JSON transport), and the bootstrap's
 * `installEmailOutput` writes it to the log or the outbox file.
 */
export const emailPluginConfig = (email: Settings['email'] = settings().email) => ({
  provider: 'nodemailer',
  providerOptions:
    email.provider === 'smtp'
      ? {
          host: email.smtp.host,
          port: email.smtp.port,
          secure: email.smtp.secure,
          ...(email.smtp.auth ? { auth: email.smtp.auth } : {}),
          pool: true,
          maxConnections: email.poolConnections,
          rateDelta: 1000,
          rateLimit: email.perSecond,
          connectionTimeout: 20_000,
          greetingTimeout: 20_000,
          socketTimeout: 60_000,
          ...(email.dkim ? { dkim: email.dkim } : {}),
        }
      : { jsonTransport: true },
  settings: { defaultFrom: email.from, defaultReplyTo: email.from },
});

interface EmailPlugin {
  provider: { send(options: Record<string, unknown>): Promise<unknown> };
}

interface BuiltMessage {
  messageId?: string;
  from?: { address?: string; name?: string } | string;
  to?: Array<{ address?: string; name?: string }> | string;
  replyTo?: Array<{ address?: string }> | string;
  subject?: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: Array<{ filename?: string; contentType?: string; cid?: string; content?: string }>;
}

const addressOf = (value: BuiltMessage['to'] | BuiltMessage['from'] | BuiltMessage['replyTo']): string | null => {
  if (!value) return null;
  if (typeof value === 'string') return value;
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => entry.address ?? '').join(', ');
};

/**
 * At bootstrap: refuses a production start without SMTP (`EMAIL_PROVIDER=smtp`), and, for `log`
 * and `outbox`, wraps the email plugin's provider so every message built — the product's and
 * Strapi's own (the /admin password reset) — lands in the log as `[email]` lines or in
 * EMAIL_OUTBOX as one JSON line each.
 */
export const installEmailOutput = (strapi: Core.Strapi): void => {
  const { production, building, email } = settings();
  if (production && !building && email.provider !== 'smtp')
    throw new Error(
      'EMAIL_PROVIDER must be smtp in production (with SMTP_HOST, EMAIL_FROM and, when the server asks for them, SMTP_USER and SMTP_PASSWORD): log and outbox send nothing.',
    );
  if (email.provider === 'smtp') return;
  const plugin = strapi.plugin('email') as unknown as EmailPlugin;
  const inner = plugin.provider;
  const outbox = email.provider === 'outbox' ? email.outbox : null;
  plugin.provider = {
    async send(options) {
      const info = (await inner.send(options)) as SentInfo;
      const built = JSON.parse(info.message ?? '{}') as BuiltMessage;
      const line = {
        messageId: built.messageId ?? info.messageId ?? null,
        from: addressOf(built.from),
        to: addressOf(built.to),
        replyTo: addressOf(built.replyTo),
        subject: built.subject ?? '',
        text: built.text ?? '',
        html: built.html ?? '',
        headers: built.headers ?? {},
        // The files by name, type and size (their bytes stay out of the outbox and the log).
        attachments: (built.attachments ?? []).map((file) => ({
          filename: file.filename ?? null,
          contentType: file.contentType ?? null,
          cid: file.cid ?? null,
          bytes: typeof file.content === 'string' ? Buffer.from(file.content, 'base64').length : 0,
        })),
        time: new Date().toISOString(),
      };
      if (outbox) {
        fs.mkdirSync(path.dirname(outbox), { recursive: true });
        fs.appendFileSync(outbox, `${JSON.stringify(line)}\n`);
      } else {
        strapi.log.info(`[email] to ${line.to}: ${line.subject} (${line.messageId})\n${line.text}`);
      }
      return { ...info, response: `250 ${email.provider}` };
    },
  };
};

/** Sends through Strapi's email plugin (whichever transport EMAIL_PROVIDER chose). */
export const deliverEmail = async (strapi: Core.Strapi, message: OutgoingEmail): Promise<SentInfo> =>
  (await strapi
    .plugin('email')
    .service('email')
    .send(message as unknown as Record<string, unknown>)) as SentInfo;

/** An SMTP failure as the message row and the suppression list read it. */
export interface DeliveryFailure {
  /** 5xx from the server: the address (or the message) is refused for good. */
  permanent: boolean;
  /** The server's answer, or what went wrong on the way ('connect ECONNREFUSED 127.0.0.1:2525'). */
  answer: string;
}

interface NodemailerError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/**
 * A refused or failed delivery: a 5xx answer to the envelope or the message is permanent (the
 * address is suppressed); a 4xx, a connection that failed or timed out, and an authentication
 * the server refused (our configuration, not the address) are temporary (retried).
 */
export const classifyFailure = (error: unknown): DeliveryFailure => {
  const failure = (error ?? {}) as NodemailerError;
  const code = Number(failure.responseCode);
  const answer = (failure.response ?? failure.message ?? String(error)).slice(0, 1000);
  const permanent = code >= 500 && code < 600 && failure.code !== 'EAUTH';
  return { permanent, answer };
};
