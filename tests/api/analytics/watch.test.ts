import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, createStaff } from '../helpers/accounts';
import { createEvent, createLecture, createRoom, insert, onAround } from '../helpers/event-fixtures';
import { analyticsPending, flushAnalytics, heartbeatFastPathAnswered, sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 15, "What is recorded": lecture watching. POST /api/site/v1/watch/heartbeat is accepted
// at once (202), written in batches, and the server credits each heartbeat itself: at most 30 s,
// never more than the time since the client's previous heartbeat of the lecture (decision 047).
let server: TestServer;
let eventId = 0;
let lecture = 0;
let otherLecture = 0;
let hiddenLecture = 0;

const WATCH = 'api::watch-session.watch-session';
/**
 * Ten hours ago, on a minute: the lectures below are on from an hour before it to two hours from
 * now (only a lecture on now is credited: decision 102), so the faked clocks of the tests and the
 * real one of the others fall within them, and no faked clock runs ahead of the real one.
 */
const T0 = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 3_600_000;
const ON = onAround(T0, 12);
/** The server's clock, `seconds` after T0 (only Date is faked: timers and sockets stay real). */
const at = (seconds: number) => vi.setSystemTime(T0 + seconds * 1000);

beforeAll(async () => {
  // Batches only when the test flushes: what waits and what is written is then certain.
  server = await startServer('analytics-watch', { seed: false, env: { PAGE_VIEWS_FLUSH_MS: '600000' } });
  eventId = await createEvent(server.strapi, { name: 'Congresso Assistido', published: true });
  const room = await createRoom(server.strapi, eventId);
  lecture = await createLecture(server.strapi, room, { name: 'Sepse na UTI', ...ON });
  otherLecture = await createLecture(server.strapi, room, { name: 'Ventilação', ...ON });
  const draft = await createEvent(server.strapi, { name: 'Rascunho', published: false });
  hiddenLecture = await createLecture(server.strapi, await createRoom(server.strapi, draft));
}, 180_000);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await server?.stop();
});

const beat = (token: string | null, body: object) =>
  server
    .request()
    .post('/api/site/v1/watch/heartbeat')
    .set(token ? { Authorization: `Bearer ${token}` } : {})
    .send(body);

interface WatchRow {
  seconds: number;
  heartbeats: number;
  firstHeartbeatAt: string | number | Date;
  lastHeartbeatAt: string | number | Date;
  client: { id: number } | null;
  lecture: { id: number } | null;
  event: { id: number } | null;
}
const sessionsOf = async (clientId: number): Promise<WatchRow[]> =>
  (await server.strapi.db.query(WATCH).findMany({
    where: { client: { id: clientId } },
    populate: { client: { select: ['id'] }, lecture: { select: ['id'] }, event: { select: ['id'] } },
    orderBy: { id: 'asc' },
  })) as WatchRow[];
const iso = (value: string | number | Date) => new Date(value).toISOString();

