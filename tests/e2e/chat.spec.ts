import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { ATTENDANT, staffSignIn, visitorSignIn } from './helpers';

// The live chat (issue 12), two browsers: a visitor writes from the stand screen, the attendant's
// list flags the chat within 3 s, the attendant answers in the dialog, the visitor sees it live;
// with no attendant online the message lands in the lead inbox.

const VISITOR = 'Ana Beatriz Souza';

const newPage = async (browser: Browser, options: BrowserContextOptions = {}): Promise<Page> =>
  (await browser.newContext(options)).newPage();

// The attendant signs in once for the file (a second SMS code within 30 s would wait); each test
// opens its own browser with that session.
let attendant: BrowserContextOptions['storageState'];
test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await newPage(browser);
  await staffSignIn(page, ATTENDANT.email, ATTENDANT.password);
  await expect(page).toHaveURL(/\/cms\/estandes$/);
  attendant = await page.context().storageState();
  await page.context().close();
});
const attendantPage = (browser: Browser) => newPage(browser, { storageState: attendant });

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

test('a visitor and an attendant converse live', async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await attendantPage(browser);
  await staff.goto('/cms/estandes');
  await staff.getByRole('link', { name: 'Conversas de Vitalis Farmacêutica' }).click();
  await expect(staff).toHaveURL(/\/cms\/estandes\/1\/chats$/);
  await expect(staff.getByRole('heading', { name: /^\d+ conversas?$/ })).toBeVisible();

  const visitor = await newPage(browser);
  await visitorSignIn(visitor);
  await visitor.goto('/plataforma/1/estande/1');
  // By keyboard from the top of the page: opening the chat puts the visitor in its text box, scrolled
  // into view above the floating navigation bar (neither the box, 'Enviar' nor 'Fechar conversa' under it).
  const toggle = visitor.getByRole('button', { name: 'Conversar com o estande' });
  await toggle.focus();
  await visitor.evaluate(() => window.scrollTo(0, 0));
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByText('Atendente online agora.')).toBeVisible();
  const box = visitor.getByRole('textbox', { name: 'Mensagem' });
  await expect(box).toBeFocused();
  const bar = await visitor.getByRole('navigation', { name: 'Navegação do evento' }).boundingBox();
  for (const control of [box, visitor.getByRole('button', { name: 'Enviar' }), visitor.getByRole('button', { name: 'Fechar conversa' })]) {
    const area = await control.boundingBox();
    expect(area && bar && area.y >= 0 && area.y + area.height <= bar.y).toBe(true);
  }
  await box.fill('   ');
  await box.press('Enter');
  await expect(visitor.getByRole('log', { name: 'Conversa com Vitalis Farmacêutica' }).getByRole('listitem')).toHaveText([
    'Nenhuma mensagem ainda.',
  ]);
  await box.fill('Olá! Vocês têm o catálogo em https://exemplo.com.br/catalogo?');
  await box.press('Enter');
  const visitorLog = visitor.getByRole('log', { name: 'Conversa com Vitalis Farmacêutica' });
  await expect(visitorLog.getByText('entregue')).toBeVisible();
  await expect(visitorLog.getByRole('link', { name: 'https://exemplo.com.br/catalogo' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  expect(await seriousViolations(visitor)).toEqual([]);

  // The attendant's list flags it within 3 s (poll) — live, usually at once.
  const row = staff.getByRole('button', { name: `Abrir conversa com ${VISITOR}` });
  await expect(row).toBeVisible({ timeout: 5_000 });
  await expect(row).toContainText('nova mensagem', { timeout: 5_000 });
  await expect(row).toContainText('Olá! Vocês têm o catálogo em https://exemplo.com.br/catalogo?');
  expect(await seriousViolations(staff)).toEqual([]);
  await row.click();
  const dialog = staff.getByRole('dialog', { name: `Conversa com ${VISITOR}` });
  await expect(dialog.getByText('Olá! Vocês têm o catálogo')).toBeVisible();
  await expect(row).not.toContainText('nova mensagem');
  const answer = dialog.getByRole('textbox', { name: 'Mensagem' });
  await answer.fill('Temos sim, vou enviar agora.');
  await answer.press('Enter');
  await expect(visitorLog.getByText('Temos sim, vou enviar agora.')).toBeVisible({ timeout: 5_000 });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await staff.context().close();
  await visitor.context().close();
});

test('with no attendant online the message becomes a lead the attendant finds on return', async ({ browser }) => {
  test.setTimeout(90_000);
  const visitor = await newPage(browser);
  await visitorSignIn(visitor);
  await visitor.goto('/plataforma/1/estande/5');
  await visitor.getByRole('button', { name: 'Conversar com o estande' }).click();
  await expect(visitor.getByText('Nenhum atendente online agora.', { exact: false })).toBeVisible();
  await visitor.getByRole('checkbox', { name: /Autorizo o estande a me responder pelo e-mail ana\.souza@exemplo\.com\.br/ }).check();
  const box = visitor.getByRole('textbox', { name: 'Mensagem' });
  await box.fill('Quero um orçamento para 30 unidades.');
  await box.press('Enter');
  await expect(visitor.getByText('entregue')).toBeVisible();

  const staff = await attendantPage(browser);
  await staff.goto('/cms/estandes/5/chats');
  const row = staff.getByRole('button', { name: `Abrir conversa com ${VISITOR}` });
  await expect(row).toContainText('Aguardando resposta');
  await expect(row).toContainText('aceita resposta por e-mail: ana.souza@exemplo.com.br');
  // The visitor's widget now says an attendant is online.
  await expect(visitor.getByText('Atendente online agora.')).toBeVisible({ timeout: 5_000 });
  await staff.context().close();
  await visitor.context().close();
});
