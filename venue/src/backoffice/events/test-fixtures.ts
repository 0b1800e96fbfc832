import type { Event } from '@plataforma/adapter';

/** An event as the API answers it (tests of the event screens). */
export const makeEvent = (overrides: Partial<Event> = {}): Event => ({
  id: 3,
  categoryId: 2,
  category: { id: 2, name: 'Congressos' },
  slug: '3-congresso-de-medicina-intensiva',
  name: 'Congresso de Medicina Intensiva',
  description: 'Três dias de palestras, estandes e networking.',
  image: '/uploads/fundo.jpg',
  banner: '/uploads/banner.jpg',
  thumb: '/uploads/miniatura.jpg',
  value: '150.00',
  discount: '30.00',
  installments: 1,
  exchange: '1.00',
  startDate: '2026-11-12',
  endDate: '2026-11-14',
  startTime: '09:00:00',
  endTime: '18:00:00',
  formattedStartDate: '12/11/2026',
  formattedEndDate: '14/11/2026',
  formattedStartTime: '09:00',
  formattedEndTime: '18:00',
  timezone: 'America/Sao_Paulo',
  facebook: null,
  twitter: null,
  linkedIn: null,
  featured: 0,
  ticketOnly: 0,
  certificateEnabled: 0,
  certificateMinMinutes: null,
  certificateMinShare: null,
  certificateText: null,
  published: 1,
  status: 'open',
  createdAt: '2026-01-02T10:00:00.000Z',
  discountValue: '120.00',
  hasDiscount: true,
  currency: 'R$',
  venue: {
    welcomeVideo: null,
    congressVideo: null,
    messagingLink: null,
    programmeLink: null,
    goldMeetingLink: null,
    silverMeetingLink: null,
    posterSiteLink: null,
    infoPdf: null,
    mapPdf: null,
    speakersPdf: null,
  },
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
