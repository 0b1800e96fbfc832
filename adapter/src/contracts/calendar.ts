import { z } from 'zod';

export { calendarPaths } from './paths';

/** The media type of every `.ics` answer (RFC 5545 §8.1). */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/**
 * GET /clients/me/calendar-feed: whether the client has a calendar feed of 'Minha agenda', and
 * since when. The secret URL itself is never read back (only its hash is kept, decision 108): it
 * is shown once, when it is made.
 */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/**
 * POST /clients/me/calendar-feed: a new feed (any earlier URL stops working at once): its secret
 * URL (`https://…/api/site/v1/calendar-feeds/{secret}/agenda.ics`) and the same as `webcal://`,
 * which calendar apps open as a subscription.
 */
export const calendarFeedCreatedSchema = z.object({
  active: z.literal(true),
  createdAt: z.string(),
  url: z.string(),
  webcalUrl: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** A feed's secret as it appears in its URL: 32 random bytes, base64url (43 characters). */
export const CALENDAR_FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
