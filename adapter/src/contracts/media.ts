import { z } from 'zod';
import { MEDIA_TYPES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { childUpdateSchema, formFlag, formId, formRequiredText, idSchema } from './common';
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

/** Media modal (SPEC §2.3 'Mídia', §3): multipart with `file` (image, video or PDF; required on create). */
export const mediaInputSchema = z.object({
  standId: formId,
  title: formRequiredText(200),
  description: formRequiredText(5000),
  removeFile: formFlag.optional(),
});
export type MediaInput = z.input<typeof mediaInputSchema>;
export const mediaUpdateSchema = childUpdateSchema(mediaInputSchema, 'standId');
