import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponSchema } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Coupons of an event: code upper case without spaces and one coupon's only (409, whatever the
// case and also when two saves race), value in reais or a percentage up to 100, uses left, expiry.
let server: TestServer;
let token: string;
let eventId: number;
let otherEventId: number;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const COUPON = 'api::coupon.coupon';

beforeAll(async () => {
  server = await startServer('cms-coupons', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'cupons@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  eventId = await createEvent(server.strapi, { name: 'Congresso' });
  otherEventId = await createEvent(server.strapi, { name: 'Outro' });
});

afterAll(async () => {
  await server?.stop();
});

describe('coupons', () => {
  it('creates a coupon', async () => {
    const res = await api('post', '/coupons', { eventId, code: 'AMIB2026', value: '50', amount: '100', expiresAt: '2026-11-30' });
    expect(res.status).toBe(201);
    expect(couponSchema.parse(res.body.data)).toEqual({
      id: res.body.data.id,
      eventId,
      code: 'AMIB2026',
      value: '50.00',
      percent: 0,
      amount: 100,
      expiresAt: '2026-11-30',
    });
    const percent = await api('post', '/coupons', { eventId: otherEventId, code: 'DEZ-POR-CENTO', value: '10', percent: '1' });
    expect(percent.body.data).toMatchObject({ percent: 1, value: '10.00', amount: 0, expiresAt: null, eventId: otherEventId });
    const row = (await server.strapi.db.query(COUPON).findOne({ where: { id: percent.body.data.id } })) as { percent: boolean };
    expect(row.percent).toBe(true);
  });

  it('refuses a bad code, a percentage over 100 and an event that does not exist', async () => {
    const before = await server.strapi.db.query(COUPON).count({});
    for (const code of ['amib', 'COM ESPAÇO', 'AB', 'ÇÃO2026']) {
      expect((await api('post', '/coupons', { eventId, code, value: '5' })).body.msg, code).toBe('api.error.invalidBody');
    }
    expect((await api('post', '/coupons', { eventId, code: 'CEMUM', value: '101', percent: 1 })).body.msg).toBe('api.error.invalidBody');
    expect((await api('post', '/coupons', { eventId, code: 'SEMVALOR' })).body.msg).toBe('api.error.invalidBody');
    expect((await api('post', '/coupons', { eventId: 9999, code: 'NADA', value: '5' })).body).toEqual({
      data: null,
      msg: 'api.error.eventNotFound',
      status: 404,
    });
    expect(await server.strapi.db.query(COUPON).count({})).toBe(before);
  });

  it('keeps a code to one coupon, whatever the case, also when two saves race', async () => {
    const taken = await api('post', '/coupons', { eventId: otherEventId, code: 'AMIB2026', value: '5' });
    expect(taken.body).toEqual({ data: null, msg: 'coupons.error.codeTaken', status: 409 });
    // A row written elsewhere in lower case still holds its code.
    await insert(server.strapi, COUPON, { code: 'legado', value: 1, event: eventId });
    expect((await api('post', '/coupons', { eventId, code: 'LEGADO', value: '5' })).body.msg).toBe('coupons.error.codeTaken');
    const race = await Promise.all([1, 2, 3].map(() => api('post', '/coupons', { eventId, code: 'CORRIDA', value: '5' })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(race.filter((r) => r.status === 409).map((r) => r.body.msg)).toEqual(['coupons.error.codeTaken', 'coupons.error.codeTaken']);
    expect(await server.strapi.db.query(COUPON).count({ where: { code: 'CORRIDA' } })).toBe(1);
  });

  it('edits a coupon: its own code stays free to it, another’s is taken', async () => {
    const id = await insert(server.strapi, COUPON, { code: 'EDITAR', value: 20, percent: false, event: eventId });
    const same = await api('put', `/coupons/${id}`, { code: 'EDITAR', amount: 3 });
    expect(same.body).toMatchObject({ status: 200, msg: 'api.updated', data: { code: 'EDITAR', amount: 3, value: '20.00' } });
    expect((await api('put', `/coupons/${id}`, { code: 'AMIB2026' })).body.msg).toBe('coupons.error.codeTaken');
    // 20 as a percentage is fine; 150 is not, whether the value or the flag comes alone.
    expect((await api('put', `/coupons/${id}`, { percent: 1 })).body.data).toMatchObject({ percent: 1, value: '20.00' });
    expect((await api('put', `/coupons/${id}`, { value: '150' })).body.msg).toBe('api.error.invalidBody');
    await api('put', `/coupons/${id}`, { percent: 0, value: '150' });
    expect((await api('put', `/coupons/${id}`, { percent: 1 })).body.msg).toBe('api.error.invalidBody');
    const cleared = await api('put', `/coupons/${id}`, { expiresAt: '' });
    expect(cleared.body.data).toMatchObject({ expiresAt: null, percent: 0, value: '150.00', code: 'EDITAR' });
    // The event of a coupon does not change.
    await api('put', `/coupons/${id}`, { eventId: otherEventId });
    const row = (await server.strapi.db.query(COUPON).findOne({ where: { id }, populate: { event: { select: ['id'] } } })) as {
      event: { id: number };
    };
    expect(row.event.id).toBe(eventId);
    expect((await api('put', '/coupons/9999', { amount: 1 })).body).toEqual({ data: null, msg: 'api.error.couponNotFound', status: 404 });
  });

  it('lists an event’s coupons with search and order', async () => {
    const list = await api('get', `/coupons?eventId=${eventId}&order=code:asc`);
    expect(list.status).toBe(200);
    expect(list.body.data.rows.map((c: { code: string }) => c.code)).toEqual(['AMIB2026', 'CORRIDA', 'EDITAR', 'legado']);
    expect(list.body.data.count).toBe(4);
    const all = await api('get', '/coupons');
    expect(all.body.data.count).toBe(5);
    expect(all.body.data.rows[0].id).toBeGreaterThan(all.body.data.rows[1].id);
    expect((await api('get', '/coupons?search=amib')).body.data.rows.map((c: { code: string }) => c.code)).toEqual(['AMIB2026']);
    expect((await api('get', '/coupons?eventId=9999')).body.msg).toBe('api.error.eventNotFound');
    expect((await api('get', `/coupons/${list.body.data.rows[0].id}`)).body.data.code).toBe('AMIB2026');
  });

  it('deletes coupons, not one an order used, and logs every change', async () => {
    const free = await insert(server.strapi, COUPON, { code: 'APAGAR', value: 1, event: eventId });
    const used = await insert(server.strapi, COUPON, { code: 'USADO', value: 1, event: eventId });
    await insert(server.strapi, 'api::order.order', { status: 'paid', coupon: used });
    expect((await api('delete', `/coupons?ids=${used}`)).body).toEqual({ data: null, msg: 'api.error.hasOrders', status: 409 });
    expect((await api('delete', `/coupons?ids=${free}`)).body).toEqual({
      data: { ids: [free], count: 1 },
      msg: 'api.deleted',
      status: 200,
    });
    expect(await server.strapi.db.query(COUPON).count({ where: { id: { $in: [free, used] } } })).toBe(1);
    const lines = await logLines(server, 'coupons.');
    expect(lines.filter((l) => l.startsWith('Criou cupom'))).toHaveLength(3);
    expect(lines).toContain(`Excluiu cupom nº ${free}.`);
  });
});
