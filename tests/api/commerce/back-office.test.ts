import { orderSchema, type Order } from '@plataforma/adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff } from '../helpers/accounts';
import { brCodeCrcValid, commerce, listOf, parsed, siteApi } from '../helpers/commerce';
import { cmsApi, createEvent, createLecture, createRoom, logLines } from '../helpers/event-fixtures';
import { multipart } from '../helpers/stored-files';
import { sessionToken, startServer, withSettings, type TestServer } from '../helpers/strapi';

// 'Pedidos' (admin, decision 045): the server-paged list with search and filters, one order's
// detail, a refund (the access it gave goes with it), a chargeback from the provider, a staff
// grant, and a manual PIX confirmed by the organiser.
let server: TestServer;
let site: ReturnType<typeof siteApi>;
let cms: ReturnType<typeof cmsApi>;
let adminToken: string;
let event: number;
let other: number;
let lecture: number;
const buyers: Array<{ id: number; email: string; token: string }> = [];

const orderOf = (res: { body: { data: unknown; msg?: string; status?: number } }): Order => parsed(orderSchema, res.body);
const list = async (query: string) => parsed(listOf(orderSchema), (await cms('get', `/orders${query}`)).body);

const buyLecture = async (buyer: { token: string }, outcome: 'approved' | 'declined' = 'approved') => {
  const created = orderOf(await site('post', '/orders', buyer.token, { eventId: event, all: false, lectureIds: [lecture] }));
  const pending = orderOf(await site('post', `/orders/${created.id}/payments`, buyer.token, { method: 'pix' }));
  await site('post', `/payments/sandbox/${pending.payments[0].id}/confirm`, buyer.token, { outcome });
  return orderOf(await site('get', `/orders/${created.id}`, buyer.token));
};

