import type { Core } from '@strapi/strapi';
import { CSP_DEFAULTS } from '@strapi/utils';
import helmet from 'koa-helmet';
import fp from 'lodash/fp';

/**
 * Strapi's `strapi::security` with the same configuration and answers, built once instead of on
 * every request (decision 058). Strapi 5.54's own (`@strapi/core/dist/middlewares/security.js`)
 * deep-merges its defaults into the configuration and builds a new helmet, which normalises
 * every CSP directive again, for each request: about 7 % of the server's CPU under load. Here each
 * of its variants (any request; a GET of /documentation or GraphQL's playground; a GET of the
 * admin in development) is built on first use and kept. The unit test compares this middleware's
 * headers with Strapi's own for each variant.
 */
type HelmetConfig = Record<string, unknown>;
type Middleware = (ctx: SecurityContext, next: () => Promise<void>) => Promise<unknown>;
interface SecurityContext {
  method: string;
  path: string;
}

const defaults: HelmetConfig = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      ...CSP_DEFAULTS,
      upgradeInsecureRequests: null,
    },
  },
  xssFilter: false,
  hsts: {
    maxAge: 31536000,
    includeSubDomains: true,
  },
  frameguard: {
    action: 'sameorigin',
  },
};

/** Strapi's merge: arrays are joined, everything else merged deeply. */
const mergeConfig = (existing: HelmetConfig, added: HelmetConfig): HelmetConfig =>
  fp.mergeWith((obj: unknown, src: unknown) => (Array.isArray(obj) && Array.isArray(src) ? obj.concat(src) : undefined), existing, added);

/** Each Strapi's security middleware, for a handler that answers before it (securityHeaderList). */
const instances = new WeakMap<object, Middleware>();

/**
 * The headers this middleware sets on an answer to `ctx` (a request's method and path), recorded
 * once from its helmet: for a handler that answers before Koa (the heartbeat's front, decision 064),
 * which sets them itself. Empty until the middleware is built (before the server listens).
 */
export const securityHeaderList = async (strapi: object, ctx: SecurityContext): Promise<readonly [string, string][]> => {
  const middleware = instances.get(strapi);
  if (!middleware) return [];
  const recorded = new Map<string, string>();
  const res = {
    setHeader(name: string, value: unknown) {
      recorded.set(name, String(value));
    },
    removeHeader(name: string) {
      recorded.delete(name);
    },
    getHeader: (name: string) => recorded.get(name),
  };
  const req = { method: ctx.method, url: ctx.path, headers: {} };
  await middleware({ ...ctx, req, res } as SecurityContext, () => Promise.resolve());
  return [...recorded];
};

export default (config: HelmetConfig, { strapi }: { strapi: Core.Strapi }) => {
  const base = fp.defaultsDeep(defaults, config) as HelmetConfig;
  // Strapi's own reads NODE_ENV on each request; Strapi's configuration holds the same value.
  const environment = String(strapi.config.get('environment') ?? '');
  const built = new Map<string, Middleware>();

  const build = (special: boolean, playground: boolean, devAdmin: boolean): HelmetConfig => {
    let helmetConfig = base;
    if (special) {
      const directives: Record<string, string[]> = {
        'script-src': ["'self'", "'unsafe-inline'", 'cdn.jsdelivr.net'],
        'img-src': ["'self'", 'data:', 'cdn.jsdelivr.net', 'strapi.io'],
        'manifest-src': [],
        'frame-src': [],
      };
      if (playground) {
        directives['script-src'].push(`https: 'unsafe-inline'`);
        directives['img-src'].push(`'apollo-server-landing-page.cdn.apollographql.com'`);
        directives['manifest-src'].push(`'self'`);
        directives['manifest-src'].push('apollo-server-landing-page.cdn.apollographql.com');
        directives['frame-src'].push(`'self'`);
        directives['frame-src'].push('sandbox.embed.apollographql.com');
      }
      helmetConfig = mergeConfig(helmetConfig, { crossOriginEmbedderPolicy: false, contentSecurityPolicy: { directives } });
    }
    if (devAdmin)
      helmetConfig = mergeConfig(helmetConfig, {
        contentSecurityPolicy: {
          directives: {
            'script-src': ["'self'", "'unsafe-inline'"],
            'connect-src': ["'self'", 'http:', 'https:', 'ws:'],
          },
        },
      });
    return helmetConfig;
  };

  /** The GraphQL playground and the admin path are fixed once Strapi has started: read at the first request. */
  let fixed: { playground: boolean; specialPaths: string[]; adminPath: string } | undefined;
  const fixedOf = () => {
    if (!fixed) {
      const graphql = strapi.plugin('graphql') as unknown as
        { service(name: 'utils'): { playground: { isEnabled(): boolean } }; config(key: string): string } | undefined;
      const playground = Boolean(graphql?.service('utils').playground.isEnabled());
      fixed = {
        playground,
        specialPaths: ['/documentation', ...(playground && graphql ? [graphql.config('endpoint')] : [])],
        adminPath: strapi.config.get('admin.path') as string,
      };
    }
    return fixed;
  };

  const security: Middleware = (ctx, next) => {
    const { playground, specialPaths, adminPath } = fixedOf();
    const special = ctx.method === 'GET' && specialPaths.some((prefix) => ctx.path.startsWith(prefix));
    const devAdmin = ['development', 'test'].includes(environment) && ctx.method === 'GET' && ctx.path.startsWith(adminPath);
    const key = `${special}|${devAdmin}`;
    let middleware = built.get(key);
    if (!middleware) {
      middleware = helmet(build(special, playground, devAdmin)) as unknown as Middleware;
      built.set(key, middleware);
    }
    return middleware(ctx, next);
  };
  instances.set(strapi, security);
  return security;
};
