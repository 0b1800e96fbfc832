import type { AddressInfo } from 'node:net';
import knex from 'knex';
import { CLIENT_ERASURE_WORD, eventAccessSchema, orderSchema, type Order } from '@plataforma/adapter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, createStaff, PASSWORD } from '../helpers/accounts';
import { brCodeCrcValid, couponCounts, parsed, siteApi } from '../helpers/commerce';
import { cmsApi, createEvent, insert, logLines } from '../helpers/event-fixtures';
import { startFakeMercadoPago, type FakeMercadoPago } from '../helpers/fake-mercadopago';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Mercado Pago end to end (decisions 045, 046), on the database the suite is given (SQLite, or
// PostgreSQL with DATABASE_URL): PAYMENT_PROVIDER=mercadopago pointed at the local fake of its
// API, through the real HTTP routes. A full client buys by PIX and by card; the fake moves the
// payment and posts notifications signed as Mercado Pago signs them to the webhook route, which
// must check the signature and fetch the status back instead of trusting the body; an admin
// refunds; a chargeback arrives; the API fails.
const PUBLIC_URL = 'https://eventos.exemplo.com.br';
const NOTIFICATION_URL = `${PUBLIC_URL}/api/site/v1/payments/webhook/mercadopago`;
const CPF = '52998224725';
/** Mercado Pago's documented test cards (Mastercard, Visa). */
const MASTER = '5031 4332 1540 6351';
const VISA = '4235 6477 2802 5682';

let fake: FakeMercadoPago;
let server: TestServer;
let site: ReturnType<typeof siteApi>;
let cms: ReturnType<typeof cmsApi>;
let adminToken: string;
/** The webhook route on the running server (the notification URL's path on the local port). */
let webhookUrl: string;
const ids = { event: 0, coupon: 0 };

type Buyer = { id: number; token: string };
type Notification = { query: Record<string, string>; headers: Record<string, string>; rawBody: string };

const orderOf = (res: { body: { data: unknown; msg?: string; status?: number } }): Order => parsed(orderSchema, res.body);

const newBuyer = async (): Promise<Buyer> => {
  const client = await createClient(server.strapi);
  return { id: client.id, token: await sessionToken(server, 'client', client.id) };
};

const newOrder = async (buyer: Buyer, couponCode?: string): Promise<Order> => {
  const res = await site('post', '/orders', buyer.token, {
    eventId: ids.event,
    all: true,
    lectureIds: [],
    ...(couponCode ? { couponCode } : {}),
  });
  expect(res.status).toBe(201);
  return orderOf(res);
};

const payPix = async (buyer: Buyer, orderId: number): Promise<Order> => {
  const res = await site('post', `/orders/${orderId}/payments`, buyer.token, { method: 'pix' });
  expect(res.status).toBe(201);
  return orderOf(res);
};

const payCard = (buyer: Buyer, orderId: number, cardToken: string, installments: number) =>
  site('post', `/orders/${orderId}/payments`, buyer.token, { method: 'card', cardToken, installments, cpf: CPF });

/** The order and its payments as stored (not as the wire says). */
const stored = async (orderId: number) => {
  const order = (await server.strapi.db.query('api::order.order').findOne({
    where: { id: orderId },
    select: ['id', 'status', 'method', 'paidAt', 'history'],
  })) as {
    status: string;
    method: string | null;
    paidAt: unknown;
    history: Array<{ status: string; by: { kind: string; name: string | null } }>;
  };
  const payments = (await server.strapi.db.query('api::payment.payment').findMany({
    where: { order: { id: orderId } },
    select: [
      'id',
      'provider',
      'providerRef',
      'method',
      'status',
      'paidAt',
      'installments',
      'cardBrand',
      'cardLast4',
      'pixCode',
      'deliveries',
    ],
    orderBy: { id: 'asc' },
  })) as Array<{
    id: number;
    provider: string;
    providerRef: string | null;
    method: string;
    status: string;
    paidAt: unknown;
    installments: number;
    cardBrand: string | null;
    cardLast4: string | null;
    pixCode: string | null;
    deliveries: unknown;
  }>;
  return { order, payments };
};

/** Mercado Pago's id of a product payment (its providerRef). */
const mpIdOf = async (paymentId: number): Promise<string> => {
  const row = (await server.strapi.db.query('api::payment.payment').findOne({ where: { id: paymentId }, select: ['providerRef'] })) as {
    providerRef: string | null;
  };
  if (!row.providerRef) throw new Error(`payment ${paymentId} has no providerRef`);
  return row.providerRef;
};

/** How many payment rows another connection to the database sees: only what is committed. */
const committedPaymentRows = async (): Promise<number> => {
  const source = server.database.source;
  const other = knex(
    'file' in source
      ? { client: 'better-sqlite3', connection: { filename: source.file, options: { readonly: true } }, useNullAsDefault: true }
      : { client: 'pg', connection: server.database.env.DATABASE_URL },
  );
  try {
    const [row] = await other(server.strapi.db.metadata.get('api::payment.payment').tableName).count<Array<{ n: number | string }>>({
      n: '*',
    });
    return Number(row?.n ?? 0);
  } finally {
    await other.destroy();
  }
};

/** How many times the product asked the fake for a payment's status. */
const statusReads = (mpId: string) => fake.requests.filter((req) => req.method === 'GET' && req.path === `/v1/payments/${mpId}`).length;

/** Posts a notification as given (headers, query, raw body) to the webhook route. */
const deliver = async (notification: Notification) => {
  const target = new URL(webhookUrl);
  for (const [key, value] of Object.entries(notification.query)) target.searchParams.set(key, value);
  const res = await fetch(target, { method: 'POST', headers: notification.headers, body: notification.rawBody });
  return { status: res.status, body: (await res.json()) as unknown };
};

/** A whole-event order paid by PIX: charged, approved at the fake, notified. */
const buyByPix = async (buyer: Buyer, couponCode?: string) => {
  const created = await newOrder(buyer, couponCode);
  const pending = await payPix(buyer, created.id);
  const mpId = await mpIdOf(pending.payments[0].id);
  fake.setStatus(mpId, 'approved');
  expect(await fake.notify(webhookUrl, mpId)).toBe(200);
  return { order: created, mpId, paymentId: pending.payments[0].id };
};

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  server = await startServer('commerce-mercadopago', {
    seed: false,
    env: {
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_API_URL: fake.url,
      MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
      PUBLIC_URL,
    },
  });
  // Listening on a local port, so the fake can post its notifications over HTTP (supertest reuses it).
  await new Promise<void>((resolve) => server.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.strapi.server.httpServer.address() as AddressInfo;
  webhookUrl = `http://127.0.0.1:${port}${new URL(NOTIFICATION_URL).pathname}`;
  site = siteApi(server);
  const admin = await createStaff(server.strapi, { role: 'admin' });
  adminToken = await sessionToken(server, 'staff', admin.id);
  cms = cmsApi(server, () => adminToken);
  ids.event = await createEvent(server.strapi, {
    name: 'Congresso Mercado',
    published: true,
    value: '300.00',
    discount: '50.00',
    installments: 6,
    slug: 'congresso-mercado',
  });
  ids.coupon = await insert(server.strapi, 'api::coupon.coupon', {
    code: 'MP10',
    percent: true,
    value: '10.00',
    amount: 5,
    reserved: 0,
    expiresAt: '2030-12-31',
    event: ids.event,
  });
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('PIX through Mercado Pago', () => {
  it('charges a PIX (the fake’s code), and pays the order when the signed notification arrives', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer, 'MP10');
    expect(created).toMatchObject({ status: 'pending', total: '225.00', couponDiscount: '25.00' });
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual({ amount: 5, reserved: 1 });

    const pending = await payPix(buyer, created.id);
    expect(pending.status).toBe('pending');
    const payment = pending.payments[0];
    expect(payment).toMatchObject({ provider: 'mercadopago', method: 'pix', status: 'pending', amount: '225.00', installments: 1 });
    const mpId = await mpIdOf(payment.id);
    const charged = fake.payments.get(Number(mpId));
    expect(charged?.point_of_interaction.transaction_data?.qr_code).toBeTruthy();
    expect(payment.pixCode).toBe(charged?.point_of_interaction.transaction_data?.qr_code);
    expect(brCodeCrcValid(payment.pixCode ?? '')).toBe(true);

    // What the API was sent: the amount in reais, the notification URL from PUBLIC_URL, the references, a key.
    const create = fake.requests.filter((req) => req.method === 'POST' && req.path === '/v1/payments').at(-1);
    expect(create?.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(create?.headers['x-idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(create?.body).toMatchObject({
      transaction_amount: 225,
      payment_method_id: 'pix',
      notification_url: NOTIFICATION_URL,
      external_reference: `${created.number}/${payment.id}`,
      metadata: { order_id: created.id, payment_id: payment.id },
    });
    expect((create?.body as { date_of_expiration: string }).date_of_expiration).toMatch(/-03:00$/);

    let rows = await stored(created.id);
    expect(rows.order.status).toBe('pending');
    expect(rows.payments).toMatchObject([{ provider: 'mercadopago', providerRef: mpId, status: 'pending', pixCode: payment.pixCode }]);
    expect(rows.payments[0].paidAt).toBeFalsy();

    // The buyer pays: the fake moves the payment and posts its notification to the webhook route.
    const readsBefore = statusReads(mpId);
    fake.setStatus(mpId, 'approved');
    expect(await fake.notify(webhookUrl, mpId)).toBe(200);
    expect(statusReads(mpId)).toBe(readsBefore + 1);

    rows = await stored(created.id);
    expect(rows.order.status).toBe('paid');
    expect(rows.order.method).toBe('pix');
    expect(rows.order.paidAt).toBeTruthy();
    expect(rows.payments).toMatchObject([{ status: 'approved' }]);
    expect(rows.payments[0].paidAt).toBeTruthy();
    expect(rows.order.history.map((entry) => [entry.status, entry.by.kind])).toEqual([
      ['pending', 'client'],
      ['paid', 'provider'],
    ]);
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual({ amount: 4, reserved: 0 });
    expect((await logLines(server, 'orders.paid')).filter((line) => line.includes(created.number))).toEqual([
      `Pedido ${created.number} pago pelo provedor de pagamento mercadopago.`,
    ]);
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body)).toEqual({
      eventId: ids.event,
      access: true,
      reason: 'order',
    });
  });

  it('pays once when the same notification is delivered five times', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer, 'MP10');
    const pending = await payPix(buyer, created.id);
    const mpId = await mpIdOf(pending.payments[0].id);
    fake.setStatus(mpId, 'approved');
    const notification = fake.signedNotification(mpId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(notification)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    const rows = await stored(created.id);
    expect(rows.order.status).toBe('paid');
    expect(rows.order.history.filter((entry) => entry.status === 'paid')).toHaveLength(1);
    expect(rows.payments.map((row) => row.status)).toEqual(['approved']);
    expect(rows.payments[0].deliveries).toEqual([notification.headers['x-request-id']]);
    expect((await logLines(server, 'orders.paid')).filter((line) => line.includes(created.number))).toHaveLength(1);
    // Spent once: 5 uses − 2 paid orders.
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual({ amount: 3, reserved: 0 });
  });

  it('refuses a notification with a wrong signature (401) and changes nothing', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const pending = await payPix(buyer, created.id);
    const mpId = await mpIdOf(pending.payments[0].id);
    // Paid at the provider: only the signature stands between the notification and the order.
    fake.setStatus(mpId, 'approved');
    const reads = statusReads(mpId);
    const invalid = { data: null, msg: 'payments.error.invalidSignature', status: 401 };

    expect(await fake.notify(webhookUrl, mpId, { secret: 'outro-segredo' })).toBe(401);
    const wrong = fake.signedNotification(mpId, { secret: 'outro-segredo' });
    expect(await deliver(wrong)).toEqual({ status: 401, body: invalid });
    // A signed notification whose request id was changed on the way.
    const tampered = fake.signedNotification(mpId);
    expect(await deliver({ ...tampered, headers: { ...tampered.headers, 'x-request-id': 'outra-entrega' } })).toEqual({
      status: 401,
      body: invalid,
    });
    // A genuine one replayed ten minutes later.
    expect(await fake.notify(webhookUrl, mpId, { ts: String(Date.now() - 10 * 60_000) })).toBe(401);
    // No signature at all.
    const unsigned = fake.signedNotification(mpId);
    const { 'x-signature': _signature, ...headers } = unsigned.headers;
    expect((await deliver({ ...unsigned, headers })).status).toBe(401);

    expect(statusReads(mpId)).toBe(reads);
    const rows = await stored(created.id);
    expect(rows.order.status).toBe('pending');
    expect(rows.order.history).toHaveLength(1);
    expect(rows.payments).toMatchObject([{ status: 'pending', deliveries: null }]);
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body).access).toBe(false);

    // The same payment, correctly signed, is paid: it was the signature that was refused.
    expect(await fake.notify(webhookUrl, mpId)).toBe(200);
    expect((await stored(created.id)).order.status).toBe('paid');
  });

  it('fetches the status back: a body claiming approved while Mercado Pago says pending changes nothing', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const pending = await payPix(buyer, created.id);
    const mpId = await mpIdOf(pending.payments[0].id);
    expect(fake.payments.get(Number(mpId))?.status).toBe('pending');
    const notification = fake.signedNotification(mpId, { action: 'payment.approved' });
    // The body is not signed: whatever it claims, the product asks Mercado Pago.
    const body = JSON.parse(notification.rawBody) as Record<string, unknown>;
    const lying = JSON.stringify({ ...body, status: 'approved', data: { id: mpId, status: 'approved', status_detail: 'accredited' } });
    const reads = statusReads(mpId);
    expect((await deliver({ ...notification, rawBody: lying })).status).toBe(200);
    expect(statusReads(mpId)).toBe(reads + 1);

    const rows = await stored(created.id);
    expect(rows.order.status).toBe('pending');
    expect(rows.order.paidAt).toBeFalsy();
    expect(rows.order.history).toHaveLength(1);
    expect(rows.payments).toMatchObject([{ status: 'pending' }]);
    expect(rows.payments[0].paidAt).toBeFalsy();
    expect(orderOf(await site('get', `/orders/${created.id}`, buyer.token)).status).toBe('pending');
  });
  it('ignores a signed notification of a payment that is not ours; the sandbox’s routes are closed', async () => {
    // Asked once (it might be one of ours whose answer was lost); Mercado Pago knows no such payment: ignored.
    const reads = statusReads('999999999');
    expect(await fake.notify(webhookUrl, '999999999')).toBe(200);
    expect(statusReads('999999999')).toBe(reads + 1);
    expect((await server.request().post('/api/site/v1/payments/webhook/sandbox').send({})).status).toBe(404);
    const card = { number: '4111111111111111', holder: 'Ana', expiry: '12/30', cvv: '123' };
    expect((await site('post', '/payments/sandbox/card-token', null, card)).status).toBe(404);
    const buyer = await newBuyer();
    expect((await site('post', '/payments/sandbox/1/confirm', buyer.token, { outcome: 'approved' })).status).toBe(404);
  });

  it('expires the order when Mercado Pago reports the PIX cancelled as expired, and releases its coupon', async () => {
    const buyer = await newBuyer();
    const before = await couponCounts(server.strapi, ids.coupon);
    const created = await newOrder(buyer, 'MP10');
    const pending = await payPix(buyer, created.id);
    const mpId = await mpIdOf(pending.payments[0].id);
    fake.setStatus(mpId, 'cancelled', 'expired');
    expect(await fake.notify(webhookUrl, mpId)).toBe(200);
    const rows = await stored(created.id);
    expect(rows.order.status).toBe('expired');
    expect(rows.order.history.at(-1)).toMatchObject({ status: 'expired', by: { kind: 'provider' } });
    expect(rows.payments).toMatchObject([{ status: 'expired' }]);
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual(before);
  });
});

