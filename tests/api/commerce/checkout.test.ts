import { eventAccessSchema, lectureAccessSchema, orderSchema, quoteSchema, type Order } from '@plataforma/adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/accounts';
import { brCodeCrcValid, commerce, couponCounts, listOf, parsed, siteApi } from '../helpers/commerce';
import { createEvent, createLecture, createRoom, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The checkout on the site (decision 045), on the database the suite is given (SQLite, or
// PostgreSQL with DATABASE_URL): prices recomputed on the server, every coupon rule, PIX through
// the sandbox's bank and its signed webhook (replayed, reordered), cards, expiry, access.
let server: TestServer;
let site: ReturnType<typeof siteApi>;
let token: string;
let soft: string;
let clientId: number;
const ids = {
  event: 0,
  other: 0,
  paidLecture: 0,
  cheapLecture: 0,
  freeLecture: 0,
  otherLecture: 0,
  pct10: 0,
  one: 0,
  old: 0,
  otherEvent: 0,
  empty: 0,
  full: 0,
};

const newBuyer = async () => {
  const client = await createClient(server.strapi);
  return { id: client.id, token: await sessionToken(server, 'client', client.id) };
};

const orderOf = (res: { body: { data: unknown } }): Order => parsed(orderSchema, res.body);

/** Pays a pending order by PIX and has the sandbox's bank decide it (through the webhook handler). */
const payByPix = async (orderId: number, who: string, outcome: 'approved' | 'declined' = 'approved') => {
  const paid = await site('post', `/orders/${orderId}/payments`, who, { method: 'pix' });
  expect(paid.status).toBe(201);
  const order = orderOf(paid);
  const payment = order.payments.at(-1);
  if (!payment) throw new Error('no payment');
  const confirmed = await site('post', `/payments/sandbox/${payment.id}/confirm`, who, { outcome });
  expect(confirmed.status).toBe(200);
  return { order, payment };
};

beforeAll(async () => {
  server = await startServer('commerce-checkout', { seed: false });
  site = siteApi(server);
  const { strapi } = server;
  ids.event = await createEvent(strapi, { published: true, value: '300.00', discount: '50.00', installments: 1, slug: 'congresso' });
  ids.other = await createEvent(strapi, { name: 'Outro', published: true, value: '0', discount: '0' });
  const room = await createRoom(strapi, ids.event);
  ids.paidLecture = await createLecture(strapi, room, { name: 'Paga', value: '80.00', discount: '10.00', videoId: 'https://vimeo.com/1' });
  ids.cheapLecture = await createLecture(strapi, room, {
    name: 'Barata',
    value: '40.00',
    startTime: '10:00:00.000',
    endTime: '11:00:00.000',
    videoId: 'https://vimeo.com/2',
  });
  ids.freeLecture = await createLecture(strapi, room, {
    name: 'Livre',
    value: '0',
    startTime: '12:00:00.000',
    endTime: '13:00:00.000',
    videoId: 'https://vimeo.com/3',
  });
  ids.otherLecture = await createLecture(strapi, await createRoom(strapi, ids.other), { name: 'De outro', value: '10.00' });
  const coupon = (code: string, data: Record<string, unknown>) =>
    insert(strapi, 'api::coupon.coupon', { code, percent: false, value: '0', amount: 5, reserved: 0, expiresAt: '2030-12-31', ...data });
  ids.pct10 = await coupon('PCT10', { percent: true, value: '10.00', event: ids.event });
  ids.one = await coupon('UMAVEZ', { value: '5.00', amount: 1, event: ids.event });
  ids.old = await coupon('VELHO', { value: '5.00', expiresAt: '2020-01-01', event: ids.event });
  ids.otherEvent = await coupon('OUTRO', { value: '5.00', event: ids.other });
  ids.empty = await coupon('ESGOTADO', { value: '5.00', amount: 0, event: ids.event });
  ids.full = await coupon('CEMPORCENTO', { percent: true, value: '100.00', event: ids.event });
  const client = await createClient(server.strapi, { email: 'compradora@exemplo.com.br' });
  clientId = client.id;
  token = await sessionToken(server, 'client', client.id);
  const softLogin = await server.request().post('/auth/soft/login').send({ email: 'compradora@exemplo.com.br' });
  expect(softLogin.status).toBe(200);
  soft = softLogin.body.data.token;
});

afterAll(async () => {
  await server?.stop();
});

describe('quote', () => {
  it('prices a cart from the database; an amount in the request is refused', async () => {
    const res = await site('post', '/orders/quote', token, {
      eventId: ids.event,
      all: false,
      lectureIds: [ids.paidLecture],
      couponCode: ' pct 10 ',
    });
    expect(res.status).toBe(200);
    expect(parsed(quoteSchema, res.body)).toMatchObject({
      items: [{ kind: 'lecture', lectureId: ids.paidLecture, price: '80.00', discount: '10.00', total: '70.00' }],
      coupon: { code: 'PCT10', value: '10.00', percent: 1 },
      subtotal: '70.00',
      couponDiscount: '7.00',
      total: '63.00',
      installments: 1,
    });
    const tampered = await site('post', '/orders/quote', token, { eventId: ids.event, all: true, total: '1.00' });
    expect(tampered.body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    const tamperedOrder = await site('post', '/orders', token, { eventId: ids.event, all: true, lectureIds: [], total: '1.00' });
    expect(tamperedOrder.status).toBe(400);
    expect(await server.strapi.db.query('api::order.order').count({})).toBe(0);
  });

  it('answers a key for every coupon rule and every bad item', async () => {
    const quote = (body: object) =>
      site('post', '/orders/quote', token, { eventId: ids.event, all: false, lectureIds: [ids.paidLecture], ...body });
    const keys = [
      await quote({ couponCode: 'NAOEXISTE' }),
      await quote({ couponCode: 'velho' }),
      await quote({ couponCode: 'OUTRO' }),
      await quote({ couponCode: 'ESGOTADO' }),
      await quote({ lectureIds: [] }),
      await quote({ lectureIds: [ids.otherLecture] }),
      await quote({ lectureIds: [987654] }),
      await site('post', '/orders/quote', null, { eventId: 987654, all: true }),
    ].map((res) => `${res.status} ${res.body.msg}`);
    expect(keys).toEqual([
      '404 coupons.error.unknown',
      '422 coupons.error.expired',
      '422 coupons.error.notApplicable',
      '422 coupons.error.exhausted',
      '400 orders.error.emptyCart',
      '404 orders.error.unknownItem',
      '404 orders.error.unknownItem',
      '404 api.error.eventNotFound',
    ]);
  });
});

describe('a soft session', () => {
  it('cannot buy nor read orders', async () => {
    const created = await site('post', '/orders', soft, { eventId: ids.event, all: true });
    expect(created.body).toEqual({ data: null, msg: 'orders.error.fullAccountRequired', status: 403 });
    expect((await site('get', '/orders', soft)).status).toBe(403);
    expect((await site('post', '/orders', null, { eventId: ids.event, all: true })).status).toBe(401);
  });
});

describe('PIX through the sandbox', () => {
  let order: Order;

  it('creates a pending order, reserves the coupon, and hides the priced lecture’s video', async () => {
    const res = await site('post', '/orders', token, {
      eventId: ids.event,
      all: false,
      lectureIds: [ids.paidLecture],
      couponCode: 'PCT10',
    });
    expect(res.status).toBe(201);
    order = orderOf(res);
    expect(order).toMatchObject({
      number: `PE-${String(order.id).padStart(6, '0')}`,
      status: 'pending',
      method: null,
      event: { id: ids.event, slug: 'congresso' },
      client: { id: clientId, email: 'compradora@exemplo.com.br' },
      couponCode: 'PCT10',
      subtotal: '70.00',
      couponDiscount: '7.00',
      total: '63.00',
      payments: [],
      history: [{ status: 'pending', by: { kind: 'client', id: clientId } }],
    });
    expect(order.expiresAt).not.toBeNull();
    expect(await couponCounts(server.strapi, ids.pct10)).toEqual({ amount: 5, reserved: 1 });
    const access = parsed(lectureAccessSchema, (await site('get', `/lectures/subscribed/${ids.paidLecture}`, token)).body);
    expect(access).toEqual({ lectureId: ids.paidLecture, access: false, reason: null, videoId: null });
    expect((await site('get', `/lectures/${ids.paidLecture}`)).body.data.videoId).toBeNull();
    expect(
      (await site('get', `/lectures/event/${ids.event}`)).body.data.rows.map((row: { videoId: string | null }) => row.videoId),
    ).toEqual([null, null, 'https://vimeo.com/3']);
  });

  it('answers a valid BR Code that expires, then pays once the bank approves (webhook path)', async () => {
    const paid = await site('post', `/orders/${order.id}/payments`, token, { method: 'pix' });
    expect(paid.status).toBe(201);
    const pending = orderOf(paid);
    const payment = pending.payments[0];
    expect(payment).toMatchObject({ provider: 'sandbox', method: 'pix', status: 'pending', amount: '63.00' });
    expect(payment.pixCode).toMatch(/^000201/);
    expect(payment.pixCode).toContain('br.gov.bcb.pix');
    expect(payment.pixCode).toContain('540563.00');
    expect(brCodeCrcValid(payment.pixCode ?? '')).toBe(true);
    const minutes = (Date.parse(payment.expiresAt ?? '') - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);

    // Issue 47, item 13: the sandbox's bank approves only for the payer (or staff): nobody else, and not without a session.
    expect((await site('post', `/payments/sandbox/${payment.id}/confirm`, null, { outcome: 'approved' })).status).toBe(401);
    const stranger = await newBuyer();
    expect((await site('post', `/payments/sandbox/${payment.id}/confirm`, stranger.token, { outcome: 'approved' })).status).toBe(404);
    expect(orderOf(await site('get', `/orders/${order.id}`, token)).status).toBe('pending');
    const confirmed = await site('post', `/payments/sandbox/${payment.id}/confirm`, token, { outcome: 'approved' });
    expect(confirmed.status).toBe(200);
    const read = orderOf(await site('get', `/orders/${order.id}`, token));
    expect(read).toMatchObject({ status: 'paid', method: 'pix', payments: [{ status: 'approved' }] });
    expect(read.paidAt).not.toBeNull();
    expect(read.history.map((entry) => [entry.status, entry.by.kind])).toEqual([
      ['pending', 'client'],
      ['paid', 'provider'],
    ]);
    expect(await couponCounts(server.strapi, ids.pct10)).toEqual({ amount: 4, reserved: 0 });
    const access = parsed(lectureAccessSchema, (await site('get', `/lectures/subscribed/${ids.paidLecture}`, token)).body);
    expect(access).toEqual({ lectureId: ids.paidLecture, access: true, reason: 'order', videoId: 'https://vimeo.com/1' });
    // The public reads still carry no video: it is the buyer's only.
    expect((await site('get', `/lectures/${ids.paidLecture}`)).body.data.videoId).toBeNull();
    // The lecture is theirs: buying it again is refused.
    expect((await site('post', '/orders/quote', token, { eventId: ids.event, all: false, lectureIds: [ids.paidLecture] })).body.msg).toBe(
      'orders.error.alreadyOwned',
    );
    expect(await logLines(server, 'orders.paid')).toEqual([`Pedido ${order.number} pago pelo provedor de pagamento sandbox.`]);
  });

  it('pays once whatever the webhook deliveries: the same one five times, in parallel, and a forged one', async () => {
    const { registry, orders } = commerce();
    const sandbox = registry.sandboxProvider();
    if (!sandbox) throw new Error('sandbox expected');
    const buyer = await newBuyer();
    const created = orderOf(await site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.cheapLecture] }));
    const pending = orderOf(await site('post', `/orders/${created.id}/payments`, buyer.token, { method: 'pix' }));
    const row = (await server.strapi.db.query('api::payment.payment').findOne({
      where: { id: pending.payments[0].id },
      select: ['providerRef'],
    })) as { providerRef: string };
    const notification = sandbox.decide(row.providerRef, 'approved');
    if (!notification) throw new Error('no notification');
    const deliver = (body: string, signature: string) =>
      server
        .request()
        .post('/api/site/v1/payments/webhook/sandbox')
        .set('Content-Type', 'application/json')
        .set('x-sandbox-signature', signature)
        .send(body);
    const signature = String(notification.headers['x-sandbox-signature']);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(notification.rawBody, signature)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const forged = await deliver(notification.rawBody.replace('payment', 'pagamento'), signature);
    expect(forged.body).toEqual({ data: null, msg: 'payments.error.invalidSignature', status: 401 });
    expect((await deliver(notification.rawBody, '')).status).toBe(401);
    expect((await server.request().post('/api/site/v1/payments/webhook/mercadopago').send({})).status).toBe(404);
    const read = orderOf(await site('get', `/orders/${created.id}`, buyer.token));
    expect(read.status).toBe('paid');
    expect(read.history.filter((entry) => entry.status === 'paid')).toHaveLength(1);
    expect(read.payments.map((payment) => payment.status)).toEqual(['approved']);
    expect((await logLines(server, 'orders.paid')).filter((line) => line.includes(created.number))).toHaveLength(1);

    // Out of order: a 'pending' answered after 'approved' changes nothing.
    const payment = (await server.strapi.db.query('api::payment.payment').findOne({
      where: { id: pending.payments[0].id },
      populate: { order: { select: ['id'] } },
    })) as Parameters<typeof orders.applyChargeResult>[1];
    await orders.applyChargeResult(
      server.strapi,
      payment,
      { providerRef: row.providerRef, status: 'pending', pixCode: null, cardBrand: null, cardLast4: null, paidAt: null },
      { kind: 'provider', id: null, name: 'sandbox' },
    );
    expect(orderOf(await site('get', `/orders/${created.id}`, buyer.token)).status).toBe('paid');
  });

  it('a declined PIX fails the order and releases its coupon', async () => {
    const buyer = await newBuyer();
    const created = orderOf(
      await site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.paidLecture], couponCode: 'PCT10' }),
    );
    expect(await couponCounts(server.strapi, ids.pct10)).toEqual({ amount: 4, reserved: 1 });
    await payByPix(created.id, buyer.token, 'declined');
    const read = orderOf(await site('get', `/orders/${created.id}`, buyer.token));
    expect(read).toMatchObject({ status: 'failed', payments: [{ status: 'declined' }] });
    expect(await couponCounts(server.strapi, ids.pct10)).toEqual({ amount: 4, reserved: 0 });
  });
});

