import type { RouteDef } from '@plataforma/adapter/server';
import { settings } from '../lib/settings';
import type { UploadKind } from '../storage/sniff';

/** Room for a multipart body's text fields and part headers beside its files. */
const FORM_MARGIN_BYTES = 1024 * 1024;

interface MultipartRoute {
  method: string;
  pattern: RegExp;
  cap: () => number;
}

/** The routes that take a multipart body (`allowMultipart`), by method and full path, filled as routers are built. */
const routes = new Map<string, MultipartRoute>();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/cms/v1/stands/:id` as a regular expression of the paths it matches (a parameter is one segment). */
const patternOf = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
      .join('/')}/?$`,
  );

/**
 * Records the routes of a router that take a multipart body, under `prefix` (`/api/cms/v1`;
 * '' for routes given with their full path): the multipart guard (middlewares/multipart.ts)
 * looks requests up here before anything reads their body.
 */
export const registerMultipartRoutes = (prefix: string, list: readonly RouteDef[]): void => {
  for (const route of list) {
    if (!route.allowMultipart) continue;
    const path = `${prefix}${route.path}`;
    routes.set(`${route.method} ${path}`, { method: route.method, pattern: patternOf(path), cap: route.allowMultipart });
  }
};

/** The largest multipart body the route of this request takes, in bytes; null when it takes none. */
export const multipartCap = (method: string, path: string): number | null => {
  for (const route of routes.values()) if (route.method === method && route.pattern.test(path)) return route.cap();
  return null;
};

/**
 * A route's largest upload: one file of each of these kinds (their UPLOAD_*_MAX_MB limits)
 * and room for the text fields. A route with an image and a video: `uploadCap('image', 'media')`.
 */
export const uploadCap =
  (...kinds: readonly UploadKind[]) =>
  (): number =>
    kinds.reduce((sum, kind) => sum + settings().uploads.limits.bytes[kind], FORM_MARGIN_BYTES);

/** A multipart form of text fields only (SPEC §7 lets a room's save come as one). */
export const formCap = (): number => FORM_MARGIN_BYTES;

/** A route's largest upload of a file with its own limit in bytes (a spreadsheet, a language pack). */
export const fileCap = (bytes: () => number) => (): number => bytes() + FORM_MARGIN_BYTES;
