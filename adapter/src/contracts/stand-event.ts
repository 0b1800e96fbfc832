import { z } from 'zod';
import { idSchema } from './common';

export { standEventPaths } from './paths';

/** Everything recorded about a stand's visitors beside their page views (decision 047). */
export const STAND_EVENT_KINDS = [
  'media_opened',
  'document_opened',
  'product_cta_clicked',
  'website_clicked',
  'social_clicked',
  'contact_sent',
  'chat_started',
] as const;
export type StandEventKind = (typeof STAND_EVENT_KINDS)[number];

/** Recorded by the server where they happen (the contact route, the chat): a browser cannot post them. */
export const SERVER_STAND_EVENT_KINDS = ['contact_sent', 'chat_started'] as const satisfies readonly StandEventKind[];

/** The kinds the venue posts, at the click. */
export const BROWSER_STAND_EVENT_KINDS = [
  'media_opened',
  'document_opened',
  'product_cta_clicked',
  'website_clicked',
  'social_clicked',
] as const satisfies readonly StandEventKind[];
export type BrowserStandEventKind = (typeof BROWSER_STAND_EVENT_KINDS)[number];

/** The stand's social links a `social_clicked` names. */
export const STAND_SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube'] as const;

const id = z.number().int().positive();

/**
 * What the stand screen posts at a click: which media (image or video) or document was opened,
 * which product's call to action, which social network. Anonymous visitors too (the client link
 * only when signed in), as page views.
 */
export const standEventInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('media_opened'), standId: id, mediaId: id }),
  z.object({ kind: z.literal('document_opened'), standId: id, mediaId: id }),
  z.object({ kind: z.literal('product_cta_clicked'), standId: id, productId: id }),
  z.object({ kind: z.literal('website_clicked'), standId: id }),
  z.object({ kind: z.literal('social_clicked'), standId: id, target: z.enum(STAND_SOCIAL_NETWORKS) }),
]);
export type StandEventInput = z.infer<typeof standEventInputSchema>;

/** The answer (202): accepted, written with others shortly after. */
export const standEventSchema = z.object({ standId: idSchema, kind: z.enum(STAND_EVENT_KINDS), acceptedAt: z.string() });
export type StandEvent = z.infer<typeof standEventSchema>;

/** One row of a client's LGPD export. */
export interface StandEventExport {
  createdAt: string;
  kind: StandEventKind;
  standId: number | null;
  mediaId: number | null;
  productId: number | null;
  target: string | null;
}
