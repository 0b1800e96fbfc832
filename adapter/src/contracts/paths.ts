import { AUTH_PREFIX } from '../routes';
import { CONFIRM_EMAIL_PAGE } from '../pages';

/**
 * Where each resource is served: paths relative to its API's prefix (`CMS_PREFIX`,
 * `SITE_PREFIX`; the /auth routes are mounted at the root, so theirs are whole). The cms
 * routers and the typed client both read them here, so a path is written once.
 *
 * These constants sit in this zod-free module, and each resource's contract
 * (`contracts/<resource>.ts`) re-exports its own: the typed client takes paths as runtime
 * values, and a value taken from a module that builds zod schemas brings the whole of zod
 * into the venue's first load (bundlers keep a module's schema-building statements once any
 * of its values is used).
 */

/** `site`/`cms`: the collection path under that API (list and create; `/:id` reads, updates). */
export const categoryPaths = { site: '/categories', cms: '/categories' } as const;
export const eventPaths = {
  site: '/events',
  cms: '/events',
  featured: '/events/featured',
  /** The events the signed-in client entered (their profile's 'Meus eventos'). */
  me: '/events/me',
  /** An event as its editor reads it, published or not. */
  private: '/events/private/:id',
  /** What deleting an event takes with it (rooms, stands, lectures…), for the confirmation. */
  dependents: '/events/:id/dependents',
} as const;
export const roomPaths = { site: '/rooms', cms: '/rooms', schedule: '/rooms/:id/schedule' } as const;
export const standPaths = { site: '/stands', cms: '/stands', attendants: '/stands/:id/attendants' } as const;
/** A stand's chats and its contact requests (the attendant's inbox). */
export const chatPaths = {
  standChats: '/stands/:id/chats',
  standContacts: '/stands/:id/contacts',
  /** How many chats of the attendant's stands wait for the stand's answer (the menu's count). */
  unanswered: '/chats/unanswered',
  /** The attendant's conversations across their stands, with each one's stand, event and unread count (decision 104). */
  inbox: '/chats/inbox',
} as const;
export const sponsorPaths = { site: '/sponsors', cms: '/sponsors' } as const;
export const mediaPaths = { site: '/medias', cms: '/medias' } as const;
export const productPaths = { site: '/products', cms: '/products' } as const;
export const speakerPaths = { cms: '/speakers', site: '/speakers' } as const;
export const couponPaths = { cms: '/coupons' } as const;
/**
 * Commerce (decision 045). Site: `quote` prices a cart without keeping anything; `site` POST
 * creates the signed-in (full) client's order, GET lists theirs ('Meus pedidos'); `one` reads one
 * of theirs (polled while a PIX waits); `pay` starts a payment of a pending order; `cancel` gives
 * up a pending one; `access` says whether the client may enter a ticket-only event;
 * `webhook` receives a provider's notifications (no session; the signature is the check);
 * `sandboxConfirm` is the sandbox provider's 'bank' (approves or declines a pending payment,
 * which then arrives through `webhook` like a real provider's; 404 unless PAYMENT_PROVIDER=sandbox);
 * `sandboxCardToken` stands in for a provider's card tokenisation (the card number never
 * reaches an order). Cms (admin): the orders list and detail, `refund` (paid → refunded),
 * `confirm` (a manual PIX's receipt seen by the organiser), `grant` (a place given by staff:
 * an order paid at zero for a client).
 */
/**
 * The organiser's dashboards (issue 15, decision 048; admin): 'Geral', one event's, and the
 * export of an event's tables (`?format=csv|xlsx`, with the same `from`/`to`).
 */
export const dashboardPaths = {
  general: '/dashboards/general',
  event: '/dashboards/events/:id',
  eventExport: '/dashboards/events/:id/export',
} as const;

