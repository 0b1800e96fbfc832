/*
 * The venue's pages (SPEC §2.1), written once: the venue's router takes its top-level paths from
 * these (`venue/src/App.tsx`) and the server answers any other page 404 with the not-found screen
 * (`isVenuePage`, decision 072). React Router's syntax: `:name` is one segment, a trailing `*`
 * everything below. One constant each, in a module of their own, so that the venue's bundle
 * carries the paths alone, beside its router.
 */
export const HOME_PAGE = '/';
/** An event's venue: its halls and screens are the venue's own routes below it (its own not-found screen too). */
export const PLATFORM_PAGE = '/plataforma/:slug';
export const CATALOGUE_PAGE = '/eventos';
export const EVENT_PAGE = '/eventos/:eventSlug';
export const REGISTER_PAGE = '/cadastro';
export const CONTACT_PAGE = '/contato';
export const LOGIN_PAGE = '/entrar';
export const RECOVERY_PAGE = '/recuperar-senha';
export const PROFILE_PAGE = '/perfil';
/** Where the registration e-mail's link lands once the server checked it (decision 081). */
export const CONFIRM_EMAIL_PAGE = '/confirmar-email';
export const CHECKOUT_PAGE = '/checkout/:eventId';
export const ORDERS_PAGE = '/meus-pedidos';
export const ORDER_PAGE = '/meus-pedidos/:orderId';
export const CERTIFICATES_PAGE = '/certificados';
export const CERTIFICATE_PAGE = '/certificados/:code';
export const TERMS_PAGE = '/termos';
export const ABOUT_PAGE = '/sobre';
/** The back office: every path below /cms is one of its screens or leads to one. */
export const BACKOFFICE_PAGE = '/cms/*';

/** Every page of the venue, as its router declares them. */
export const VENUE_PAGES: readonly string[] = [
  HOME_PAGE,
  PLATFORM_PAGE,
  CATALOGUE_PAGE,
  EVENT_PAGE,
  REGISTER_PAGE,
  CONTACT_PAGE,
  LOGIN_PAGE,
  RECOVERY_PAGE,
  PROFILE_PAGE,
  CONFIRM_EMAIL_PAGE,
  CHECKOUT_PAGE,
  ORDERS_PAGE,
  ORDER_PAGE,
  CERTIFICATES_PAGE,
  CERTIFICATE_PAGE,
  TERMS_PAGE,
  ABOUT_PAGE,
  BACKOFFICE_PAGE,
];

/** A page's path as segments, each either text, a parameter (`:name`) or the splat (`*`). */
const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * The table as patterns, made on first use (the venue's bundle, which reads only the paths, then
 * carries none of this). `/plataforma/:slug` is a page tree: its router holds the pages below it.
 */
let pagePatterns: Array<{ segments: string[]; splat: boolean }> | undefined;
const patterns = () =>
  (pagePatterns ??= VENUE_PAGES.map((pattern) => {
    const segments = segmentsOf(pattern);
    const splat = segments[segments.length - 1] === '*' || pattern === PLATFORM_PAGE;
    return { segments: segments.filter((segment) => segment !== '*'), splat };
  }));

/**
 * Whether a URL path is one of the venue's pages, as its router matches them: segment by segment,
 * any case, a trailing slash allowed; a parameter takes one segment, a splat or a page tree anything
 * below.
 */
export const isVenuePage = (path: string): boolean => {
  const segments = segmentsOf(path);
  return patterns().some(({ segments: pattern, splat }) => {
    if (segments.length < pattern.length || (!splat && segments.length > pattern.length)) return false;
    return pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i].toLowerCase());
  });
};
