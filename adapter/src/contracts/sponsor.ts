import { z } from 'zod';
import { SPONSOR_TYPES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { childUpdateSchema, formCount, formId, formRequiredText, formUrl, idSchema, nullableText } from './common';
import { pictureFields, pictureRemoval } from './file';

export { sponsorPaths } from './paths';

export const sponsorTypeSchema = z.enum(SPONSOR_TYPES);

export const sponsorSchema = z.object({
  id: idSchema,
  eventId: idSchema.nullable(),
  name: z.string(),
  type: sponsorTypeSchema,
  ...pictureFields,
  link: nullableText,
});
export type Sponsor = z.infer<typeof sponsorSchema>;
/** A sponsor as the back office reads it: with its place among the event's sponsors. */
export const cmsSponsorSchema = sponsorSchema.extend({ position: z.number().int() });
export type CmsSponsor = z.infer<typeof cmsSponsorSchema>;

export const sponsorOrder = listOrder(['id', 'name', 'type', 'position'], { field: 'position', direction: 'asc' });
export type SponsorOrderField = OrderFieldOf<typeof sponsorOrder>;

/** Sponsor of an event: multipart with `image` (required on create); type master, premium or supporter. */
export const sponsorInputSchema = z.object({
  eventId: formId,
  name: formRequiredText(200),
  type: sponsorTypeSchema,
  link: formUrl,
  position: formCount,
  ...pictureRemoval,
});
export type SponsorInput = z.input<typeof sponsorInputSchema>;
export const sponsorUpdateSchema = childUpdateSchema(sponsorInputSchema, 'eventId');
