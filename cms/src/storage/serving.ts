/**
 * The headers every file under /uploads is sent with, decided by the type it is served as.
 *
 * - `X-Content-Type-Options: nosniff`: the browser takes the type we send, never a guess.
 * - A CSP of its own: nothing loads from inside an uploaded file, and `sandbox` gives a
 *   document opened from /uploads (an SVG, an HTML file someone put in the Media Library) an
 *   opaque origin without scripts, so it can reach nothing of ours. PDFs go without `sandbox`
 *   and with `object-src 'self'`: browsers' PDF viewers do not run in a sandboxed document.
 * - `Content-Disposition: attachment` for anything that is not an image (SVG excluded), a
 *   video, a PDF or JSON (a language pack, opened from /cms/idiomas: browsers show JSON as
 *   text, and the sandbox CSP keeps it inert): it is downloaded, never shown as a page of our
 *   origin.
 */

const INLINE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const PDF_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/** The bare MIME type of a Content-Type header ('' when absent). */
const mimeOf = (contentType: string): string => contentType.split(';')[0].trim().toLowerCase();

/** Whether a file of this type may be shown by the browser rather than downloaded. */
export const isInlineType = (contentType: string): boolean => {
  const mime = mimeOf(contentType);
  if (mime === 'application/pdf' || mime === 'application/json') return true;
  if (mime.startsWith('video/')) return true;
  return mime.startsWith('image/') && mime !== 'image/svg+xml';
};

export const uploadResponseHeaders = (contentType: string): Record<string, string> => {
  const pdf = mimeOf(contentType) === 'application/pdf';
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': pdf ? PDF_CSP : INLINE_CSP,
    ...(isInlineType(contentType) ? {} : { 'Content-Disposition': 'attachment' }),
  };
};