describe('POST /api/site/v1/watch/heartbeat', () => {
  it('answers 202 at once and writes the watch session with the next batch', async () => {
    const client = await createClient(server.strapi);
    // Signed in a minute ago: the first heartbeat reports the 30 s played before it.
    const token = await sessionToken(server, 'client', client.id, { startedAt: Date.now() - 60_000 });
    const res = await beat(token, { lectureId: lecture });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ status: 202, msg: 'watch.recorded', data: { lectureId: lecture } });
    expect(new Date(res.body.data.acceptedAt).toISOString()).toBe(res.body.data.acceptedAt);
    // Accepted, not written yet.
    expect(await sessionsOf(client.id)).toEqual([]);
    expect(analyticsPending(server).heartbeats).toBe(1);
    await flushAnalytics(server);
    expect(analyticsPending(server).heartbeats).toBe(0);
    const [row] = await sessionsOf(client.id);
    expect(row).toMatchObject({ seconds: 30, heartbeats: 1, client: { id: client.id }, lecture: { id: lecture }, event: { id: eventId } });
    expect(iso(row.firstHeartbeatAt)).toBe(res.body.data.acceptedAt);
    expect(iso(row.lastHeartbeatAt)).toBe(res.body.data.acceptedAt);
  });

  it('credits at most 30 s a heartbeat, only the elapsed time when sooner, and 30 s after a pause or a gap', async () => {
    const ana = await createClient(server.strapi);
    const bia = await createClient(server.strapi);
    // Signed in a minute before the first heartbeat (nothing is credited before a session began).
    const anaToken = await sessionToken(server, 'client', ana.id, { startedAt: T0 - 60_000 });
    const biaToken = await sessionToken(server, 'client', bia.id, { startedAt: T0 - 60_000 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const steps: Array<[number, string, number]> = [
      [0, anaToken, lecture], // the first: the 30 s of playing before it → 30
      [30, anaToken, lecture], // 30 s later → 30 (60)
      [30, biaToken, lecture], // Bia's first → 30
      [40, anaToken, lecture], // only 10 s later (a seek, a second tab) → 10 (70)
      [60, biaToken, lecture], // → 30 (Bia: 60)
    ];
    for (const [second, token, lectureId] of steps) {
      at(second);
      expect((await beat(token, { lectureId })).status).toBe(202);
    }
    // Half written: the next heartbeats are credited against the stored last one.
    await flushAnalytics(server);
    const later: Array<[number, string, number]> = [
      [340, anaToken, lecture], // after 5 minutes paused or in a hidden tab → 30, never the gap (100)
      [370, anaToken, lecture], // → 30 (130)
      [385, anaToken, lecture], // 15 s later → 15 (145)
      [385, anaToken, otherLecture], // another lecture at the same second: its own session, but one lecture at a time → 0
      [3985, biaToken, lecture], // an hour later → 30 (Bia: 90)
    ];
    for (const [second, token, lectureId] of later) {
      at(second);
      expect((await beat(token, { lectureId })).status).toBe(202);
    }
    await flushAnalytics(server);
    vi.useRealTimers();

    const anas = await sessionsOf(ana.id);
    expect(anas.map((row) => [row.lecture?.id, row.seconds, row.heartbeats])).toEqual([
      [lecture, 145, 6],
      [otherLecture, 0, 1],
    ]);
    expect(iso(anas[0].firstHeartbeatAt)).toBe(new Date(T0).toISOString());
    expect(iso(anas[0].lastHeartbeatAt)).toBe(new Date(T0 + 385_000).toISOString());
    const bias = await sessionsOf(bia.id);
    expect(bias.map((row) => [row.lecture?.id, row.seconds, row.heartbeats])).toEqual([[lecture, 90, 3]]);
    // One watch session per client and lecture, whatever the batches.
    expect(await server.strapi.db.query(WATCH).count({ where: { lecture: { id: lecture }, client: { id: ana.id } } })).toBe(1);
  });

  it('credits one lecture at a time: twelve lectures posted together credit the wall clock once (issue 47, item 3)', async () => {
    const client = await createClient(server.strapi);
    // Signed in long before: the first heartbeat's 30 s of playing count.
    const token = await sessionToken(server, 'client', client.id, { startedAt: T0 });
    const room = await createRoom(server.strapi, eventId);
    const twelve: number[] = [];
    for (let index = 0; index < 12; index += 1)
      twelve.push(await createLecture(server.strapi, room, { name: `Palestra ${index + 1}`, ...ON }));
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12 heartbeats a minute, one to each lecture 5 s apart, for 3 minutes, written in three batches.
    for (let minute = 0; minute < 3; minute += 1) {
      for (let index = 0; index < 12; index += 1) {
        at(20_000 + minute * 60 + index * 5);
        expect((await beat(token, { lectureId: twelve[index] })).status).toBe(202);
      }
      await flushAnalytics(server);
    }
    vi.useRealTimers();
    const total = (await sessionsOf(client.id)).reduce((sum, row) => sum + Number(row.seconds), 0);
    // The first heartbeat's 30 s of playing before it, then 5 s each: 3 min 25 s, where 18 minutes were credited before.
    expect(total).toBe(30 + 35 * 5);
  });

  it('signs in, then 12 heartbeats a minute to 12 lectures for 3 minutes: at most 3 minutes credited (issue 47, done when)', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id, { startedAt: T0 + 30_000_000 });
    const room = await createRoom(server.strapi, eventId);
    const twelve: number[] = [];
    for (let index = 0; index < 12; index += 1)
      twelve.push(await createLecture(server.strapi, room, { name: `Ataque ${index + 1}`, ...ON }));
    vi.useFakeTimers({ toFake: ['Date'] });
    // The session begins at 30,000 s; one heartbeat every 5 s from 5 s later to 180 s.
    for (let minute = 0; minute < 3; minute += 1) {
      for (let index = 0; index < 12; index += 1) {
        at(30_000 + minute * 60 + (index + 1) * 5);
        expect((await beat(token, { lectureId: twelve[index] })).status).toBe(202);
      }
      await flushAnalytics(server);
    }
    vi.useRealTimers();
    const rows = await sessionsOf(client.id);
    expect(rows.reduce((sum, row) => sum + Number(row.heartbeats), 0)).toBe(36);
    // The wall clock once since the session began: 180 s, where 18 minutes were credited before issue 47.
    expect(rows.reduce((sum, row) => sum + Number(row.seconds), 0)).toBe(180);
  });

  it('credits only a lecture on now or a recording held, that the client may watch, from a full session (issue 47, item 3)', async () => {
    const room = await createRoom(server.strapi, eventId);
    const HOUR = 3_600_000;
    const free = (name: string, data: Record<string, unknown>) => createLecture(server.strapi, room, { name, ...data });
    // Twelve lectures on now, as above; one over two hours ago; one that starts in 10 minutes
    // (within the 15-minute margin) and one in 30; a priced one on now; one of a ticket-only paid event.
    const now = Date.now();
    const twelve: number[] = [];
    for (let index = 0; index < 12; index += 1) twelve.push(await free(`Ao vivo ${index + 1}`, ON));
    const over = await free('Encerrada', onAround(T0 - 3 * HOUR, 1));
    const soon = await free('Daqui a 10 min', onAround(now + HOUR + 10 * 60_000, 1));
    const later = await free('Daqui a 30 min', onAround(now + HOUR + 30 * 60_000, 1));
    const priced = await free('Paga', { ...onAround(now), value: 50 });
    const pricedOver = await free('Paga e encerrada', { ...onAround(now - 3 * HOUR, 1), value: 50 });
    const ticketEvent = await createEvent(server.strapi, { name: 'Só com ingresso', published: true, ticketOnly: true, value: 100 });
    const ticketed = await createLecture(server.strapi, await createRoom(server.strapi, ticketEvent), {
      name: 'Com ingresso',
      ...onAround(now),
    });

    const full = await createClient(server.strapi);
    const fullToken = await sessionToken(server, 'client', full.id, { startedAt: T0 });
    // A soft session (an e-mail only) of another client: refused with its key, nothing queued.
    const victim = await createClient(server.strapi);
    const soft = await server.request().post('/auth/soft/login').send({ email: victim.email });
    expect(soft.status, JSON.stringify(soft.body)).toBe(200);
    const softToken = soft.body.data.token as string;

    vi.useFakeTimers({ toFake: ['Date'] });
    const refusals: Array<[string, number, number, string]> = [];
    for (let minute = 0; minute < 3; minute += 1) {
      for (let index = 0; index < 12; index += 1) {
        at(25_000 + minute * 60 + index * 5);
        expect((await beat(fullToken, { lectureId: twelve[index] })).status).toBe(202);
        const refused = await beat(softToken, { lectureId: twelve[index] });
        refusals.push(['soft', twelve[index], refused.status, refused.body.msg]);
      }
      await flushAnalytics(server);
    }
    vi.useRealTimers();
    expect(new Set(refusals.map(([, , status, msg]) => `${status} ${msg}`))).toEqual(new Set(['403 watch.error.fullAccountRequired']));
    // 36 heartbeats over 175 s: the wall clock once, from the first heartbeat's 30 s of playing.
    const credited = (await sessionsOf(full.id)).reduce((sum, row) => sum + Number(row.seconds), 0);
    expect(credited).toBe(30 + 175);
    expect(credited).toBeLessThan(12 * 180);
    expect(await sessionsOf(victim.id)).toEqual([]);

    const other = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', other.id);
    const expectRefused = async (lectureId: number, status: number, msg: string) => {
      const res = await beat(token, { lectureId });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ status, msg, data: null });
    };
    await expectRefused(over, 409, 'watch.error.notLive');
    await expectRefused(later, 409, 'watch.error.notLive');
    await expectRefused(priced, 403, 'watch.error.noAccess');
    await expectRefused(pricedOver, 403, 'watch.error.noAccess');
    await expectRefused(ticketed, 403, 'watch.error.noAccess');
    expect((await beat(token, { lectureId: soon })).status).toBe(202);
    await flushAnalytics(server);
    expect((await sessionsOf(other.id)).map((row) => row.lecture?.id)).toEqual([soon]);

    // Bought (a paid order of both, written after the refusals above were kept): credited, the
    // one over too (its recording); refunded, refused again.
    const order = await insert(server.strapi, 'api::order.order', {
      status: 'paid',
      method: 'pix',
      total: 100,
      history: [],
      client: other.id,
      event: eventId,
    });
    for (const sold of [priced, pricedOver])
      await insert(server.strapi, 'api::order-item.order-item', {
        order,
        lecture: sold,
        event: eventId,
        price: 50,
        discount: 0,
        quantity: 1,
      });
    expect((await beat(token, { lectureId: priced })).status).toBe(202);
    expect((await beat(token, { lectureId: pricedOver })).status).toBe(202);
    await server.strapi.db.query('api::order.order').update({ where: { id: order }, data: { status: 'refunded' } });
    await expectRefused(priced, 403, 'watch.error.noAccess');
    // The whole event held (a staff grant or a ticket): a free lecture's recording counts after it ended.
    await insert(server.strapi, 'api::order.order', {
      status: 'paid',
      method: 'free',
      total: 0,
      history: [],
      client: other.id,
      event: eventId,
      items: [await insert(server.strapi, 'api::order-item.order-item', { event: eventId, price: 0, discount: 0, quantity: 1 })],
    });
    expect((await beat(token, { lectureId: over })).status).toBe(202);
    await flushAnalytics(server);
    const rows = await sessionsOf(other.id);
    expect(new Map(rows.map((row) => [row.lecture?.id, row.heartbeats]))).toEqual(
      new Map([
        [soon, 1],
        [priced, 1],
        [pricedOver, 1],
        [over, 1],
      ]),
    );
  });

  it('refuses a soft session the same way on the fast path and the route', async () => {
    const client = await createClient(server.strapi);
    const soft = await server.request().post('/auth/soft/login').send({ email: client.email });
    const token = soft.body.data.token as string;
    const before = heartbeatFastPathAnswered();
    const fast = await server
      .request()
      .post('/api/site/v1/watch/heartbeat')
      .set({ Host: 'plataforma.test', Origin: 'http://plataforma.test', Authorization: `Bearer ${token}` })
      .send({ lectureId: lecture });
    expect(heartbeatFastPathAnswered()).toBe(before + 1);
    const routed = await server
      .request()
      .post('/api/site/v1/watch/heartbeat')
      .set({ Host: 'plataforma.test', Origin: 'https://outro.example', Authorization: `Bearer ${token}` })
      .send({ lectureId: lecture });
    expect([fast.status, routed.status]).toEqual([403, 403]);
    expect(fast.body).toEqual({ data: null, msg: 'watch.error.fullAccountRequired', status: 403 });
    expect(routed.body).toEqual(fast.body);
    expect(analyticsPending(server).heartbeats).toBe(0);
  });

  it('adds up heartbeats of one session that arrive together, in time order, in one batch', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id, { startedAt: T0 });
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const second of [0, 30, 50, 200, 230]) {
      at(10_000 + second);
      expect((await beat(token, { lectureId: lecture })).status).toBe(202);
    }
    vi.useRealTimers();
    await flushAnalytics(server);
    // 30 + 30 + 20 + 30 (after a 150 s gap) + 30
    expect((await sessionsOf(client.id)).map((row) => [row.seconds, row.heartbeats])).toEqual([[140, 5]]);
  });

  it('is for a client session: 401 without one or with a staff token', async () => {
    expect((await beat(null, { lectureId: lecture })).status).toBe(401);
    const staff = await createStaff(server.strapi, { role: 'admin' });
    const staffToken = await sessionToken(server, 'staff', staff.id);
    expect([401, 403]).toContain((await beat(staffToken, { lectureId: lecture })).status);
  });

  it('answers 404 for a lecture that does not exist or whose event is not published, 400 for a bad body', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const unknown = await beat(token, { lectureId: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 404, msg: 'api.error.lectureNotFound' });
    expect((await beat(token, { lectureId: hiddenLecture })).body.msg).toBe('api.error.lectureNotFound');
    expect((await beat(token, { lectureId: 'um' })).status).toBe(400);
    expect((await beat(token, {})).status).toBe(400);
    await flushAnalytics(server);
    expect(await sessionsOf(client.id)).toEqual([]);
  });

  it('answers the 13th heartbeat of a client in a minute with 429, while another client goes on', async () => {
    const [one, two] = [await createClient(server.strapi), await createClient(server.strapi)];
    const [first, second] = [await sessionToken(server, 'client', one.id), await sessionToken(server, 'client', two.id)];
    for (let i = 0; i < 12; i += 1) expect((await beat(first, { lectureId: lecture })).status).toBe(202);
    const refused = await beat(first, { lectureId: lecture });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ msg: 'api.error.tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await beat(second, { lectureId: lecture })).status).toBe(202);
    await flushAnalytics(server);
  });

  it('keeps a failed batch and writes it on the next flush: nothing is lost', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id, { startedAt: Date.now() - 60_000 });
    expect((await beat(token, { lectureId: lecture })).status).toBe(202);
    const logged = vi.spyOn(server.strapi.log, 'error').mockReturnValue(server.strapi.log);
    vi.spyOn(server.strapi.db, 'transaction').mockRejectedValueOnce(new Error('o banco caiu'));
    await flushAnalytics(server);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('watch heartbeats: a batch of 1 failed; kept for a retry'));
    expect(analyticsPending(server).heartbeats).toBe(1);
    expect(await sessionsOf(client.id)).toEqual([]);
    await flushAnalytics(server);
    expect(analyticsPending(server).heartbeats).toBe(0);
    expect((await sessionsOf(client.id)).map((row) => [row.seconds, row.heartbeats])).toEqual([[30, 1]]);
  });
});

