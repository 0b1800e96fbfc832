import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { CALENDAR_FEED_TOKEN, SITE_PREFIX, calendarPaths, fillPath, type CalendarFeedStatus, type Language } from '@plataforma/adapter';
import { siteBase } from '../email/confirmation';
import { emailLanguage } from '../email/texts';
import { isoString } from '../lib/wire';

const CLIENT_UID = 'api::client.client';

/**
 * A feed secret's stored form: SHA-256, hex. The secret is 256 random bits, so a plain hash
 * cannot be walked back (an SMS code's six digits need the keyed HMAC, this does not), and it
 * stays valid when AUTH_JWT_SECRET is rotated (decision 108).
 */
export const feedHash = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** The feed's secret URL, and the same as `webcal://` (calendar apps open that as a subscription). */
export const feedUrls = (token: string): { url: string; webcalUrl: string } => {
  const url = `${siteBase()}${SITE_PREFIX}${fillPath(calendarPaths.feed, { token })}`;
  return { url, webcalUrl: url.replace(/^https?:/i, 'webcal:') };
};

interface FeedRow {
  id: number;
  calendarFeedHash: string | null;
  calendarFeedCreatedAt: string | Date | null;
}

/** Whether the client has a feed, and since when. */
export const feedStatus = async (strapi: Core.Strapi, clientId: number): Promise<CalendarFeedStatus> => {
  const row = (await strapi.db.query(CLIENT_UID).findOne({
    where: { id: clientId },
    select: ['id', 'calendarFeedHash', 'calendarFeedCreatedAt'],
  })) as FeedRow | null;
  const active = Boolean(row?.calendarFeedHash);
  return { active, createdAt: active && row?.calendarFeedCreatedAt ? isoString(row.calendarFeedCreatedAt) : null };
};

/** A new feed for the client: a fresh secret, whose hash replaces any earlier one (that URL dies at once). */
export const createFeed = async (strapi: Core.Strapi, clientId: number): Promise<{ token: string; createdAt: string }> => {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await strapi.db
    .query(CLIENT_UID)
    .update({ where: { id: clientId }, data: { calendarFeedHash: feedHash(token), calendarFeedCreatedAt: now } });
  return { token, createdAt: now.toISOString() };
};

/** Ends the client's feed, if any: its URL answers 404 from now on. */
export const revokeFeed = async (strapi: Core.Strapi, clientId: number): Promise<void> => {
  await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { calendarFeedHash: null, calendarFeedCreatedAt: null } });
};

/** The client a feed's secret belongs to (an account not erased), with their language; else null. */
export const clientOfFeed = async (strapi: Core.Strapi, token: string): Promise<{ id: number; language: Language } | null> => {
  if (!CALENDAR_FEED_TOKEN.test(token)) return null;
  const row = (await strapi.db.query(CLIENT_UID).findOne({
    where: { calendarFeedHash: feedHash(token) },
    select: ['id', 'language', 'erasedAt'],
  })) as { id: number; language: string | null; erasedAt: unknown } | null;
  if (!row || row.erasedAt) return null;
  return { id: row.id, language: emailLanguage(row.language) };
};
