import { describe, expect, it } from 'vitest';
import { isInlineType, uploadResponseHeaders } from './serving';

describe('headers of /uploads', () => {
  it.each([
    'image/png',
    'image/jpeg',
    'image/webp',
    'image/gif',
    'image/avif',
    'video/mp4',
    'video/webm',
    'application/pdf',
    'application/json; charset=utf-8',
  ])('shows %s inline', (type) => {
    expect(isInlineType(type)).toBe(true);
    expect(uploadResponseHeaders(type)['Content-Disposition']).toBeUndefined();
  });

  it.each(['image/svg+xml', 'text/html; charset=utf-8', 'application/javascript', 'text/plain', 'application/zip', ''])(
    'makes %j a download',
    (type) => {
      expect(isInlineType(type)).toBe(false);
      expect(uploadResponseHeaders(type)['Content-Disposition']).toBe('attachment');
    },
  );

  it('always sends nosniff and a CSP without scripts; sandboxed except PDFs', () => {
    // A language pack (JSON) opened in a tab is shown as text, sandboxed like the rest.
    for (const type of ['image/png', 'image/svg+xml', 'text/html', 'video/mp4', 'application/json']) {
      const headers = uploadResponseHeaders(type);
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['Content-Security-Policy']).toMatch(/^default-src 'none';.*; sandbox$/);
      expect(headers['Content-Security-Policy']).not.toContain('script-src');
    }
    const pdf = uploadResponseHeaders('application/pdf')['Content-Security-Policy'];
    expect(pdf).toContain("default-src 'none'");
    expect(pdf).not.toContain('sandbox');
  });
});
