import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, PASSWORD } from '../helpers/accounts';
import { cmsApi, createLecture, createRoom } from '../helpers/event-fixtures';
import { auth, markRoutes, startMarksWorld } from '../helpers/marks';
import { sessionToken, type TestServer } from '../helpers/strapi';

// 'Minha agenda' (issue 17, decision 034): GET /api/site/v1/clients/me/agenda?eventId= lists the
// signed-in client's starred lectures of a published event, POST stars one, DELETE
// /clients/me/agenda/:lectureId unstars it; both idempotent, a full session only. The stars are in
// the client's data export, go with the account's erasure and with their lecture or event.
let server: TestServer;
let token = '';
let adminToken = '';
let eventId = 0;
let otherEventId = 0;
let draftEventId = 0;
const lectures: Record<string, number> = {};

const { list, mark: star, unmark: unstar, idsOf } = markRoutes(() => server, '/clients/me/agenda', 'lectureIds');
const starredOf = (bearer: string, event = eventId) => idsOf(bearer, event);

beforeAll(async () => {
  ({ server, eventId, otherEventId, draftEventId, token, adminToken } = await startMarksWorld('site-agenda', 'Congresso Agenda'));
  const { strapi } = server;
  const room = await createRoom(strapi, eventId, { name: 'Auditório' });
  const otherRoom = await createRoom(strapi, otherEventId, { name: 'Sala B' });
  const draftRoom = await createRoom(strapi, draftEventId, { name: 'Sala C' });
  // Created out of order: the list answers by day, then hour.
  lectures.late = await createLecture(strapi, room, {
    name: 'Encerramento',
    startDate: '2026-05-11',
    startTime: '17:00:00.000',
    endTime: '18:00:00.000',
  });
  lectures.early = await createLecture(strapi, room, {
    name: 'Abertura',
    startDate: '2026-05-10',
    startTime: '08:00:00.000',
    endTime: '09:00:00.000',
  });
  lectures.third = await createLecture(strapi, room, {
    name: 'Sepse',
    startDate: '2026-05-10',
    startTime: '10:00:00.000',
    endTime: '11:00:00.000',
  });
  lectures.other = await createLecture(strapi, otherRoom, { name: 'Outra', startDate: '2026-05-10' });
  lectures.draft = await createLecture(strapi, draftRoom, { name: 'Oculta', startDate: '2026-05-10' });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('/api/site/v1/clients/me/agenda', () => {
  it('needs a client session: 401 without one, and a staff token opens nothing', async () => {
    expect((await list(undefined, eventId)).status).toBe(401);
    expect((await star(undefined, { lectureId: lectures.early })).status).toBe(401);
    expect((await unstar(undefined, lectures.early)).status).toBe(401);
    expect((await list(adminToken, eventId)).status).toBe(401);
    expect(await starredOf(token)).toEqual([]);
  });

  it('stars and unstars a lecture, both idempotent, and lists the event’s stars by day and hour', async () => {
    const first = await star(token, { lectureId: lectures.late });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ msg: 'agenda.starred', data: { lectureId: lectures.late, starred: true } });
    expect((await star(token, { lectureId: lectures.late })).body.data).toEqual({ lectureId: lectures.late, starred: true });
    expect((await star(token, { lectureId: lectures.early })).status).toBe(200);
    expect((await star(token, { lectureId: lectures.other })).status).toBe(200);
    expect(await starredOf(token)).toEqual([lectures.early, lectures.late]);
    expect(await starredOf(token, otherEventId)).toEqual([lectures.other]);

    const off = await unstar(token, lectures.late);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ msg: 'agenda.unstarred', data: { lectureId: lectures.late, starred: false } });
    expect((await unstar(token, lectures.late)).body.data).toEqual({ lectureId: lectures.late, starred: false });
    expect(await starredOf(token)).toEqual([lectures.early]);
  });

  it('refuses what is not a published event’s lecture, and a malformed request', async () => {
    const unknown = await star(token, { lectureId: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('api.error.lectureNotFound');
    const draft = await star(token, { lectureId: lectures.draft });
    expect(draft.status).toBe(404);
    expect(draft.body.msg).toBe('api.error.lectureNotFound');
    expect((await list(token, draftEventId)).body.msg).toBe('api.error.eventNotFound');
    expect((await list(token, 999_999)).status).toBe(404);
    const noEvent = await server.request().get('/api/site/v1/clients/me/agenda').set(auth(token));
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.msg).toBe('api.error.invalidFilter');
    for (const body of [{}, { lectureId: 'x' }, { lectureId: -1 }, { lectureId: 1.5 }]) {
      const res = await star(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe('api.error.invalidBody');
    }
    expect((await unstar(token, 'abc')).status).toBe(400);
    // Unstarring a lecture that is not there changes nothing and says so.
    expect((await unstar(token, 999_999)).body.data).toEqual({ lectureId: 999_999, starred: false });
  });

  it('keeps each client’s stars their own; a soft session reads and changes none (issue 47, item 5)', async () => {
    const someone = await createClient(server.strapi);
    const theirs = await sessionToken(server, 'client', someone.id);
    expect((await star(theirs, { lectureId: lectures.third })).status).toBe(200);
    expect(await starredOf(token)).not.toContain(lectures.third);
    // Their e-mail typed in the soft login: the stars are not shown, nor changed.
    const soft = await server.request().post('/auth/soft/login').send({ email: someone.email });
    const softToken = soft.body.data.token as string;
    const refused = [
      await list(softToken, eventId),
      await star(softToken, { lectureId: lectures.early }),
      await unstar(softToken, lectures.third),
    ];
    for (const res of refused) expect(res.body).toEqual({ data: null, msg: 'auth.error.fullAccountRequired', status: 403 });
    expect(await starredOf(theirs)).toEqual([lectures.third]);
  });

  it('puts the stars in the client’s data export', async () => {
    const res = await server.request().get('/api/site/v1/clients/me/data').set(auth(token));
    expect(res.status).toBe(200);
    expect(res.body.data.agenda).toEqual([
      { lectureId: lectures.early, name: 'Abertura', startDate: '2026-05-10', eventId },
      { lectureId: lectures.other, name: 'Outra', startDate: '2026-05-10', eventId: otherEventId },
    ]);
  });

  it('drops the stars of a deleted lecture and of a deleted event', async () => {
    const someone = await createClient(server.strapi);
    const theirToken = await sessionToken(server, 'client', someone.id);
    const room = await createRoom(server.strapi, eventId, { name: 'Sala Temporária', number: 2 });
    const doomed = await createLecture(server.strapi, room, { name: 'Cancelada', startDate: '2026-05-12' });
    expect((await star(theirToken, { lectureId: doomed })).status).toBe(200);
    expect((await star(theirToken, { lectureId: lectures.other })).status).toBe(200);
    const cms = cmsApi(server, () => adminToken);
    expect((await cms('delete', `/lectures?ids=${doomed}`)).status).toBe(200);
    expect(await starredOf(theirToken)).toEqual([]);
    const gone = await cms('delete', `/events?ids=${otherEventId}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const data = (await server.request().get('/api/site/v1/clients/me/data').set(auth(theirToken))).body.data;
    expect(data.agenda).toEqual([]);
  });

  it('goes with the account when the client erases it', async () => {
    const someone = await createClient(server.strapi);
    const theirToken = await sessionToken(server, 'client', someone.id);
    expect((await star(theirToken, { lectureId: lectures.early })).status).toBe(200);
    const erased = await server
      .request()
      .delete('/api/site/v1/clients/me')
      .set(auth(theirToken))
      .send({ password: PASSWORD, confirm: 'EXCLUIR' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const row = (await server.strapi.db
      .query('api::client.client')
      .findOne({ where: { id: someone.id }, populate: { agendaLectures: { select: ['id'] } } })) as { agendaLectures: unknown[] };
    expect(row.agendaLectures).toEqual([]);
    // The lecture itself stays, starred by the others.
    expect(await starredOf(token)).toEqual([lectures.early]);
  });
});
