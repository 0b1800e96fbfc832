import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, staffSignIn, visitorSignIn } from './helpers';

// Issue 11, language packs as an organiser runs them: the admin uploads a German pack that
// lacks a text, sees the warning with the key; a visitor who switches the venue to AL
// ('Deutsch') sees the new texts, and PT where the pack has none (SPEC §8) — no rebuild.
type Pack = Record<string, unknown>;

const root = path.resolve(__dirname, '../..');
const readJson = (file: string): Pack => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Pack;

/** The PT pack as an upload carries it, with the navigation bar in German and its map button's text left out. */
const germanPack = (): Buffer => {
  const pack: Pack = {
    ...readJson('venue/src/shared/i18n/locales/pt.json'),
    backoffice: readJson('venue/src/backoffice/i18n/pt.json'),
  };
  const nav = (pack.halls as Pack).nav as Record<string, string>;
  nav.home = 'Eingangshalle';
  nav.logout = 'Abmelden';
  delete nav.map;
  return Buffer.from(JSON.stringify(pack, null, 2));
};

const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

test('the admin uploads a German pack missing a text; the venue in AL shows it', async ({ page, request, browser }) => {
  // Sign-in, upload and a second browser for the visitor: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await test.step('opens Idioma from the menu; axe', async () => {
    await staffSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Idioma' }).click();
    await expect(page).toHaveURL(/\/cms\/idiomas$/);
    await expect(page.getByRole('button', { name: 'Alemão', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  const german = page.getByRole('region', { name: /Alemão/ });
  await test.step('uploads the pack: the toast, the missing text listed, the link to the file', async () => {
    await german.locator('input[type=file]').setInputFiles({ name: 'deutsch.json', mimeType: 'application/json', buffer: germanPack() });
    await expect(page.getByRole('status').filter({ hasText: 'Os textos que faltam aparecem em português.' })).toBeVisible();
    await german.getByText('Falta 1 texto: aparece em português.').click();
    await expect(german.getByRole('list', { name: 'Textos que faltam' })).toHaveText('halls.nav.map');
    const link = german.getByRole('link', { name: /Ver arquivo atual/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const file = await request.get((await link.getAttribute('href')) as string);
    expect(file.status()).toBe(200);
    expect(((await file.json()) as { halls: { nav: { logout: string } } }).halls.nav.logout).toBe('Abmelden');
    await expectAccessible(page);
  });

  await test.step('a refused pack shows the red alert and leaves the stored one', async () => {
    await german.locator('input[type=file]').setInputFiles({
      name: 'quebrado.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"halls": {"nav": {"home": "Eingangshalle",}}}'),
    });
    await expect(german.getByRole('alert')).toContainText('O arquivo não é um JSON válido (UTF-8).');
    await expect(german.getByText('Falta 1 texto: aparece em português.')).toBeVisible();
  });

  await test.step('a visitor switches the venue to Deutsch: the new texts, PT where the pack has none', async () => {
    // A browser of their own: the staff session counts as signed in on the site too (SPEC §4).
    const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL, locale: 'pt-BR' });
    await visitorSignIn(visitor);
    await visitor.getByRole('button', { name: 'DE Deutsch' }).click();
    await expect(visitor.getByRole('button', { name: 'DE Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    const nav = visitor.getByRole('navigation', { name: 'Navegação do evento' });
    await expect(nav.getByText('Abmelden')).toBeVisible();
    await expect(nav.getByText('Eingangshalle')).toBeVisible();
    await expect(nav.getByText('Mapa')).toBeVisible();
    await visitor.close();
  });
});
