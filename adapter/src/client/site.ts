import type { ListResult } from '../envelope';
import { toListParams } from '../list-query';
import { SITE_PREFIX } from '../routes';
import type { EventWhen } from '../constants';
import type { SessionClient, TokenAnswer } from '../contracts/auth';
import type { Category, CategoryOrderField } from '../contracts/category';
import type {
  ClientDataExport,
  ClientErasureInput,
  ClientPasswordChange,
  ClientPhoneAnswer,
  ClientPhoneConfirm,
  ClientPhoneRequest,
  ClientProfile,
  ClientProfileInput,
  ClientRegisterInput,
} from '../contracts/client';
import type { Agenda, AgendaMark } from '../contracts/agenda';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../contracts/calendar';
import type { Favourites, FavouriteMark } from '../contracts/favourite';
import type { SitePage } from '../contracts/site-page';
import type { SitePageKey } from '../constants';
import type { ContactInput, StandContactInput } from '../contracts/contact';
import type { Event, EventOrderField } from '../contracts/event';
import type { CmsLecture, Lecture, LectureOrderField } from '../contracts/lecture';
import type { Media, MediaOrderField } from '../contracts/media';
import type { NetworkConsent, NetworkPerson } from '../contracts/network';
import type { PageView, PageViewInput } from '../contracts/page-view';
import type { WatchHeartbeat, WatchHeartbeatInput } from '../contracts/watch';
import type { Certificate, CertificateIssueInput, CertificateStatus, CertificateVerification } from '../contracts/certificate';
import type { StandEvent, StandEventInput } from '../contracts/stand-event';
import type {
  CartInput,
  EventAccess,
  LectureAccess,
  Order,
  PayInput,
  Payment,
  PaymentConfig,
  Quote,
  SandboxCardInput,
} from '../contracts/order';
import {
  agendaPaths,
  calendarPaths,
  certificatePaths,
  favouritePaths,
  categoryPaths,
  clientPaths,
  contactPaths,
  eventPaths,
  fillPath,
  itemPath,
  languagePaths,
  lecturePaths,
  mediaPaths,
  networkPaths,
  orderPaths,
  pageViewPaths,
  standEventPaths,
  watchPaths,
  productPaths,
  roomPaths,
  sitePagePaths,
  speakerPaths,
  sponsorPaths,
  standPaths,
} from '../contracts/paths';
import type { Product, ProductOrderField } from '../contracts/product';
import type { Room, RoomDay, RoomOrderField } from '../contracts/room';
import type { Speaker, SpeakerOrderField } from '../contracts/speaker';
import type { Sponsor, SponsorOrderField } from '../contracts/sponsor';
import type { Stand, StandOrderField } from '../contracts/stand';
import type { Http, PageQuery } from './http';

const site = (path: string) => `${SITE_PREFIX}${path}`;
/** The site URL of one row: ('/stands', 2) → '/api/site/v1/stands/2'. */
const one = (collection: string, id: number) => site(fillPath(itemPath(collection), { id }));
const foreignParam = (foreign: boolean | undefined) => (foreign ? { foreign: 1 } : undefined);

/** The catalogue's query: a page of published events, optionally of one category, upcoming or past. */
export interface EventCatalogueQuery extends PageQuery<EventOrderField> {
  categoryId?: number;
  when?: EventWhen;
  foreign?: boolean;
}

/** What a registration answers: a full client session and the profile as stored. */
export type ClientRegisterAnswer = TokenAnswer<SessionClient> & { profile: ClientProfile };