export const orderPaths = {
  site: '/orders',
  quote: '/orders/quote',
  one: '/orders/:id',
  pay: '/orders/:id/payments',
  cancel: '/orders/:id/cancel',
  access: '/orders/access/:eventId',
  webhook: '/payments/webhook/:provider',
  sandboxConfirm: '/payments/sandbox/:paymentId/confirm',
  sandboxCardToken: '/payments/sandbox/card-token',
  /** The checkout's payment settings: provider, methods, the card tokeniser's public key and URL (decision 052). */
  paymentConfig: '/payments/config',
  cms: '/orders',
  refund: '/orders/:id/refund',
  confirm: '/orders/:id/confirm',
  grant: '/orders/grant',
} as const;
export const lecturePaths = {
  cms: '/lectures',
  /** A room's lectures of one day. */
  roomDay: '/lectures/me',
  ofEvent: '/lectures/event/:eventId',
  one: '/lectures/:id',
  /** Whether the signed-in client may watch a lecture, and then its video (a priced lecture's public reads carry no video). */
  subscribed: '/lectures/subscribed/:id',
} as const;
export const networkPaths = { site: '/networks/:eventId', consent: '/networks/consent' } as const;
/** The signed-in client's starred lectures ('Minha agenda'): GET `?eventId=` lists, POST stars, DELETE `/:lectureId` unstars. */
export const agendaPaths = { site: '/clients/me/agenda', one: '/clients/me/agenda/:lectureId' } as const;
/**
 * Calendars (issue 49, item 5, decision 108): the public `.ics` of a lecture and of an event
 * (published events only), the private feed of a client's 'Minha agenda' (no session: the secret
 * in the path is the credential) and the signed-in client's feed (`me`: GET says whether one
 * exists, POST makes a new secret URL, replacing any other, DELETE revokes it).
 */
export const calendarPaths = {
  lecture: '/lectures/:id/calendar.ics',
  event: '/events/:id/calendar.ics',
  feed: '/calendar-feeds/:token/agenda.ics',
  me: '/clients/me/calendar-feed',
} as const;
/** The signed-in client's favourite stands (the exhibitors' directory): GET `?eventId=` lists, POST marks, DELETE `/:standId` unmarks. */
export const favouritePaths = { site: '/clients/me/favourites', one: '/clients/me/favourites/:standId' } as const;
/** A page of the site written as content (`:page` is one of SITE_PAGES). */
export const sitePagePaths = {
  site: '/pages/:page',
  /** The back office's editor of the page (admin): GET reads it (empty until written), PUT writes it. */
  cms: '/pages/:page',
} as const;
export const contactPaths = {
  site: '/contacts',
  stand: '/contacts/stand',
  /** The back office's 'Contatos' (admin, read only): every contact, filtered by subject and stand. */
  cms: '/contacts',
} as const;
/** A room's video meeting: the signature a Zoom Meeting SDK client joins with. */
export const meetingPaths = { signature: '/meetings/signature' } as const;
export const pageViewPaths = { site: '/page-views' } as const;
/** A heartbeat of a lecture playing in a visible tab (decision 047). */
export const watchPaths = { heartbeat: '/watch/heartbeat' } as const;
/**
 * Attendance certificates (issue 15, decision 050): the client's status for an event, issuing
 * (or reading back) their certificate, its PDF, and the public verification of a code.
 */
export const certificatePaths = {
  me: '/certificates/me',
  issue: '/certificates',
  verify: '/certificates/verify/:code',
  pdf: '/certificates/:code/pdf',
  /** The venue's public page of a code (not under the API). */
  page: '/certificados/:code',
} as const;
/** What a visitor did at a stand: media, documents, products, links (decision 047). */
export const standEventPaths = { site: '/stand-events' } as const;
/** The exhibitor report of a stand (decision 049): GET reads it, `export` answers it as `format=csv|xlsx|pdf`. */
export const standReportPaths = { one: '/dashboards/stands/:id', export: '/dashboards/stands/:id/export' } as const;
export const languagePaths = {
  /** The current uploaded pack of a code: a redirect to its file, with its version (the venue's fetch). */
  site: '/languages/:code',
  /** The back office's packs (admin): each code with its current file, its previous one and the last check. */
  cms: '/languages',
  /** Uploads a pack (multipart `file`, JSON). */
  one: '/languages/:code',
  /** Puts the previous file back (the current one becomes the previous). */
  rollback: '/languages/:code/rollback',
} as const;
export const clientPaths = {
  site: '/clients',
  me: '/clients/me',
  /** Everything the product holds about the signed-in client, as JSON (LGPD art. 18). */
  myData: '/clients/me/data',
  /** Changing or removing the phone (the second factor): POST sends a code, PUT confirms it. */
  phone: '/clients/me/phone',
  /** Changing the own password: the current one, the new one twice; the other sessions end. */
  password: '/clients/me/password',
  /** The back office's clients (admin). */
  cms: '/clients',
  /** The (searched) clients as a CSV or XLSX file. */
  export: '/clients/export',
  /** A spreadsheet of clients to import (multipart `excelFile`): answers the queued job at once. */
  upload: '/clients/upload',
  /** The import jobs, newest first; one job with its first rejected rows; its full report as XLSX. */
  imports: '/clients/imports',
  importJob: '/clients/imports/:id',
  importReport: '/clients/imports/:id/report',
  /** The link of the registration's e-mail (GET `?token=`): confirms the address, then sends the visitor to `confirmEmailPage`. */
  confirmEmail: '/clients/email-confirmation',
  /** The site's page that says how a confirmation went (`?resultado=confirmed|used|expired|invalid`; not under the API). */
  confirmEmailPage: CONFIRM_EMAIL_PAGE,
} as const;
/**
 * The job system (decision 079; admin): 'Tarefas' lists jobs by kind and state (`?kind=&state=`),
 * `summary` counts each kind's jobs by state, `retry` queues a dead job again.
 */
