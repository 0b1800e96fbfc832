import { describe, expect, it, vi } from 'vitest';
import { usedTextKeys } from '../../test-fixtures';
import { MESSAGE_KEYS } from '@plataforma/adapter';
import { BUNDLED_PT, i18n, loadLanguage, messageText } from '.';
import pt from './locales/pt.json';
// The commerce screens add their section when they load; the checks below read every screen's keys.
import '../commerce/texts';
import '../../site/certificates/texts';

describe('PT pack', () => {
  it.each(MESSAGE_KEYS)('has a Portuguese text for %s', (key) => {
    expect(i18n.exists(key, { lng: 'pt' })).toBe(true);
    const text = i18n.t(key, { lng: 'pt' });
    expect(text).not.toBe(key);
    expect(text.trim()).not.toBe('');
  });

  it("does not carry the back office's texts (they load with the back office's chunk)", () => {
    expect(Object.keys(pt)).not.toContain('backoffice');
  });

  it('bundles every section of the pack but `commerce` and `certificates`, which load with their screens', () => {
    expect(Object.keys(BUNDLED_PT).sort()).toEqual(
      Object.keys(pt)
        .filter((key) => key !== 'commerce' && key !== 'certificates')
        .sort(),
    );
    expect(i18n.t('certificates.verifyTitle', { lng: 'pt' })).not.toBe('certificates.verifyTitle');
    expect(i18n.t('commerce.orders.title', { lng: 'pt' })).toBe('Meus pedidos');
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

  it("feeds the pack's back-office section to its own namespace, not to the main one", async () => {
    const pack = { common: { notFound: 'Page not found' }, backoffice: { login: { title: 'Sign in' } } };
    const fetcher = vi.fn(async () => new Response(JSON.stringify(pack), { status: 200 }));
    expect(await loadLanguage('en', fetcher as unknown as typeof fetch)).toBe('en');
    expect(i18n.t('login.title', { ns: 'backoffice' })).toBe('Sign in');
    expect(i18n.exists('backoffice.login.title')).toBe(false);
    expect(i18n.t('common.notFound')).toBe('Page not found');
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
  // The back office's screens use its own namespace: backoffice/i18n/i18n.test.ts checks them.
  const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/backoffice/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const keys = usedTextKeys(sources);

  it('finds the screens', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(keys.has('common.notFound')).toBe(true);
  });

  it.each([...keys].sort())('the PT pack has %s', (key) => {
    // A counted text ('{{count}} eventos') lives under its plural forms (key_one, key_other).
    expect(i18n.exists(key, { lng: 'pt' }) || i18n.exists(`${key}_other`, { lng: 'pt' })).toBe(true);
  });
});
