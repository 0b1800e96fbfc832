import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import { childUpdateSchema, formId, formRequiredText, formText, idSchema, nullableText } from './common';
import { pictureFields, pictureRemoval } from './file';

export { speakerPaths } from './paths';

/** A speaker of an event's lectures (SPEC §3: name, title, description; a photo). */
export const speakerSchema = z.object({
  id: idSchema,
  eventId: idSchema.nullable(),
  name: z.string(),
  title: nullableText,
  description: nullableText,
  ...pictureFields,
  lectures: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type Speaker = z.infer<typeof speakerSchema>;

/** Speaker form: multipart with `image` (a photo, optional). */
export const speakerInputSchema = z.object({
  eventId: formId,
  name: formRequiredText(200),
  title: formText(200),
  description: formText(5000),
  ...pictureRemoval,
});
export type SpeakerInput = z.input<typeof speakerInputSchema>;
export const speakerUpdateSchema = childUpdateSchema(speakerInputSchema, 'eventId');

export const speakerOrder = listOrder(['id', 'name'], { field: 'name', direction: 'asc' });
export type SpeakerOrderField = OrderFieldOf<typeof speakerOrder>;
