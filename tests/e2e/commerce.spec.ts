import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { visitorSignIn } from './helpers';

// Commerce (issue 14), the visitor's path: a client opens the demo's priced lecture, sees
// 'Comprar', buys it with the coupon DEMO10 by PIX in the sandbox, the QR code appears, the
// sandbox's bank approves, the lecture plays, and 'Meus pedidos' shows the order paid. The demo
// seed gives one lecture that is not live a price of R$ 80,00 − R$ 10,00 and a coupon DEMO10
// (10 %): R$ 70,00 − R$ 7,00 = R$ 63,00. The admin's side (the order in 'Pedidos', its refund,
// 'Comprar' again) is the back office's spec.

interface ProgrammeLecture {
  id: number;
  name: string;
  startDate: string;
  value: string;
  room: { id: number; name: string } | null;
}

const seriousViolations = async (page: Page, include?: string): Promise<string[]> => {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
};

const blockVideoHosts = (page: Page) => page.route(/youtube\.com|youtube-nocookie\.com|vimeo\.com/, (route) => route.abort());

/** 'DD/MM/YYYY' of a wire day, as the room's day buttons say it. */
const label = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

test('a visitor buys the priced lecture with DEMO10 by PIX in the sandbox, watches it, and sees the order paid', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await blockVideoHosts(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // A new client with a password (no phone: no SMS code), who enters the venue with the e-mail only.
  const email = `compra.${Date.now()}@exemplo.com.br`;
  const password = 'Compra#2026x';
  const registered = await request.post('/api/site/v1/clients', {
    data: { name: 'Cliente Compradora', email, password, passwordConfirm: password },
  });
  expect(registered.status()).toBe(201);
  await visitorSignIn(page, email);

  // The demo's priced lecture, from the event's programme.
  const programme = await request.get('/api/site/v1/lectures/event/1');
  expect(programme.status()).toBe(200);
  const rows = ((await programme.json()) as { data: { rows: ProgrammeLecture[] } }).data.rows;
  const paid = rows.find((row) => row.value === '80.00' && row.room);
  expect(paid, 'the demo seed prices one lecture at R$ 80,00').toBeTruthy();
  const lecture = paid as ProgrammeLecture & { room: { id: number; name: string } };

  // Its room's programme by day: the lecture offers 'Comprar' instead of 'Assistir'.
  await page.goto(`/plataforma/1/congresso/salas/${lecture.room.id}`);
  await page.getByRole('button', { name: label(lecture.startDate) }).click();
  const day = page.getByRole('dialog', { name: `Palestras do dia ${label(lecture.startDate)}` });
  const buy = day.getByRole('button', { name: `Comprar a palestra ${lecture.name}` });
  await expect(buy).toBeVisible();
  await expect(day.getByRole('button', { name: `Assistir: ${lecture.name}` })).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await buy.click();

  // Step 1: the server's prices; the coupon is typed in lower case with a space and applied.
  await expect(page).toHaveURL(/\/checkout\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Itens do pedido' })).toContainText(lecture.name);
  await expect(page.getByRole('list', { name: 'Itens do pedido' })).toContainText('R$ 70,00');
  await page.getByLabel('Cupom de desconto').fill('demo 10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Cupom DEMO10', { exact: true })).toBeVisible();
  await expect(page.getByText('− R$ 7,00')).toBeVisible();
  await expect(page.locator('dd.total')).toHaveText('R$ 63,00');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: an e-mail-only session is asked for the password, and comes back to the same step.
  const identify = page.getByRole('region', { name: 'Identificação' });
  await expect(identify).toContainText(`Você entrou só com o e-mail (${email})`);
  expect(await seriousViolations(page)).toEqual([]);
  await identify.getByRole('link', { name: 'Entrar com senha' }).click();
  await expect(page).toHaveURL(/\/entrar\?voltar=%2Fcheckout%2F1$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/checkout\/1$/);
  await expect(identify).toContainText(`Você está comprando como Cliente Compradora (${email}).`);
  await identify.getByRole('button', { name: 'Ir para o pagamento' }).click();

  // Step 3: PIX — the QR code drawn from the charge's BR Code, the code to copy, the time left.
  await expect(page).toHaveURL(/\/checkout\/1\?pedido=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('pedido'));
  await expect(page.getByRole('tab', { name: 'PIX' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Gerar código PIX' }).click();
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  const code = await page.getByLabel('PIX copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  await expect(page.getByRole('timer')).toHaveText(/^\d{2}:\d{2}$/);
  await page.getByRole('button', { name: 'Copiar código' }).click();
  await expect(page.getByTestId('toast')).toContainText('Código PIX copiado.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(page.getByText('Aguardando o pagamento…')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The sandbox's bank approves; the page, asking every 3 s, moves to the success step. On a
  // phone (issue 56, item 5) the success step starts at the top, clear of the site's header.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const sandbox = page.getByRole('complementary', { name: 'Ambiente de testes' });
  await sandbox.getByRole('button', { name: 'Simular pagamento aprovado' }).click();
  const confirmed = page.getByRole('heading', { name: 'Pagamento confirmado!' });
  await expect(confirmed).toBeVisible({ timeout: 20_000 });
  await expect(confirmed).toBeInViewport({ ratio: 1 });
  const header = await page.getByRole('banner').boundingBox();
  const heading = await confirmed.boundingBox();
  expect(header && heading && heading.y >= header.y + header.height).toBe(true);
  await page.screenshot({ path: test.info().outputPath('checkout-paid-390x844.png') });
  if (viewport) await page.setViewportSize(viewport);
  await expect(page.getByText(/^Pedido PE-\d+$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The lecture now plays in its room's programme, at once (issue 56, item 12: no day to pick).
  await page.getByRole('link', { name: `Assistir: ${lecture.name}` }).click();
  await expect(page.getByRole('dialog', { name: lecture.name }).locator('iframe')).toHaveAttribute('src', /^https:\/\//);
  await expect(page).toHaveURL(new RegExp(`/plataforma/1[^/]*/congresso/salas/${lecture.room.id}$`));
  // Closing the player leaves the lecture's day, where 'Assistir' plays it again.
  await page.getByRole('dialog', { name: lecture.name }).getByRole('button', { name: 'Fechar' }).click();
  const dayAgain = page.getByRole('dialog', { name: `Palestras do dia ${label(lecture.startDate)}` });
  await expect(dayAgain.getByRole('button', { name: `Assistir: ${lecture.name}` })).toBeVisible();

  // 'Meus pedidos' lists it paid; its detail is the receipt.
  await page.goto('/meus-pedidos');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /^Ver o pedido PE-/ }) })
    .first();
  await expect(row).toContainText('R$ 63,00');
  await expect(row).toContainText('Pago');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/meus-pedidos/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Recibo do pedido PE-\d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir recibo' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
