import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff, PASSWORD } from '../helpers/accounts';
import { cmsApi, createEvent, createLecture, createRoom } from '../helpers/event-fixtures';
import { auth, softSession } from '../helpers/marks';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Calendars (issue 49, item 5, decision 108): 'Adicionar à agenda' downloads a lecture's or an
// event's .ics (published events only), and a client's 'Minha agenda' is a private feed at a
// secret URL, made and revoked on /perfil by a full session. Every file is read back with
// ical.js, a real iCalendar parser, and its instants checked in UTC.
const SITE = 'https://eventos.exemplo.com.br';
let server: TestServer;
let adminToken = '';
let manausEvent = 0;
let saoPauloEvent = 0;
let draftEvent = 0;
let manausRoom = 0;
let manausLecture = 0;
let saoPauloLecture = 0;
let draftLecture = 0;

/** The VEVENTs of an answer's iCalendar text, as ical.js reads them with the file's own VTIMEZONEs. */
const eventsOf = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    event: new ICAL.Event(vevent),
    url: String(vevent.getFirstPropertyValue('url')),
    tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
  }));
};

/** A GET whose body is read as text (supertest leaves text/calendar unparsed otherwise). */
const getText = (url: string, headers: Record<string, string> = {}) =>
  server
    .request()
    .get(url)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

const iso = (date: { toJSDate(): Date }) => date.toJSDate().toISOString();
const feedMe = '/api/site/v1/clients/me/calendar-feed';

beforeAll(async () => {
  server = await startServer('site-calendars', { seed: false, env: { PUBLIC_URL: SITE } });
  const { strapi } = server;
  manausEvent = await createEvent(strapi, {
    name: 'Congresso Amazônico',
    slug: '',
    published: true,
    timezone: 'America/Manaus',
    startDate: '2026-11-26',
    startTime: '08:00:00.000',
    endDate: '2026-11-28',
    endTime: '18:00:00.000',
  });
  saoPauloEvent = await createEvent(strapi, { name: 'Congresso Paulista', published: true, timezone: 'America/Sao_Paulo' });
  draftEvent = await createEvent(strapi, { name: 'Rascunho', published: false });
  manausRoom = await createRoom(strapi, manausEvent, { name: 'Auditório Principal' });
  manausLecture = await createLecture(strapi, manausRoom, {
    name: 'Sepse na UTI',
    startDate: '2026-11-26',
    startTime: '14:00:00.000',
    endTime: '15:30:00.000',
  });
  saoPauloLecture = await createLecture(strapi, await createRoom(strapi, saoPauloEvent, { name: 'Sala 2' }), {
    name: 'Ventilação',
    startDate: '2026-11-26',
    startTime: '14:00:00.000',
    endTime: '15:00:00.000',
  });
  draftLecture = await createLecture(strapi, await createRoom(strapi, draftEvent, { name: 'Sala X' }), { name: 'Oculta' });
  // Written a day ago, as a programme is before the congress: a move now is a later revision (SEQUENCE counts seconds).
  const yesterday = new Date(Date.now() - 86_400_000);
  for (const id of [manausLecture, saoPauloLecture]) await strapi.db.connection('lectures').where({ id }).update({ updated_at: yesterday });
  const admin = await createStaff(strapi, { role: 'admin' });
  adminToken = await sessionToken(server, 'staff', admin.id);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/site/v1/lectures/:id/calendar.ics and /events/:id/calendar.ics', () => {
  it('answers a lecture as an RFC 5545 attachment in its event’s zone, with the right instant in UTC', async () => {
    const res = await getText(`/api/site/v1/lectures/${manausLecture}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sepse-na-uti.ics"');
    const text = res.body as string;
    expect(text).toContain('DTSTART;TZID=America/Manaus:20261126T140000');
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Manaus/);
    const [only, ...rest] = eventsOf(text);
    expect(rest).toEqual([]);
    expect(only.tzid).toBe('America/Manaus');
    // 14:00 in Manaus (UTC−4) is 18:00 UTC.
    expect(iso(only.event.startDate)).toBe('2026-11-26T18:00:00.000Z');
    expect(iso(only.event.endDate)).toBe('2026-11-26T19:30:00.000Z');
    expect(only.event.uid).toBe(`lecture-${manausLecture}@eventos.exemplo.com.br`);
    expect(only.event.summary).toBe('Sepse na UTI');
    expect(only.event.location).toBe('Auditório Principal — Congresso Amazônico');
    expect(only.url).toBe(`${SITE}/plataforma/${manausEvent}/congresso/salas/${manausRoom}?palestra=${manausLecture}`);
    expect(only.event.description).toContain(only.url);
  });

  it('reads São Paulo’s 14:00 in November as 17:00 UTC (no daylight time since 2019)', async () => {
    const res = await getText(`/api/site/v1/lectures/${saoPauloLecture}/calendar.ics`);
    expect(res.status).toBe(200);
    const [only] = eventsOf(res.body as string);
    expect(only.tzid).toBe('America/Sao_Paulo');
    expect(iso(only.event.startDate)).toBe('2026-11-26T17:00:00.000Z');
  });

  it('answers the same bytes again (one ETag; If-None-Match gets 304)', async () => {
    const first = await getText(`/api/site/v1/lectures/${manausLecture}/calendar.ics`);
    const again = await getText(`/api/site/v1/lectures/${manausLecture}/calendar.ics`);
    expect(again.body).toBe(first.body);
    expect(first.headers.etag).toBeTruthy();
    const cached = await getText(`/api/site/v1/lectures/${manausLecture}/calendar.ics`, { 'If-None-Match': first.headers.etag });
    expect(cached.status).toBe(304);
  });

  it('answers an event from its first day’s start to its last day’s end, pointing at its page', async () => {
    const res = await getText(`/api/site/v1/events/${manausEvent}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="congresso-amazonico.ics"');
    const [only] = eventsOf(res.body as string);
    expect(iso(only.event.startDate)).toBe('2026-11-26T12:00:00.000Z');
    expect(iso(only.event.endDate)).toBe('2026-11-28T22:00:00.000Z');
    expect(only.event.uid).toBe(`event-${manausEvent}@eventos.exemplo.com.br`);
    expect(only.url).toBe(`${SITE}/eventos/${manausEvent}`);
  });

  it('answers 404 for an unpublished or unknown event and its lectures, 400 for a malformed id', async () => {
    for (const [url, msg] of [
      [`/api/site/v1/events/${draftEvent}/calendar.ics`, 'api.error.eventNotFound'],
      ['/api/site/v1/events/999999/calendar.ics', 'api.error.eventNotFound'],
      [`/api/site/v1/lectures/${draftLecture}/calendar.ics`, 'api.error.lectureNotFound'],
      ['/api/site/v1/lectures/999999/calendar.ics', 'api.error.lectureNotFound'],
    ]) {
      const res = await server.request().get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.msg, url).toBe(msg);
    }
    expect((await server.request().get('/api/site/v1/lectures/abc/calendar.ics')).status).toBe(400);
  });
});

