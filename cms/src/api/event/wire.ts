import {
  EVENT_WHEN,
  dateInZone,
  eventOrder,
  eventPaths,
  formatCents,
  formatClockTime,
  formatLectureDate,
  price,
  toCents,
  type Event,
  type EventOrderField,
} from '@plataforma/adapter';
import type { ResourceSpec, Where } from '@plataforma/adapter/server';
import {
  IMAGE_FIELDS,
  dateOnly,
  fileUrl,
  flag,
  idOf,
  imageSources,
  isoString,
  orNull,
  queryFlag,
  textOr,
  timeOnly,
  type FileRow,
} from '../../lib/wire';

export interface EventRow {
  id: number;
  slug: string | null;
  name: string;
  description: string | null;
  value: number | string | null;
  discount: number | string | null;
  installments: number | null;
  exchange: number | string | null;
  startDate: string;
  endDate: string | null;
  startTime: string;
  endTime: string | null;
  timezone: string | null;
  facebook: string | null;
  twitter: string | null;
  linkedIn: string | null;
  replyTo?: string | null;
  brandColor?: string | null;
  featured: boolean | number;
  ticketOnly?: boolean | number | null;
  certificateEnabled?: boolean | number | null;
  certificateMinMinutes?: number | null;
  certificateMinShare?: number | null;
  certificateText?: string | null;
  published: boolean | number;
  status: 'open' | 'closed';
  createdAt: string | Date;
  category?: { id: number; name: string } | null;
  image?: FileRow | null;
  banner?: FileRow | null;
  thumb?: FileRow | null;
  welcomeVideo?: string | null;
  congressVideo?: string | null;
  messagingLink?: string | null;
  programmeLink?: string | null;
  goldMeetingLink?: string | null;
  silverMeetingLink?: string | null;
  posterSiteLink?: string | null;
  infoPdf?: FileRow | null;
  mapPdf?: FileRow | null;
  speakersPdf?: FileRow | null;
}

export const EVENT_POPULATE = {
  category: { select: ['id', 'name'] },
  image: IMAGE_FIELDS,
  banner: IMAGE_FIELDS,
  thumb: IMAGE_FIELDS,
  infoPdf: { select: ['id', 'url'] },
  mapPdf: { select: ['id', 'url'] },
  speakersPdf: { select: ['id', 'url'] },
};

/** The event as the API sends it; `foreign` converts value and discount by the exchange rate. */
export const eventToWire = (row: EventRow, foreign = false): Event => {
  const money = price({ value: row.value, discount: row.discount, exchange: row.exchange }, foreign);
  const startDate = dateOnly(row.startDate) ?? '';
  const endDate = dateOnly(row.endDate);
  const startTime = timeOnly(row.startTime) ?? '00:00:00';
  const endTime = timeOnly(row.endTime);
  return {
    id: row.id,
    categoryId: idOf(row.category),
    category: row.category ? { id: row.category.id, name: row.category.name } : null,
    slug: textOr(row.slug, String(row.id)),
    name: row.name,
    description: textOr(row.description),
    image: fileUrl(row.image),
    banner: fileUrl(row.banner),
    thumb: fileUrl(row.thumb),
    imageSources: imageSources(row.image),
    bannerSources: imageSources(row.banner),
    thumbSources: imageSources(row.thumb),
    value: money.value,
    discount: money.discount,
    installments: row.installments ?? 1,
    // Two places, as the editor's money fields: '1.00' by default (SPEC §9), '5.25'.
    exchange: formatCents(toCents(row.exchange ?? 1)),
    startDate,
    endDate,
    startTime,
    endTime,
    formattedStartDate: formatLectureDate(startDate),
    formattedEndDate: endDate ? formatLectureDate(endDate) : null,
    formattedStartTime: formatClockTime(startTime),
    formattedEndTime: endTime ? formatClockTime(endTime) : null,
    timezone: row.timezone || 'America/Sao_Paulo',
    facebook: orNull(row.facebook),
    twitter: orNull(row.twitter),
    linkedIn: orNull(row.linkedIn),
    brandColor: orNull(row.brandColor),
    featured: flag(row.featured),
    ticketOnly: flag(row.ticketOnly ?? false),
    certificateEnabled: flag(row.certificateEnabled ?? false),
    certificateMinMinutes: row.certificateMinMinutes ?? null,
    certificateMinShare: row.certificateMinShare ?? null,
    certificateText: orNull(row.certificateText),
    published: flag(row.published),
    status: row.status,
    createdAt: isoString(row.createdAt),
    discountValue: money.discountValue,
    hasDiscount: money.hasDiscount,
    currency: money.currency,
    venue: {
      welcomeVideo: orNull(row.welcomeVideo),
      congressVideo: orNull(row.congressVideo),
      messagingLink: orNull(row.messagingLink),
      programmeLink: orNull(row.programmeLink),
      goldMeetingLink: orNull(row.goldMeetingLink),
      silverMeetingLink: orNull(row.silverMeetingLink),
      posterSiteLink: orNull(row.posterSiteLink),
      infoPdf: fileUrl(row.infoPdf),
      mapPdf: fileUrl(row.mapPdf),
      speakersPdf: fileUrl(row.speakersPdf),
    },
  };
};