describe('cards in the sandbox', () => {
  const tokenFor = async (number: string) =>
    site('post', '/payments/sandbox/card-token', null, { number, holder: 'Maria Teste', expiry: '12/30', cvv: '123' });

  it('approves 4111 1111 1111 1111 and keeps only the brand and last digits', async () => {
    const buyer = await newBuyer();
    const card = await tokenFor('4111 1111 1111 1111');
    expect(card.status).toBe(201);
    expect(card.body.data).toMatchObject({ brand: 'visa', last4: '1111' });
    const created = orderOf(await site('post', '/orders', buyer.token, { eventId: ids.event, all: true, lectureIds: [] }));
    expect(created.total).toBe('250.00');
    const tooMany = await site('post', `/orders/${created.id}/payments`, buyer.token, {
      method: 'card',
      cardToken: card.body.data.token,
      installments: 3,
      cpf: '52998224725',
    });
    expect(tooMany.body.msg).toBe('api.error.invalidBody');
    const paid = await site('post', `/orders/${created.id}/payments`, buyer.token, {
      method: 'card',
      cardToken: card.body.data.token,
      installments: 1,
      cpf: '52998224725',
    });
    expect(paid.status).toBe(201);
    expect(orderOf(paid)).toMatchObject({
      status: 'paid',
      method: 'card',
      payments: [{ method: 'card', status: 'approved', cardBrand: 'visa', cardLast4: '1111', installments: 1 }],
    });
    const stored = JSON.stringify(await server.strapi.db.query('api::payment.payment').findMany({}));
    expect(stored).not.toContain('4111111111111111');
    // The whole event: every lecture of it, and the event itself.
    const access = parsed(eventAccessSchema, (await site('get', `/orders/access/${ids.event}`, buyer.token)).body);
    expect(access).toEqual({ eventId: ids.event, access: true, reason: 'order' });
    expect((await site('get', `/lectures/subscribed/${ids.cheapLecture}`, buyer.token)).body.data).toMatchObject({
      access: true,
      reason: 'order',
    });
  });

  it('declines 4000 0000 0000 0002 (the order fails) and refuses numbers that are not test cards', async () => {
    const buyer = await newBuyer();
    const card = await tokenFor('4000000000000002');
    const created = orderOf(await site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.cheapLecture] }));
    const paid = await site('post', `/orders/${created.id}/payments`, buyer.token, {
      method: 'card',
      cardToken: card.body.data.token,
      installments: 1,
      cpf: '52998224725',
    });
    expect(orderOf(paid)).toMatchObject({ status: 'failed', payments: [{ status: 'declined', cardLast4: '0002' }] });
    expect((await tokenFor('4242424242424242')).body.msg).toBe('payments.error.invalidCard');
    expect((await site('post', `/orders/${created.id}/payments`, buyer.token, { method: 'pix' })).body.msg).toBe('orders.error.notPending');
  });
});

