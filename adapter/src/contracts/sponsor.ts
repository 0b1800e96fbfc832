import { z } from 'zod';
import { SPONSOR_TYPES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { idSchema, nullableText } from './common';

export { sponsorPaths } from './paths';

export const sponsorTypeSchema = z.enum(SPONSOR_TYPES);

export const sponsorSchema = z.object({
  id: idSchema,
  eventId: idSchema.nullable(),
  name: z.string(),
  type: sponsorTypeSchema,
  image: nullableText,
  link: nullableText,
});
export type Sponsor = z.infer<typeof sponsorSchema>;

export const sponsorOrder = listOrder(['id', 'name', 'type', 'position'], { field: 'position', direction: 'asc' });
export type SponsorOrderField = OrderFieldOf<typeof sponsorOrder>;
