import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 20, item 6: `PORT=… npm run dev` started Strapi on that port while the venue's dev
// server still proxied the API to 1337.
const proxyTarget = async (env: Record<string, string | undefined>): Promise<string> => {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { default: config } = (await import('../venue/vite.config')) as {
    default: { server: { proxy: Record<string, { target: string }> } };
  };
  const targets = new Set(Object.values(config.server.proxy).map((route) => route.target));
  expect(targets.size).toBe(1);
  return [...targets][0];
};

afterEach(() => vi.unstubAllEnvs());

describe("the venue's dev server", () => {
  it('proxies the API to PORT, the port `npm run dev` starts Strapi on', async () => {
    expect(await proxyTarget({ PORT: '4100', VENUE_API_PORT: undefined })).toBe('http://127.0.0.1:4100');
  });

  it('defaults to 1337, and VENUE_API_PORT still wins', async () => {
    expect(await proxyTarget({ PORT: undefined, VENUE_API_PORT: undefined })).toBe('http://127.0.0.1:1337');
    expect(await proxyTarget({ PORT: '4100', VENUE_API_PORT: '4200' })).toBe('http://127.0.0.1:4200');
  });
});