/**
 * `when=upcoming`: events whose last day (the start day when there is no end) is today or
 * later; `when=past`: the others. "Today" is the product's zone's (America/Sao_Paulo), read at
 * each request; an event in another zone may change side a few hours early or late.
 */
export const eventWhen = (when: string, today = dateInZone(Date.now())): Where => {
  const upcoming: Where = { $or: [{ endDate: { $gte: today } }, { $and: [{ endDate: { $null: true } }, { startDate: { $gte: today } }] }] };
  const past: Where = { $or: [{ endDate: { $lt: today } }, { $and: [{ endDate: { $null: true } }, { startDate: { $lt: today } }] }] };
  return when === 'past' ? past : upcoming;
};

/**
 * Published events as the site sees them (`?foreign=1` for the converted variant): the public
 * catalogue searches them by name and description, filters by `categoryId` and `when`.
 */
export const siteEventSpec: ResourceSpec<EventRow, Event, EventOrderField> = {
  uid: 'api::event.event',
  path: eventPaths.site,
  searchFields: ['name', 'description'],
  order: eventOrder,
  filters: {
    categoryId: {
      where: (id) => ({ category: { id } }),
      exists: { uid: 'api::category.category', notFound: 'api.error.categoryNotFound' },
    },
  },
  choices: { when: { values: EVENT_WHEN, where: (value) => eventWhen(value) } },
  baseWhere: { published: true },
  populate: EVENT_POPULATE,
  notFound: 'api.error.eventNotFound',
  toWire: (row, ctx) => eventToWire(row, queryFlag(ctx.query.foreign)),
};

/** The site's featured events: published and marked as featured (the catalogue shows them first). */
export const siteFeaturedEventSpec: ResourceSpec<EventRow, Event, EventOrderField> = {
  ...siteEventSpec,
  path: eventPaths.featured,
  baseWhere: { $and: [{ published: true }, { featured: true }] },
  limit: { default: 10, max: 20 },
};

/** An event as the back office reads it: the site's shape with the reply-to of its e-mails, which the site never shows. */
export const cmsEventToWire = (row: EventRow): Event => ({ ...eventToWire(row), replyTo: orNull(row.replyTo) });

/** Every event, published or not, as the back office lists and edits it. */
export const cmsEventSpec: ResourceSpec<EventRow, Event, EventOrderField> = {
  uid: 'api::event.event',
  path: eventPaths.cms,
  searchFields: ['name', 'description'],
  order: eventOrder,
  populate: EVENT_POPULATE,
  notFound: 'api.error.eventNotFound',
  toWire: (row) => cmsEventToWire(row),
};

/** The featured events (the list's paging, search and order). */
export const featuredEventSpec: ResourceSpec<EventRow, Event, EventOrderField> = {
  ...cmsEventSpec,
  path: eventPaths.featured,
  baseWhere: { featured: true },
};

/** `GET /events/private/:id`: one event as its editor reads it, published or not. */
export const privateEventSpec: ResourceSpec<EventRow, Event, EventOrderField> = {
  ...cmsEventSpec,
  path: eventPaths.private.replace(/\/:id$/, ''),
};
