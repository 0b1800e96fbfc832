import { z } from 'zod';
import { EVENT_STATUSES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { currencySchema, flagSchema, idSchema, installmentsSchema, isoDateSchema, moneySchema, nullableText, timeSchema } from './common';
import { categorySchema } from './category';

export { eventPaths } from './paths';

export const eventStatusSchema = z.enum(EVENT_STATUSES);

/** Where the venue's TVs, doors and panels lead: data of the event, never constants. */
export const venueLinksSchema = z.object({
  welcomeVideo: nullableText,
  congressVideo: nullableText,
  messagingLink: nullableText,
  programmeLink: nullableText,
  goldMeetingLink: nullableText,
  silverMeetingLink: nullableText,
  posterSiteLink: nullableText,
  infoPdf: nullableText,
  mapPdf: nullableText,
  speakersPdf: nullableText,
});
export type VenueLinks = z.infer<typeof venueLinksSchema>;

export const eventSchema = z.object({
  id: idSchema,
  categoryId: idSchema.nullable(),
  category: categorySchema.pick({ id: true, name: true }).nullable(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: nullableText,
  banner: nullableText,
  thumb: nullableText,
  value: moneySchema,
  discount: moneySchema,
  installments: installmentsSchema,
  exchange: z.string(),
  startDate: isoDateSchema,
  endDate: isoDateSchema.nullable(),
  startTime: timeSchema,
  endTime: timeSchema.nullable(),
  /** 'DD/MM/YYYY' of startDate and endDate, and 'HH:mm' of the hours, as the site shows them (like a lecture's formattedStartDate). */
  formattedStartDate: z.string(),
  formattedEndDate: z.string().nullable(),
  formattedStartTime: z.string(),
  formattedEndTime: z.string().nullable(),
  timezone: z.string(),
  facebook: nullableText,
  twitter: nullableText,
  linkedIn: nullableText,
  featured: flagSchema,
  published: flagSchema,
  status: eventStatusSchema,
  createdAt: z.string(),
  discountValue: moneySchema,
  hasDiscount: z.boolean(),
  currency: currencySchema,
  venue: venueLinksSchema,
});
export type Event = z.infer<typeof eventSchema>;

export const eventOrder = listOrder(['id', 'name', 'startDate'], { field: 'startDate', direction: 'asc' });
export type EventOrderField = OrderFieldOf<typeof eventOrder>;
