import type { Event } from '@plataforma/adapter';
import { eventFixture } from '../../testing/wire';

/** An event as the API answers it (tests of the event screens): the shared fixture, as the back office's tests know it. */
export const makeEvent = (overrides: Partial<Event> = {}): Event =>
  eventFixture({
    id: 3,
    categoryId: 2,
    category: { id: 2, name: 'Congressos' },
    slug: '3-congresso-de-medicina-intensiva',
    name: 'Congresso de Medicina Intensiva',
    description: 'Três dias de palestras, estandes e networking.',
    image: '/uploads/fundo.jpg',
    banner: '/uploads/banner.jpg',
    thumb: '/uploads/miniatura.jpg',
    exchange: '1.00',
    startDate: '2026-11-12',
    endDate: '2026-11-14',
    startTime: '09:00:00',
    endTime: '18:00:00',
    formattedStartDate: '12/11/2026',
    formattedEndDate: '14/11/2026',
    formattedStartTime: '09:00',
    formattedEndTime: '18:00',
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  });

/** Nothing goes with the event. */
export const noDependents = { rooms: 0, lectures: 0, stands: 0, medias: 0, products: 0, sponsors: 0, speakers: 0, coupons: 0 };

/** FormData's entries as a plain object (what a multipart save sent); files by name. */
export const formEntries = (data: unknown): Record<string, string> => {
  if (!(data instanceof FormData)) throw new Error('not a multipart body');
  const out: Record<string, string> = {};
  data.forEach((value, key) => {
    out[key] = typeof value === 'string' ? value : `file:${(value as File).name}`;
  });
  return out;
};
