import type { ScreenSize } from '../shared/state/rules';
import type { Event } from '@plataforma/adapter';

/** A whole Event as GET /api/site/v1/events/:id answers it (for tests). */
export const eventFixture = (overrides: Partial<Event> = {}): Event => ({
  id: 1,
  categoryId: 1,
  category: { id: 1, name: 'Congressos médicos' },
  slug: 'congresso',
  name: 'Congresso Brasileiro Virtual',
  description: 'Três dias de ciência',
  image: '/uploads/fundo.svg',
  banner: '/uploads/banner.png',
  thumb: null,
  value: '150.00',
  discount: '30.00',
  installments: 1,
  exchange: '5.25',
  startDate: '2020-11-12',
  endDate: '2020-11-14',
  startTime: '08:00:00',
  endTime: '18:00:00',
  formattedStartDate: '12/11/2020',
  formattedEndDate: '14/11/2020',
  formattedStartTime: '08:00',
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
  createdAt: '2020-10-01T12:00:00.000Z',
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

/** SPEC §9 breakpoints (359/639/1023/1439): a width at each edge and the screen class it gives. */
export const SCREEN_SIZE_STEPS: ReadonlyArray<[number, ScreenSize]> = [
  [359, 'xs'],
  [360, 'sm'],
  [639, 'sm'],
  [640, 'md'],
  [1023, 'md'],
  [1024, 'lg'],
  [1439, 'lg'],
  [1440, 'xl'],
];

/** The text keys a set of sources asks for with `t('…')` (the pack checks of both apps). */
export const usedTextKeys = (sources: Record<string, string>): Set<string> => {
  const keys = new Set<string>();
  for (const code of Object.values(sources)) {
    for (const match of code.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) keys.add(match[1]);
  }
  return keys;
};