describe('coupons under load, expiry and zero totals', () => {
  it('gives a one-use coupon to exactly one of 20 parallel checkouts, and it is paid once', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer()));
    const answers = await Promise.all(
      buyers.map((buyer) =>
        site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.cheapLecture], couponCode: 'UMAVEZ' }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(
      answers.filter((res) => res.status !== 201).every((res) => res.body.msg === 'coupons.error.exhausted' && res.status === 422),
    ).toBe(true);
    expect(await couponCounts(server.strapi, ids.one)).toEqual({ amount: 1, reserved: 1 });
    const winner = answers.findIndex((res) => res.status === 201);
    const order = orderOf(answers[winner]);
    await payByPix(order.id, buyers[winner].token);
    expect(orderOf(await site('get', `/orders/${order.id}`, buyers[winner].token)).status).toBe('paid');
    expect(await couponCounts(server.strapi, ids.one)).toEqual({ amount: 0, reserved: 0 });
    const held = await server.strapi.db.query('api::order.order').count({ where: { coupon: { id: ids.one } } });
    const paid = await server.strapi.db.query('api::order.order').count({ where: { coupon: { id: ids.one }, status: 'paid' } });
    expect([held, paid]).toEqual([1, 1]);
  });

  it('expires a pending order past its deadline (on read, and by the sweeper) and releases the coupon', async () => {
    const buyer = await newBuyer();
    const first = orderOf(
      await site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.cheapLecture], couponCode: 'PCT10' }),
    );
    const second = orderOf(
      await site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.paidLecture], couponCode: 'PCT10' }),
    );
    expect((await couponCounts(server.strapi, ids.pct10)).reserved).toBe(2);
    const past = new Date(Date.now() - 60_000);
    await server.strapi.db
      .query('api::order.order')
      .updateMany({ where: { id: { $in: [first.id, second.id] } }, data: { expiresAt: past } });
    const read = orderOf(await site('get', `/orders/${first.id}`, buyer.token));
    expect(read.status).toBe('expired');
    expect(read.history.at(-1)?.by.kind).toBe('system');
    expect((await couponCounts(server.strapi, ids.pct10)).reserved).toBe(1);
    expect(await commerce().orders.sweepExpired(server.strapi)).toBe(1);
    expect((await couponCounts(server.strapi, ids.pct10)).reserved).toBe(0);
    expect((await site('post', `/orders/${second.id}/payments`, buyer.token, { method: 'pix' })).body.msg).toBe('orders.error.notPending');
  });

  it('cancels a pending order on request (its coupon back) and pays a zero total at once', async () => {
    const buyer = await newBuyer();
    const created = orderOf(
      await site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.cheapLecture], couponCode: 'PCT10' }),
    );
    const cancelled = await site('post', `/orders/${created.id}/cancel`, buyer.token);
    expect(orderOf(cancelled).status).toBe('cancelled');
    expect((await couponCounts(server.strapi, ids.pct10)).reserved).toBe(0);
    expect((await site('post', `/orders/${created.id}/cancel`, buyer.token)).body.msg).toBe('orders.error.notPending');

    const free = orderOf(
      await site('post', '/orders', buyer.token, {
        eventId: ids.event,
        all: false,
        lectureIds: [ids.cheapLecture],
        couponCode: 'CEMPORCENTO',
      }),
    );
    expect(free).toMatchObject({
      status: 'paid',
      method: 'free',
      total: '0.00',
      couponDiscount: '40.00',
      payments: [{ provider: 'free', status: 'approved' }],
    });
    expect(await couponCounts(server.strapi, ids.full)).toEqual({ amount: 4, reserved: 0 });
    const freeEvent = orderOf(await site('post', '/orders', buyer.token, { eventId: ids.other, all: true }));
    expect(freeEvent).toMatchObject({ status: 'paid', method: 'free', total: '0.00' });
  });
});

