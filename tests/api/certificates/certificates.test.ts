import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, createStaff, PASSWORD } from '../helpers/accounts';
import { createEvent, createLecture, createRoom, insert } from '../helpers/event-fixtures';
import { multipart } from '../helpers/stored-files';
import { flushAnalytics, sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 15, "Attendance certificates" (decision 050): an event's threshold in minutes or as a
// share of its programme, eligibility from the watch sessions, a certificate issued once with an
// unguessable code, its PDF for the holder only, public verification, erasure and cascade.
let server: TestServer;
let adminToken = '';
let minutesEvent = 0;
let shareEvent = 0;
let minutesLecture = 0;
let shareLectures: number[] = [];
let otherLecture = 0;

const CERT = 'api::certificate.certificate';
const WATCH = 'api::watch-session.watch-session';
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
const T0 = new Date('2026-11-27T10:00:00.000Z').getTime();

beforeAll(async () => {
  // Batches only when a reader flushes: the certificate routes must write what waits themselves.
  server = await startServer('certificates', { seed: false, env: { PAGE_VIEWS_FLUSH_MS: '600000' } });
  const admin = await createStaff(server.strapi, { role: 'admin' });
  adminToken = await sessionToken(server, 'staff', admin.id);
  // 2 minutes of lectures watched; the programme is one hour.
  minutesEvent = await createEvent(server.strapi, {
    name: 'Congresso de Cardiologia',
    published: true,
    timezone: 'America/Manaus',
    certificateEnabled: true,
    certificateMinMinutes: 2,
    certificateText: 'Certificamos que {nome} participou do {evento} com {horas} assistidas.',
  });
  // On at T0 (06:00 in Manaus), when its heartbeats come: only a lecture on now is credited (decision 102).
  minutesLecture = await createLecture(server.strapi, await createRoom(server.strapi, minutesEvent), {
    name: 'Arritmias',
    startDate: '2026-11-27',
    startTime: '05:30:00.000',
    endTime: '06:30:00.000',
  });
  // 50 % of a 90-minute programme (60 + 30 min in two rooms): 45 minutes.
  shareEvent = await createEvent(server.strapi, {
    name: 'Jornada de Pediatria',
    published: true,
    certificateEnabled: true,
    certificateMinShare: 50,
    certificateText: 'Participação de {nome} em {evento}.',
  });
  shareLectures = [
    await createLecture(server.strapi, await createRoom(server.strapi, shareEvent), { name: 'Neonatologia' }),
    await createLecture(server.strapi, await createRoom(server.strapi, shareEvent, { number: 2 }), {
      name: 'Vacinas',
      startTime: '14:00:00.000',
      endTime: '14:30:00.000',
    }),
  ];
  // Time watched elsewhere does not count.
  const other = await createEvent(server.strapi, { name: 'Outro', published: true });
  otherLecture = await createLecture(server.strapi, await createRoom(server.strapi, other), {
    startDate: '2026-11-27',
    startTime: '05:45:00.000',
    endTime: '06:45:00.000',
  });
}, 180_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await server?.stop();
});

const site = (method: 'get' | 'post', url: string, token?: string, body?: object) => {
  const req = server.request()[method](`/api/site/v1${url}`);
  if (token) void req.set('Authorization', `Bearer ${token}`);
  return body ? req.send(body) : req;
};

const pdfOf = (code: string, token: string) =>
  server
    .request()
    .get(`/api/site/v1/certificates/${code}/pdf`)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** A client with a full session, named for the certificate. */
const person = async (name: string) => {
  const client = await createClient(server.strapi);
  await server.strapi.db.query('api::client.client').update({ where: { id: client.id }, data: { name } });
  // Signed in an hour before the heartbeats of T0 (nothing is credited before a session began).
  return { ...client, token: await sessionToken(server, 'client', client.id, { startedAt: T0 - 3_600_000 }) };
};

