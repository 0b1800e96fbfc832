import { corsOrigins } from '../src/lib/cors';
import { videoEmbedOrigins } from '../src/lib/video-hosts';

export default () => [
  // First: X-Forwarded-* from anyone but a trusted proxy (TRUST_PROXY) are dropped.
  'global::proxy',
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:', 'ws:', 'wss:'],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'data:', 'blob:'],
          // The same list the venue receives in its page (middlewares/venue.ts) for its sanitiser.
          'frame-src': ["'self'", ...videoEmbedOrigins()],
          upgradeInsecureRequests: null,
        },
      },
      // HSTS is sent only over HTTPS (global::hsts): on plain HTTP it is meaningless and misleading.
      hsts: false,
    },
  },
  'global::hsts',
  'global::envelope',
  'global::venue',
  // Only the product's own origins and CORS_ORIGINS (never any Origin reflected, `null` included).
  { name: 'strapi::cors', config: { origin: corsOrigins() } },
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
