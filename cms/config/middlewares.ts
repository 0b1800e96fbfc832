import zlib from 'node:zlib';
import { loadSettings } from '../src/lib/settings';
import { uploadLimits, uploadOrigins, uploadTempDir } from '../src/storage/config';

export default () => {
  const { server, video, payments } = loadSettings();
  // Mercado Pago's card tokenisation is posted from the buyer's browser (decision 052): its origin
  // is admitted by name (https: covers the real API; a local fake in tests is plain http).
  const tokenOrigins =
    payments.provider === 'mercadopago' && payments.mercadopago.publicKey ? [new URL(payments.mercadopago.apiUrl).origin] : [];
  return [
    // First: X-Forwarded-* from anyone but a trusted proxy (TRUST_PROXY) are dropped.
    'global::proxy',
    'strapi::logger',
    'strapi::errors',
    // (A lecture's heartbeats are answered before Koa, by http/heartbeat-front.ts: decision 064.)
    {
      name: 'strapi::security',
      config: {
        contentSecurityPolicy: {
          useDefaults: true,
          directives: {
            'connect-src': ["'self'", 'https:', 'ws:', 'wss:', ...tokenOrigins],
            // Uploaded files come from our origin, or from S3_PUBLIC_URL's when S3 stores them.
            'img-src': ["'self'", 'data:', 'blob:', ...uploadOrigins()],
            'media-src': ["'self'", 'data:', 'blob:', ...uploadOrigins()],
            // The same list the venue receives in its page (middlewares/venue.ts) for its sanitiser;
            // the S3 origin, whose PDFs a page may show in an iframe; and blob:, the back office's
            // preview of a PDF just chosen (an object URL, made by our own script) before it is sent.
            'frame-src': ["'self'", 'blob:', ...video.origins, ...uploadOrigins()],
            upgradeInsecureRequests: null,
          },
        },
        // HSTS is sent only over HTTPS (global::hsts): on plain HTTP it is meaningless and misleading.
        hsts: false,
      },
    },
    'global::hsts',
    // /uploads/…: nosniff, a CSP of its own, attachment unless an image (not SVG), video or PDF.
    'global::upload-headers',
    // JSON, scripts and text over 1 KB, gzip or brotli as the browser accepts (issue 16); files
    // the venue serves precompressed (Content-Encoding already set) and media are left alone.
    {
      name: 'strapi::compression',
      config: { threshold: 1024, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 } },
    },
    // The site's public reads from memory, a few seconds, emptied by every write they show (decision 044).
    'global::site-cache',
    // A GET of the API answered 200: ETag, Cache-Control, 304 when unchanged (issue 16).
    'global::conditional',
    'global::envelope',
    'global::venue',
    // Only the product's own origins and CORS_ORIGINS (never any Origin reflected, `null` included).
    { name: 'strapi::cors', config: { origin: server.corsOrigins } },
    'strapi::query',
    // Multipart bodies of the product's paths: over the largest upload limit → 413 upload.error.tooLarge.
    'global::multipart',
    // Files stream to temporary files (formidable), cut off past the largest upload limit.
    // DELETE too: the back office's deletes may send their ids as a JSON body `{ ids }` (SPEC §7).
    {
      name: 'strapi::body',
      config: {
        parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
        // The raw text beside the parsed body: a payment provider's webhook signature is over it (decision 045).
        includeUnparsed: true,
        formidable: { maxFileSize: uploadLimits().maxBytes, uploadDir: uploadTempDir() },
      },
    },
    // Every temporary file of the request is removed when it ends (Strapi's removes only `files`).
    'global::upload-cleanup',
    // A NUL character in the path, the query or the body: 400 on both databases (issue 47).
    'global::nul-guard',
    'strapi::session',
    'strapi::favicon',
    'strapi::public',
  ];
};