describe('the calendar feed of Minha agenda', () => {
  it('is made and revoked only with a full session: 401 without one, 403 for a soft one', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      expect((await server.request()[method](feedMe)).status, method).toBe(401);
      expect((await server.request()[method](feedMe).set(auth(adminToken))).status, method).toBe(401);
    }
    const soft = await softSession(server);
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await server.request()[method](feedMe).set(auth(soft));
      expect(res.body, method).toEqual({ data: null, msg: 'auth.error.fullAccountRequired', status: 403 });
    }
  });

  it('lists the starred lectures at the secret URL with no session, follows a moved lecture, keeps the UIDs', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    expect((await server.request().get(feedMe).set(auth(token))).body.data).toEqual({ active: false, createdAt: null });
    for (const lectureId of [manausLecture, saoPauloLecture, draftLecture]) {
      // The draft's star is refused (404): only published events' lectures can be starred.
      await server.request().post('/api/site/v1/clients/me/agenda').set(auth(token)).send({ lectureId });
    }
    const made = await server.request().post(feedMe).set(auth(token));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.msg).toBe('agenda.calendarFeedCreated');
    const { url, webcalUrl, createdAt } = made.body.data as { url: string; webcalUrl: string; createdAt: string };
    expect(url).toMatch(/^https:\/\/eventos\.exemplo\.com\.br\/api\/site\/v1\/calendar-feeds\/[A-Za-z0-9_-]{43}\/agenda\.ics$/);
    expect(webcalUrl).toBe(url.replace('https:', 'webcal:'));
    expect((await server.request().get(feedMe).set(auth(token))).body.data).toEqual({ active: true, createdAt });

    // Only the secret's hash is kept.
    const secret = url.split('/').at(-2) as string;
    const row = (await server.strapi.db
      .query('api::client.client')
      .findOne({ where: { id: client.id }, select: ['calendarFeedHash'] })) as { calendarFeedHash: string };
    expect(row.calendarFeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.calendarFeedHash).not.toContain(secret);

    const path = new URL(url).pathname;
    const first = await getText(path);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const listed = eventsOf(first.body as string);
    expect(listed.map((e) => e.event.uid)).toEqual([
      `lecture-${saoPauloLecture}@eventos.exemplo.com.br`,
      `lecture-${manausLecture}@eventos.exemplo.com.br`,
    ]);
    expect(listed.map((e) => iso(e.event.startDate))).toEqual(['2026-11-26T17:00:00.000Z', '2026-11-26T18:00:00.000Z']);
    expect((await getText(path)).body).toBe(first.body);

    // The lecture moves (the back office's edit): the next fetch has it at its new time, same UID, a higher SEQUENCE.
    const moved = await cmsApi(server, () => adminToken)('put', `/lectures/${manausLecture}`, { startTime: '16:00', endTime: '17:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = eventsOf((await getText(path)).body as string);
    const manaus = after.find((e) => e.event.uid === `lecture-${manausLecture}@eventos.exemplo.com.br`)!;
    expect(iso(manaus.event.startDate)).toBe('2026-11-26T20:00:00.000Z');
    expect(iso(manaus.event.endDate)).toBe('2026-11-26T21:00:00.000Z');
    expect(manaus.event.sequence).toBeGreaterThan(listed[1].event.sequence);
    // The single lecture's file follows too, under the same UID.
    const single = eventsOf((await getText(`/api/site/v1/lectures/${manausLecture}/calendar.ics`)).body as string)[0];
    expect(single.event.uid).toBe(manaus.event.uid);
    expect(iso(single.event.startDate)).toBe('2026-11-26T20:00:00.000Z');
    await cmsApi(server, () => adminToken)('put', `/lectures/${manausLecture}`, { startTime: '14:00', endTime: '15:30' });
  });

  it('is refused at once when revoked or replaced; a new one works; an unknown secret is 404', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const pathOf = (res: { body: { data: { url: string } } }) => new URL(res.body.data.url).pathname;
    const first = pathOf(await server.request().post(feedMe).set(auth(token)));
    expect((await getText(first)).status).toBe(200);

    const second = pathOf(await server.request().post(feedMe).set(auth(token)));
    expect(second).not.toBe(first);
    expect((await getText(first)).status).toBe(404);
    expect((await getText(second)).status).toBe(200);

    const revoked = await server.request().delete(feedMe).set(auth(token));
    expect(revoked.body).toMatchObject({ msg: 'agenda.calendarFeedRevoked', data: { active: false, createdAt: null } });
    expect((await getText(second)).status).toBe(404);
    expect((await server.request().get(feedMe).set(auth(token))).body.data).toEqual({ active: false, createdAt: null });

    const third = pathOf(await server.request().post(feedMe).set(auth(token)));
    expect((await getText(third)).status).toBe(200);
    expect((await getText(`/api/site/v1/calendar-feeds/${'A'.repeat(43)}/agenda.ics`)).status).toBe(404);
    expect((await getText('/api/site/v1/calendar-feeds/short/agenda.ics')).status).toBe(404);
  });

  it('is in the LGPD export as a fact (never its secret), and goes with the account’s erasure', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const made = await server.request().post(feedMe).set(auth(token));
    const { url, createdAt } = made.body.data as { url: string; createdAt: string };
    const exported = await server.request().get('/api/site/v1/clients/me/data').set(auth(token));
    expect(exported.status).toBe(200);
    expect(exported.body.data.calendarFeed).toEqual({ active: true, createdAt });
    expect(JSON.stringify(exported.body)).not.toContain(url.split('/').at(-2));

    const erased = await server
      .request()
      .delete('/api/site/v1/clients/me')
      .set(auth(token))
      .send({ password: PASSWORD, confirm: 'EXCLUIR' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect((await getText(new URL(url).pathname)).status).toBe(404);
    const row = (await server.strapi.db
      .query('api::client.client')
      .findOne({ where: { id: client.id }, select: ['calendarFeedHash', 'calendarFeedCreatedAt'] })) as Record<string, unknown>;
    expect(row).toMatchObject({ calendarFeedHash: null, calendarFeedCreatedAt: null });
  });
});
