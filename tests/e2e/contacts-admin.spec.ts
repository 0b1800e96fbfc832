import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, staffSignIn } from './helpers';

// The back office's 'Contatos' (admin): a guest writes through the site's contact form and a
// visitor asks a stand to get in touch (both through the API, as the site's forms send them);
// the admin opens Contatos from the menu, finds both, narrows the list to the stand, reads the
// whole message from the keyboard, and axe finds nothing serious on the screen or its dialog.

/** This run's mark: a retry (or another run on the same server) sends new contacts. */
const run = Date.now().toString(36);
const STAND = 'NeoCardio Sistemas';

const expectAccessible = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

test('the admin reads the contacts, filtered by a stand', async ({ page, request }) => {
  // Sign-in with the SMS step and two filters: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);

  const general = await request.post('/api/site/v1/contacts', {
    data: {
      subject: 'partner',
      name: 'Rui Parceiro',
      email: `rui.${run}@empresa.com.br`,
      phone: '21987654321',
      message: `Queremos patrocinar o próximo congresso (${run}).`,
    },
  });
  expect(general.status()).toBe(201);
  const stands = await request.get(`/api/site/v1/stands?eventId=1&search=${encodeURIComponent(STAND)}`);
  const standId = ((await stands.json()) as { data: { rows: Array<{ id: number; name: string }> } }).data.rows.find(
    (row) => row.name === STAND,
  )?.id;
  expect(standId).toBeTruthy();
  const soft = await request.post('/auth/soft/login', { data: { email: 'camila.ferreira@exemplo.com.br' } });
  expect(soft.status()).toBe(200);
  const token = ((await soft.json()) as { data: { token: string } }).data.token;
  const toStand = await request.post('/api/site/v1/contacts/stand', {
    headers: { Authorization: `Bearer ${token}` },
    data: { standId, message: `Quero uma demonstração do monitor.\nPode ser na semana que vem? (${run})` },
  });
  expect(toStand.status()).toBe(201);

  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/cms\/eventos$/);
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Contatos' }).click();
  await expect(page).toHaveURL(/\/cms\/contatos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contatos' })).toBeVisible();

  // This run's two contacts, newest first: the stand's request (its sender unverified: a soft session), then the form's.
  await page.getByRole('searchbox', { name: 'Nome, e-mail ou mensagem' }).fill(run);
  await expect(page).toHaveURL(new RegExp(`search=${run}`));
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Estande');
  await expect(rows.nth(1)).toContainText('Camila Ferreira');
  await expect(rows.nth(1)).toContainText('não verificado');
  await expect(rows.nth(1)).toContainText(STAND);
  await expect(rows.nth(1)).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(rows.nth(2)).toContainText('Seja um parceiro');
  await expect(rows.nth(2)).toContainText(`rui.${run}@empresa.com.br`);
  await expect(rows.nth(2)).toContainText('(21) 9 8765-4321');
  await expectAccessible(page);

  // Only the stand's requests once the stand is chosen (and the choice is kept in the address).
  await page.getByLabel('Estande', { exact: true }).selectOption({ label: STAND });
  await expect(page).toHaveURL(new RegExp(`standId=${standId}`));
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('cell', { name: `rui.${run}@empresa.com.br` })).toBeHidden();
  await expect(rows.nth(1)).toContainText('Camila Ferreira');

  // A subject the stand's requests never have leaves nothing, searched or not.
  const search = page.getByRole('searchbox', { name: 'Nome, e-mail ou mensagem' });
  await page.getByLabel('Assunto', { exact: true }).selectOption({ label: 'Dúvidas' });
  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole('cell', { name: 'Nenhum contato encontrado.' })).toBeVisible();
  await page.getByLabel('Assunto', { exact: true }).selectOption({ label: 'Todos os assuntos' });
  await search.fill(run);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Camila Ferreira');

  // The whole message, from the keyboard.
  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Detalhes do Contato' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Quero uma demonstração do monitor.');
  await expect(dialog).toContainText(`Pode ser na semana que vem? (${run})`);
  await expect(dialog.getByRole('link', { name: 'camila.ferreira@exemplo.com.br' })).toHaveAttribute(
    'href',
    'mailto:camila.ferreira@exemplo.com.br',
  );
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
