/** Path prefixes of the product's API (SPEC §7). */
export const CMS_PREFIX = '/api/cms/v1';
export const SITE_PREFIX = '/api/site/v1';
export const AUTH_PREFIX = '/auth';

/** Paths whose requests never fall back to the venue's index.html. */
export const SERVER_PATH_PREFIXES = ['/api', '/auth', '/admin', '/uploads', '/socket.io'] as const;

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

/** An event's slug in the venue's and the site's addresses: its own when it leads with the id ('1-cbmi'), else the id. */
export const eventSlugOf = (event: { id: number; slug?: string | null }): string =>
  event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : String(event.id);

/** An event's page on the public site: '/eventos/1-congresso-brasileiro' (the site's catalogue and the back office's 'ver no site' after publishing). */
export const eventPagePath = (event: { id: number; slug?: string | null }): string => `/eventos/${eventSlugOf(event)}`;

/** The venue's entrance of an event. */
export const venuePath = (event: { id: number; slug?: string | null }): string => `/plataforma/${eventSlugOf(event)}/hall-entrada`;

/** A lecture's page in the venue: its room's programme by day with the lecture's player open (`?palestra=`). */
export const lecturePagePath = (eventSlug: string | number, lecture: { id: number; roomId: number }): string =>
  `/plataforma/${eventSlug}/congresso/salas/${lecture.roomId}?palestra=${lecture.id}`;
