import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import { currencySchema, idSchema, installmentsSchema, isoDateSchema, moneySchema, nullableText, timeSchema } from './common';

export { lecturePaths } from './paths';

export const lectureSchema = z.object({
  id: idSchema,
  name: z.string(),
  startDate: isoDateSchema,
  /** DD/MM/YYYY */
  formattedStartDate: z.string(),
  startTime: timeSchema,
  endTime: timeSchema,
  videoId: nullableText,
  value: moneySchema,
  discount: moneySchema,
  discountValue: moneySchema,
  hasDiscount: z.boolean(),
  currency: currencySchema,
  installments: installmentsSchema,
  room: z.object({ id: idSchema, name: z.string(), eventId: idSchema.nullable() }).nullable(),
  timezone: z.string(),
});
export type Lecture = z.infer<typeof lectureSchema>;

/** The order a room's lectures of a day may be read in (`/lectures/me`). */
export const lectureOrder = listOrder(['startTime', 'name', 'startDate'], { field: 'startTime', direction: 'asc' });
export type LectureOrderField = OrderFieldOf<typeof lectureOrder>;
