import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import securityHeaders from './security-headers';

// Decision 058: the security headers built once must be exactly Strapi's own, built per request.
type Factory = (
  config: Record<string, unknown>,
  options: { strapi: never },
) => (ctx: unknown, next: () => Promise<void>) => Promise<unknown>;
// Strapi's own middleware, by its file (the package's exports do not name it).
const load = createRequire(__filename);
const strapiCore = path.dirname(load.resolve('@strapi/core/package.json'));
const { security: strapiSecurity } = load(path.join(strapiCore, 'dist/middlewares/security.js')) as { security: Factory };

/** The product's configuration (cms/config/middlewares.ts) with an S3 origin and a video host. */
const config = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'connect-src': ["'self'", 'https:', 'ws:', 'wss:', 'https://api.mercadopago.com'],
      'img-src': ["'self'", 'data:', 'blob:', 'https://arquivos.exemplo.com.br'],
      'media-src': ["'self'", 'data:', 'blob:', 'https://arquivos.exemplo.com.br'],
      'frame-src': ["'self'", 'blob:', 'https://player.vimeo.com', 'https://www.youtube-nocookie.com'],
      upgradeInsecureRequests: null,
    },
  },
  hsts: false,
};

const fakeStrapi = (playground: boolean) =>
  ({
    plugin: (name: string) =>
      name === 'graphql' && playground
        ? { service: () => ({ playground: { isEnabled: () => true } }), config: () => '/graphql' }
        : undefined,
    // Strapi's configuration: 'environment' is NODE_ENV at its start.
    config: { get: (key: string) => (key === 'admin.path' ? '/admin' : key === 'environment' ? process.env.NODE_ENV : undefined) },
  }) as never;

/** The headers a middleware sets on one request (each run on a fresh response). */
const headersOf = async (middleware: (ctx: unknown, next: () => Promise<void>) => Promise<unknown>, method: string, path: string) => {
  const headers: Record<string, unknown> = { 'x-powered-by': 'Express' };
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  const req = { method, url: path, headers: {} };
  let nextCalled = false;
  await middleware({ method, path, req, res }, async () => {
    nextCalled = true;
  });
  expect(nextCalled).toBe(true);
  return headers;
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('security headers (strapi::security built once)', () => {
  const cases: Array<[string, string, string, boolean]> = [
    ['production', 'GET', '/', false],
    ['production', 'POST', '/api/site/v1/watch/heartbeat', false],
    ['production', 'GET', '/admin/content-manager', false],
    ['production', 'GET', '/documentation/v1', false],
    ['production', 'POST', '/documentation/v1', false],
    ['production', 'GET', '/graphql', true],
    ['development', 'GET', '/admin/content-manager', false],
    ['development', 'POST', '/admin/login', false],
    ['test', 'GET', '/admin', true],
  ];
  it.each(cases)('in %s, %s %s (GraphQL playground: %s) gets exactly Strapi’s headers', async (env, method, path, playground) => {
    vi.stubEnv('NODE_ENV', env);
    const strapi = fakeStrapi(playground);
    const ours = securityHeaders(config, { strapi });
    const theirs = strapiSecurity(config, { strapi });
    const expected = await headersOf(theirs, method, path);
    expect(expected['content-security-policy']).toEqual(expect.stringContaining('frame-src'));
    expect(expected['x-powered-by']).toBeUndefined();
    // Twice: the first builds the variant, the second reuses it.
    expect(await headersOf(ours, method, path)).toEqual(expected);
    expect(await headersOf(ours, method, path)).toEqual(expected);
  });

  it('keeps one helmet per variant whatever the request count', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const ours = securityHeaders(config, { strapi: fakeStrapi(false) });
    const first = await headersOf(ours, 'GET', '/');
    for (let i = 0; i < 50; i += 1) await headersOf(ours, 'GET', `/plataforma/${i}`);
    expect(await headersOf(ours, 'GET', '/outra')).toEqual(first);
  });
});
