import { uploadResponseHeaders } from '../storage/serving';

interface ServingContext {
  method: string;
  path: string;
  response: { get(field: string): string };
  set(field: string, value: string): void;
}

const under = (path: string): boolean => path === '/uploads' || path.startsWith('/uploads/');

/**
 * Uploaded files (GET/HEAD /uploads/…, served by the upload plugin's local provider) go out
 * with `nosniff`, a CSP of their own and, unless they are an image other than SVG, a video or a
 * PDF, `Content-Disposition: attachment` (storage/serving.ts). Placed after strapi::security,
 * so its CSP replaces the page's.
 */
export default () => async (ctx: ServingContext, next: () => Promise<void>) => {
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !under(ctx.path)) return next();
  await next();
  for (const [name, value] of Object.entries(uploadResponseHeaders(ctx.response.get('Content-Type')))) ctx.set(name, value);
};
