import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../helpers/accounts';
import { couponCounts } from '../helpers/commerce';
import { cmsApi, createEvent, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 14 (decision 051): the stock /admin Content Manager writes through Strapi's document
// service; orders, their items and payments are read only there (money moves through the back
// office's refund, PIX confirmation and grant), and a coupon is held to the back office's schema
// and checks, its `reserved` count never typed in. The content API has no routes for these types.
let server: TestServer;
let adminToken = '';
let apiToken = '';
let staffToken = '';
let event = 0;
const ADMIN = { email: 'gestora.pedidos@exemplo.com.br', password: 'Senha#Forte2026' };
const ORDER = 'api::order.order';
const ITEM = 'api::order-item.order-item';
const PAYMENT = 'api::payment.payment';
const COUPON = 'api::coupon.coupon';
const READ_ONLY = 'Pedidos e pagamentos mudam só pelo back office (Pedidos): reembolso, confirmação de PIX e concessão.';
const INVALID = 'Dados inválidos. Confira os campos e tente novamente.';
const row = { order: { id: 0, documentId: '' }, item: { id: 0, documentId: '' }, payment: { id: 0, documentId: '' } };
const coupon = { id: 0, documentId: '' };

type Body = Record<string, unknown>;
const cm = (method: 'get' | 'post' | 'put' | 'delete', url: string, body?: Body) => {
  const req = server.request()[method](`/content-manager/collection-types/${url}`).set('Authorization', `Bearer ${adminToken}`);
  return body ? req.send(body) : req;
};

const refusal = (res: { status: number; body: Body }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const error = res.body.error as { name: string; details: { errors: Array<{ path: string[]; message: string }> } };
  expect(error.name).toBe('ValidationError');
  return error.details.errors.map((entry) => ({ path: entry.path.join('.'), message: entry.message }));
};

const stored = (uid: string, id: number, select: string[]) =>
  server.strapi.db.query(uid).findOne({ where: { id }, select }) as Promise<Record<string, unknown>>;
const documentOf = async (uid: string, id: number) => ({ id, documentId: String((await stored(uid, id, ['documentId'])).documentId) });

beforeAll(async () => {
  server = await startServer('commerce-content-manager', {
    seed: false,
    env: { STRAPI_ADMIN_EMAIL: ADMIN.email, STRAPI_ADMIN_PASSWORD: ADMIN.password },
  });
  const login = await server.request().post('/admin/login').send(ADMIN);
  expect(login.status).toBe(200);
  adminToken = login.body.data.token;
  apiToken = (
    (await server.strapi
      .service('admin::api-token')
      .create({ name: 'integração', type: 'full-access', lifespan: null, description: '' })) as {
      accessKey: string;
    }
  ).accessKey;
  staffToken = await sessionToken(server, 'staff', (await createStaff(server.strapi, { role: 'admin' })).id);
  event = await createEvent(server.strapi, { name: 'Congresso Pago', published: true, value: '100.00', discount: '0' });
  // A pending order holding one use of its coupon, with its item and its PIX payment.
  const couponId = await insert(server.strapi, COUPON, { code: 'BEMVINDO', value: 10, percent: false, amount: 5, reserved: 1, event });
  Object.assign(coupon, await documentOf(COUPON, couponId));
  const orderId = await insert(server.strapi, ORDER, {
    event,
    coupon: couponId,
    couponCode: 'BEMVINDO',
    status: 'pending',
    method: 'pix',
    subtotal: 100,
    discount: 10,
    total: 90,
    history: [{ status: 'pending', at: '2026-11-27T10:00:00.000Z' }],
  });
  row.order = await documentOf(ORDER, orderId);
  row.item = await documentOf(
    ITEM,
    await insert(server.strapi, ITEM, { order: orderId, event, description: 'Congresso', price: 100, quantity: 1 }),
  );
  row.payment = await documentOf(
    PAYMENT,
    await insert(server.strapi, PAYMENT, { order: orderId, provider: 'sandbox', method: 'pix', status: 'pending', amount: 90 }),
  );
});

afterAll(async () => {
  await server?.stop();
});

describe('orders, their items and payments in the Content Manager', () => {
  it('are listed and read', async () => {
    const list = await cm('get', ORDER);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.results.map((entry: { id: number }) => entry.id)).toEqual([row.order.id]);
    const one = await cm('get', `${PAYMENT}/${row.payment.documentId}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: row.payment.id, amount: 90, method: 'pix' });
  });

  it("refuse setting an order 'paid': the row, its coupon's uses and the log unchanged", async () => {
    const before = await stored(ORDER, row.order.id, ['status', 'paidAt', 'history', 'total']);
    // Strapi 5's Content Manager takes a body's `status` for draft & publish's: refused before any write.
    expect(refusal(await cm('put', `${ORDER}/${row.order.documentId}`, { status: 'paid' }))).toEqual([
      { path: 'status', message: 'Invalid status' },
    ]);
    // Any other field of the order: refused by the rules, with the reason.
    const paid = { paidAt: '2026-11-27T11:00:00.000Z', total: 0, history: [{ status: 'paid' }] };
    expect(refusal(await cm('put', `${ORDER}/${row.order.documentId}`, paid))).toEqual([{ path: '', message: READ_ONLY }]);
    expect(await stored(ORDER, row.order.id, ['status', 'paidAt', 'history', 'total'])).toEqual(before);
    expect(before.status).toBe('pending');
    expect(await couponCounts(server.strapi, coupon.id)).toEqual({ amount: 5, reserved: 1 });
    expect(await logLines(server, 'orders.')).toEqual([]);
  });

  it('refuse every other write: create, clone, delete, bulk delete; an item or a payment edited', async () => {
    expect(refusal(await cm('post', ORDER, { total: 1, event: { connect: [{ id: event }] } }))).toEqual([{ path: '', message: READ_ONLY }]);
    expect(refusal(await cm('post', `${ORDER}/clone/${row.order.documentId}`, { total: 0 }))).toEqual([{ path: '', message: READ_ONLY }]);
    expect(refusal(await cm('delete', `${ORDER}/${row.order.documentId}`))).toEqual([{ path: '', message: READ_ONLY }]);
    expect((await cm('post', `${ORDER}/actions/bulkDelete`, { documentIds: [row.order.documentId] })).status).toBe(400);
    expect(refusal(await cm('put', `${ITEM}/${row.item.documentId}`, { price: 0 }))).toEqual([{ path: '', message: READ_ONLY }]);
    const payment = await stored(PAYMENT, row.payment.id, ['status', 'amount', 'paidAt']);
    expect(refusal(await cm('put', `${PAYMENT}/${row.payment.documentId}`, { amount: 1, paidAt: '2026-11-27T11:00:00.000Z' }))).toEqual([
      { path: '', message: READ_ONLY },
    ]);
    expect(await stored(PAYMENT, row.payment.id, ['status', 'amount', 'paidAt'])).toEqual(payment);
    expect(refusal(await cm('delete', `${PAYMENT}/${row.payment.documentId}`))).toEqual([{ path: '', message: READ_ONLY }]);
    expect(await server.strapi.db.query(ORDER).count({})).toBe(1);
    expect(await server.strapi.db.query(ITEM).count({})).toBe(1);
    expect(await server.strapi.db.query(PAYMENT).count({})).toBe(1);
  });
});

describe('a coupon in the Content Manager', () => {
  it("never takes a typed 'reserved', on an update or a create", async () => {
    const current = await cm('get', `${COUPON}/${coupon.documentId}`);
    expect(current.body.data).toMatchObject({ code: 'BEMVINDO', reserved: 1 });
    expect(refusal(await cm('put', `${COUPON}/${coupon.documentId}`, { ...current.body.data, reserved: 0 }))).toEqual([
      { path: 'reserved', message: 'As reservas do cupom são contadas pelos pedidos pendentes e não podem ser editadas.' },
    ]);
    expect(await couponCounts(server.strapi, coupon.id)).toEqual({ amount: 5, reserved: 1 });
    const made = refusal(
      await cm('post', COUPON, { code: 'NOVO10', value: 10, percent: false, amount: 3, reserved: 2, event: { connect: [{ id: event }] } }),
    );
    expect(made).toEqual([
      { path: 'reserved', message: 'As reservas do cupom são contadas pelos pedidos pendentes e não podem ser editadas.' },
    ]);
    expect(await server.strapi.db.query(COUPON).count({})).toBe(1);
  });

  it("is held to the back office's schema and checks: code, value, percentage, event, code free, uses above the reserved", async () => {
    const update = (body: Body) => cm('put', `${COUPON}/${coupon.documentId}`, body);
    expect(refusal(await update({ code: 'tem espaço' }))).toEqual([{ path: 'code', message: INVALID }]);
    expect(refusal(await update({ code: 'minusculo' }))).toEqual([{ path: 'code', message: INVALID }]);
    expect(refusal(await update({ value: -5 }))).toEqual([{ path: 'value', message: INVALID }]);
    expect(refusal(await update({ percent: true, value: 150 }))).toEqual([{ path: 'value', message: INVALID }]);
    expect(refusal(await update({ amount: 0 }))).toEqual([
      { path: 'amount', message: 'A quantidade não pode ficar abaixo dos usos reservados por pedidos pendentes.' },
    ]);
    expect(refusal(await update({ expiresAt: '2026-02-31' }))).toEqual([{ path: 'expiresAt', message: INVALID }]);
    const noEvent = await cm('post', COUPON, { code: 'SEMEVENTO', value: 5, amount: 1 });
    expect(refusal(noEvent)).toEqual([{ path: 'event', message: 'Evento não encontrado.' }]);
    const other = await cm('post', COUPON, { code: 'OUTRO', value: 5, amount: 1, event: { connect: [{ id: event }] } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(refusal(await update({ code: 'OUTRO' }))).toEqual([{ path: 'code', message: 'Este código de cupom já está em uso.' }]);
    expect(await stored(COUPON, coupon.id, ['code', 'value', 'percent', 'amount', 'expiresAt'])).toMatchObject({
      code: 'BEMVINDO',
      amount: 5,
      expiresAt: null,
    });
    expect(await logLines(server, 'coupons.')).toEqual([`Criou cupom nº ${other.body.data.id} (pelo Content Manager).`]);
  });

  it('takes a good edit (the whole form, its reserved count as stored) and logs it', async () => {
    const current = (await cm('get', `${COUPON}/${coupon.documentId}`)).body.data as Body;
    const saved = await cm('put', `${COUPON}/${coupon.documentId}`, {
      ...current,
      code: 'BEMVINDO20',
      percent: true,
      value: 20,
      amount: 1,
      expiresAt: '2026-12-31',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await stored(COUPON, coupon.id, ['code', 'amount', 'reserved', 'expiresAt'])).toMatchObject({
      code: 'BEMVINDO20',
      amount: 1,
      reserved: 1,
      expiresAt: '2026-12-31',
    });
    expect((await logLines(server, 'coupons.')).at(-1)).toBe(`Alterou cupom nº ${coupon.id} (pelo Content Manager).`);
    // A percentage above 100 with what is stored (the write says only the value).
    expect(refusal(await cm('put', `${COUPON}/${coupon.documentId}`, { value: 150 }))).toEqual([{ path: 'value', message: INVALID }]);
    expect(await logLines(server, 'coupons.update')).toHaveLength(1);
  });

  it('is never deleted while an order names it; one no order names is', async () => {
    expect(refusal(await cm('delete', `${COUPON}/${coupon.documentId}`))).toEqual([
      { path: '', message: 'Há pedidos registrados ligados a este registro, por isso ele não pode ser excluído.' },
    ]);
    expect(await server.strapi.db.query(COUPON).count({ where: { id: coupon.id } })).toBe(1);
    const free = (await server.strapi.db.query(COUPON).findOne({ where: { code: 'OUTRO' }, select: ['id', 'documentId'] })) as {
      id: number;
      documentId: string;
    };
    expect((await cm('delete', `${COUPON}/${free.documentId}`)).status).toBe(200);
    expect((await logLines(server, 'coupons.')).at(-1)).toBe(`Excluiu cupom nº ${free.id} (pelo Content Manager).`);
  });
});

describe("the back office's coupon route", () => {
  it('refuses uses below the reserved ones too (the same check)', async () => {
    const cms = cmsApi(server, () => staffToken);
    const res = await cms('put', `/coupons/${coupon.id}`, { value: '20', amount: 0 });
    expect(res.body).toMatchObject({ msg: 'coupons.error.belowReserved', status: 409 });
    expect(await couponCounts(server.strapi, coupon.id)).toEqual({ amount: 1, reserved: 1 });
  });
});

describe('the content API (a full-access API token)', () => {
  it('has no routes for orders, payments or coupons: nothing to read or write there', async () => {
    for (const plural of ['orders', 'order-items', 'payments', 'coupons']) {
      const read = await server.request().get(`/api/${plural}`).set('Authorization', `Bearer ${apiToken}`);
      expect(read.status, plural).toBe(404);
      const write = await server
        .request()
        .post(`/api/${plural}`)
        .set('Authorization', `Bearer ${apiToken}`)
        .send({ data: { status: 'paid' } });
      // 404 or 405: no route takes the write.
      expect([404, 405], plural).toContain(write.status);
    }
    expect(await server.strapi.db.query(ORDER).count({})).toBe(1);
  });
});
