import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDashboardSchema, generalDashboardSchema } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, createLecture, createRoom, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 15, 'Geral' and 'Evento' (decision 048). A small data set written with the product's own
// batch writers at chosen instants; every figure below is worked out by hand in the comments.
// The event's zone is America/Sao_Paulo (UTC-3): 02:30Z of the 11th is 23:30 of the 10th there.
let server: TestServer;
let token: string;
let attendantToken: string;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);

const cmsDir = path.resolve(__dirname, '../../../cms');
const load = createRequire(__filename);
type PageViews = typeof import('../../../cms/src/analytics/page-views');
type Watch = typeof import('../../../cms/src/analytics/watch');
const { writePageViews } = load(path.join(cmsDir, 'dist/src/analytics/page-views')) as PageViews;
const { writeHeartbeats } = load(path.join(cmsDir, 'dist/src/analytics/watch')) as Watch;

interface Workbook {
  xlsx: { load(data: Buffer): Promise<unknown> };
  worksheets: Array<{ name: string }>;
  getWorksheet(name: string): { rowCount: number; getRow(n: number): { values: unknown } } | undefined;
}
const ExcelJS = load('exceljs') as { Workbook: new () => Workbook };

const ids = { event: 0, other: 0, s1: 0, s2: 0, s3: 0, l1: 0, l2: 0, l3: 0, a: 0, b: 0, c: 0 };
const Z = (iso: string) => new Date(iso);

/** Sets a stored datetime (the engines store them differently: a timestamp, or milliseconds). */
const setTime = async (table: string, column: string, id: number, iso: string) => {
  const pg = server.strapi.db.dialect.client === 'postgres';
  await server.strapi.db.connection.raw(`update ${table} set ${column} = ? where id = ?`, [pg ? Z(iso) : Z(iso).getTime(), id]);
};

const view = (clientId: number | null, page: string, at: string, standId: number | null = null, eventId = ids.event) => ({
  path: `/plataforma/${eventId}-congresso/${page}`,
  referrer: null,
  language: 'pt',
  eventId,
  standId,
  clientId,
  createdAt: Z(at),
});

/** A chat of a stand, its messages (sender, instant) and its creation at the first one. */
const chat = async (standId: number, clientId: number, messages: Array<['client' | 'stand', string]>) => {
  const id = await insert(server.strapi, 'api::chat.chat', {
    stand: standId,
    client: clientId,
    key: `${standId}:${clientId}`,
    waiting: false,
  });
  await setTime('chats', 'created_at', id, messages[0][1]);
  for (const [sender, at] of messages) {
    const message = await insert(server.strapi, 'api::chat-message.chat-message', { chat: id, text: 'Olá', senderType: sender });
    await setTime('chat_messages', 'created_at', message, at);
  }
};

const order = async (
  data: Record<string, unknown>,
  items: Array<{ description: string; price: string; discount: string; quantity: number }>,
) => {
  const id = await insert(server.strapi, 'api::order.order', { method: 'pix', subtotal: data.total, history: [], ...data });
  for (const item of items) await insert(server.strapi, 'api::order-item.order-item', { ...item, order: id, event: data.event });
  return id;
};