beforeAll(async () => {
  server = await startServer('commerce-back-office', { seed: false });
  site = siteApi(server);
  const admin = await createStaff(server.strapi, { role: 'admin' });
  adminToken = await sessionToken(server, 'staff', admin.id);
  cms = cmsApi(server, () => adminToken);
  event = await createEvent(server.strapi, { name: 'Congresso Pago', published: true, value: '200.00', discount: '0', ticketOnly: true });
  other = await createEvent(server.strapi, { name: 'Outro Evento', published: true, value: '50.00', discount: '0' });
  lecture = await createLecture(server.strapi, await createRoom(server.strapi, event), {
    name: 'Aula',
    value: '30.00',
    videoId: 'https://vimeo.com/9',
  });
  for (const email of ['ana@exemplo.com.br', 'bruno@empresa.com.br', 'carla@exemplo.com.br']) {
    const client = await createClient(server.strapi, { email });
    await server.strapi.db
      .query('api::client.client')
      .update({ where: { id: client.id }, data: { name: email.split('@')[0].toUpperCase() } });
    buyers.push({ id: client.id, email, token: await sessionToken(server, 'client', client.id) });
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('the orders list', () => {
  it('pages, searches by number, name and e-mail, filters and orders on the server', async () => {
    const paid = await buyLecture(buyers[0]);
    const failed = await buyLecture(buyers[1], 'declined');
    const pending = orderOf(await site('post', '/orders', buyers[2].token, { eventId: other, all: true }));
    expect([paid.status, failed.status, pending.status]).toEqual(['paid', 'failed', 'pending']);

    const all = await list('');
    expect(all.count).toBe(3);
    expect(all.rows.map((row) => row.id)).toEqual([pending.id, failed.id, paid.id]);
    expect((await list('?limit=1&offset=1')).rows.map((row) => row.id)).toEqual([failed.id]);
    expect((await list('?order=total:asc')).rows.map((row) => row.total)).toEqual(['30.00', '30.00', '50.00']);
    expect((await list(`?search=${paid.number}`)).rows.map((row) => row.id)).toEqual([paid.id]);
    expect((await list('?search=empresa.com')).rows.map((row) => row.id)).toEqual([failed.id]);
    expect((await list('?search=carla')).rows.map((row) => row.id)).toEqual([pending.id]);
    expect((await list('?status=paid')).rows.map((row) => row.id)).toEqual([paid.id]);
    expect((await list(`?eventId=${other}`)).rows.map((row) => row.id)).toEqual([pending.id]);
    expect((await list('?method=pix')).count).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=2020-01-01&to=${today}`)).count).toBe(3);
    expect((await list('?to=2020-01-01')).count).toBe(0);
    expect((await cms('get', '/orders?status=pago')).body.msg).toBe('api.error.invalidFilter');
    expect((await cms('get', '/orders?order=client:asc')).body.msg).toBe('api.error.invalidOrder');

    const detail = orderOf(await cms('get', `/orders/${failed.id}`));
    expect(detail).toMatchObject({
      status: 'failed',
      client: { id: buyers[1].id, email: 'bruno@empresa.com.br' },
      items: [{ kind: 'lecture', lectureId: lecture, total: '30.00' }],
      payments: [{ provider: 'sandbox', method: 'pix', status: 'declined' }],
    });
    expect(detail.history.map((entry) => entry.status)).toEqual(['pending', 'failed']);
    expect((await cms('get', '/orders/987654')).body).toEqual({ data: null, msg: 'orders.error.notFound', status: 404 });
  });
});

describe('refund, chargeback and grant', () => {
  it('refunds a paid order (admin, with a note) and the lecture is no longer theirs', async () => {
    const paid = (await list('?status=paid')).rows[0];
    const owner = buyers.find((buyer) => buyer.id === paid.client.id) as (typeof buyers)[number];
    expect((await site('get', `/lectures/subscribed/${lecture}`, owner.token)).body.data.access).toBe(true);
    const refunded = orderOf(await cms('post', `/orders/${paid.id}/refund`, { note: 'pedido da cliente' }));
    expect(refunded.status).toBe('refunded');
    expect(refunded.payments.map((payment) => payment.status)).toEqual(['refunded']);
    expect(refunded.history.at(-1)).toMatchObject({ status: 'refunded', by: { kind: 'user' }, note: 'pedido da cliente' });
    expect((await site('get', `/lectures/subscribed/${lecture}`, owner.token)).body.data).toMatchObject({ access: false, videoId: null });
    expect((await cms('post', `/orders/${paid.id}/refund`, {})).body.msg).toBe('orders.error.notPaid');
    expect(await logLines(server, 'orders.refunded')).toEqual([`Pedido ${paid.number} reembolsado por Pessoa admin: pedido da cliente.`]);
    // It may be bought again.
    expect((await buyLecture(owner)).status).toBe('paid');
  });

  it('takes a chargeback the provider reports (refunded after paid) as a refund', async () => {
    const { registry } = commerce();
    const buyer = buyers[1];
    const order = await buyLecture(buyer);
    expect(order.status).toBe('paid');
    const sandbox = registry.sandboxProvider();
    const row = (await server.strapi.db.query('api::payment.payment').findOne({
      where: { id: order.payments[0].id },
      select: ['providerRef'],
    })) as { providerRef: string };
    // The bank takes the money back: the provider's status is now 'refunded'; its notification arrives.
    await sandbox?.refund(row.providerRef, 3000);
    const notification = sandbox?.decide(row.providerRef, 'approved');
    const res = await server
      .request()
      .post('/api/site/v1/payments/webhook/sandbox')
      .set('Content-Type', 'application/json')
      .set('x-sandbox-signature', String(notification?.headers['x-sandbox-signature']))
      .send(notification?.rawBody ?? '');
    expect(res.status).toBe(200);
    const after = orderOf(await site('get', `/orders/${order.id}`, buyer.token));
    expect(after.status).toBe('refunded');
    expect(after.history.at(-1)).toMatchObject({ status: 'refunded', by: { kind: 'provider' } });
    expect((await site('get', `/lectures/subscribed/${lecture}`, buyer.token)).body.data.access).toBe(false);
  });

  it('grants a place: an order of the whole event paid at zero, logged with who gave it', async () => {
    const guest = buyers[2];
    expect((await site('get', `/orders/access/${event}`, guest.token)).body.data).toEqual({ eventId: event, access: false, reason: null });
    const granted = await cms('post', '/orders/grant', { eventId: event, clientId: guest.id, note: 'palestrante convidada' });
    expect(granted.status).toBe(201);
    expect(orderOf(granted)).toMatchObject({
      status: 'paid',
      method: 'free',
      total: '0.00',
      items: [{ kind: 'event', eventId: event }],
      payments: [{ provider: 'free', method: 'free', status: 'approved' }],
      history: [
        { status: 'pending', by: { kind: 'user' }, note: 'palestrante convidada' },
        { status: 'paid', by: { kind: 'user' } },
      ],
    });
    expect((await site('get', `/orders/access/${event}`, guest.token)).body.data).toEqual({
      eventId: event,
      access: true,
      reason: 'grant',
    });
    expect((await site('get', `/lectures/subscribed/${lecture}`, guest.token)).body.data).toMatchObject({ access: true, reason: 'grant' });
    expect((await cms('post', '/orders/grant', { eventId: event, clientId: guest.id })).body.msg).toBe('orders.error.alreadyOwned');
    expect((await cms('post', '/orders/grant', { eventId: 987654, clientId: guest.id })).status).toBe(404);
    expect((await site('get', `/orders/access/${event}`, adminToken)).body.data).toEqual({ eventId: event, access: true, reason: 'staff' });
    expect((await site('get', `/lectures/subscribed/${lecture}`, adminToken)).body.data).toMatchObject({ access: true, reason: 'staff' });
  });
});

describe('ticket only', () => {
  it('is saved by the event editor and read back as 0/1; it hides the lectures’ videos of a paid event', async () => {
    const put = (value: string) =>
      multipart(server.request().put(`/api/cms/v1/events/${other}`).set('Authorization', `Bearer ${adminToken}`), { ticketOnly: value });
    expect((await put('1')).status).toBe(200);
    expect((await cms('get', `/events/${other}`)).body.data.ticketOnly).toBe(1);
    const free = await createLecture(server.strapi, await createRoom(server.strapi, other), {
      name: 'Sem preço',
      videoId: 'https://vimeo.com/5',
    });
    expect((await site('get', `/lectures/${free}`)).body.data.videoId).toBeNull();
    expect((await site('get', `/lectures/subscribed/${free}`, buyers[1].token)).body.data).toMatchObject({ access: false, videoId: null });
    expect((await put('0')).status).toBe(200);
    expect((await cms('get', `/events/${other}`)).body.data.ticketOnly).toBe(0);
    expect((await site('get', `/lectures/${free}`)).body.data.videoId).toBe('https://vimeo.com/5');
  });
});

describe('manual PIX', () => {
  it('gives the organiser’s static BR Code, stays pending, and is paid when an admin confirms it', async () => {
    const { registry } = commerce();
    const buyer = buyers[0];
    await withSettings(
      {
        PAYMENT_PROVIDER: 'manual-pix',
        PIX_KEY: 'financeiro@congresso.org.br',
        PIX_MERCHANT_NAME: 'Congresso SA',
        PIX_MERCHANT_CITY: 'Recife',
      },
      async () => {
        registry.openPayments();
        const created = orderOf(await site('post', '/orders', buyer.token, { eventId: other, all: true }));
        const card = await site('post', '/payments/sandbox/card-token', null, {
          number: '4111111111111111',
          holder: 'Ana',
          expiry: '12/30',
          cvv: '123',
        });
        expect(card.status).toBe(404);
        const byCard = await site('post', `/orders/${created.id}/payments`, buyer.token, {
          method: 'card',
          cardToken: 'x'.repeat(20),
          installments: 1,
          cpf: '52998224725',
        });
        expect(byCard.body.msg).toBe('orders.error.methodUnavailable');
        const pending = orderOf(await site('post', `/orders/${created.id}/payments`, buyer.token, { method: 'pix' }));
        const payment = pending.payments[0];
        expect(payment).toMatchObject({ provider: 'manual-pix', status: 'pending' });
        expect(payment.pixCode).toContain('financeiro@congresso.org.br');
        expect(payment.pixCode).toContain('5912Congresso SA6006Recife');
        expect(payment.pixCode).toContain('540550.00');
        expect(brCodeCrcValid(payment.pixCode ?? '')).toBe(true);
        expect((await site('post', `/payments/sandbox/${payment.id}/confirm`, buyer.token, { outcome: 'approved' })).status).toBe(404);
        expect(orderOf(await site('get', `/orders/${created.id}`, buyer.token)).status).toBe('pending');

        const confirmed = orderOf(await cms('post', `/orders/${created.id}/confirm`, { note: 'extrato de hoje' }));
        expect(confirmed).toMatchObject({ status: 'paid', method: 'pix', payments: [{ status: 'approved' }] });
        expect(confirmed.history.at(-1)).toMatchObject({ status: 'paid', by: { kind: 'user' }, note: 'extrato de hoje' });
        expect((await cms('post', `/orders/${created.id}/confirm`, {})).body.msg).toBe('orders.error.notPending');
        const another = orderOf(await site('post', '/orders', buyers[2].token, { eventId: other, all: true }));
        expect((await cms('post', `/orders/${another.id}/confirm`, {})).body.msg).toBe('orders.error.noManualPayment');
      },
    );
    // The variables are restored: the provider is made again from them.
    registry.openPayments();
    expect(registry.paymentProvider().name).toBe('sandbox');
  });

  it('holds in the database what the wire says', async () => {
    const rows = (await server.strapi.db.query('api::order.order').findMany({
      where: { status: 'paid' },
      select: ['id', 'status', 'method', 'total', 'paidAt', 'history'],
      populate: { items: { select: ['price', 'discount'] }, payments: { select: ['status', 'provider'] } },
    })) as Array<{ method: string; paidAt: unknown; history: unknown; payments: Array<{ status: string }> }>;
    expect(rows.length).toBeGreaterThan(0);
    const indexes =
      server.database.kind === 'postgres'
        ? (
            (await server.strapi.db.connection.raw(
              "select indexname as name from pg_indexes where tablename in ('orders', 'payments')",
            )) as {
              rows: Array<{ name: string }>;
            }
          ).rows
        : ((await server.strapi.db.connection.raw("select name from sqlite_master where type = 'index'")) as Array<{ name: string }>);
    expect(indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['orders_status_expires_at_idx', 'orders_created_at_idx', 'payments_provider_ref_idx']),
    );
    for (const row of rows) {
      expect(row.paidAt).toBeTruthy();
      expect(Array.isArray(row.history)).toBe(true);
      expect(row.payments.some((payment) => payment.status === 'approved')).toBe(true);
    }
  });
});
