import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Order } from '@plataforma/adapter';
import { ADMIN, staffSignIn } from './helpers';

// The admin's half of commerce (issue 14, decision 045): a client registered for this run buys
// the demo congress (event 1, R$ 120,00 after its discount) by PIX in the sandbox, all through the
// API as the venue's checkout sends it, and the sandbox's bank approves it. The admin opens
// 'Pedidos' from the menu, finds the order among the paid ones of the event, opens it, refunds it
// after the confirmation that names its number and amount, and sees it 'Reembolsado' on the order
// and in the list; the client's access to the event goes with it: in the client's own browser, the
// priced lecture of the event that played ('Assistir') offers 'Comprar' again. axe finds nothing
// serious on the list, the order or the refund's dialog. At 1280 px the list's filters sit side by
// side without covering one another (the event's select once ran over the payment's).

/** This run's mark: a retry (or another run on the same server) registers a new buyer. */
const run = Date.now().toString(36);
const EVENT_ID = 1;
const EVENT_NAME = 'Congresso Brasileiro Virtual de Medicina Intensiva';

const expectAccessible = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

interface ProgrammeLecture {
  id: number;
  name: string;
  startDate: string;
  value: string;
  room: { id: number; name: string } | null;
}

/** 'DD/MM/YYYY' of a wire day, as the room's day buttons say it. */
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * The buyer in a browser of their own, signed in with the password (no phone: no SMS code), on
 * the room of the event's priced lecture (the demo's R$ 80,00 one, which the whole event's
 * ticket opens too). `watchOrBuy` opens the lecture's day and answers the lecture's call there.
 */
const buyerBrowser = async (browser: Browser, request: APIRequestContext, email: string, password: string) => {
  const rows = ((await (await request.get(`/api/site/v1/lectures/event/${EVENT_ID}`)).json()) as { data: { rows: ProgrammeLecture[] } })
    .data.rows;
  const priced = rows.find((row) => row.value === '80.00' && row.room);
  expect(priced, 'the demo seed prices one lecture at R$ 80,00').toBeTruthy();
  const lecture = priced as ProgrammeLecture & { room: { id: number; name: string } };
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  const page = await context.newPage();
  await page.route(/youtube\.com|youtube-nocookie\.com|vimeo\.com/, (route) => route.abort());
  await page.goto('/entrar');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  const day = page.getByRole('dialog', { name: `Palestras do dia ${dayLabel(lecture.startDate)}` });
  return {
    context,
    /** The lecture's day in its room, freshly loaded: its 'Assistir' and 'Comprar' buttons. */
    openDay: async () => {
      await page.goto(`/plataforma/${EVENT_ID}/congresso/salas/${lecture.room.id}`);
      await page.getByRole('button', { name: dayLabel(lecture.startDate) }).click();
      await expect(day).toBeVisible();
      return {
        watch: day.getByRole('button', { name: `Assistir: ${lecture.name}` }),
        buy: day.getByRole('button', { name: `Comprar a palestra ${lecture.name}` }),
      };
    },
  };
};

/** The envelope's data of an API answer. */
const dataOf = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => ((await answer.json()) as { data: T }).data;

/**
 * A paid order of a new client: registered (a full client: a soft session cannot buy), the whole
 * event in the cart (the server prices it), a sandbox PIX, the sandbox's approval (which comes
 * back through the webhook path), then read until it is paid.
 */
const BUYER = { email: `comprador.${run}@exemplo.com.br`, password: 'Compra#2026x' };
const paidOrder = async (request: APIRequestContext): Promise<{ order: Order; headers: Record<string, string> }> => {
  const registered = await request.post('/api/site/v1/clients', {
    data: {
      name: `Comprador ${run}`,
      email: BUYER.email,
      password: BUYER.password,
      passwordConfirm: BUYER.password,
    },
  });
  expect(registered.status()).toBe(201);
  const headers = { Authorization: `Bearer ${(await dataOf<{ token: string }>(registered)).token}` };

  const created = await request.post('/api/site/v1/orders', { headers, data: { eventId: EVENT_ID, all: true, lectureIds: [] } });
  expect(created.ok()).toBe(true);
  const pending = await dataOf<Order>(created);
  expect(pending.status).toBe('pending');
  expect(pending.total).toBe('120.00');

  const paying = await request.post(`/api/site/v1/orders/${pending.id}/payments`, { headers, data: { method: 'pix' } });
  expect(paying.ok()).toBe(true);
  // The pay call answers the order with its new charge, or the charge itself.
  const charge = await dataOf<Order | Order['payments'][number]>(paying);
  const paymentId = 'payments' in charge ? charge.payments.at(-1)?.id : charge.id;
  expect(paymentId).toBeTruthy();

  const approved = await request.post(`/api/site/v1/payments/sandbox/${paymentId}/confirm`, { headers, data: { outcome: 'approved' } });
  expect(approved.ok()).toBe(true);
  const read = async () => dataOf<Order>(await request.get(`/api/site/v1/orders/${pending.id}`, { headers }));
  await expect.poll(async () => (await read()).status, { timeout: 15_000 }).toBe('paid');
  return { order: await read(), headers };
};

