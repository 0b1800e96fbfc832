import { describe, expect, it, vi } from 'vitest';
import { usedTextKeys } from '../../testing/fixtures';
import { MESSAGE_KEYS } from '@plataforma/adapter';
import { BUNDLED_PT, i18n, LAZY_PT_SECTIONS, loadLanguage, messageText, SERVER_PT_SECTIONS } from '.';
import pt from './locales/pt.json';
// The lazy sections are added when their screens load; the checks below read every screen's keys.
import '../commerce/texts';
import '../../site/certificates/texts';
import './site';
import '../../platform/stand/texts';
import '../../platform/lecture/texts';
import '../../platform/speakers/texts';

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

  it('bundles every section of the pack but the lazy ones, which load with their screens, and the server’s own', () => {
    const lazy: readonly string[] = [...LAZY_PT_SECTIONS, ...SERVER_PT_SECTIONS];
    expect(Object.keys(BUNDLED_PT).sort()).toEqual(
      Object.keys(pt)
        .filter((key) => !lazy.includes(key))
        .sort(),
    );
    expect(i18n.t('certificates.verifyTitle', { lng: 'pt' })).not.toBe('certificates.verifyTitle');
    expect(i18n.t('commerce.orders.title', { lng: 'pt' })).toBe('Meus pedidos');
    for (const section of ['site', 'stand', 'lecture', 'speakerDirectory'])
      expect(
        MESSAGE_KEYS.filter((key) => key.startsWith(`${section}.`)),
        section,
      ).toEqual([]);
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

  // A screen that uses a lazy section's texts loads them itself: it imports the section's texts.ts
  // (what the first load leaves out would otherwise show as raw keys on that screen).
  const textsModule: Record<string, string> = {
    commerce: '/src/shared/commerce/texts.ts',
    certificates: '/src/site/certificates/texts.ts',
    site: '/src/shared/i18n/site.ts',
    stand: '/src/platform/stand/texts.ts',
    lecture: '/src/platform/lecture/texts.ts',
    speakerDirectory: '/src/platform/speakers/texts.ts',
  };
  const importsOf = (file: string, code: string): string[] =>
    [...code.matchAll(/^import '(\.[^']+)';$/gm)].map((match) => new URL(`${match[1]}.ts`, `file://${file}`).pathname);
  it.each(LAZY_PT_SECTIONS.map((section) => [section]))('every screen using the lazy section %s imports its texts', (section) => {
    const uses = new RegExp(`\\bt\\(\\s*['\`]${section}\\.`);
    const users = Object.entries(sources).filter(([file, code]) => uses.test(code) && file !== textsModule[section]);
    expect(users.length).toBeGreaterThan(0);
    for (const [file, code] of users) expect(importsOf(file, code), file).toContain(textsModule[section]);
  });

  it.each([...keys].sort())('the PT pack has %s', (key) => {
    // A counted text ('{{count}} eventos') lives under its plural forms (key_one, key_other).
    expect(i18n.exists(key, { lng: 'pt' }) || i18n.exists(`${key}_other`, { lng: 'pt' })).toBe(true);
  });
});