export const jobPaths = { cms: '/jobs', summary: '/jobs/summary', retry: '/jobs/:id/retry' } as const;
/** The messages sent (decision 081; admin): 'E-mails' lists and searches them, `resend` sends a failed one again. */
export const emailPaths = { cms: '/emails', resend: '/emails/:id/resend' } as const;
export const userPaths = { cms: '/users', me: '/users/me' } as const;
export const logPaths = { cms: '/logs' } as const;
export const authPaths = {
  login: `${AUTH_PREFIX}/login`,
  checkSms: `${AUTH_PREFIX}/check/sms`,
  recovery: `${AUTH_PREFIX}/password/recovery`,
  changePassword: `${AUTH_PREFIX}/password/change`,
  logout: `${AUTH_PREFIX}/logout`,
  softLogin: `${AUTH_PREFIX}/soft/login`,
} as const;

/** The path of one row of a collection: '/stands' → '/stands/:id'. */
export const itemPath = <P extends string>(collection: P): `${P}/:id` => `${collection}/:id`;

/** The names of a path's parameters: '/rooms/:id/schedule' → 'id'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its parameters filled in, each URL-encoded: ('/rooms/:id/schedule', { id: 3 }) → '/rooms/3/schedule'. */
export const fillPath = <P extends string>(path: P, params: Record<PathParams<P>, string | number>): string =>
  path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String((params as Record<string, string | number>)[name])));

/** The collections under /api/cms/v1 and the routes an access rule can name (`'GET /users/:id'`). */
type CmsCollection = (
  | typeof categoryPaths
  | typeof eventPaths
  | typeof roomPaths
  | typeof standPaths
  | typeof sponsorPaths
  | typeof mediaPaths
  | typeof productPaths
  | typeof speakerPaths
  | typeof couponPaths
  | typeof lecturePaths
  | typeof userPaths
  | typeof logPaths
  | typeof clientPaths
  | typeof contactPaths
  | typeof languagePaths
  | typeof orderPaths
  | typeof jobPaths
  | typeof emailPaths
)['cms'];
export type CmsPath =
  | CmsCollection
  | `${CmsCollection}/:id`
  | (typeof userPaths)['me']
  | (typeof eventPaths)['featured' | 'private' | 'dependents']
  | (typeof standPaths)['attendants']
  | (typeof chatPaths)['standChats' | 'standContacts' | 'unanswered' | 'inbox']
  | (typeof clientPaths)['export' | 'upload' | 'imports' | 'importJob' | 'importReport']
  | (typeof languagePaths)['one' | 'rollback']
  | (typeof sitePagePaths)['cms']
  | (typeof orderPaths)['refund' | 'confirm' | 'grant']
  | (typeof standReportPaths)['one' | 'export']
  | (typeof dashboardPaths)['general' | 'event' | 'eventExport']
  | (typeof jobPaths)['summary' | 'retry']
  | (typeof emailPaths)['resend'];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type CmsRoute = `${HttpMethod} ${CmsPath}`;
