import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import { childUpdateSchema, formCount, formId, formRequiredText, formUrl, idSchema, isoDateSchema, nullableText } from './common';

export { roomPaths } from './paths';

/** A congress room of an event; halls page through them in `number` order. */
export const roomSchema = z.object({
  id: idSchema,
  eventId: idSchema.nullable(),
  name: z.string(),
  link: nullableText,
  slug: z.string(),
  number: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

/** One day of a room's programme (the room-per-date modal). */
export const roomDaySchema = z.object({
  date: isoDateSchema,
  /** DD/MM/YYYY, as the date button shows it. */
  label: z.string(),
  lectures: z.array(z.object({ id: idSchema, theme: z.string(), hour: z.string(), link: nullableText })),
});
export type RoomDay = z.infer<typeof roomDaySchema>;

export const roomOrder = listOrder(['id', 'name', 'number'], { field: 'number', direction: 'asc' });
export type RoomOrderField = OrderFieldOf<typeof roomOrder>;

/** Room modal (SPEC §2.3 'Salas', §5): name required, link optional; `number` orders the halls' doors. */
export const roomInputSchema = z.object({
  eventId: formId,
  name: formRequiredText(200),
  link: formUrl,
  number: formCount,
});
export type RoomInput = z.input<typeof roomInputSchema>;
export const roomUpdateSchema = childUpdateSchema(roomInputSchema, 'eventId');
