import { z } from 'zod';
import { MEDIA_TYPES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { idSchema } from './common';
import { fileSchema } from './file';

export { mediaPaths } from './paths';

export const mediaTypeSchema = z.enum(MEDIA_TYPES);

/** A stand's video, document or image (SPEC §3); a missing type counts as an image. */
export const mediaSchema = z.object({
  id: idSchema,
  standId: idSchema.nullable(),
  title: z.string(),
  description: z.string(),
  type: mediaTypeSchema,
  file: fileSchema.nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaOrder = listOrder(['id', 'title', 'type'], { field: 'id', direction: 'asc' });
export type MediaOrderField = OrderFieldOf<typeof mediaOrder>;
