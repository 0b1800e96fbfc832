import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import {
  currencySchema,
  formCount,
  formDate,
  formId,
  formMoney,
  formRequiredText,
  formText,
  formTime,
  idSchema,
  installmentsSchema,
  isoDateSchema,
  moneySchema,
  nullableText,
  timeSchema,
} from './common';

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

/** The back office's lecture list: by day and hour unless told (a day's lectures sort by their start). */
export const cmsLectureOrder = listOrder(['startDate', 'startTime', 'name', 'id'], { field: 'startDate', direction: 'asc' });
export type CmsLectureOrderField = OrderFieldOf<typeof cmsLectureOrder>;

/** A lecture as the back office lists it: the site's shape with its speakers. */
export const cmsLectureSchema = lectureSchema.extend({
  speakers: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type CmsLecture = z.infer<typeof cmsLectureSchema>;

/**
 * Lecture form: room, day, start and end (end after start, no overlap with another lecture of
 * the room: 409 'lectures.error.overlap'), the video link or staff embed markup, prices.
 */
export const lectureInputSchema = z.object({
  roomId: formId,
  name: formRequiredText(300),
  startDate: formDate,
  startTime: formTime,
  endTime: formTime,
  videoId: formText(5000),
  value: formMoney,
  discount: formMoney,
  installments: formCount,
  speakerIds: z.array(formId).max(50).optional(),
});
export type LectureInput = z.input<typeof lectureInputSchema>;
export const lectureUpdateSchema = lectureInputSchema.partial();
/** True when the end of a lecture comes after its start ('HH:mm[:ss]' of one day). */
export const endsAfterStart = (start: string, end: string): boolean =>
  end.slice(0, 8).padEnd(8, ':00') > start.slice(0, 8).padEnd(8, ':00');
