import {
  derivedPhones,
  type ClientProfile,
  type CmsLecture,
  type Event,
  type Lecture,
  type SessionClient,
  type Speaker,
  type StaffUser,
} from '@plataforma/adapter';

/**
 * The wire's shapes for the venue's tests, one generator per type with overrides (as
 * bulletproof-react's `testing/data-generators.ts`): a test names only what it looks at, the rest
 * is a whole, valid answer of the API (SPEC §7). Each default is the demo event's world: event 1,
 * its rooms, Ana Souza.
 */

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
  // A venue the organiser configured, as the demo's (a hotspot without its link is not drawn: issue 56, item 4).
  venue: {
    welcomeVideo: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    congressVideo: 'https://vimeo.com/76979871',
    messagingLink: 'https://wa.me/5511999990000',
    programmeLink: null,
    goldMeetingLink: 'https://meet.exemplo.com.br/pavilhao-ouro',
    silverMeetingLink: 'https://meet.exemplo.com.br/pavilhao-prata',
    posterSiteLink: 'https://posteres.exemplo.com.br',
    infoPdf: '/uploads/info.pdf',
    mapPdf: '/uploads/mapa.pdf',
    speakersPdf: '/uploads/palestrantes.pdf',
  },
  ...overrides,
});

/** A lecture as the site's programme answers it (GET /lectures?eventId=, a room's day). */
export const lectureFixture = (overrides: Partial<Lecture> = {}): Lecture => ({
  id: 1,
  name: 'Ventilação protetora',
  startDate: '2026-11-26',
  formattedStartDate: '',
  startTime: '10:00:00',
  endTime: '11:00:00',
  videoId: null,
  value: '0.00',
  discount: '0.00',
  discountValue: '0.00',
  hasDiscount: false,
  currency: 'R$',
  installments: 1,
  room: { id: 1, name: 'Auditório Principal', eventId: 1 },
  timezone: 'America/Sao_Paulo',
  ...overrides,
});

/** A lecture with its speakers (the event's programme, the back office's list). */
export const cmsLectureFixture = (overrides: Partial<CmsLecture> = {}): CmsLecture => ({ ...lectureFixture(), speakers: [], ...overrides });

/** A speaker of the event (GET /speakers?eventId=). */
export const speakerFixture = (overrides: Partial<Speaker> = {}): Speaker => ({
  id: 1,
  eventId: 1,
  name: 'Dra. Helena Prado',
  title: null,
  description: null,
  image: null,
  imageSources: [],
  lectures: [],
  ...overrides,
});

/** A client's session as the venue holds it (soft unless told). */
export const sessionClientFixture = (overrides: Partial<SessionClient> = {}): SessionClient => ({
  id: 7,
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  soft: true,
  ...overrides,
});

const clientProfileBase: Omit<ClientProfile, 'dddPhone' | 'dddFullPhone'> = {
  id: 7,
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  cpf: null,
  postalCode: null,
  address: null,
  state: null,
  city: null,
  ddi: null,
  ddd: null,
  phone: null,
  language: 'pt',
  facebook: null,
  twitter: null,
  linkedIn: null,
  createdAt: '2026-01-02T10:00:00.000Z',
};

/** A client's profile (GET /clients/me, the back office's clients and orders); its derived phones follow its phone. */
export const clientProfileFixture = (overrides: Partial<ClientProfile> = {}): ClientProfile => {
  const ddi = overrides.ddi ?? null;
  const ddd = overrides.ddd ?? null;
  const phone = overrides.phone ?? null;
  return { ...clientProfileBase, ...derivedPhones({ ddi, ddd, phone }), ...overrides };
};

/** A staff member (an admin unless told). */
export const staffUserFixture = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  id: 1,
  name: 'Ana Admin',
  email: 'admin@exemplo.com.br',
  role: 'admin',
  roleLabel: 'Administrador',
  ddi: '55',
  ddd: '11',
  phone: '987654321',
  language: 'pt',
  loginLocked: false,
  createdAt: '2026-01-02T10:00:00.000Z',
  ...overrides,
});