/** Heartbeats `spacing` seconds apart on the server's clock (only Date is faked). */
const beats = async (token: string, lectureId: number, count: number, spacing = 30, start = 0) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  for (let i = 0; i < count; i += 1) {
    vi.setSystemTime(T0 + (start + i * spacing) * 1000);
    const res = await site('post', '/watch/heartbeat', token, { lectureId });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  }
  vi.useRealTimers();
};

/** A watch session written directly (hours of watching without hours of heartbeats). */
const watched = (clientId: number, lectureId: number, seconds: number) =>
  insert(server.strapi, WATCH, { key: `${clientId}:${lectureId}`, client: clientId, lecture: lectureId, seconds, heartbeats: 1 });

/**
 * What a PDF draws: the texts of its content streams (pdf-lib writes the standard fonts' WinAnsi
 * as hex strings), and how many images it embeds.
 */
const drawnIn = (doc: PDFDocument) => {
  let contents = '';
  let images = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      images += 1;
      continue;
    }
    const bytes = Buffer.from(object.contents);
    try {
      contents += inflateSync(bytes).toString('latin1');
    } catch {
      contents += bytes.toString('latin1');
    }
  }
  const texts = [...contents.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((match) => Buffer.from(match[1], 'hex').toString('latin1'));
  return { texts, images };
};

