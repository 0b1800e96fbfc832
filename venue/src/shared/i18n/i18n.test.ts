import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_KEYS } from '@plataforma/adapter';
import { i18n, loadLanguage, messageText } from '.';

describe('PT pack', () => {
  it.each(MESSAGE_KEYS)('has a Portuguese text for %s', (key) => {
    expect(i18n.exists(key, { lng: 'pt' })).toBe(true);
    expect(i18n.t(key, { lng: 'pt' })).not.toBe(key);
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
