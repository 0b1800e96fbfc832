import { videoEmbedOrigins } from '../src/lib/video-hosts';

export default () => [
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
    },
  },
  'global::envelope',
  'global::venue',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