describe('the event settings', () => {
  const put = (id: number, fields: Record<string, string>) =>
    multipart(server.request().put(`/api/cms/v1/events/${id}`).set('Authorization', `Bearer ${adminToken}`), fields);

  it('need exactly one threshold and a text when switched on, and show on the public read', async () => {
    const id = await createEvent(server.strapi, { name: 'Configurado', published: true });
    const none = await put(id, { certificateEnabled: '1', certificateText: 'Texto {nome}' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('events.error.certificateThreshold');
    const both = await put(id, { certificateEnabled: '1', certificateMinMinutes: '60', certificateMinShare: '50', certificateText: 'x' });
    expect(both.body.msg).toBe('events.error.certificateThreshold');
    const noText = await put(id, { certificateEnabled: '1', certificateMinShare: '75' });
    expect(noText.body.msg).toBe('events.error.certificateText');
    expect((await put(id, { certificateEnabled: '1', certificateMinShare: '101', certificateText: 'x' })).status).toBe(400);
    const ok = await put(id, { certificateEnabled: '1', certificateMinShare: '75', certificateText: 'Certificamos que {nome}…' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const read = await site('get', `/events/${id}`);
    expect(read.body.data).toMatchObject({
      certificateEnabled: 1,
      certificateMinMinutes: null,
      certificateMinShare: 75,
      certificateText: 'Certificamos que {nome}…',
    });
    // Switching to minutes clears the share; switching off keeps the settings for later.
    expect((await put(id, { certificateMinMinutes: '90', certificateMinShare: '' })).status).toBe(200);
    expect((await put(id, { certificateEnabled: '0' })).status).toBe(200);
    expect((await site('get', `/events/${id}`)).body.data).toMatchObject({
      certificateEnabled: 0,
      certificateMinMinutes: 90,
      certificateMinShare: null,
    });
    expect(JSON.stringify(read.body)).not.toMatch(/certificates"|"code"/);
  });
});

describe('eligibility', () => {
  it('in minutes: below, then exactly at the threshold, counting heartbeats still in the buffer', async () => {
    const ana = await person('Ana Souza');
    await beats(ana.token, minutesLecture, 3); // 30 + 30 + 30 = 90 s
    // Another event's lecture, watched an hour before (one lecture at a time: issue 47, item 3): not counted.
    await beats(ana.token, otherLecture, 10, 30, -3600);
    const below = await site('get', `/certificates/me?eventId=${minutesEvent}`, ana.token);
    expect(below.status, JSON.stringify(below.body)).toBe(200);
    expect(below.body.data).toMatchObject({
      eventId: minutesEvent,
      enabled: true,
      rule: 'minutes',
      programmeMinutes: 60,
      watchedSeconds: 90,
      watchedMinutes: 1,
      requiredSeconds: 120,
      requiredMinutes: 2,
      eligible: false,
      fullAccountRequired: false,
      certificate: null,
    });
    const refused = await site('post', '/certificates', ana.token, { eventId: minutesEvent });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ msg: 'certificates.error.notEligible', data: { watchedMinutes: 1, requiredMinutes: 2 } });
    expect(await server.strapi.db.query(CERT).count({})).toBe(0);

    // A fourth heartbeat 30 s after the third (the session continues): 120 s, exactly the threshold.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0 + 90_000);
    expect((await site('post', '/watch/heartbeat', ana.token, { lectureId: minutesLecture })).status).toBe(202);
    vi.useRealTimers();
    const at = await site('get', `/certificates/me?eventId=${minutesEvent}`, ana.token);
    expect(at.body.data).toMatchObject({ watchedSeconds: 120, watchedMinutes: 2, eligible: true });
  });

  it('as a share of the programme: the sum of the lectures’ durations, exactly at it and a second below', async () => {
    const bia = await person('Bia Lima');
    const caio = await person('Caio Reis');
    // 45 min of 90 = 2700 s.
    await watched(bia.id, shareLectures[0], 2000);
    await watched(bia.id, shareLectures[1], 700);
    await watched(caio.id, shareLectures[0], 2699);
    await watched(caio.id, otherLecture, 5000);
    const b = await site('get', `/certificates/me?eventId=${shareEvent}`, bia.token);
    expect(b.body.data).toMatchObject({
      rule: 'share',
      minShare: 50,
      programmeMinutes: 90,
      watchedSeconds: 2700,
      requiredSeconds: 2700,
      requiredMinutes: 45,
      eligible: true,
    });
    const c = await site('get', `/certificates/me?eventId=${shareEvent}`, caio.token);
    expect(c.body.data).toMatchObject({ watchedSeconds: 2699, watchedMinutes: 44, eligible: false });
    expect((await site('post', '/certificates', caio.token, { eventId: shareEvent })).body).toMatchObject({
      status: 403,
      data: { watchedMinutes: 44, requiredMinutes: 45 },
    });
  });

  it('is refused without a session, for an event without certificates, unpublished or missing, and to a soft session', async () => {
    expect((await site('get', `/certificates/me?eventId=${minutesEvent}`)).status).toBe(401);
    const dan = await person('Dan');
    const off = await createEvent(server.strapi, { name: 'Sem certificado', published: true });
    const offStatus = await site('get', `/certificates/me?eventId=${off}`, dan.token);
    expect(offStatus.body.data).toMatchObject({ enabled: false, eligible: false, requiredSeconds: null });
    expect((await site('post', '/certificates', dan.token, { eventId: off })).body.msg).toBe('certificates.error.disabled');
    const draft = await createEvent(server.strapi, {
      name: 'Rascunho',
      published: false,
      certificateEnabled: true,
      certificateMinMinutes: 1,
    });
    expect((await site('get', `/certificates/me?eventId=${draft}`, dan.token)).status).toBe(404);
    expect((await site('get', '/certificates/me?eventId=abc', dan.token)).status).toBe(400);
    expect((await site('post', '/certificates', dan.token, { eventId: 999999 })).status).toBe(404);

    // Eva's certificate, issued under her full session: her e-mail typed in the soft login reads
    // neither its code nor her time (issue 47, item 5), nor issues one.
    const eva = await person('Eva');
    await watched(eva.id, minutesLecture, 600);
    const issued = await site('post', '/certificates', eva.token, { eventId: minutesEvent });
    expect(issued.status).toBe(201);
    const soft = await server.request().post('/auth/soft/login').send({ email: eva.email });
    const token = soft.body.data.token as string;
    const status = await site('get', `/certificates/me?eventId=${minutesEvent}`, token);
    expect(status.body).toEqual({ data: null, msg: 'certificates.error.fullAccountRequired', status: 403 });
    expect(JSON.stringify(status.body)).not.toContain(issued.body.data.code);
    const issue = await site('post', '/certificates', token, { eventId: minutesEvent });
    expect(issue.status).toBe(403);
    expect(issue.body.msg).toBe('certificates.error.fullAccountRequired');
  });
});

describe('issuing, the PDF and verification', () => {
  it('issues once: the same code and hours on every later call, even after more watching or a new name', async () => {
    const fe = await person('Fernanda Araújo');
    await watched(fe.id, minutesLecture, 750); // 12 min 30 s
    const first = await site('post', '/certificates', fe.token, { eventId: minutesEvent });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.msg).toBe('certificates.issued');
    const cert = first.body.data;
    expect(cert).toMatchObject({
      eventId: minutesEvent,
      eventName: 'Congresso de Cardiologia',
      name: 'Fernanda Araújo',
      seconds: 750,
      timezone: 'America/Manaus',
    });
    expect(cert.code).toMatch(CODE);

    await server.strapi.db
      .connection('watch_sessions')
      .where({ key: `${fe.id}:${minutesLecture}` })
      .update({ seconds: 4000 });
    await server.strapi.db.query('api::client.client').update({ where: { id: fe.id }, data: { name: 'Fernanda A. Souza' } });
    const again = await site('post', '/certificates', fe.token, { eventId: minutesEvent });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(cert);
    const status = await site('get', `/certificates/me?eventId=${minutesEvent}`, fe.token);
    expect(status.body.data.certificate).toEqual(cert);
    expect(status.body.data.watchedSeconds).toBe(4000);
    expect(await server.strapi.db.query(CERT).count({ where: { client: { id: fe.id } } })).toBe(1);

    // Two at once still make one.
    const gil = await person('Gil');
    await watched(gil.id, minutesLecture, 200);
    const [a, b] = await Promise.all([
      site('post', '/certificates', gil.token, { eventId: minutesEvent }),
      site('post', '/certificates', gil.token, { eventId: minutesEvent }),
    ]);
    expect(a.body.data.code).toBe(b.body.data.code);
    expect(await server.strapi.db.query(CERT).count({ where: { client: { id: gil.id } } })).toBe(1);
  });

  it('gives the holder a PDF that parses and carries the code; another client gets 404', async () => {
    const hel = await person('Helena Gonçalves');
    await watched(hel.id, minutesLecture, 45_000); // 12 h 30 min
    const { code } = (await site('post', '/certificates', hel.token, { eventId: minutesEvent })).body.data as { code: string };
    const res = await pdfOf(code, hel.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`certificado-${code}.pdf`);
    const doc = await PDFDocument.load(res.body as Buffer);
    expect(doc.getPageCount()).toBe(1);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect(doc.getSubject()).toBe(code);
    expect(doc.getTitle()).toContain('Congresso de Cardiologia');
    // Issue 56, item 10: the verification address in full (not a bare path), its QR code, and a signature line.
    const drawn = drawnIn(doc);
    expect(drawn.texts).toContainEqual(expect.stringMatching(new RegExp(`^http://[^/]+/certificados/${code}$`)));
    expect(drawn.texts).toContain('Organização do evento');
    expect(drawn.images).toBe(1);
    // The same bytes' facts on a second download.
    const again = await PDFDocument.load((await pdfOf(code, hel.token)).body as Buffer);
    expect(again.getSubject()).toBe(code);

    const ivo = await person('Ivo');
    expect((await pdfOf(code, ivo.token)).status).toBe(404);
    expect((await server.request().get(`/api/site/v1/certificates/${code}/pdf`)).status).toBe(401);
    expect((await pdfOf('0000-0000-0000-0000', hel.token)).status).toBe(404);
  });

  it('verifies a code publicly (typed in lower case too); an unknown code is 404', async () => {
    const jo = await person('Joana Prado');
    await watched(jo.id, minutesLecture, 3600);
    const cert = (await site('post', '/certificates', jo.token, { eventId: minutesEvent })).body.data as { code: string; issuedAt: string };
    const res = await site('get', `/certificates/verify/${cert.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      code: cert.code,
      status: 'valid',
      name: 'Joana Prado',
      eventName: 'Congresso de Cardiologia',
      seconds: 3600,
      issuedAt: cert.issuedAt,
      timezone: 'America/Manaus',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const typed = await site('get', `/certificates/verify/${cert.code.toLowerCase().replace(/-/g, '')}`);
    expect(typed.body.data.code).toBe(cert.code);
    const unknown = await site('get', '/certificates/verify/ABCD-EFGH-JKMN-PQRS');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('certificates.error.notFound');
    expect((await site('get', '/certificates/verify/nao-e-um-codigo')).status).toBe(404);
  });

  it('is in the LGPD export, and after erasure verifies as revoked without the name', async () => {
    const ka = await person('Karina Melo');
    await watched(ka.id, minutesLecture, 300);
    const cert = (await site('post', '/certificates', ka.token, { eventId: minutesEvent })).body.data as { code: string };
    const mine = await site('get', '/clients/me/data', ka.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.certificates).toEqual([
      { code: cert.code, eventId: minutesEvent, name: 'Karina Melo', seconds: 300, issuedAt: expect.any(String) },
    ]);
    const erase = await server
      .request()
      .delete('/api/site/v1/clients/me')
      .set('Authorization', `Bearer ${ka.token}`)
      .send({ password: PASSWORD, confirm: 'EXCLUIR' });
    expect(erase.status, JSON.stringify(erase.body)).toBe(200);
    const res = await site('get', `/certificates/verify/${cert.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'revoked', name: null, eventName: 'Congresso de Cardiologia', seconds: 300 });
    expect(JSON.stringify(res.body)).not.toContain('Karina');
    const row = (await server.strapi.db.query(CERT).findOne({ where: { code: cert.code }, populate: { client: true } })) as {
      name: string | null;
      key: string | null;
      client: unknown;
    };
    expect(row).toMatchObject({ name: null, key: null, client: null });
  });

  it('goes with its event; the content API has no route and the Content Manager does not show the type', async () => {
    const event = await createEvent(server.strapi, {
      name: 'Efêmero',
      published: true,
      certificateEnabled: true,
      certificateMinMinutes: 1,
      certificateText: 'x',
    });
    const lecture = await createLecture(server.strapi, await createRoom(server.strapi, event));
    const leo = await person('Leo');
    await watched(leo.id, lecture, 60);
    const cert = (await site('post', '/certificates', leo.token, { eventId: event })).body.data as { code: string };
    expect(cert.code).toMatch(CODE);
    const removed = await server.request().delete(`/api/cms/v1/events?ids=${event}`).set('Authorization', `Bearer ${adminToken}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await server.strapi.db.query(CERT).count({ where: { code: cert.code } })).toBe(0);
    expect((await site('get', `/certificates/verify/${cert.code}`)).status).toBe(404);

    expect([403, 404]).toContain((await server.request().get('/api/certificates')).status);
    const options = server.strapi.contentType('api::certificate.certificate' as never).pluginOptions as Record<
      string,
      { visible?: boolean }
    >;
    expect(options['content-manager']?.visible).toBe(false);
    expect(options['content-type-builder']?.visible).toBe(false);
  });

  it('limits verification to 30 a minute per visitor (429 beyond), so codes cannot be walked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await site('get', '/certificates/verify/ABCD-EFGH-JKMN-PQRS')).status);
    expect(statuses).toContain(404);
    const limited = statuses.indexOf(429);
    expect(limited).toBeGreaterThan(0);
    expect(statuses.slice(limited).every((status) => status === 429)).toBe(true);
    // Earlier tests of this file verified a few codes: at most 30 in all were answered.
    expect(limited).toBeLessThanOrEqual(30);
  });

  it('writes the heartbeats waiting in the buffer before deciding', async () => {
    const mia = await person('Mia');
    await beats(mia.token, minutesLecture, 4); // 120 s, all still in the buffer
    const issued = await site('post', '/certificates', mia.token, { eventId: minutesEvent });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.data.seconds).toBe(120);
    await flushAnalytics(server);
  });
});
