import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES, MESSAGE_KEYS } from '@plataforma/adapter';
import { i18n, loadLanguage, messageText, PICKABLE_LANGUAGES } from '.';

describe('PT pack', () => {
  it.each(MESSAGE_KEYS)('has a Portuguese text for %s', (key) => {
    expect(i18n.exists(key, { lng: 'pt' })).toBe(true);
    const text = i18n.t(key, { lng: 'pt' });
    expect(text).not.toBe(key);
    expect(text.trim()).not.toBe('');
  });

  it('offers exactly the languages of the contract', () => {
    expect(PICKABLE_LANGUAGES).toEqual([...LANGUAGES]);
  });

  it('falls back to the generic error for an unknown key', () => {
    expect(messageText('nope.nothing')).toBe('Ocorreu um erro. Tente novamente mais tarde.');
  });
});

describe('language packs', () => {
  it('fetches EN with a cache-busting parameter and uses it', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ common: { notFound: 'Page not found' } }), { status: 200 }));
    expect(await loadLanguage('en', fetcher as unknown as typeof fetch)).toBe('en');
    expect(String((fetcher.mock.calls[0] as unknown[])[0])).toMatch(/^\/api\/site\/v1\/languages\/en\?v=\d+/);
    expect(i18n.t('common.notFound')).toBe('Page not found');
    // Keys missing from the pack fall back to PT.
    expect(i18n.t('api.error.internal')).toBe('Ocorreu um erro. Tente novamente mais tarde.');
    await loadLanguage('pt');
  });

  it('keeps PT when the pack cannot be loaded', async () => {
    const fetcher = vi.fn(async () => new Response('not found', { status: 404 }));
    expect(await loadLanguage('al', fetcher as unknown as typeof fetch)).toBe('pt');
    expect(i18n.language).toBe('pt');
    expect(i18n.t('common.notFound')).toBe('Pagina não encontrada');
  });
});

describe('texts the screens use', () => {
  const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const keys = new Set<string>();
  for (const code of Object.values(sources)) {
    for (const match of code.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) keys.add(match[1]);
  }

  it('finds the screens', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(keys.has('common.notFound')).toBe(true);
  });

  it.each([...keys].sort())('the PT pack has %s', (key) => {
    expect(i18n.exists(key, { lng: 'pt' })).toBe(true);
  });
});
