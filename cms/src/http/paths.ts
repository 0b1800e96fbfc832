import { AUTH_PREFIX, CMS_PREFIX, SERVER_PATH_PREFIXES, SITE_PREFIX } from '@plataforma/adapter';

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The product's own API paths, which always answer the envelope. */
export const isProductPath = (path: string): boolean => under(path, SITE_PREFIX) || under(path, CMS_PREFIX) || under(path, AUTH_PREFIX);

/** Paths the server answers itself (API, admin, uploads, sockets): never the venue. */
export const isServerPath = (path: string): boolean => SERVER_PATH_PREFIXES.some((prefix) => under(path, prefix));