describe('my orders', () => {
  it('lists the client’s own orders, newest first; another’s answers 404', async () => {
    const res = await site('get', '/orders', token);
    const list = parsed(listOf(orderSchema), res.body);
    expect(list.count).toBe(1);
    expect(list.rows.every((row) => row.client.id === clientId)).toBe(true);
    const buyer = await newBuyer();
    const theirs = orderOf(await site('post', '/orders', buyer.token, { eventId: ids.event, all: false, lectureIds: [ids.cheapLecture] }));
    expect((await site('get', `/orders/${theirs.id}`, token)).body).toEqual({ data: null, msg: 'orders.error.notFound', status: 404 });
    expect((await site('post', `/orders/${theirs.id}/cancel`, token)).status).toBe(404);
    const mine = orderOf(await site('post', '/orders', token, { eventId: ids.event, all: false, lectureIds: [ids.cheapLecture] }));
    const again = parsed(listOf(orderSchema), (await site('get', '/orders', token)).body);
    expect(again.rows.map((row) => row.id)).toEqual([mine.id, list.rows[0].id]);
  });

  it('lists the events the client holds through a paid order among their events', async () => {
    const buyer = await newBuyer();
    expect((await site('get', '/events/me', buyer.token)).body.data.count).toBe(0);
    await site('post', '/orders', buyer.token, { eventId: ids.other, all: true });
    const mine = (await site('get', '/events/me', buyer.token)).body.data.rows.map((row: { id: number }) => row.id);
    expect(mine).toEqual([ids.other]);
  });

  it('gives free lectures to anyone and priced ones to no visitor', async () => {
    expect((await site('get', `/lectures/subscribed/${ids.freeLecture}`, soft)).body.data).toEqual({
      lectureId: ids.freeLecture,
      access: true,
      reason: 'free',
      videoId: 'https://vimeo.com/3',
    });
    // A soft session (an e-mail anyone could type) never opens what was bought.
    expect((await site('get', `/lectures/subscribed/${ids.paidLecture}`, soft)).body.data.access).toBe(false);
    expect((await site('get', `/lectures/subscribed/${ids.paidLecture}`)).status).toBe(401);
    expect((await site('get', `/orders/access/${ids.event}`, token)).body.data).toEqual({
      eventId: ids.event,
      access: false,
      reason: null,
    });
    expect((await site('get', `/orders/access/${ids.other}`, token)).body.data).toEqual({
      eventId: ids.other,
      access: true,
      reason: 'free',
    });
  });
});