beforeAll(async () => {
  server = await startServer('dashboards', { seed: false, env: { PAGE_VIEWS_FLUSH_MS: '600000' } });
  const s = server.strapi;
  const admin = await createStaff(s, { role: 'admin' });
  const attendant = await createStaff(s, { role: 'attendant' });
  token = await sessionToken(server, 'staff', admin.id);
  attendantToken = await sessionToken(server, 'staff', attendant.id);

  ids.event = await createEvent(s, {
    name: 'Congresso Painel',
    startDate: '2026-05-10',
    endDate: '2026-05-11',
    timezone: 'America/Sao_Paulo',
    published: true,
  });
  ids.other = await createEvent(s, { name: 'Outro Evento', startDate: '2026-05-11', published: true });
  ids.s1 = await insert(s, 'api::stand.stand', { name: 'Estande Um', type: 'master', event: ids.event });
  ids.s2 = await insert(s, 'api::stand.stand', { name: 'Estande Dois', type: 'bronze', event: ids.event });
  ids.s3 = await insert(s, 'api::stand.stand', { name: 'Estande Três', type: 'silver', event: ids.event });
  const room = await createRoom(s, ids.event, { name: 'Sala Azul' });
  ids.l1 = await createLecture(s, room, { name: 'Sepse' });
  ids.l2 = await createLecture(s, room, { name: 'Ventilação' });
  ids.l3 = await createLecture(s, room, { name: 'Sem público' });

  ids.a = (await createClient(s)).id;
  ids.b = (await createClient(s)).id;
  ids.c = (await createClient(s)).id;
  // Accounts: A on the 9th at 23:59 local (out of the range), B at 00:00 of the 10th, C on the 11th.
  await setTime('clients', 'created_at', ids.a, '2026-05-10T02:59:00Z');
  await setTime('clients', 'created_at', ids.b, '2026-05-10T03:00:00Z');
  await setTime('clients', 'created_at', ids.c, '2026-05-11T12:00:00Z');
  await s.db.query('api::client.client').updateMany({ where: { id: { $in: [ids.a, ids.c] } }, data: { listedInNetwork: true } });

  const now = Date.now();
  await writePageViews(s, [
    view(ids.a, 'hall-entrada', '2026-05-10T12:00:00Z'), // 1: 09:00 local, 600 s until 2
    view(ids.a, 'hall-estandes-gold', '2026-05-10T12:10:00Z'), // 2: 09:10, 300 s until 3
    view(ids.a, 'estande/1', '2026-05-10T12:15:00Z', ids.s1), // 3: a stand, not a hall
    view(ids.a, 'hall-entrada', '2026-05-10T13:30:00Z'), // 4: 10:30, A's last view of the range: 0 s
    view(ids.b, 'hall-entrada', '2026-05-11T02:30:00Z'), // 5: 23:30 of the 10th, 600 s until 6
    view(ids.b, 'estande/1', '2026-05-11T02:40:00Z', ids.s1), // 6: 23:40 of the 10th
    view(ids.b, 'estande/2', '2026-05-11T13:00:00Z', ids.s2), // 7: 10:00 of the 11th
    view(null, 'hall-entrada', '2026-05-11T13:05:00Z'), // 8: anonymous, 10:05: a visit, no visitor, no time
    view(ids.c, 'hall-entrada', '2026-05-11T13:00:00Z'), // 9: 10:00, C's only view: 0 s
    view(ids.a, 'hall-entrada', '2026-05-12T03:30:00Z'), // 00:30 of the 12th: out of the range
    view(ids.a, 'hall-entrada', '2026-05-11T15:00:00Z', null, ids.other), // another event
    view(ids.b, 'hall-entrada', new Date(now - 60_000).toISOString()), // online now
    view(ids.a, 'hall-entrada', new Date(now - 6 * 60_000).toISOString()), // 6 minutes ago: not online
  ]);

  // Lecture 1 from 14:00:00Z. A: 4 beats 30 s apart (4 × 30 s), a pause, one more at +300 s (30 s,
  // never the gap): 150 s. B: two beats (60 s). C: one (30 s). 240 s = 4.0 min, 3 watchers, 1.3 each.
  // Minutes: 14:00 has A, B, C (3); 14:01 has A, B (2); 14:05 has A (1). Peak 3.
  const hb = (clientId: number, lectureId: number, at: string | Date) => ({ clientId, lectureId, eventId: ids.event, at: new Date(at) });
  const t0 = Date.parse('2026-05-10T14:00:00Z');
  const plus = (seconds: number) => new Date(t0 + seconds * 1000);
  await writeHeartbeats(s, [hb(ids.a, ids.l1, plus(0)), hb(ids.b, ids.l1, plus(30)), hb(ids.c, ids.l1, plus(45))]);
  await writeHeartbeats(s, [hb(ids.a, ids.l1, plus(30)), hb(ids.b, ids.l1, plus(60))]);
  await writeHeartbeats(s, [hb(ids.a, ids.l1, plus(60))]);
  await writeHeartbeats(s, [hb(ids.a, ids.l1, plus(90))]);
  await writeHeartbeats(s, [hb(ids.a, ids.l1, plus(300))]);
  // Lecture 2: A once (30 s). Lecture 3: C watching now (online; a session out of the range).
  await writeHeartbeats(s, [hb(ids.a, ids.l2, '2026-05-10T15:00:00Z'), hb(ids.c, ids.l3, new Date(now - 120_000))]);

  // Stand 1: answers after 120 s (a second client message does not restart it), 600 s and 30 s: median 120.
  await chat(ids.s1, ids.a, [
    ['client', '2026-05-10T12:00:00Z'],
    ['client', '2026-05-10T12:00:30Z'],
    ['stand', '2026-05-10T12:02:00Z'],
  ]);
  await chat(ids.s1, ids.b, [
    ['client', '2026-05-10T13:00:00Z'],
    ['stand', '2026-05-10T13:10:00Z'],
  ]);
  await chat(ids.s1, ids.c, [
    ['client', '2026-05-10T14:00:00Z'],
    ['stand', '2026-05-10T14:00:30Z'],
  ]);
  // Stand 2: 100 s, and 300 s (the stand's message before the client's first does not count): median 200.
  await chat(ids.s2, ids.a, [
    ['client', '2026-05-10T15:00:00Z'],
    ['stand', '2026-05-10T15:01:40Z'],
  ]);
  await chat(ids.s2, ids.b, [
    ['stand', '2026-05-10T14:00:00Z'],
    ['client', '2026-05-10T16:00:00Z'],
    ['stand', '2026-05-10T16:05:00Z'],
  ]);
  // Stand 3: a chat nobody answered: counted, no median.
  await chat(ids.s3, ids.c, [['client', '2026-05-11T10:00:00Z']]);

  // Contacts: two to stand 1 in the range, one later.
  for (const at of ['2026-05-10T12:30:00Z', '2026-05-11T12:30:00Z', '2026-05-20T12:00:00Z']) {
    const id = await insert(s, 'api::contact.contact', {
      subject: 'stand',
      name: 'Visitante',
      email: 'v@exemplo.com.br',
      message: 'Oi',
      stand: ids.s1,
    });
    await setTime('contacts', 'created_at', id, at);
  }

  // Orders: 3 paid in the range (180 with coupon DESC20 of 20, 50, 200) = 430.00; refunded,
  // pending and paid-later ones are not counted. Another event: 99.90.
  const inscricao = { description: 'Inscrição Congresso', price: '200.00', discount: '0.00', quantity: 1 };
  const palestra = { description: 'Palestra Sepse', price: '60.00', discount: '10.00', quantity: 1 };
  const paid = (at: string) => ({ status: 'paid', paidAt: Z(at), event: ids.event });
  await order({ ...paid('2026-05-10T15:00:00Z'), total: '180.00', discount: '20.00', couponCode: 'DESC20' }, [inscricao]);
  await order({ ...paid('2026-05-10T16:00:00Z'), total: '50.00', discount: '0.00' }, [palestra]);
  await order({ ...paid('2026-05-11T16:00:00Z'), total: '200.00', discount: '0.00' }, [inscricao]);
  await order({ ...paid('2026-05-10T17:00:00Z'), status: 'refunded', total: '200.00', discount: '0.00' }, [inscricao]);
  await order({ status: 'pending', event: ids.event, total: '200.00', discount: '0.00' }, [inscricao]);
  await order({ ...paid('2026-05-20T16:00:00Z'), total: '200.00', discount: '0.00' }, [inscricao]);
  await order({ status: 'paid', paidAt: Z('2026-05-11T18:00:00Z'), event: ids.other, total: '99.90', discount: '0.00' }, [
    { description: 'Outro', price: '99.90', discount: '0.00', quantity: 1 },
  ]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const eventUrl = (query = '?from=2026-05-10&to=2026-05-11') => `/dashboards/events/${ids.event}${query}`;

describe('GET /api/cms/v1/dashboards/events/:id', () => {
  it('counts visits and unique visitors per day and per hour of the event zone', async () => {
    const res = await api('get', eventUrl());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = eventDashboardSchema.parse(res.body.data);
    expect(data.range).toEqual({ from: '2026-05-10', to: '2026-05-11', timeZone: 'America/Sao_Paulo' });
    // Views 1-9; visitors A, B, C (the anonymous view is a visit, not a visitor).
    expect(data.totals).toMatchObject({ visits: 9, uniqueVisitors: 3, onlineNow: 2 });
    expect(data.perDay).toEqual([
      { day: '2026-05-10', visits: 6, uniqueVisitors: 2 },
      { day: '2026-05-11', visits: 3, uniqueVisitors: 2 },
    ]);
    const hours = data.perHour.filter((row) => row.visits > 0);
    expect(hours).toEqual([
      { hour: 9, visits: 3, uniqueVisitors: 1 },
      { hour: 10, visits: 4, uniqueVisitors: 3 },
      { hour: 23, visits: 2, uniqueVisitors: 1 },
    ]);
    expect(data.perHour).toHaveLength(24);
  });

  it('ranks halls by visits with their time (until the next view, none for the last)', async () => {
    const data = eventDashboardSchema.parse((await api('get', eventUrl())).body.data);
    expect(data.halls).toEqual([
      { hall: 'hall-entrada', visits: 5, uniqueVisitors: 3, seconds: 1200 },
      { hall: 'hall-estandes-gold', visits: 1, uniqueVisitors: 1, seconds: 300 },
    ]);
  });

  it('ranks stands with their tier, contacts, chats and the median first response', async () => {
    const data = eventDashboardSchema.parse((await api('get', eventUrl())).body.data);
    expect(data.stands).toEqual([
      {
        standId: ids.s1,
        name: 'Estande Um',
        tier: 'master',
        visits: 2,
        uniqueVisitors: 2,
        contacts: 2,
        chats: 3,
        medianFirstResponseSeconds: 120,
      },
      {
        standId: ids.s2,
        name: 'Estande Dois',
        tier: 'bronze',
        visits: 1,
        uniqueVisitors: 1,
        contacts: 0,
        chats: 2,
        medianFirstResponseSeconds: 200,
      },
      {
        standId: ids.s3,
        name: 'Estande Três',
        tier: 'silver',
        visits: 0,
        uniqueVisitors: 0,
        contacts: 0,
        chats: 1,
        medianFirstResponseSeconds: null,
      },
    ]);
    expect(data.totals).toMatchObject({ contacts: 2, chats: 6 });
  });

  it('ranks lectures by peak concurrent watchers, with minutes credited through pauses', async () => {
    const data = eventDashboardSchema.parse((await api('get', eventUrl())).body.data);
    expect(data.lectures).toEqual([
      { lectureId: ids.l1, name: 'Sepse', room: 'Sala Azul', peakWatchers: 3, watchers: 3, minutes: 4, averageMinutes: 1.3 },
      { lectureId: ids.l2, name: 'Ventilação', room: 'Sala Azul', peakWatchers: 1, watchers: 1, minutes: 0.5, averageMinutes: 0.5 },
      { lectureId: ids.l3, name: 'Sem público', room: 'Sala Azul', peakWatchers: 0, watchers: 0, minutes: 0, averageMinutes: 0 },
    ]);
    expect(data.totals.watchMinutes).toBe(4.5);
  });

  it('counts network opt-ins and sales by item and coupon (refunded, pending and later orders left out)', async () => {
    const data = eventDashboardSchema.parse((await api('get', eventUrl())).body.data);
    // A, B and C entered the event (their page views); A and C are listed.
    expect(data.network).toEqual({ attendees: 3, optIns: 2 });
    expect(data.sales).toEqual({
      paidOrders: 3,
      revenue: '430.00',
      byItem: [
        { item: 'Inscrição Congresso', quantity: 2, revenue: '400.00' },
        { item: 'Palestra Sepse', quantity: 1, revenue: '50.00' },
      ],
      byCoupon: [{ coupon: 'DESC20', orders: 1, discount: '20.00', revenue: '180.00' }],
    });
  });

  it("defaults to the event's dates, narrows to a day, and refuses a bad range or an unknown event", async () => {
    const whole = eventDashboardSchema.parse((await api('get', eventUrl(''))).body.data);
    expect(whole.range).toMatchObject({ from: '2026-05-10', to: '2026-05-11' });
    expect(whole.totals.visits).toBe(9);
    const day = eventDashboardSchema.parse((await api('get', eventUrl('?from=2026-05-11&to=2026-05-11'))).body.data);
    expect(day.totals).toMatchObject({ visits: 3, uniqueVisitors: 2 });
    // Lecture 1's sessions are of the 10th only.
    expect(day.lectures.find((row) => row.lectureId === ids.l1)).toMatchObject({ peakWatchers: 0, watchers: 0, minutes: 0 });
    expect((await api('get', eventUrl('?from=2026-05-12&to=2026-05-11'))).status).toBe(400);
    expect((await api('get', eventUrl('?from=2025-01-01&to=2026-05-11'))).status).toBe(400);
    expect((await api('get', eventUrl('?from=10/05/2026'))).status).toBe(400);
    expect((await api('get', '/dashboards/events/999999')).status).toBe(404);
  });
});

describe('GET /api/cms/v1/dashboards/general', () => {
  it('lists events with visitors, online now, accounts per day and sales per event', async () => {
    const res = await api('get', '/dashboards/general?from=2026-05-10&to=2026-05-11');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = generalDashboardSchema.parse(res.body.data);
    expect(data.events).toEqual([
      { eventId: ids.event, name: 'Congresso Painel', visits: 9, uniqueVisitors: 3, paidOrders: 3, revenue: '430.00' },
      { eventId: ids.other, name: 'Outro Evento', visits: 1, uniqueVisitors: 1, paidOrders: 1, revenue: '99.90' },
    ]);
    expect(data.onlineNow).toBe(2);
    expect(data.clientsPerDay).toEqual([
      { day: '2026-05-10', clients: 1 },
      { day: '2026-05-11', clients: 1 },
    ]);
    expect(data.clientsInRange).toBe(2);
    expect(data.clientsTotal).toBe(3);
    expect(data.sales).toEqual([
      { eventId: ids.event, name: 'Congresso Painel', paidOrders: 3, revenue: '430.00' },
      { eventId: ids.other, name: 'Outro Evento', paidOrders: 1, revenue: '99.90' },
    ]);
    expect(data.salesTotal).toEqual({ paidOrders: 4, revenue: '529.90' });
  });

  it('defaults to the last 30 days', async () => {
    const data = generalDashboardSchema.parse((await api('get', '/dashboards/general')).body.data);
    expect(Date.parse(data.range.to) - Date.parse(data.range.from)).toBe(29 * 86_400_000);
    expect(data.clientsPerDay).toHaveLength(30);
  });
});

describe('access and exports', () => {
  it('is for admins only: an attendant is 403, no token 401', async () => {
    for (const url of ['/dashboards/general', `/dashboards/events/${ids.event}`, `/dashboards/events/${ids.event}/export?format=csv`]) {
      const res = await server.request().get(`/api/cms/v1${url}`).set('Authorization', `Bearer ${attendantToken}`);
      expect(res.status, url).toBe(403);
      expect((await server.request().get(`/api/cms/v1${url}`)).status, url).toBe(401);
    }
  });

  const download = (url: string) =>
    api('get', url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('exports the tables as CSV', async () => {
    const res = await download(`/dashboards/events/${ids.event}/export?format=csv&from=2026-05-10&to=2026-05-11`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="painel-evento-${ids.event}-2026-05-10-2026-05-11.csv"`);
    const text = (res.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFFResumo\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toContain('Dia;Visitas;Visitantes únicos');
    expect(lines).toContain('2026-05-10;6;2');
    expect(lines).toContain('hall-entrada;5;3;1200;');
    expect(lines).toContain('Estande Um;master;2;2;2;3;120');
    expect(lines).toContain('Estande Três;silver;0;0;0;1;');
    expect(lines).toContain('Sepse;Sala Azul;3;3;4;1.3');
    expect(lines).toContain('Inscrição Congresso;2;400.00');
    expect(lines).toContain('DESC20;1;20.00;180.00');
    expect((await download(`/dashboards/events/${ids.event}/export?format=pdf`)).status).toBe(400);
  });

  it('exports the tables as XLSX, one sheet per table', async () => {
    const res = await download(`/dashboards/events/${ids.event}/export?format=xlsx&from=2026-05-10&to=2026-05-11`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumo',
      'Por dia',
      'Por hora',
      'Halls',
      'Estandes',
      'Palestras',
      'Vendas por item',
      'Vendas por cupom',
    ]);
    const values = (sheet: string, n: number) => (book.getWorksheet(sheet)?.getRow(n).values as unknown[]).slice(1);
    expect(values('Palestras', 1)).toEqual([
      'Palestra',
      'Sala',
      'Pico simultâneo',
      'Espectadores',
      'Minutos',
      'Média por espectador (min)',
    ]);
    expect(values('Palestras', 2)).toEqual(['Sepse', 'Sala Azul', 3, 3, 4, 1.3]);
    expect(values('Halls', 2)).toEqual(['hall-entrada', 5, 3, 1200, '']);
    expect(book.getWorksheet('Por hora')?.rowCount).toBe(25);
  });
});

describe('watch minutes (decision 048)', () => {
  const minutesOf = async (lectureId: number) =>
    Number(
      (
        (await server.strapi.db.connection('watch_minutes').where({ lecture_id: lectureId }).count({ n: '*' })) as Array<{
          n: number | string;
        }>
      )[0].n,
    );

  it("keep no client: an erased client's minutes stay counted; an event's deletion takes them with its watch sessions", async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Apagável', published: true });
    const lecture = await createLecture(s, await createRoom(s, event));
    const client = await createClient(s);
    const at = Date.parse('2026-05-10T14:00:00Z');
    await writeHeartbeats(s, [
      { clientId: client.id, lectureId: lecture, eventId: event, at: new Date(at) },
      { clientId: client.id, lectureId: lecture, eventId: event, at: new Date(at + 30_000) },
      { clientId: client.id, lectureId: lecture, eventId: event, at: new Date(at + 60_000) },
    ]);
    // Two minutes: 14:00 (two heartbeats, one row) and 14:01.
    expect(await minutesOf(lecture)).toBe(2);
    expect((await api('delete', `/clients?ids=${client.id}`)).status).toBe(200);
    expect(await minutesOf(lecture)).toBe(2);
    expect((await api('delete', `/events?ids=${event}`)).status).toBe(200);
    expect(await minutesOf(lecture)).toBe(0);
  });
});
