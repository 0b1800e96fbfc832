import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

export { standReportPaths } from './paths';

/**
 * The exhibitor report of one stand (issue 15, decision 049): what its visitors did over a range
 * of the event's days, each figure beside the average of the stands of the same tier in the same
 * event, and its leads (contact data only of clients who agreed).
 */

/** `from`/`to`: days in the event's zone, both included; either may be left out (no bound). */
export const standReportQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from after to' });
export type StandReportQuery = z.infer<typeof standReportQuerySchema>;

export const STAND_REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type StandReportFormat = (typeof STAND_REPORT_FORMATS)[number];
export const standReportExportQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional(), format: z.enum(STAND_REPORT_FORMATS) })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from after to' });

/** The report's figures, in the order every screen and export lists them. */
export const STAND_REPORT_FIGURES = [
  'visits',
  'uniqueVisitors',
  'mediaOpened',
  'documentsOpened',
  'productClicks',
  'websiteClicks',
  'socialClicks',
  'contacts',
  'chatsStarted',
  'chatsAnswered',
  'medianFirstResponseSeconds',
  'leads',
] as const;
export type StandReportFigure = (typeof STAND_REPORT_FIGURES)[number];

/**
 * A figure of the stand and the average of the OTHER stands of its tier (decision 103; null: the
 * stand is its tier's only one, or none of the others has the figure, e.g. no answered chat).
 */
export const figureSchema = z.object({ value: z.number().nullable(), tierAverage: z.number().nullable() });
export type ReportFigure = z.infer<typeof figureSchema>;

const countedSchema = z.object({ count: z.number().int().nonnegative() });

/**
 * Why a lead's contact data may be shown: the strongest agreement they gave (decision 049);
 * 'conversation' (decision 103): they wrote in a chat the stand answered, so the stand already
 * knows their name from it (the name only, as the inbox shows it).
 */
export const LEAD_CONSENTS = ['contact', 'chat', 'network', 'conversation'] as const;
export type LeadConsent = (typeof LEAD_CONSENTS)[number];

/** A client who agreed to be known by the stand: their data as far as they agreed. */
export const standLeadSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  consent: z.enum(LEAD_CONSENTS),
  contacts: z.number().int().nonnegative(),
  chatMessages: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  lastAt: z.string(),
  /**
   * The last thing the lead wrote to the stand in the range: a chat message or a contact
   * request's text, whichever came later (decision 105); null when they only clicked. How many
   * they wrote is `contacts + chatMessages`.
   */
  lastMessage: z.string().nullable(),
});
export type StandLead = z.infer<typeof standLeadSchema>;

export const standReportSchema = z.object({
  stand: z.object({ id: idSchema, name: z.string(), type: z.string().nullable() }),
  event: z.object({ id: idSchema, name: z.string(), timezone: z.string() }),
  range: z.object({ from: isoDateSchema.nullable(), to: isoDateSchema.nullable() }),
  /** How many stands the tier has, this one included (the averages are of the others: tierStands - 1 of them). */
  tierStands: z.number().int().nonnegative(),
  figures: z.object(
    Object.fromEntries(STAND_REPORT_FIGURES.map((key) => [key, figureSchema])) as Record<StandReportFigure, typeof figureSchema>,
  ),
  media: z.array(countedSchema.extend({ mediaId: idSchema.nullable(), title: z.string().nullable() })),
  documents: z.array(countedSchema.extend({ mediaId: idSchema.nullable(), title: z.string().nullable() })),
  products: z.array(countedSchema.extend({ productId: idSchema.nullable(), title: z.string().nullable() })),
  social: z.array(countedSchema.extend({ network: z.string() })),
  leads: z.object({
    total: z.number().int().nonnegative(),
    identified: z.number().int().nonnegative(),
    anonymous: z.number().int().nonnegative(),
    /** Clients who sent a contact, wrote in a chat, clicked (one client may be in several). */
    bySource: z.object({ contact: z.number().int(), chat: z.number().int(), click: z.number().int() }),
    /** The identified leads, latest first (at most STAND_REPORT_LEADS_MAX; the exports carry all). */
    rows: z.array(standLeadSchema),
  }),
});
export type StandReport = z.infer<typeof standReportSchema>;

/** The most leads the JSON answer lists (the exports list every one). */
export const STAND_REPORT_LEADS_MAX = 500;
