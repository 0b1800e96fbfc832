import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/accounts';
import { flushPageViews, sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Lecture reads (lecture screen, event list with the foreign variant, room programme by
// day with caching headers), stand and general contacts, stand visits and event entry.
let server: TestServer;
let eventId: number;
let roomId: number;
let standId: number;

beforeAll(async () => {
  server = await startServer('site-lectures', { seed: false, env: { CONTACTS_PER_10_MINUTES: '3' } });
  const db = server.strapi.db;
  const event = await db.query('api::event.event').create({
    data: {
      name: 'Congresso',
      description: 'd',
      startDate: '2020-11-12',
      endDate: '2020-11-14',
      startTime: '08:00:00.000',
      exchange: 5,
      published: true,
    },
  });
  eventId = event.id;
  const room = await db.query('api::room.room').create({ data: { name: 'Sala 1', number: 1, event: eventId } });
  roomId = room.id;
  const lectures = [
    ['Abertura', '2020-11-12', '08:00:00.000', '09:00:00.000', 'https://vimeo.com/76979871', 100, 20],
    ['Sepse', '2020-11-12', '10:00:00.000', '11:30:00.000', null, 0, 0],
    ['Ventilação', '2020-11-12', '09:00:00.000', '10:00:00.000', '<iframe src="https://player.vimeo.com/video/1"></iframe>', 0, 0],
    ['Encerramento', '2020-11-14', '17:00:00.000', '18:00:00.000', 'https://vimeo.com/1234567', 0, 0],
  ] as const;
  for (const [name, startDate, startTime, endTime, videoId, value, discount] of lectures) {
    await db
      .query('api::lecture.lecture')
      .create({ data: { name, startDate, startTime, endTime, videoId, value, discount, room: roomId } });
  }
  const stand = await db.query('api::stand.stand').create({ data: { name: 'Estande', type: 'master', event: eventId } });
  standId = stand.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('lectures', () => {
  it('lists a room’s lectures of a day by start time', async () => {
    const res = await server.request().get(`/api/site/v1/lectures/me?roomId=${roomId}&startDate=2020-11-12&order=startTime:asc`);
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((l: { name: string }) => l.name)).toEqual(['Abertura', 'Ventilação', 'Sepse']);
    expect(res.body.data.rows[0]).toMatchObject({
      startDate: '2020-11-12',
      formattedStartDate: '12/11/2020',
      startTime: '08:00:00',
      endTime: '09:00:00',
      value: '100.00',
      discountValue: '80.00',
      hasDiscount: true,
      currency: 'R$',
      room: { id: roomId, name: 'Sala 1', eventId },
      timezone: 'America/Sao_Paulo',
    });
  });

  it('answers 400/404 to bad rooms and dates (the screen goes back to the entrance)', async () => {
    expect((await server.request().get('/api/site/v1/lectures/me?roomId=99999&startDate=2020-11-12')).status).toBe(404);
    expect((await server.request().get(`/api/site/v1/lectures/me?roomId=${roomId}&startDate=12/11/2020`)).status).toBe(400);
    expect((await server.request().get('/api/site/v1/lectures/me?startDate=2020-11-12')).status).toBe(400);
    expect((await server.request().get(`/api/site/v1/lectures/me?roomId=${roomId}&order=videoId:asc`)).status).toBe(400);
  });

  it('lists an event’s lectures in the foreign variant', async () => {
    const res = await server.request().get(`/api/site/v1/lectures/event/${eventId}?foreign=1`);
    expect(res.body.data.count).toBe(4);
    expect(res.body.data.rows[0]).toMatchObject({
      name: 'Abertura',
      value: '20.00',
      discount: '4.00',
      discountValue: '16.00',
      currency: '$',
    });
  });

  it('serves the room programme by the event’s days, cacheable', async () => {
    const res = await server.request().get(`/api/site/v1/rooms/${roomId}/schedule`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=60');
    expect(res.body.data.map((d: { label: string }) => d.label)).toEqual(['12/11/2020', '13/11/2020', '14/11/2020']);
    expect(res.body.data[0].lectures).toEqual([
      // Abertura has a price: its link is its video, given only to buyers (decision 045).
      { id: expect.any(Number), theme: 'Abertura', hour: '08:00 - 09:00', link: null },
      { id: expect.any(Number), theme: 'Ventilação', hour: '09:00 - 10:00', link: null },
      { id: expect.any(Number), theme: 'Sepse', hour: '10:00 - 11:30', link: null },
    ]);
    expect(res.body.data[1].lectures).toEqual([]);
    expect(res.body.data[2].lectures).toEqual([
      { id: expect.any(Number), theme: 'Encerramento', hour: '17:00 - 18:00', link: 'https://vimeo.com/1234567' },
    ]);
    const again = await server.request().get(`/api/site/v1/rooms/${roomId}/schedule`).set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });
});

describe('contacts', () => {
  it('stores a stand contact with the client’s data from a soft session, and rate-limits it', async () => {
    const client = await createClient(server.strapi);
    const soft = await server.request().post('/auth/soft/login').send({ email: client.email });
    const token = soft.body.data.token;
    const send = () =>
      server
        .request()
        .post('/api/site/v1/contacts/stand')
        .set('Authorization', `Bearer ${token}`)
        .send({ standId, message: 'Quero uma visita' });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.body.msg).toBe('contact.sent');
    const row = await server.strapi.db
      .query('api::contact.contact')
      .findOne({ where: { id: first.body.data.id }, populate: { stand: true, client: true } });
    expect(row).toMatchObject({
      subject: 'stand',
      name: 'Cliente Teste',
      email: client.email,
      message: 'Quero uma visita',
      stand: { id: standId },
      client: { id: client.id },
      // A soft session is an e-mail only: the attendant is told the data are unverified (issue 18).
      verified: false,
    });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe('api.error.tooManyRequests');
  });

  it('marks a contact from a full sign-in as verified', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const res = await server
      .request()
      .post('/api/site/v1/contacts/stand')
      .set('Authorization', `Bearer ${token}`)
      .send({ standId, message: 'Pode me ligar' });
    expect(res.status).toBe(201);
    expect(await server.strapi.db.query('api::contact.contact').findOne({ where: { id: res.body.data.id } })).toMatchObject({
      verified: true,
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'writes a contact and its links in one transaction: nothing is visible to another connection before the links (issue 18, kill -9)',
    async () => {
      const client = await createClient(server.strapi);
      const token = await sessionToken(server, 'client', client.id);
      const manager = server.strapi.db.entityManager as unknown as { attachRelations: (...args: unknown[]) => Promise<unknown> };
      const original = manager.attachRelations.bind(manager);
      let release: (() => void) | undefined;
      let reached: (() => void) | undefined;
      const atLinks = new Promise<void>((resolve) => (reached = resolve));
      manager.attachRelations = async () => {
        reached?.();
        await new Promise<void>((resolve) => (release = resolve));
        throw new Error('the process died here');
      };
      const { default: pg } = await import('pg');
      const other = new pg.Client({ connectionString: server.database.env.DATABASE_URL });
      await other.connect();
      try {
        const before = Number((await other.query('select count(*) from contacts')).rows[0].count);
        const pending = server
          .request()
          .post('/api/site/v1/contacts/stand')
          .set('Authorization', `Bearer ${token}`)
          .send({ standId, message: 'Entre o registro e os vínculos' });
        const answered = pending.then((res) => res);
        await atLinks;
        // What a crash at this moment would leave behind: the row without its links.
        expect(Number((await other.query('select count(*) from contacts')).rows[0].count)).toBe(before);
        release?.();
        expect((await answered).status).toBe(500);
        expect(Number((await other.query('select count(*) from contacts')).rows[0].count)).toBe(before);
      } finally {
        manager.attachRelations = original;
        await other.end();
      }
    },
  );

  it('needs a client session, a message and an existing stand', async () => {
    expect((await server.request().post('/api/site/v1/contacts/stand').send({ standId, message: 'x' })).status).toBe(401);
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const empty = await server
      .request()
      .post('/api/site/v1/contacts/stand')
      .set('Authorization', `Bearer ${token}`)
      .send({ standId, message: '   ' });
    expect(empty.body.msg).toBe('api.error.invalidBody');
    const unknown = await server
      .request()
      .post('/api/site/v1/contacts/stand')
      .set('Authorization', `Bearer ${token}`)
      .send({ standId: 99999, message: 'x' });
    expect(unknown.body.msg).toBe('api.error.standNotFound');
  });

  it('refuses a body that is not UTF-8 and stores nothing', async () => {
    const before = await server.strapi.db.query('api::contact.contact').count();
    const latin1 = Buffer.concat([
      Buffer.from('{"subject":"others","name":"Jo'),
      Buffer.from([0xe3, 0x6f]), // 'ão' in Latin-1: not UTF-8
      Buffer.from('","email":"joao@exemplo.com.br","message":"Ol'),
      Buffer.from([0xe1]),
      Buffer.from('"}'),
    ]);
    const res = await server.request().post('/api/site/v1/contacts').set('Content-Type', 'application/json').send(latin1);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('api.error.invalidBody');
    expect(await server.strapi.db.query('api::contact.contact').count()).toBe(before);
  });

  it('takes the general contact form with one of the subjects', async () => {
    const ok = await server
      .request()
      .post('/api/site/v1/contacts')
      .send({ subject: 'partner', name: 'Ana', email: 'ana@exemplo.com.br', message: 'Parceria' });
    expect(ok.status).toBe(201);
    const bad = await server
      .request()
      .post('/api/site/v1/contacts')
      .send({ subject: 'spam', name: 'Ana', email: 'ana@exemplo.com.br', message: 'x' });
    expect(bad.body.msg).toBe('api.error.invalidBody');
  });
});

describe('page views of a client', () => {
  it('records the stand visit and the client’s entry into the event once', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    for (let i = 0; i < 2; i += 1) {
      const res = await server
        .request()
        .post('/api/site/v1/page-views')
        .set('Authorization', `Bearer ${token}`)
        .send({ path: `/plataforma/${eventId}/estande/${standId}`, eventId, standId });
      expect(res.status).toBe(202);
    }
    await flushPageViews(server); // written in batches (decision 038)
    const views = await server.strapi.db
      .query('api::page-view.page-view')
      .findMany({ where: { stand: { id: standId } }, populate: { client: true } });
    expect(views).toHaveLength(2);
    expect(views[0].client.id).toBe(client.id);
    const row = await server.strapi.db.query('api::client.client').findOne({ where: { id: client.id }, populate: { events: true } });
    expect(row.events.map((e: { id: number }) => e.id)).toEqual([eventId]);
  });
});

describe('network room', () => {
  it('lists only clients who entered the event and agreed, paged by 30, searched in SQL, with the e-mails they chose to show', async () => {
    const db = server.strapi.db;
    const other = await db
      .query('api::event.event')
      .create({ data: { name: 'Outro', description: 'd', startDate: '2020-11-12', startTime: '08:00:00.000', published: true } });
    for (let i = 0; i < 35; i += 1) {
      await db.query('api::client.client').create({
        data: {
          name: `Participante ${String(i).padStart(2, '0')}`,
          email: `p${i}@exemplo.com.br`,
          listedInNetwork: i !== 3,
          // Even ones show their e-mail (issue 17).
          networkShowEmail: i % 2 === 0,
          events: [i === 4 ? other.id : eventId],
          linkedIn: i === 0 ? 'https://linkedin.com/in/p0' : null,
        },
      });
    }
    const viewer = await createClient(server.strapi);
    const soft = await server.request().post('/auth/soft/login').send({ email: viewer.email });
    const token = soft.body.data.token;
    const page = (query: string) =>
      server.request().get(`/api/site/v1/networks/${eventId}?${query}`).set('Authorization', `Bearer ${token}`);

    const first = await page('offset=0&size=30');
    expect(first.status).toBe(200);
    expect(first.body.data.count).toBe(33);
    expect(first.body.data.rows).toHaveLength(30);
    expect(first.body.data.rows[0]).toEqual({
      name: 'Participante 00',
      email: 'p0@exemplo.com.br',
      facebook: null,
      twitter: null,
      linkedIn: 'https://linkedin.com/in/p0',
    });
    expect(JSON.stringify(first.body)).not.toMatch(/cpf|phone|password/);
    const second = await page('offset=30&size=30');
    expect(second.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Participante 32', 'Participante 33', 'Participante 34']);
    // The e-mail of who did not choose to show it is null, the rest of the row as ever.
    expect(second.body.data.rows.map((r: { email: string | null }) => r.email)).toEqual(['p32@exemplo.com.br', null, 'p34@exemplo.com.br']);
    expect(second.body.data.rows[1]).toEqual({ name: 'Participante 33', email: null, facebook: null, twitter: null, linkedIn: null });
    expect(JSON.stringify([...first.body.data.rows, ...second.body.data.rows])).not.toMatch(/p(1|3|5|7|9|11|33)@/);
    const names = [...first.body.data.rows, ...second.body.data.rows].map((r: { name: string }) => r.name);
    expect(names).not.toContain('Participante 03');
    expect(names).not.toContain('Participante 04');
    const search = await page('search=%20p12@exemplo');
    expect(search.body.data.rows.map((r: { email: string }) => r.email)).toEqual(['p12@exemplo.com.br']);
    // A hidden e-mail is not searched either: typing an address must not tell whose it is.
    expect((await page('search=p13@exemplo')).body.data).toEqual({ rows: [], count: 0 });
    expect((await page('search=Participante%2013')).body.data.rows).toEqual([
      { name: 'Participante 13', email: null, facebook: null, twitter: null, linkedIn: null },
    ]);
    expect((await page('size=31')).status).toBe(400);
    expect((await server.request().get(`/api/site/v1/networks/${eventId}`)).status).toBe(401);
  });

  it('lets a client turn the listing on and off for themself (default off), only with a full sign-in', async () => {
    const client = await createClient(server.strapi);
    const soft = await server.request().post('/auth/soft/login').send({ email: client.email });
    const softAuth = { Authorization: `Bearer ${soft.body.data.token}` };
    expect((await server.request().get('/api/site/v1/networks/consent').set(softAuth)).body.data).toEqual({
      listed: false,
      showEmail: false,
      canChange: false,
    });
    // A soft session is an e-mail anyone could type: it cannot put that person on the list (issue 18).
    expect((await server.request().put('/api/site/v1/networks/consent').set(softAuth).send({ listed: true })).status).toBe(403);
    expect((await server.strapi.db.query('api::client.client').findOne({ where: { id: client.id } })).listedInNetwork).toBeFalsy();

    const auth = { Authorization: `Bearer ${await sessionToken(server, 'client', client.id)}` };
    expect((await server.request().get('/api/site/v1/networks/consent').set(auth)).body.data).toEqual({
      listed: false,
      showEmail: false,
      canChange: true,
    });
    const on = await server.request().put('/api/site/v1/networks/consent').set(auth).send({ listed: true });
    expect(on.body).toMatchObject({ msg: 'api.updated', data: { listed: true, showEmail: false, canChange: true } });
    expect((await server.strapi.db.query('api::client.client').findOne({ where: { id: client.id } })).listedInNetwork).toBe(true);
    expect((await server.request().put('/api/site/v1/networks/consent').set(auth).send({ listed: 'yes' })).status).toBe(400);
  });

  it('sets whether the list shows the e-mail, and leaves it as it was when a request does not say (issue 17)', async () => {
    const client = await createClient(server.strapi);
    // Entered the event, under a name of their own for the list's search.
    await server.strapi.db
      .query('api::client.client')
      .update({ where: { id: client.id }, data: { name: 'Rede Escolha', events: [eventId] } });
    const auth = { Authorization: `Bearer ${await sessionToken(server, 'client', client.id)}` };
    const put = (body: object) => server.request().put('/api/site/v1/networks/consent').set(auth).send(body);
    const stored = async () =>
      (await server.strapi.db.query('api::client.client').findOne({ where: { id: client.id } })) as {
        listedInNetwork: boolean;
        networkShowEmail: boolean;
      };
    const listedEmail = async () => {
      const res = await server.request().get(`/api/site/v1/networks/${eventId}?search=Rede%20Escolha`).set(auth);
      return (res.body.data.rows as Array<{ name: string; email: string | null }>).map((r) => r.email);
    };

    const on = await put({ listed: true, showEmail: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ msg: 'api.updated', data: { listed: true, showEmail: true, canChange: true } });
    expect(await stored()).toMatchObject({ listedInNetwork: true, networkShowEmail: true });
    expect(await listedEmail()).toEqual([client.email]);
    expect((await server.request().get('/api/site/v1/networks/consent').set(auth)).body.data).toEqual({
      listed: true,
      showEmail: true,
      canChange: true,
    });

    // Turning the listing off needs no e-mail choice, and keeps it.
    const off = await put({ listed: false });
    expect(off.body.data).toEqual({ listed: false, showEmail: true, canChange: true });
    expect(await stored()).toMatchObject({ listedInNetwork: false, networkShowEmail: true });
    expect(await listedEmail()).toEqual([]);

    // Listed again without saying: still shown; then hidden by choice.
    expect((await put({ listed: true })).body.data).toEqual({ listed: true, showEmail: true, canChange: true });
    expect((await put({ listed: true, showEmail: false })).body.data).toEqual({ listed: true, showEmail: false, canChange: true });
    expect(await stored()).toMatchObject({ listedInNetwork: true, networkShowEmail: false });
    expect(await listedEmail()).toEqual([null]);
    expect((await put({ listed: true })).body.data).toEqual({ listed: true, showEmail: false, canChange: true });
    expect((await put({ listed: true, showEmail: 'yes' })).status).toBe(400);
    expect((await stored()).networkShowEmail).toBeFalsy();
  });
});