test('the admin finds a paid order in Pedidos and refunds it', async ({ page, request, browser }) => {
  // Sign-ins (one with the SMS step), a purchase through the API and a refund: more than the default 30 s on a loaded machine.
  test.setTimeout(150_000);
  const { order, headers } = await paidOrder(request);
  // The buyer's own browser: the event's priced lecture plays for them.
  const buyer = await buyerBrowser(browser, request, BUYER.email, BUYER.password);
  const bought = await buyer.openDay();
  await expect(bought.watch).toBeVisible();
  await expect(bought.buy).toHaveCount(0);

  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/cms\/eventos$/);
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Pedidos' }).click();
  await expect(page).toHaveURL(/\/cms\/pedidos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();

  // The event's paid orders, newest first: this run's is on the first page.
  await page.getByLabel('Situação', { exact: true }).selectOption({ label: 'Pago' });
  await page.getByLabel('Evento', { exact: true }).selectOption({ label: EVENT_NAME });
  await expect(page).toHaveURL(new RegExp(`status=paid.*eventId=${EVENT_ID}|eventId=${EVENT_ID}.*status=paid`));
  // The filters side by side, none over the next (the event's long name included).
  const boxes = await Promise.all(
    ['Situação', 'Evento', 'Pagamento'].map(async (label) => page.getByLabel(label, { exact: true }).boundingBox()),
  );
  for (let i = 1; i < boxes.length; i += 1) {
    const [left, right] = [boxes[i - 1], boxes[i]];
    expect(left && right, 'the filters are on the page').toBeTruthy();
    if (left && right && Math.abs(left.y - right.y) < 1) expect(left.x + left.width).toBeLessThanOrEqual(right.x);
  }
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Comprador ${run}`);
  await expect(row).toContainText(`comprador.${run}@exemplo.com.br`);
  await expect(row).toContainText('R$ 120,00');
  await expect(row).toContainText('PIX');
  await expect(row).toContainText('Pago');
  await expect(row).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);

  // The order, from the keyboard.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/cms/pedidos/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${order.number}` })).toBeVisible();
  const facts = page.getByRole('region', { name: 'Resumo' });
  await expect(facts).toContainText('Pago');
  await expect(page.getByRole('table', { name: 'Itens' })).toContainText('R$ 120,00');
  const payments = page.getByRole('table', { name: 'Pagamentos' });
  await expect(payments).toContainText('Sandbox (testes)');
  await expect(payments).toContainText('Aprovado');
  await expect(page.getByRole('table', { name: 'Histórico' })).toContainText('Pendente');
  await expectAccessible(page);

  // 'Reembolsar' asks first, naming the order and its amount.
  await page.getByRole('button', { name: 'Reembolsar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar pedido' });
  await expect(dialog).toContainText(`Deseja reembolsar o pedido ${order.number} de R$ 120,00?`);
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByLabel('Observação').fill(`Reembolso de teste (${run})`);
  await dialog.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toBeVisible();
  await expect(facts).toContainText('Reembolsado');
  await expect(page.getByRole('table', { name: 'Histórico' })).toContainText(`Reembolso de teste (${run})`);
  await expect(page.getByRole('button', { name: 'Reembolsar' })).toBeHidden();

  // Back in the list (its filters kept): no longer among the paid; without filters, 'Reembolsado'.
  await page.getByRole('button', { name: 'voltar para listagem' }).click();
  await expect(page).toHaveURL(/\/cms\/pedidos\?/);
  await expect(page.getByRole('row').filter({ hasText: order.number })).toHaveCount(0);
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await page.getByLabel('Evento', { exact: true }).selectOption({ label: EVENT_NAME });
  await expect(page.getByRole('row').filter({ hasText: order.number })).toContainText('Reembolsado');

  // The refund took the client's order and access with it (decision 045): in the buyer's
  // browser, the lecture offers 'Comprar' again instead of playing.
  expect((await dataOf<Order>(await request.get(`/api/site/v1/orders/${order.id}`, { headers }))).status).toBe('refunded');
  const refunded = await buyer.openDay();
  await expect(refunded.buy).toBeVisible();
  await expect(refunded.watch).toHaveCount(0);
  await buyer.context.close();
});