describe('cards through Mercado Pago', () => {
  it('approves a tokenised card in 3 instalments', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    expect(created).toMatchObject({ total: '250.00', installments: 6 });
    const token = fake.addCardToken({ number: MASTER });
    const res = await payCard(buyer, created.id, token, 3);
    expect(res.status).toBe(201);
    expect(orderOf(res)).toMatchObject({
      status: 'paid',
      method: 'card',
      payments: [{ provider: 'mercadopago', method: 'card', status: 'approved', installments: 3, cardBrand: 'master', cardLast4: '6351' }],
    });
    const create = fake.requests.filter((req) => req.method === 'POST' && req.path === '/v1/payments').at(-1);
    expect(create?.body).toMatchObject({
      transaction_amount: 250,
      token,
      installments: 3,
      payment_method_id: 'master',
      capture: true,
      payer: { identification: { type: 'CPF', number: CPF } },
      notification_url: NOTIFICATION_URL,
    });
    const rows = await stored(created.id);
    expect(rows.order).toMatchObject({ status: 'paid', method: 'card' });
    expect(rows.order.paidAt).toBeTruthy();
    expect(rows.payments).toMatchObject([{ status: 'approved', installments: 3, cardBrand: 'master', cardLast4: '6351' }]);
    expect(rows.payments[0].paidAt).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain(MASTER.replace(/\s/g, ''));
    // Mercado Pago's notification of the approval changes nothing more.
    expect(await fake.notify(webhookUrl, await mpIdOf(rows.payments[0].id))).toBe(200);
    expect((await stored(created.id)).order.history.filter((entry) => entry.status === 'paid')).toHaveLength(1);
  });

  it('fails the order on a rejected card and releases its coupon', async () => {
    const buyer = await newBuyer();
    const before = await couponCounts(server.strapi, ids.coupon);
    const created = await newOrder(buyer, 'MP10');
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual({ amount: before.amount, reserved: before.reserved + 1 });
    const res = await payCard(buyer, created.id, fake.addCardToken({ number: VISA, outcome: 'rejected' }), 2);
    // A decline is an answer, not an error: the order failed, the declined charge last.
    expect(res.status).toBe(201);
    expect(orderOf(res)).toMatchObject({
      status: 'failed',
      payments: [{ method: 'card', status: 'declined', cardBrand: 'visa', cardLast4: '5682' }],
    });
    const rows = await stored(created.id);
    expect(rows.order.status).toBe('failed');
    expect(rows.order.paidAt).toBeFalsy();
    expect(rows.payments).toMatchObject([{ status: 'declined' }]);
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual(before);
    expect((await site('post', `/orders/${created.id}/payments`, buyer.token, { method: 'pix' })).body.msg).toBe('orders.error.notPending');
  });
  it('waits on a card in process and pays the order when Mercado Pago approves it later', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const res = await payCard(buyer, created.id, fake.addCardToken({ number: MASTER, outcome: 'in_process' }), 2);
    expect(res.status).toBe(201);
    expect(orderOf(res)).toMatchObject({ status: 'pending', payments: [{ status: 'pending', cardLast4: '6351' }] });
    const mpId = await mpIdOf(orderOf(res).payments[0].id);
    fake.setStatus(mpId, 'approved');
    expect(await fake.notify(webhookUrl, mpId)).toBe(200);
    const rows = await stored(created.id);
    expect(rows.order).toMatchObject({ status: 'paid', method: 'card' });
    expect(rows.payments).toMatchObject([{ status: 'approved', installments: 2, cardBrand: 'master' }]);
  });
});

