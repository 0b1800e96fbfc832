import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { clientPaths, SITE_PREFIX } from '@plataforma/adapter';
import { settings } from '../lib/settings';

const CLIENT_UID = 'api::client.client';

/** What opening a confirmation link came to: the site's page says each in the visitor's language. */
export type ConfirmationOutcome = 'confirmed' | 'used' | 'expired' | 'invalid';

const signature = (clientId: number, email: string, expires: number): string =>
  crypto
    .createHmac('sha256', settings().auth.secret)
    .update(`email-confirmation\n${clientId}\n${email.trim().toLowerCase()}\n${expires}`)
    .digest('base64url');

/**
 * A confirmation token (decision 081): the client, its expiry and an HMAC of both with the
 * address under AUTH_JWT_SECRET. Nothing is stored: it is single use because the first use sets
 * `emailConfirmedAt` (a later one reads 'used'), and it dies with a change of address.
 */
export const confirmationToken = (clientId: number, email: string, now = Date.now()): string => {
  const expires = Math.floor(now / 1000) + settings().email.confirmTtlSeconds;
  return `${clientId}.${expires}.${signature(clientId, email, expires)}`;
};

/** The site's base address for links in e-mails: PUBLIC_URL, or this server on localhost. */
export const siteBase = (): string => settings().server.publicUrl.replace(/\/+$/, '') || `http://localhost:${settings().server.port}`;

/** The link of a confirmation e-mail (a GET of the site API, which then sends the visitor to the site's page). */
export const confirmationUrl = (clientId: number, email: string): string =>
  `${siteBase()}${SITE_PREFIX}${clientPaths.confirmEmail}?token=${encodeURIComponent(confirmationToken(clientId, email))}`;

/**
 * Opens a confirmation link: a valid, unexpired token of the client's current address marks it
 * confirmed once (the update holds only while `emailConfirmedAt` is empty, so two clicks at the
 * same time confirm once); a second use is 'used', a late one 'expired', anything else 'invalid'.
 */
export const confirmEmail = async (strapi: Core.Strapi, token: unknown, now = new Date()): Promise<ConfirmationOutcome> => {
  const match = typeof token === 'string' ? /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return 'invalid';
  const [, idText, expiresText, given] = match;
  const clientId = Number(idText);
  const expires = Number(expiresText);
  const client = (await strapi.db.query(CLIENT_UID).findOne({
    where: { id: clientId },
    select: ['id', 'email', 'emailConfirmedAt', 'erasedAt'],
  })) as { id: number; email: string; emailConfirmedAt: string | null; erasedAt: string | null } | null;
  if (!client || client.erasedAt) return 'invalid';
  const expected = Buffer.from(signature(clientId, client.email, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return 'invalid';
  if (client.emailConfirmedAt) return 'used';
  if (expires * 1000 < now.getTime()) return 'expired';
  const changed = await strapi.db
    .connection('clients')
    .where({ id: clientId })
    .whereNull('email_confirmed_at')
    .update({ email_confirmed_at: now, updated_at: now });
  return changed ? 'confirmed' : 'used';
};

/** The site's page that says how the confirmation went. */
export const confirmationPage = (outcome: ConfirmationOutcome): string => `${clientPaths.confirmEmailPage}?resultado=${outcome}`;
