import { z } from 'zod';
import { STAND_TYPES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { childUpdateSchema, formCount, formId, formRequiredText, formUrl, idSchema, nullableText } from './common';
import { pictureFields, pictureRemoval } from './file';

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
  ...pictureFields,
});
export type Stand = z.infer<typeof standSchema>;

export const standOrder = listOrder(['id', 'name', 'position', 'type'], { field: 'position', direction: 'asc' });
export type StandOrderField = OrderFieldOf<typeof standOrder>;

/**
 * Stand modal (SPEC §2.3, §3, §5): multipart with `image` beside these fields. Name, subtitle,
 * description and the image are required; type defaults to master on create; `symposium` is
 * dropped when type is falsy; `removeImage` 1 drops the stored image.
 */
export const standInputSchema = z.object({
  eventId: formId,
  name: formRequiredText(200),
  subtitle: formRequiredText(300),
  description: formRequiredText(5000),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), standTypeSchema.optional()),
  position: formCount,
  color: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .nullish(),
  ),
  facebook: formUrl,
  instagram: formUrl,
  youtube: formUrl,
  symposium: formUrl,
  negotiation: formUrl,
  website: formUrl,
  ...pictureRemoval,
});
export type StandInput = z.input<typeof standInputSchema>;
export const standUpdateSchema = childUpdateSchema(standInputSchema, 'eventId');
/** What an attendant may change of their own stand (the stands page modal). */
export const STAND_ATTENDANT_FIELDS = ['name', 'subtitle', 'description', 'removeImage'] as const;

/** An attendant assigned to a stand, with the user (SPEC §3 Stand attendant). */
export const standAttendantSchema = z.object({
  id: idSchema,
  standId: idSchema,
  user: z.object({ id: idSchema, name: z.string(), email: z.string(), phone: z.string().nullable() }),
});
export type StandAttendant = z.infer<typeof standAttendantSchema>;
export const standAttendantInputSchema = z.object({ userId: formId });
export type StandAttendantInput = z.input<typeof standAttendantInputSchema>;
