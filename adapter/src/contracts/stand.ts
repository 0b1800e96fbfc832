import { z } from 'zod';
import { STAND_TYPES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { idSchema, nullableText } from './common';

export { standPaths } from './paths';

export const standTypeSchema = z.enum(STAND_TYPES);

/** A stand of an event: its tier places it in the gold, silver or bronze hall. */
export const standSchema = z.object({
  id: idSchema,
  eventId: idSchema.nullable(),
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

export const standOrder = listOrder(['id', 'name', 'position', 'type'], { field: 'position', direction: 'asc' });
export type StandOrderField = OrderFieldOf<typeof standOrder>;
