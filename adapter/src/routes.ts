/** Path prefixes of the product's API (SPEC §7). */
export const CMS_PREFIX = '/api/cms/v1';
export const SITE_PREFIX = '/api/site/v1';
export const AUTH_PREFIX = '/auth';

/** Paths whose requests never fall back to the venue's index.html. */
export const SERVER_PATH_PREFIXES = ['/api', '/auth', '/admin', '/uploads', '/socket.io'] as const;

/**
 * The venue's pages (SPEC §2.1), written once: the venue's router takes its top-level paths from
 * here (`venue/src/App.tsx`) and the server answers any other page 404 with the not-found screen
 * (`isVenuePage`, decision 072). React Router's syntax: `:name` is one segment, a trailing `*`
 * everything below.
 */
export const VENUE_PAGES = {
  home: '/',
  /** An event's venue: its halls and screens are the venue's own routes below it (its own not-found screen too). */
  platform: '/plataforma/:slug',
  catalogue: '/eventos',
  event: '/eventos/:eventSlug',
  register: '/cadastro',
  contact: '/contato',
  login: '/entrar',
  recovery: '/recuperar-senha',
  profile: '/perfil',
  checkout: '/checkout/:eventId',
  orders: '/meus-pedidos',
  order: '/meus-pedidos/:orderId',
  certificates: '/certificados',
  certificate: '/certificados/:code',
  terms: '/termos',
  about: '/sobre',
  /** The back office: every path below /cms is one of its screens or leads to one. */
  backoffice: '/cms/*',
} as const;

export type VenuePage = keyof typeof VENUE_PAGES;

/** Pages whose router holds the pages below them: every path under one is answered by the venue. */
const PAGE_TREES: ReadonlySet<string> = new Set<string>([VENUE_PAGES.platform]);

/** A page's path as segments, each either text, a parameter (`:name`, '' here) or the splat (`*`). */
const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

const PAGE_PATTERNS = Object.values(VENUE_PAGES).map((pattern) => {
  const segments = segmentsOf(pattern);
  const splat = segments[segments.length - 1] === '*' || PAGE_TREES.has(pattern);
  return { segments: segments.filter((segment) => segment !== '*'), splat };
});

/**
 * Whether a URL path is one of the venue's pages, as its router matches them: segment by segment,
 * any case, a trailing slash allowed; a parameter takes one segment, a splat or a page tree anything
 * below.
 */
export const isVenuePage = (path: string): boolean => {
  const segments = segmentsOf(path);
  return PAGE_PATTERNS.some(({ segments: pattern, splat }) => {
    if (segments.length < pattern.length || (!splat && segments.length > pattern.length)) return false;
    return pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i].toLowerCase());
  });
};

/** The first part of a slug before its first dash is the id (`/plataforma/1-cbmi`, `estande/2-pfizer`). */
export const idFromSlug = (slug: string | undefined): number | null => {
  if (!slug) return null;
  const head = slug.split('-')[0];
  if (!/^\d+$/.test(head)) return null;
  const n = Number(head);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A name as a URL part: 'Sala Órion 2' → 'sala-orion-2' (accents dropped, lower case; '' when nothing is left). */
export const slugify = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `2-pfizer` from id 2 and name 'Pfizer Brasil' → '2-pfizer-brasil'. */
export const slugWithId = (id: number, name: string): string => {
  const tail = slugify(name);
  return tail ? `${id}-${tail}` : String(id);
};

/** A stand's page in the venue (SPEC §2.4 estande/{id-slug}): the booths, the exhibitors' directory and the back office's 'ver no site' lead there. */
export const standPagePath = (eventSlug: string | number, stand: { id: number; name: string }): string =>
  `/plataforma/${eventSlug}/estande/${slugWithId(stand.id, stand.name)}`;
