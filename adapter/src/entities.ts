import { z } from 'zod';

/** Flags travel as 0 and 1 (SPEC §9). */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flagSchema>;

const id = z.number().int().positive();
const nullableText = z.string().nullable();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z.string().regex(/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/);
const money = z.string().regex(/^-?\d+\.\d{2}$/);

// ----- enumerations of SPEC §9 -----
export const STAND_TYPES = ['master', 'silver', 'bronze'] as const;
export const standTypeSchema = z.enum(STAND_TYPES);
export type StandType = z.infer<typeof standTypeSchema>;
/** How the site names each tier (SPEC §3/§9): master stands fill the gold hall. */
export const STAND_TIER_LABEL: Record<StandType, string> = { master: 'MASTER', silver: 'SILVER/PRATA', bronze: 'BRONZE' };

export const SPONSOR_TYPES = ['master', 'premium', 'supporter'] as const;
export const sponsorTypeSchema = z.enum(SPONSOR_TYPES);
export type SponsorType = z.infer<typeof sponsorTypeSchema>;

export const STAFF_ROLES = ['admin', 'attendant'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const EVENT_STATUSES = ['open', 'closed'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const mediaTypeSchema = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof mediaTypeSchema>;

export const LANGUAGES = ['pt', 'en', 'al'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const CONTACT_SUBJECTS = ['doubts', 'suggestions', 'partner', 'others'] as const;
export const contactSubjectSchema = z.enum(CONTACT_SUBJECTS);

export const CHAT_SENDERS = ['client', 'stand'] as const;
export const chatSenderSchema = z.enum(CHAT_SENDERS);

// ----- files -----
export const fileSchema = z.object({
  id: id,
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().nonnegative(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type FileRef = z.infer<typeof fileSchema>;

// ----- entities as the API sends them -----
export const categorySchema = z.object({
  id,
  name: z.string(),
  description: nullableText,
});
export type Category = z.infer<typeof categorySchema>;

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
  id,
  categoryId: id.nullable(),
  category: categorySchema.pick({ id: true, name: true }).nullable(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: nullableText,
  banner: nullableText,
  thumb: nullableText,
  value: money,
  discount: money,
  installments: z.number().int().positive(),
  exchange: z.string(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  startTime: time,
  endTime: time.nullable(),
  timezone: z.string(),
  facebook: nullableText,
  twitter: nullableText,
  linkedIn: nullableText,
  featured: flagSchema,
  published: flagSchema,
  status: eventStatusSchema,
  createdAt: z.string(),
  discountValue: money,
  hasDiscount: z.boolean(),
  currency: z.enum(['R$', '$']),
  venue: venueLinksSchema,
});
export type Event = z.infer<typeof eventSchema>;

export const roomSchema = z.object({
  id,
  eventId: id.nullable(),
  name: z.string(),
  link: nullableText,
  slug: z.string(),
  number: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

export const standSchema = z.object({
  id,
  eventId: id.nullable(),
  name: z.string(),
  subtitle: z.string(),
  description: z.string(),
  type: standTypeSchema,
  position: z.number().int(),
  color: nullableText,
  facebook: nullableText,
  instagram: nullableText,
  youtube: nullableText,
  symposium: nullableText,
  negotiation: nullableText,
  website: nullableText,
  image: nullableText,
});
export type Stand = z.infer<typeof standSchema>;

export const mediaSchema = z.object({
  id,
  standId: id.nullable(),
  title: z.string(),
  description: z.string(),
  type: mediaTypeSchema,
  file: fileSchema.nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

export const productSchema = z.object({
  id,
  standId: id.nullable(),
  title: z.string(),
  description: z.string(),
  image: nullableText,
  price: money,
  discount: money,
  discountValue: money,
  hasDiscount: z.boolean(),
  installments: z.number().int().positive(),
  ctaLabel: nullableText,
  ctaLink: nullableText,
});
export type Product = z.infer<typeof productSchema>;

export const sponsorSchema = z.object({
  id,
  eventId: id.nullable(),
  name: z.string(),
  type: sponsorTypeSchema,
  image: nullableText,
  link: nullableText,
});
export type Sponsor = z.infer<typeof sponsorSchema>;

export const networkPersonSchema = z.object({
  name: z.string(),
  email: z.string(),
  facebook: nullableText,
  twitter: nullableText,
  linkedIn: nullableText,
});
export type NetworkPerson = z.infer<typeof networkPersonSchema>;

// ----- payloads the venue sends -----
export const pageViewInputSchema = z.object({
  path: z.string().min(1).max(500).startsWith('/'),
  eventId: z.number().int().positive().optional(),
  /** Set on a stand screen: the stand visit the dashboards count. */
  standId: z.number().int().positive().optional(),
  referrer: z.string().max(500).optional(),
  language: languageSchema.optional(),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;

export const pageViewSchema = z.object({ id, path: z.string(), eventId: id.nullable(), createdAt: z.string() });
export type PageView = z.infer<typeof pageViewSchema>;

export const lectureSchema = z.object({
  id,
  name: z.string(),
  startDate: isoDate,
  /** DD/MM/YYYY */
  formattedStartDate: z.string(),
  startTime: time,
  endTime: time,
  videoId: nullableText,
  value: money,
  discount: money,
  discountValue: money,
  hasDiscount: z.boolean(),
  currency: z.enum(['R$', '$']),
  installments: z.number().int().positive(),
  room: z.object({ id, name: z.string(), eventId: id.nullable() }).nullable(),
  timezone: z.string(),
});
export type Lecture = z.infer<typeof lectureSchema>;

/** One day of a room's programme (the room-per-date modal). */
export const roomDaySchema = z.object({
  date: isoDate,
  /** DD/MM/YYYY, as the date button shows it. */
  label: z.string(),
  lectures: z.array(z.object({ id, theme: z.string(), hour: z.string(), link: nullableText })),
});
export type RoomDay = z.infer<typeof roomDaySchema>;

export const standContactInputSchema = z.object({ standId: z.number().int().positive(), message: z.string().trim().min(1).max(2000) });
export type StandContactInput = z.infer<typeof standContactInputSchema>;

export const contactInputSchema = z.object({
  subject: contactSubjectSchema,
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().toLowerCase().email().max(200),
  phone: z.string().trim().max(20).optional(),
  message: z.string().trim().min(1).max(4000),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
