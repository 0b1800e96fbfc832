import { z } from 'zod';
import { EVENT_STATUSES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import {
  currencySchema,
  emailSchema,
  flagSchema,
  formDate,
  formFlag,
  formId,
  formMoney,
  formRequiredText,
  formText,
  formTime,
  formUrl,
  idSchema,
  installmentsSchema,
  isoDateSchema,
  moneySchema,
  nullableText,
  optionalForm,
  timeSchema,
} from './common';
import { categorySchema } from './category';
import { imageSourcesSchema } from './file';

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
  /** The sizes of image, banner and thumb (the hall's 1920×500 background first of all). */
  imageSources: imageSourcesSchema.optional(),
  bannerSources: imageSourcesSchema.optional(),
  thumbSources: imageSourcesSchema.optional(),
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
  /** The colour of the event's e-mails ('#rrggbb'), null: the platform's (decision 080). */
  brandColor: nullableText.optional(),
  /** Where replies to the event's e-mails go (back office reads only; the site's never carry it). */
  replyTo: nullableText.optional(),
  featured: flagSchema,
  published: flagSchema,
  /** Decision 045: 1 closes the event's venue pages to clients without access (a paid order or a staff grant); 0 leaves the halls open. */
  ticketOnly: flagSchema,
  /** Attendance certificates (decision 050): 1 when the event gives them. */
  certificateEnabled: flagSchema,
  /** The minimum watch time in minutes, or null when it is a share. */
  certificateMinMinutes: z.number().int().nullable(),
  /** The minimum watch time as a share (%) of the programme (the sum of its lectures' durations), or null. */
  certificateMinShare: z.number().int().nullable(),
  /** The certificate's text, with {nome}, {evento}, {horas}, {data} and {codigo} filled on the PDF. */
  certificateText: nullableText,
  status: eventStatusSchema,
  createdAt: z.string(),
  discountValue: moneySchema,
  hasDiscount: z.boolean(),
  currency: currencySchema,
  venue: venueLinksSchema,
});
export type Event = z.infer<typeof eventSchema>;

/** A whole number in [min, max] from a number or its string; blank → null (clears it). */
const formWhole = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number().int().min(min).max(max).nullish(),
  );

/** The longest certificate text (it must fit an A4 page beside the name and the code). */
export const CERTIFICATE_TEXT_MAX = 1200;

export const eventOrder = listOrder(['id', 'name', 'startDate'], { field: 'startDate', direction: 'asc' });
export type EventOrderField = OrderFieldOf<typeof eventOrder>;

/**
 * The event editor's save (SPEC §2.3 'Informações básicas', §5): multipart with `imageFile`,
 * `bannerFile`, `thumbFile` beside these fields. A file is sent only when one was chosen; a
 * remove flag of 1 drops the stored one. Installments are always 1 and exchange defaults to 1;
 * a free event has value and discount '0.00'. The three images are required: on create the
 * files must come, on update a removal must come with a new file.
 */
export const eventInputSchema = z.object({
  name: formRequiredText(200),
  description: formRequiredText(10000),
  categoryId: formId,
  startDate: formDate,
  endDate: optionalForm(formDate),
  startTime: formTime,
  endTime: optionalForm(formTime),
  /** The event's IANA time zone (its dates and hours are in it); default America/Sao_Paulo. */
  timezone: z.string().trim().min(1).max(64).optional(),
  value: formMoney,
  discount: formMoney,
  exchange: formMoney,
  installments: z.preprocess((v) => (v === '' || v === undefined ? undefined : 1), z.literal(1).optional()),
  facebook: formUrl,
  twitter: formUrl,
  linkedIn: formUrl,
  /** Replies to the event's e-mails go here (optional; blank clears it). */
  replyTo: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), emailSchema.nullish()),
  /** The colour of the event's e-mails, '#rrggbb' (optional; blank: the platform's). */
  brandColor: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim().toLowerCase() : value),
    z
      .string()
      .regex(/^#[0-9a-f]{6}$/)
      .nullish(),
  ),
  status: eventStatusSchema.optional(),
  published: formFlag.optional(),
  featured: formFlag.optional(),
  ticketOnly: formFlag.optional(),
  /** Decision 048: with the switch on, one threshold (minutes or share) and a text are required. */
  certificateEnabled: formFlag.optional(),
  certificateMinMinutes: formWhole(1, 100_000),
  certificateMinShare: formWhole(1, 100),
  certificateText: formText(CERTIFICATE_TEXT_MAX),
  removeImageFile: formFlag.optional(),
  removeBannerFile: formFlag.optional(),
  removeThumbFile: formFlag.optional(),
  welcomeVideo: formText(2000),
  congressVideo: formText(2000),
  messagingLink: formUrl,
  programmeLink: formUrl,
  goldMeetingLink: formUrl,
  silverMeetingLink: formUrl,
  posterSiteLink: formUrl,
  infoPdf: formUrl,
  mapPdf: formUrl,
  speakersPdf: formUrl,
});
export type EventInput = z.input<typeof eventInputSchema>;
export type EventInputParsed = z.infer<typeof eventInputSchema>;
export const eventUpdateSchema = eventInputSchema.partial();

/** The event's file fields of a multipart save and their remove flags. */
export const EVENT_FILE_FIELDS = { imageFile: 'removeImageFile', bannerFile: 'removeBannerFile', thumbFile: 'removeThumbFile' } as const;

/** What deleting an event takes with it (the confirmation names each count above zero). */
export const eventDependentsSchema = z.object({
  rooms: z.number().int(),
  lectures: z.number().int(),
  stands: z.number().int(),
  medias: z.number().int(),
  products: z.number().int(),
  sponsors: z.number().int(),
  speakers: z.number().int(),
  coupons: z.number().int(),
});
export type EventDependents = z.infer<typeof eventDependentsSchema>;
