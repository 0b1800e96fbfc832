import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentAndNext, dateInZone, type Timed } from '@plataforma/adapter';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The demo data of the foundation issue: loaded once into an empty database, in the tier
// layout of SPEC §2.4, with a lecture live today, and never with default passwords in production.
let server: TestServer;
const seedModule = () =>
  createRequire(__filename)(path.resolve(__dirname, '../../../cms/dist/src/seed')) as typeof import('../../../cms/src/seed');

beforeAll(async () => {
  server = await startServer('demo-seed');
});

afterAll(async () => {
  await server?.stop();
});

describe('demo seed', () => {
  it('loads event 1 with stands 1–19 in the hall tiers', async () => {
    const res = await server.request().get('/api/site/v1/stands?eventId=1&limit=50&order=id:asc');
    expect(res.body.data.count).toBe(19);
    const types = res.body.data.rows.map((s: { type: string }) => s.type);
    expect(types.slice(0, 4)).toEqual(Array(4).fill('master'));
    expect(types.slice(4, 10)).toEqual(Array(6).fill('silver'));
    expect(types.slice(10)).toEqual(Array(9).fill('bronze'));
    expect(res.body.data.rows.map((s: { id: number }) => s.id)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    for (const stand of res.body.data.rows) expect(stand.image).toMatch(/^\/uploads\//);
    const symposium = res.body.data.rows.filter((s: { symposium: string | null }) => s.symposium).length;
    expect(symposium).toBe(4);
  });

  it('gives the halls the rooms they page through', async () => {
    const page = async (offset: number, limit: number) =>
      (await server.request().get(`/api/site/v1/rooms?eventId=1&offset=${offset}&limit=${limit}`)).body.data.rows.map(
        (r: { number: number }) => r.number,
      );
    expect(await page(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(await page(5, 6)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(await page(11, 5)).toEqual([12, 13, 14, 15, 16]);
  });

  it('has media of every kind, sponsors of every type, and lectures on the congress days and today', async () => {
    const medias = (await server.request().get('/api/site/v1/medias?standId=11')).body.data.rows.map((m: { type: string }) => m.type);
    expect(medias.filter((t: string) => t === 'VIDEO').length).toBeGreaterThan(2);
    expect(medias.filter((t: string) => t === 'DOCUMENT').length).toBeGreaterThan(2);
    const sponsors = (await server.request().get('/api/site/v1/sponsors?eventId=1')).body.data.rows.map((s: { type: string }) => s.type);
    expect(new Set(sponsors)).toEqual(new Set(['master', 'premium', 'supporter']));
    for (const day of ['2020-11-12', '2020-11-13', '2020-11-14', dateInZone(Date.now(), 'America/Sao_Paulo')]) {
      const lectures = await server.request().get(`/api/site/v1/lectures/me?roomId=1&startDate=${day}`);
      expect(lectures.body.data.count, day).toBeGreaterThan(0);
    }
  });

  it('sells one lecture for the checkout demonstration (decision 045), with a coupon valid until 2030; the event stays open', async () => {
    const rows = (await server.request().get('/api/site/v1/lectures/me?roomId=1&startDate=2020-11-12&order=startTime:asc')).body.data
      .rows as Array<{
      id: number;
      name: string;
      discountValue: string;
      videoId: string | null;
    }>;
    const priced = rows.filter((row) => row.discountValue !== '0.00');
    expect(priced.map((row) => [row.name, row.discountValue, row.videoId])).toEqual([['Sepse: as primeiras horas', '70.00', null]]);
    expect(rows.find((row) => row.name.startsWith('Abertura'))?.videoId).toBe('https://vimeo.com/76979872');
    expect((await server.request().get('/api/site/v1/events/1')).body.data.ticketOnly).toBe(0);
    const quote = await server
      .request()
      .post('/api/site/v1/orders/quote')
      .send({ eventId: 1, all: false, lectureIds: [priced[0].id], couponCode: 'demo10' });
    expect(quote.body.data).toMatchObject({ subtotal: '70.00', couponDiscount: '7.00', total: '63.00' });
  });

  it('lists every seeded client in the network room, three of them with their e-mail (issue 17)', async () => {
    const ana = await server.strapi.db.query('api::client.client').findOne({ where: { email: 'ana.souza@exemplo.com.br' } });
    const token = await sessionToken(server, 'client', ana.id);
    const res = await server.request().get('/api/site/v1/networks/1').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((r: { name: string; email: string | null }) => [r.name, r.email])).toEqual([
      ['Ana Beatriz Souza', 'ana.souza@exemplo.com.br'],
      ['Bruno Carvalho', 'bruno.carvalho@exemplo.com.br'],
      ['Camila Ferreira', 'camila.ferreira@exemplo.com.br'],
      ['Diego Martins', null],
      ['Eduarda Lima', null],
    ]);
  });

  it('changes nothing when it runs again', async () => {
    const count = () => server.strapi.db.query('api::stand.stand').count({});
    const before = [
      await count(),
      await server.strapi.db.query('api::lecture.lecture').count({}),
      await server.strapi.db.query('plugin::upload.file').count({}),
    ];
    await seedModule().seedDemo(server.strapi);
    expect([
      await count(),
      await server.strapi.db.query('api::lecture.lecture').count({}),
      await server.strapi.db.query('plugin::upload.file').count({}),
    ]).toEqual(before);
  });

  it('adds a live lecture on a new day, once', async () => {
    const tomorrow = Date.now() + 86_400_000;
    const { ensureLiveDemoLecture } = seedModule();
    await ensureLiveDemoLecture(server.strapi, tomorrow);
    await ensureLiveDemoLecture(server.strapi, tomorrow);
    const day = dateInZone(tomorrow, 'America/Sao_Paulo');
    const rows = (await server.request().get(`/api/site/v1/lectures/me?roomId=1&startDate=${day}`)).body.data.rows;
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
  });

  it('keeps a lecture live across midnight when the server starts late in the evening', async () => {
    // 23:45 in São Paulo: the live lecture runs to the end of the day and one from 00:00 goes on.
    const evening = Date.parse('2031-03-10T23:45:00-03:00');
    const { ensureLiveDemoLecture } = seedModule();
    await ensureLiveDemoLecture(server.strapi, evening);
    const liveAt = async (instant: number) => {
      const day = dateInZone(instant, 'America/Sao_Paulo');
      const rows = (await server.request().get(`/api/site/v1/lectures/me?roomId=1&startDate=${day}`)).body.data.rows as Timed[];
      return currentAndNext(rows, instant, 'America/Sao_Paulo').current;
    };
    for (const minutes of [0, 14, 15, 16, 30, 90, 134])
      expect(await liveAt(evening + minutes * 60_000), `${minutes} min after 23:45`).not.toBeNull();
    const before = await server.strapi.db.query('api::lecture.lecture').count({});
    // A start after midnight, while the continued lecture is on, adds nothing.
    await ensureLiveDemoLecture(server.strapi, evening + 30 * 60_000);
    expect(await server.strapi.db.query('api::lecture.lecture').count({})).toBe(before);
    // A start later that day, with nothing on, adds a live lecture again.
    const morning = Date.parse('2031-03-11T10:00:00-03:00');
    expect(await liveAt(morning)).toBeNull();
    await ensureLiveDemoLecture(server.strapi, morning);
    expect(await liveAt(morning)).toMatchObject({ startTime: expect.stringMatching(/^09:30/), endTime: expect.stringMatching(/^11:30/) });
  });

  it('refuses the development passwords in production', () => {
    const { staffAccounts } = seedModule();
    expect(() => staffAccounts({ NODE_ENV: 'production' })).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(() => staffAccounts({ NODE_ENV: 'production', SEED_ADMIN_PASSWORD: 'Forte#Senha1' })).toThrow(/SEED_ATTENDANT_PASSWORD/);
    expect(
      staffAccounts({
        NODE_ENV: 'production',
        SEED_ADMIN_PASSWORD: 'Forte#Senha1',
        SEED_ATTENDANT_PASSWORD: 'Outra#Senha2',
        SEED_ADMIN_EMAIL: 'Chefe@Exemplo.com.br',
      }).admin,
    ).toEqual({
      email: 'chefe@exemplo.com.br',
      password: 'Forte#Senha1',
    });
  });
});