/** The visitor venue's API (/api/site/v1, client token when signed in). */
export const siteClient = ({ call, data, baseURL }: Http) => {
  /** A list of an event's or a stand's rows: `parent` is the filter the server requires. */
  const children =
    <Row, F extends string>(collection: string, parent: 'eventId' | 'standId') =>
    (parentId: number, query: PageQuery<F> = {}) =>
      data<ListResult<Row>>({ method: 'GET', url: site(collection), params: { [parent]: parentId, ...toListParams(query) } });

  return {
    events: {
      /** The published events (the public catalogue): search, category, upcoming or past, paging. */
      list: (query: EventCatalogueQuery = {}) => {
        const { categoryId, when, foreign, ...page } = query;
        return data<ListResult<Event>>({
          method: 'GET',
          url: site(eventPaths.site),
          params: { ...toListParams(page), ...(categoryId ? { categoryId } : {}), ...(when ? { when } : {}), ...foreignParam(foreign) },
        });
      },
      /** The published events marked as featured (the catalogue shows them first). */
      featured: (query: { limit?: number; foreign?: boolean } = {}) =>
        data<ListResult<Event>>({
          method: 'GET',
          url: site(eventPaths.featured),
          params: { limit: query.limit ?? 10, ...foreignParam(query.foreign) },
        }),
      /** The published events the signed-in client entered, latest first (a full login only). */
      me: () => data<ListResult<Event>>({ method: 'GET', url: site(eventPaths.me) }),
      get: (id: number, opts: { foreign?: boolean } = {}) =>
        data<Event>({ method: 'GET', url: one(eventPaths.site, id), params: foreignParam(opts.foreign) }),
    },
    stands: {
      list: children<Stand, StandOrderField>(standPaths.site, 'eventId'),
      get: (id: number) => data<Stand>({ method: 'GET', url: one(standPaths.site, id) }),
    },
    rooms: {
      list: children<Room, RoomOrderField>(roomPaths.site, 'eventId'),
      get: (id: number) => data<Room>({ method: 'GET', url: one(roomPaths.site, id) }),
      /** The event's days with the room's lectures of each (the room-per-date screen). */
      schedule: (id: number) => data<RoomDay[]>({ method: 'GET', url: site(fillPath(roomPaths.schedule, { id })) }),
    },
    lectures: {
      /** A room's lectures of one day (YYYY-MM-DD), in start order. */
      me: (query: { roomId: number; startDate: string; order?: `${LectureOrderField}:${'asc' | 'desc'}`; foreign?: boolean }) =>
        data<ListResult<Lecture>>({
          method: 'GET',
          url: site(lecturePaths.roomDay),
          params: {
            roomId: query.roomId,
            startDate: query.startDate,
            order: query.order ?? 'startTime:asc',
            ...foreignParam(query.foreign),
          },
        }),
      /** The event's programme: every lecture in day and hour order, with its speakers. */
      event: (eventId: number, opts: { foreign?: boolean } = {}) =>
        data<ListResult<CmsLecture>>({
          method: 'GET',
          url: site(fillPath(lecturePaths.ofEvent, { eventId })),
          params: foreignParam(opts.foreign),
        }),
      get: (id: number) => data<Lecture>({ method: 'GET', url: site(fillPath(lecturePaths.one, { id })) }),
      /** Whether the signed-in client may watch a lecture, and then its video (a priced lecture's public reads carry none). */
      subscribed: (id: number) => data<LectureAccess>({ method: 'GET', url: site(fillPath(lecturePaths.subscribed, { id })) }),
    },
    /** Commerce (decision 045): the cart is sent as ids and a coupon code; the server prices it. */
    orders: {
      /** Prices a cart (items, coupon, totals, most card instalments) without creating anything. */
      quote: (cart: CartInput) => data<Quote>({ method: 'POST', url: site(orderPaths.quote), data: cart }),
      /** Creates a pending order of the signed-in (full) client from a cart; a free total comes back paid. */
      create: (cart: CartInput) => data<Order>({ method: 'POST', url: site(orderPaths.site), data: cart }),
      /** The signed-in client's orders, newest first ('Meus pedidos'). */
      list: (query: PageQuery<'id' | 'createdAt' | 'total' | 'status'> = {}) =>
        data<ListResult<Order>>({ method: 'GET', url: site(orderPaths.site), params: toListParams(query) }),
      get: (id: number) => data<Order>({ method: 'GET', url: site(fillPath(orderPaths.one, { id })) }),
      /** Starts paying a pending order (PIX, or card with a token and instalments). */
      pay: (id: number, input: PayInput) => data<Order>({ method: 'POST', url: site(fillPath(orderPaths.pay, { id })), data: input }),
      cancel: (id: number) => data<Order>({ method: 'POST', url: site(fillPath(orderPaths.cancel, { id })), data: {} }),
      /** Whether the signed-in client may enter a ticket-only event. */
      access: (eventId: number) => data<EventAccess>({ method: 'GET', url: site(fillPath(orderPaths.access, { eventId })) }),
    },
    /** The checkout's payment settings, and the sandbox provider's calls (development and tests only). */
    payments: {
      /** The provider, its methods, and the card tokeniser's public key and URL (decision 052). */
      config: () => data<PaymentConfig>({ method: 'GET', url: site(orderPaths.paymentConfig) }),
      /** A card token for the sandbox's test card numbers. */
      sandboxCardToken: (input: SandboxCardInput) =>
        data<{ token: string; brand: string; last4: string }>({ method: 'POST', url: site(orderPaths.sandboxCardToken), data: input }),
      /** The sandbox 'bank' approves or declines a pending payment (it then arrives as the provider's webhook). */
      sandboxConfirm: (paymentId: number, outcome: 'approved' | 'declined') =>
        data<Payment | Order | null>({ method: 'POST', url: site(fillPath(orderPaths.sandboxConfirm, { paymentId })), data: { outcome } }),
    },
    products: {
      list: children<Product, ProductOrderField>(productPaths.site, 'standId'),
    },
    contacts: {
      stand: (input: StandContactInput) => call<{ id: number }>({ method: 'POST', url: site(contactPaths.stand), data: input }),
      send: (input: ContactInput) => call<{ id: number }>({ method: 'POST', url: site(contactPaths.site), data: input }),
    },
    clients: {
      /** Registers a client and signs them in (a full session): the token, the session's account and the profile. */
      register: (input: ClientRegisterInput) => call<ClientRegisterAnswer>({ method: 'POST', url: site(clientPaths.site), data: input }),
      /** The signed-in client's own profile (a full login only: a soft session gets 403). */
      me: () => data<ClientProfile>({ method: 'GET', url: site(clientPaths.me) }),
      /** Everything the product holds about the signed-in client (LGPD), as JSON. */
      myData: () => data<ClientDataExport>({ method: 'GET', url: site(clientPaths.myData) }),
      /**
       * Changes the own profile; a different e-mail with `currentPassword`; the phone only
       * through its code (`/clients/me/phone`).
       */
      update: (input: Partial<ClientProfileInput> & { currentPassword?: string }) =>
        call<ClientProfile>({ method: 'PUT', url: site(clientPaths.me), data: input }),
      /** Changes the own password (the current one, the new one twice); the other sessions end. */
      changePassword: (input: ClientPasswordChange) => call<null>({ method: 'PUT', url: site(clientPaths.password), data: input }),
      /** Asks for a code to change or remove the phone (sent to the current phone, else the new one). */
      askPhoneChange: (input: ClientPhoneRequest) => call<ClientPhoneAnswer>({ method: 'POST', url: site(clientPaths.phone), data: input }),
      /** Confirms the phone change with the code. */
      confirmPhoneChange: (input: ClientPhoneConfirm) => call<ClientProfile>({ method: 'PUT', url: site(clientPaths.phone), data: input }),
      /** Deletes the own account (LGPD): the password and the typed word; the session ends with it. */
      erase: (input: ClientErasureInput) => call<{ erased: true }>({ method: 'DELETE', url: site(clientPaths.me), data: input }),
    },
    /** The signed-in client's starred lectures ('Minha agenda'; a soft session too). */
    agenda: {
      /** The ids of the starred lectures of a published event. */
      list: (eventId: number) => data<Agenda>({ method: 'GET', url: site(agendaPaths.site), params: { eventId } }),
      /** Stars a lecture of a published event; starring it again changes nothing. */
      star: (lectureId: number) => data<AgendaMark>({ method: 'POST', url: site(agendaPaths.site), data: { lectureId } }),
      /** Unstars a lecture; unstarring one that is not starred changes nothing. */
      unstar: (lectureId: number) => data<AgendaMark>({ method: 'DELETE', url: site(fillPath(agendaPaths.one, { lectureId })) }),
    },
    /**
     * Calendars (decision 108): the `.ics` URLs of a lecture and of an event (public, for a link
     * that downloads them), and the signed-in client's private feed of 'Minha agenda' (a full
     * session): whether it exists, a new secret URL (the old one stops working), its revocation.
     */
    calendars: {
      lectureUrl: (id: number, language?: string) =>
        `${baseURL}${site(fillPath(calendarPaths.lecture, { id }))}${language ? `?lang=${encodeURIComponent(language)}` : ''}`,
      eventUrl: (id: number, language?: string) =>
        `${baseURL}${site(fillPath(calendarPaths.event, { id }))}${language ? `?lang=${encodeURIComponent(language)}` : ''}`,
      feed: () => data<CalendarFeedStatus>({ method: 'GET', url: site(calendarPaths.me) }),
      createFeed: () => call<CalendarFeedCreated>({ method: 'POST', url: site(calendarPaths.me), data: {} }),
      revokeFeed: () => call<CalendarFeedStatus>({ method: 'DELETE', url: site(calendarPaths.me) }),
    },
    /** The signed-in client's favourite stands (the exhibitors' directory; a soft session too). */
    favourites: {
      /** The ids of the favourite stands of a published event. */
      list: (eventId: number) => data<Favourites>({ method: 'GET', url: site(favouritePaths.site), params: { eventId } }),
      /** Marks a stand of a published event; marking it again changes nothing. */
      add: (standId: number) => data<FavouriteMark>({ method: 'POST', url: site(favouritePaths.site), data: { standId } }),
      /** Unmarks a stand; unmarking one that is not a favourite changes nothing. */
      remove: (standId: number) => data<FavouriteMark>({ method: 'DELETE', url: site(fillPath(favouritePaths.one, { standId })) }),
    },
    pages: {
      /** A page of the site written as content (terms of use, about us). */
      get: (page: SitePageKey) => data<SitePage>({ method: 'GET', url: site(fillPath(sitePagePaths.site, { page })) }),
    },
    categories: {
      list: (query: PageQuery<CategoryOrderField> = {}) =>
        data<ListResult<Category>>({ method: 'GET', url: site(categoryPaths.site), params: toListParams(query) }),
    },
    sponsors: {
      list: children<Sponsor, SponsorOrderField>(sponsorPaths.site, 'eventId'),
    },
    /** The speakers' directory of a published event: photo, title, description and their lectures. */
    speakers: {
      list: children<Speaker, SpeakerOrderField>(speakerPaths.site, 'eventId'),
    },
    medias: {
      list: children<Media, MediaOrderField>(mediaPaths.site, 'standId'),
    },
    pageViews: {
      create: (input: PageViewInput) => data<PageView>({ method: 'POST', url: site(pageViewPaths.site), data: input }),
    },
    /** A heartbeat of a playing lecture (a client session; decision 047). */
    watch: {
      heartbeat: (input: WatchHeartbeatInput) => data<WatchHeartbeat>({ method: 'POST', url: site(watchPaths.heartbeat), data: input }),
    },
    /**
     * Attendance certificates (decision 050): the client's status for an event, issuing (the
     * same certificate again once issued), the PDF's URL (fetched with the client's token as a
     * blob) and the public verification of a code.
     */
    certificates: {
      status: (eventId: number) => data<CertificateStatus>({ method: 'GET', url: site(certificatePaths.me), params: { eventId } }),
      issue: (input: CertificateIssueInput) => call<Certificate>({ method: 'POST', url: site(certificatePaths.issue), data: input }),
      pdfUrl: (code: string) => site(fillPath(certificatePaths.pdf, { code })),
      verify: (code: string) => data<CertificateVerification>({ method: 'GET', url: site(fillPath(certificatePaths.verify, { code })) }),
    },
    /** What a visitor did at a stand, posted at the click (decision 047). */
    standEvents: {
      create: (input: StandEventInput) => data<StandEvent>({ method: 'POST', url: site(standEventPaths.site), data: input }),
    },
    networks: {
      list: (eventId: number, query: { offset?: number; size?: number; search?: string } = {}) =>
        data<ListResult<NetworkPerson>>({ method: 'GET', url: site(fillPath(networkPaths.site, { eventId })), params: query }),
      consent: () => data<NetworkConsent>({ method: 'GET', url: site(networkPaths.consent) }),
      /** Sets the listing, and whether the list shows the e-mail when `showEmail` is given (left as it was otherwise). */
      setConsent: (listed: boolean, showEmail?: boolean) =>
        data<NetworkConsent>({
          method: 'PUT',
          url: site(networkPaths.consent),
          data: showEmail === undefined ? { listed } : { listed, showEmail },
        }),
    },
    languages: {
      /** URL of a language pack file with a cache-busting parameter. */
      url: (code: string, bust: string | number = Date.now()) =>
        `${baseURL}${site(fillPath(languagePaths.site, { code }))}?v=${encodeURIComponent(String(bust))}`,
    },
  };
};