// Decision 055: a same-origin heartbeat with a live client token is answered before Strapi's
// router, by the same intake as the route. Each case is sent both ways — from the page's own
// origin (the fast path) and from another origin (the route, through CORS) — and must get the
// same status, envelope and headers.
describe('the heartbeat answered before the router', () => {
  /** The headers that belong to the answer (not to one sending of it, nor to CORS), with their values. */
  const answerHeaders = (headers: Record<string, string>) =>
    Object.fromEntries(
      Object.keys(headers)
        .filter((name) => !['date', 'content-length', 'connection', 'keep-alive', 'etag', 'x-response-time'].includes(name))
        .filter((name) => !name.startsWith('access-control-'))
        .sort()
        .map((name) => [name, headers[name]]),
    );
  const post = (token: string | null, origin: string, body: string | object, type = 'application/json') => {
    const request = server
      .request()
      .post('/api/site/v1/watch/heartbeat')
      .set('Host', 'plataforma.test')
      .set('Origin', origin)
      .set('Content-Type', type);
    if (token) request.set('Authorization', `Bearer ${token}`);
    return request.send(typeof body === 'string' ? body : JSON.stringify(body));
  };
  /** The page's own origin (the Host sent with every request here). */
  const own = () => 'http://plataforma.test';

  it("gives the route's answers: 202, a bad body, an unknown or hidden lecture, broken JSON, 429", async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const cases: (string | object)[] = [
      { lectureId: lecture },
      { lectureId: 'um' },
      {},
      { lectureId: 999_999 },
      { lectureId: hiddenLecture },
      '{"lectureId":',
      '"texto"',
    ];
    for (const body of cases) {
      const before = heartbeatFastPathAnswered();
      const fast = await post(token, own(), body);
      expect(heartbeatFastPathAnswered(), JSON.stringify(body)).toBe(before + 1);
      const routed = await post(token, 'https://outro.example', body);
      expect(heartbeatFastPathAnswered()).toBe(before + 1);
      expect(fast.status, JSON.stringify(body)).toBe(routed.status);
      const comparable = (value: { data?: { acceptedAt?: string } | null }) =>
        value.data && typeof value.data === 'object' && 'acceptedAt' in value.data
          ? { ...value, data: { ...value.data, acceptedAt: 'x' } }
          : value;
      expect(comparable(fast.body), JSON.stringify(body)).toEqual(comparable(routed.body));
      expect(answerHeaders(fast.headers), JSON.stringify(body)).toEqual(answerHeaders(routed.headers));
    }
    // Both ways count in the same limit (12 a minute): 6 counted above (the accepted ones and the
    // unknown lectures; a bad body is refused before the limit), 6 more, then 429 by either way.
    for (let i = 0; i < 6; i += 1) expect((await post(token, own(), { lectureId: lecture })).status).toBe(202);
    const [fast, routed] = [
      await post(token, own(), { lectureId: lecture }),
      await post(token, 'https://outro.example', { lectureId: lecture }),
    ];
    expect([fast.status, routed.status]).toEqual([429, 429]);
    expect(fast.body).toEqual(routed.body);
    expect(Number(fast.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await flushAnalytics(server);
    const [row] = await sessionsOf(client.id);
    expect(row.heartbeats).toBe(8);
  });

  it('answers 503 with Retry-After, as the route does, when the session cannot be checked', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const db = server.strapi.db as unknown as { connection: unknown };
    const real = db.connection;
    const broken = () => {
      throw down;
    };
    vi.spyOn(db, 'connection', 'get').mockReturnValue(Object.assign(broken, real as object));
    vi.spyOn(server.strapi.log, 'error').mockReturnValue(server.strapi.log);
    const fast = await post(token, own(), { lectureId: lecture });
    const routed = await post(token, 'https://outro.example', { lectureId: lecture });
    vi.restoreAllMocks();
    expect([fast.status, routed.status]).toEqual([503, 503]);
    expect(fast.body).toEqual({ data: null, msg: 'api.error.unavailable', status: 503 });
    expect(routed.body).toEqual(fast.body);
    expect(fast.headers['retry-after']).toBe('5');
    // With the headers of the middlewares after it (security, compression's Vary), as the route's.
    const { vary, ...fastRest } = answerHeaders(fast.headers);
    const { vary: routedVary, ...routedRest } = answerHeaders(routed.headers);
    expect(fastRest).toEqual(routedRest);
    expect(vary).toBe('Accept-Encoding');
    expect(routedVary).toMatch(/^Accept-Encoding/);
  });

  it('writes no access line per accepted heartbeat but their count once a minute; every other answer keeps its line', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const lines: string[] = [];
    vi.spyOn(server.strapi.log, 'http').mockImplementation((message: unknown) => {
      lines.push(String(message));
      return server.strapi.log;
    });
    try {
      expect((await post(token, own(), { lectureId: lecture })).status).toBe(202);
      expect((await post(token, own(), { lectureId: 'um' })).status).toBe(400);
      expect((await post(token, 'https://outro.example', { lectureId: lecture })).status).toBe(202);
      expect((await server.request().get('/api/site/v1/events/1')).status).toBeGreaterThanOrEqual(200);
      const heartbeatLines = lines.filter((line) => line.startsWith('POST /api/site/v1/watch/heartbeat ('));
      // Strapi's format for the refused one and for the route's answer; none for the fast path's 202.
      expect(heartbeatLines).toEqual([
        expect.stringMatching(/^POST \/api\/site\/v1\/watch\/heartbeat \(\d+ ms\) 400$/),
        expect.stringMatching(/^POST \/api\/site\/v1\/watch\/heartbeat \(\d+ ms\) 202$/),
      ]);
      expect(lines).toContainEqual(expect.stringMatching(/^GET \/api\/site\/v1\/events\/1 \(\d+ ms\) \d{3}$/));
      // A minute later the next accepted heartbeat writes the count of the window.
      const mark = lines.length;
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
      const late = await post(token, own(), { lectureId: lecture });
      vi.mocked(Date.now).mockRestore();
      expect(late.status).toBe(202);
      expect(lines.slice(mark)).toEqual([
        expect.stringMatching(
          /^POST \/api\/site\/v1\/watch\/heartbeat: \d+ heartbeats accepted \(202\) in the last \d+ s \(counted, not logged one by one\)$/,
        ),
      ]);
    } finally {
      vi.restoreAllMocks();
    }
    await flushAnalytics(server);
  });

  describe('the sessions it remembers (decision 061)', () => {
    /** The session checks sent to the database (identify's statement: the session by its jti). */
    const checks: string[] = [];
    const listen = (query: { sql?: string }) => {
      if (typeof query?.sql === 'string' && /^select/i.test(query.sql) && /jti/.test(query.sql)) checks.push(query.sql);
    };
    beforeAll(() => {
      server.strapi.db.connection.on('query', listen);
    });
    afterAll(() => {
      server.strapi.db.connection.removeListener('query', listen);
    });
    const jtiOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).jti;
    /** A new client with a token whose session the fast path has found live once (and remembers). */
    const remembered = async () => {
      const client = await createClient(server.strapi);
      const token = await sessionToken(server, 'client', client.id);
      expect((await post(token, own(), { lectureId: lecture })).status).toBe(202);
      return { client, token };
    };

    it('asks the database once per session: later heartbeats, and heartbeats arriving together, do not', async () => {
      const first = checks.length;
      const { token } = await remembered();
      expect(checks.length).toBe(first + 1);
      const answered = heartbeatFastPathAnswered();
      for (let i = 0; i < 3; i += 1) expect((await post(token, own(), { lectureId: lecture })).status).toBe(202);
      expect(heartbeatFastPathAnswered()).toBe(answered + 3);
      expect(checks.length).toBe(first + 1);
      // A login of someone else (a new session) and a new client change no session: still remembered.
      const other = await createClient(server.strapi);
      await sessionToken(server, 'client', other.id);
      expect((await post(token, own(), { lectureId: lecture })).status).toBe(202);
      expect(checks.length).toBe(first + 1);
      // Five heartbeats of a new session at once: one check.
      const fresh = await createClient(server.strapi);
      const freshToken = await sessionToken(server, 'client', fresh.id);
      const together = await Promise.all(Array.from({ length: 5 }, () => post(freshToken, own(), { lectureId: lecture })));
      expect(together.map((res) => res.status)).toEqual([202, 202, 202, 202, 202]);
      expect(checks.length).toBe(first + 2);
      await flushAnalytics(server);
    });

    it('stops at once when the session ends or the account changes, whoever wrote it', async () => {
      const ends: Array<[string, (who: { client: { id: number }; token: string }) => Promise<unknown>]> = [
        ['logout', ({ token }) => server.request().get('/auth/logout').set('Authorization', `Bearer ${token}`)],
        [
          'the account locked',
          ({ client }) => server.strapi.db.query('api::client.client').update({ where: { id: client.id }, data: { loginLocked: true } }),
        ],
        [
          'the client deleted in the Content Manager',
          async ({ client }) => {
            const row = (await server.strapi.db.query('api::client.client').findOne({ where: { id: client.id } })) as {
              documentId: string;
            };
            await server.strapi.documents('api::client.client').delete({ documentId: row.documentId });
          },
        ],
        [
          'the session revoked by a raw statement',
          ({ token }) =>
            server.strapi.db
              .connection('sessions')
              .where({ jti: jtiOf(token) })
              .update({ revoked_at: new Date() }),
        ],
        [
          'the session revoked in a transaction',
          ({ token }) =>
            server.strapi.db.transaction(async ({ trx }) => {
              await server.strapi.db
                .connection('sessions')
                .where({ jti: jtiOf(token) })
                .update({ revoked_at: new Date() })
                .transacting(trx as never);
            }),
        ],
      ];
      for (const [what, end] of ends) {
        const who = await remembered();
        const answered = heartbeatFastPathAnswered();
        await end(who);
        const after = await post(who.token, own(), { lectureId: lecture });
        expect(after.status, what).toBe(401);
        // The fast path checked again, found it ended and left the answer to the route.
        expect(heartbeatFastPathAnswered(), what).toBe(answered);
      }
      await flushAnalytics(server);
    });
  });

  it('leaves to the route what it does not answer: no token, a dead session, another type, a large body', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const before = heartbeatFastPathAnswered();
    expect((await post(null, own(), { lectureId: lecture })).status).toBe(401);
    expect((await post('nao.e.um.token', own(), { lectureId: lecture })).status).toBe(401);
    const form = await post(token, own(), `lectureId=${lecture}`, 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    const large = await post(token, own(), { lectureId: lecture, padding: 'x'.repeat(5000) });
    expect(large.status).toBe(202);
    expect(heartbeatFastPathAnswered()).toBe(before);
    // A revoked session: found ended, left to the route (401).
    expect((await server.request().get('/auth/logout').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expect((await post(token, own(), { lectureId: lecture })).status).toBe(401);
    expect(heartbeatFastPathAnswered()).toBe(before);
    await flushAnalytics(server);
  });
});