describe('refund, chargeback and the API failing', () => {
  it('refunds a paid order through Mercado Pago (admin); the access goes with it', async () => {
    const buyer = await newBuyer();
    const { order, mpId, paymentId } = await buyByPix(buyer, 'MP10');
    expect((await stored(order.id)).order.status).toBe('paid');
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body).access).toBe(true);

    const res = await cms('post', `/orders/${order.id}/refund`, { note: 'desistência' });
    expect(res.status).toBe(200);
    expect(orderOf(res)).toMatchObject({ status: 'refunded', payments: [{ id: paymentId, status: 'refunded' }] });
    const refunds = fake.requests.filter((req) => req.method === 'POST' && req.path === `/v1/payments/${mpId}/refunds`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].body).toEqual({ amount: 225 });
    expect(refunds[0].headers['x-idempotency-key']).toBeTruthy();
    expect(fake.payments.get(Number(mpId))).toMatchObject({ status: 'refunded', transaction_amount_refunded: 225 });

    let rows = await stored(order.id);
    expect(rows.order.status).toBe('refunded');
    expect(rows.order.history.at(-1)).toMatchObject({ status: 'refunded', by: { kind: 'user' } });
    expect(rows.payments).toMatchObject([{ status: 'refunded' }]);
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body)).toEqual({
      eventId: ids.event,
      access: false,
      reason: null,
    });
    // Mercado Pago's own notification of the refund changes nothing more.
    expect(await fake.notify(webhookUrl, mpId)).toBe(200);
    rows = await stored(order.id);
    expect(rows.order.history.filter((entry) => entry.status === 'refunded')).toHaveLength(1);
    expect((await cms('post', `/orders/${order.id}/refund`, {})).body.msg).toBe('orders.error.notPaid');
    expect(refunds).toHaveLength(1);
  });

  it('takes a chargeback (charged_back, notified) as a refund and revokes the access', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const paid = orderOf(await payCard(buyer, created.id, fake.addCardToken({ number: MASTER }), 1));
    expect(paid.status).toBe('paid');
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body).access).toBe(true);
    const mpId = await mpIdOf(paid.payments[0].id);

    fake.setStatus(mpId, 'charged_back');
    expect(await fake.notify(webhookUrl, mpId)).toBe(200);
    const rows = await stored(created.id);
    expect(rows.order.status).toBe('refunded');
    expect(rows.order.history.at(-1)).toMatchObject({ status: 'refunded', by: { kind: 'provider', name: 'mercadopago' } });
    expect(rows.payments).toMatchObject([{ status: 'refunded' }]);
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body).access).toBe(false);
    expect(fake.requests.some((req) => req.path === `/v1/payments/${mpId}/refunds`)).toBe(false);
  });

  it('keeps the order paid when the refund call fails (502), and refunds on the next try', async () => {
    const buyer = await newBuyer();
    const { order, mpId } = await buyByPix(buyer);
    fake.failNext(500);
    const failed = await cms('post', `/orders/${order.id}/refund`, {});
    expect(failed.body).toEqual({ data: null, msg: 'payments.error.unavailable', status: 502 });
    expect((await stored(order.id)).order.status).toBe('paid');
    expect(fake.payments.get(Number(mpId))?.status).toBe('approved');
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body).access).toBe(true);
    const again = await cms('post', `/orders/${order.id}/refund`, {});
    expect(again.status).toBe(200);
    expect(orderOf(again).status).toBe('refunded');
    expect(fake.payments.get(Number(mpId))?.refunds).toHaveLength(1);
  });

  it('finds a charge whose answer was lost when its notification comes, and pays the order with it', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const token = fake.addCardToken({ number: MASTER });
    fake.loseNextCharge();
    const res = await payCard(buyer, created.id, token, 1);
    expect(res.status).toBe(502);
    let rows = await stored(created.id);
    expect(rows.payments).toMatchObject([{ status: 'cancelled', providerRef: null }]);
    // Mercado Pago made (and approved) the charge all the same; it carries our payment id.
    const charge = [...fake.payments.values()].find((payment) => payment.metadata.payment_id === rows.payments[0].id);
    expect(charge?.status).toBe('approved');
    expect(await fake.notify(webhookUrl, String(charge?.id))).toBe(200);
    rows = await stored(created.id);
    expect(rows.order.status).toBe('paid');
    expect(rows.payments).toMatchObject([{ status: 'approved', providerRef: String(charge?.id), cardLast4: '6351' }]);
    // Delivered again: nothing more.
    expect(await fake.notify(webhookUrl, String(charge?.id))).toBe(200);
    expect((await stored(created.id)).order.history.filter((entry) => entry.status === 'paid')).toHaveLength(1);
  });

  it('refunds by itself a second charge the bank approved after another paid the order; the order stays paid (issue 47, item 6)', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const pix = await payPix(buyer, created.id);
    const pixId = await mpIdOf(pix.payments[0].id);
    const card = await payCard(buyer, created.id, fake.addCardToken({ number: MASTER }), 1);
    expect(orderOf(card).status).toBe('paid');
    // The new charge cancelled the PIX at Mercado Pago.
    expect(fake.requests.some((req) => req.method === 'PUT' && req.path === `/v1/payments/${pixId}`)).toBe(true);
    expect(fake.payments.get(Number(pixId))?.status).toBe('cancelled');
    // The bank paid it all the same (a race at the bank): the money goes back by itself.
    fake.setStatus(pixId, 'approved');
    expect(await fake.notify(webhookUrl, pixId)).toBe(200);
    const rows = await stored(created.id);
    expect(rows.order.status).toBe('paid');
    expect(rows.payments.map((payment) => payment.status)).toEqual(['refunded', 'approved']);
    expect(fake.payments.get(Number(pixId))?.status).toBe('refunded');
    expect((await logLines(server, 'orders.latePayment')).filter((line) => line.includes(created.number))).toEqual([
      expect.stringMatching(/cobrança em dobro\): reembolsado automaticamente\.$/),
    ]);
    // The buyer keeps the access the card paid for.
    expect(parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body).access).toBe(true);
  });

  it('keeps one live PIX per order: a new charge cancels the one before at Mercado Pago (issue 47, item 6)', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const first = await payPix(buyer, created.id);
    const second = await payPix(buyer, created.id);
    const [firstId, secondId] = [await mpIdOf(first.payments[0].id), await mpIdOf(second.payments[1].id)];
    expect(second.payments.map((payment) => payment.status)).toEqual(['cancelled', 'pending']);
    expect(fake.payments.get(Number(firstId))?.status).toBe('cancelled');
    expect(fake.payments.get(Number(secondId))?.status).toBe('pending');
    // Paying the live one pays the order once.
    fake.setStatus(secondId, 'approved');
    expect(await fake.notify(webhookUrl, secondId)).toBe(200);
    expect((await stored(created.id)).order.status).toBe('paid');
  });

  it("cancels an erased account's pending orders and their PIX at Mercado Pago (issue 47, item 7)", async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const pending = await payPix(buyer, created.id);
    const mpId = await mpIdOf(pending.payments[0].id);
    const erased = await server
      .request()
      .delete('/api/site/v1/clients/me')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ password: PASSWORD, confirm: CLIENT_ERASURE_WORD });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const rows = await stored(created.id);
    expect(rows.order.status).toBe('cancelled');
    expect(rows.payments.map((payment) => payment.status)).toEqual(['cancelled']);
    expect(fake.payments.get(Number(mpId))?.status).toBe('cancelled');
  });

  it('writes a payment and its link to the order in one transaction (issue 47, item 9)', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const manager = server.strapi.db.entityManager as unknown as {
      attachRelations: (uid: string, ...rest: unknown[]) => Promise<unknown>;
    };
    const attach = manager.attachRelations.bind(manager);
    let reached!: () => void;
    const atLink = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(manager, 'attachRelations').mockImplementation(async (uid: string, ...rest: unknown[]) => {
      if (uid === 'api::payment.payment') {
        reached();
        await gate;
      }
      return attach(uid, ...rest);
    });
    const before = await committedPaymentRows();
    const paying = site('post', `/orders/${created.id}/payments`, buyer.token, { method: 'pix' }).then((res) => res);
    await atLink;
    // Between the row and its link (where a kill -9 once left a payment of no order), another
    // connection sees nothing of it: both commit together.
    expect(await committedPaymentRows()).toBe(before);
    release();
    expect((await paying).status).toBe(201);
    spy.mockRestore();
    expect(await committedPaymentRows()).toBe(before + 1);
  });

  it('answers 502 payments.error.unavailable when Mercado Pago answers 500, and the order stays pending', async () => {
    const buyer = await newBuyer();
    const before = await couponCounts(server.strapi, ids.coupon);
    const created = await newOrder(buyer, 'MP10');
    fake.failNext(500);
    const res = await site('post', `/orders/${created.id}/payments`, buyer.token, { method: 'pix' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ data: null, msg: 'payments.error.unavailable', status: 502 });

    let rows = await stored(created.id);
    expect(rows.order.status).toBe('pending');
    expect(rows.order.history).toHaveLength(1);
    expect(rows.payments).toMatchObject([{ status: 'cancelled', providerRef: null }]);
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual({ amount: before.amount, reserved: before.reserved + 1 });
    expect(orderOf(await site('get', `/orders/${created.id}`, buyer.token)).status).toBe('pending');

    // Trying again is a new charge, and it works.
    const retried = await payPix(buyer, created.id);
    expect(retried.status).toBe('pending');
    expect(retried.payments.map((payment) => payment.status)).toEqual(['cancelled', 'pending']);
    expect(retried.payments[1].pixCode).toBeTruthy();

    // A notification while the API fails: 502 (Mercado Pago delivers again), nothing changes; the next delivery pays.
    const mpId = await mpIdOf(retried.payments[1].id);
    fake.setStatus(mpId, 'approved');
    fake.failNext(500);
    expect(await fake.notify(webhookUrl, mpId)).toBe(502);
    rows = await stored(created.id);
    expect(rows.order.status).toBe('pending');
    expect(await fake.notify(webhookUrl, mpId)).toBe(200);
    rows = await stored(created.id);
    expect(rows.order.status).toBe('paid');
    expect(rows.payments.map((payment) => payment.status)).toEqual(['cancelled', 'approved']);
    expect(await couponCounts(server.strapi, ids.coupon)).toEqual({ amount: before.amount - 1, reserved: before.reserved });
  });
});
