import { formatLectureDate, price, type Lecture } from '@plataforma/adapter';
import { dateOnly, idOf, orNull, timeOnly } from '../../lib/wire';

export interface LectureRow {
  id: number;
  name: string;
  startDate: string;
  startTime: string;
  endTime: string;
  videoId: string | null;
  value: number | string | null;
  discount: number | string | null;
  installments: number | null;
  room?: { id: number; name: string; event?: { id: number; exchange: number | string | null; timezone: string | null } | null } | null;
}

export const LECTURE_COLUMNS = ['id', 'name', 'startDate', 'startTime', 'endTime', 'videoId', 'value', 'discount', 'installments'];
export const LECTURE_POPULATE = { room: { select: ['id', 'name'], populate: { event: { select: ['id', 'exchange', 'timezone'] } } } };

/** A lecture as the site reads it; `foreign` converts value and discount by the event's exchange rate. */
export const lectureToWire = (row: LectureRow, foreign = false): Lecture => {
  const money = price({ value: row.value, discount: row.discount, exchange: row.room?.event?.exchange }, foreign);
  const startDate = dateOnly(row.startDate) ?? '';
  return {
    id: row.id,
    name: row.name,
    startDate,
    formattedStartDate: startDate ? formatLectureDate(startDate) : '',
    startTime: timeOnly(row.startTime) ?? '00:00:00',
    endTime: timeOnly(row.endTime) ?? '00:00:00',
    videoId: orNull(row.videoId),
    value: money.value,
    discount: money.discount,
    discountValue: money.discountValue,
    hasDiscount: money.hasDiscount,
    currency: money.currency,
    installments: row.installments ?? 1,
    room: row.room ? { id: row.room.id, name: row.room.name, eventId: idOf(row.room.event) } : null,
    timezone: row.room?.event?.timezone || 'America/Sao_Paulo',
  };
};
