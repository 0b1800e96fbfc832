import { describe, expect, it } from 'vitest';
import { corsOrigins } from './cors';

describe('CORS origins', () => {
  it("are the product's own by default", () => {
    expect(corsOrigins({ PORT: '1337' })).toEqual(['http://localhost:1337', 'http://127.0.0.1:1337']);
  });

  it('add PUBLIC_URL and CORS_ORIGINS as origins, never a wildcard or null', () => {
    const origins = corsOrigins({
      PORT: '8080',
      PUBLIC_URL: 'https://eventos.exemplo.com.br/plataforma',
      CORS_ORIGINS: 'https://parceiro.exemplo.com.br, https://parceiro.exemplo.com.br',
    });
    expect(origins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'https://eventos.exemplo.com.br',
      'https://parceiro.exemplo.com.br',
    ]);
    expect(origins).not.toContain('*');
    expect(origins).not.toContain('null');
  });

  it('refuse what is not an http(s) origin, naming the variable', () => {
    expect(() => corsOrigins({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => corsOrigins({ CORS_ORIGINS: 'null' })).toThrow(/CORS_ORIGINS/);
    expect(() => corsOrigins({ CORS_ORIGINS: 'file:///etc' })).toThrow(/CORS_ORIGINS/);
  });
});
