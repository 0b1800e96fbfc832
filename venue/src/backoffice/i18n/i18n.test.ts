import { describe, expect, it, vi } from 'vitest';
import { usedTextKeys } from '../../testing/fixtures';
import { i18n, loadLanguage } from '../../shared/i18n';

// Imported by the tests, not above: the first test loads a pack before the back office loads.
const namespace = async () => (await import('.')).BACKOFFICE_NS;

describe("the back office's texts", () => {
  it("take an uploaded pack's back-office section, also when the pack loaded before the back office", async () => {
    const pack = { backoffice: { login: { title: 'Anmelden' } } };
    const fetcher = vi.fn(async () => new Response(JSON.stringify(pack), { status: 200 }));
    expect(await loadLanguage('al', fetcher as unknown as typeof fetch)).toBe('al');
    const ns = await namespace();
    expect(i18n.t('login.title', { ns })).toBe('Anmelden');
    // Keys the pack lacks fall back to PT.
    expect(i18n.t('login.submit', { ns })).toBe('Entrar');
    await loadLanguage('pt');
    expect(i18n.t('login.title', { ns })).toBe('Entrar');
  });

  const sources = import.meta.glob<string>(['/src/backoffice/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const keys = usedTextKeys(sources);

  it('finds the screens', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(keys.has('login.title')).toBe(true);
  });

  it.each([...keys].sort())('the PT texts have %s (the namespace, else the main pack)', async (key) => {
    const options = { lng: 'pt', ns: [await namespace(), 'translation'] };
    // A text with a count has its plural forms (key_one, key_other) instead of the bare key.
    const plural = ['one', 'other'].every((form) => i18n.exists(`${key}_${form}`, options));
    expect(i18n.exists(key, options) || plural).toBe(true);
  });
});
