import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, PASSWORD } from '../helpers/accounts';
import { cmsApi, insert } from '../helpers/event-fixtures';
import { auth, markRoutes, startMarksWorld } from '../helpers/marks';
import { sessionToken, type TestServer } from '../helpers/strapi';

// Favourite stands (issue 17, 'Encontre um expositor'; decision 034, the twin of 'Minha agenda'):
// GET /api/site/v1/clients/me/favourites?eventId= lists the signed-in client's favourite stands of
// a published event, POST marks one, DELETE /clients/me/favourites/:standId unmarks it; both
// idempotent, a soft session too. The favourites are in the client's data export, go with the
// account's erasure and with their stand or event.
let server: TestServer;
let token = '';
let adminToken = '';
let eventId = 0;
let otherEventId = 0;
let draftEventId = 0;
const stands: Record<string, number> = {};

const { list, mark: add, unmark: remove, idsOf } = markRoutes(() => server, '/clients/me/favourites', 'standIds');
const favouritesOf = (bearer: string, event = eventId) => idsOf(bearer, event);
const createStand = (event: number, name: string, position: number) =>
  insert(server.strapi, 'api::stand.stand', { name, type: 'master', position, event });

beforeAll(async () => {
  ({ server, eventId, otherEventId, draftEventId, token, adminToken } = await startMarksWorld('site-favourites', 'Congresso Expositores'));
  // Created out of order: the list answers in position order.
  stands.late = await createStand(eventId, 'Bronzefarma', 3);
  stands.early = await createStand(eventId, 'Vitalis Saúde', 1);
  stands.third = await createStand(eventId, 'Aurora Imagem', 2);
  stands.other = await createStand(otherEventId, 'Outra Marca', 1);
  stands.draft = await createStand(draftEventId, 'Oculta', 1);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('/api/site/v1/clients/me/favourites', () => {
  it('needs a client session: 401 without one, and a staff token opens nothing', async () => {
    expect((await list(undefined, eventId)).status).toBe(401);
    expect((await add(undefined, { standId: stands.early })).status).toBe(401);
    expect((await remove(undefined, stands.early)).status).toBe(401);
    expect((await list(adminToken, eventId)).status).toBe(401);
    expect((await add(adminToken, { standId: stands.early })).status).toBe(401);
    expect(await favouritesOf(token)).toEqual([]);
  });

  it('marks and unmarks a stand, both idempotent, and lists the event’s favourites', async () => {
    const first = await add(token, { standId: stands.late });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ msg: 'exhibitors.favourited', data: { standId: stands.late, favourite: true } });
    expect((await add(token, { standId: stands.late })).body.data).toEqual({ standId: stands.late, favourite: true });
    expect((await add(token, { standId: stands.early })).status).toBe(200);
    expect((await add(token, { standId: stands.other })).status).toBe(200);
    expect(await favouritesOf(token)).toEqual([stands.early, stands.late]);
    expect(await favouritesOf(token, otherEventId)).toEqual([stands.other]);

    const off = await remove(token, stands.late);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ msg: 'exhibitors.unfavourited', data: { standId: stands.late, favourite: false } });
    expect((await remove(token, stands.late)).body.data).toEqual({ standId: stands.late, favourite: false });
    expect(await favouritesOf(token)).toEqual([stands.early]);
  });

  it('refuses what is not a published event’s stand, and a malformed request', async () => {
    const unknown = await add(token, { standId: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('api.error.standNotFound');
    const draft = await add(token, { standId: stands.draft });
    expect(draft.status).toBe(404);
    expect(draft.body.msg).toBe('api.error.standNotFound');
    expect((await list(token, draftEventId)).body.msg).toBe('api.error.eventNotFound');
    expect((await list(token, 999_999)).status).toBe(404);
    const noEvent = await server.request().get('/api/site/v1/clients/me/favourites').set(auth(token));
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.msg).toBe('api.error.invalidFilter');
    for (const body of [{}, { standId: 'x' }, { standId: -1 }, { standId: 1.5 }]) {
      const res = await add(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe('api.error.invalidBody');
    }
    expect((await remove(token, 'abc')).status).toBe(400);
    // Unmarking a stand that is not there changes nothing and says so.
    expect((await remove(token, 999_999)).body.data).toEqual({ standId: 999_999, favourite: false });
  });

  it('keeps each client’s favourites their own; a soft session reads and changes none (issue 47, item 5)', async () => {
    const someone = await createClient(server.strapi);
    const theirs = await sessionToken(server, 'client', someone.id);
    expect((await add(theirs, { standId: stands.third })).status).toBe(200);
    expect(await favouritesOf(token)).not.toContain(stands.third);
    // Their e-mail typed in the soft login: the favourites are not shown, nor changed.
    const soft = await server.request().post('/auth/soft/login').send({ email: someone.email });
    const softToken = soft.body.data.token as string;
    const refused = [
      await list(softToken, eventId),
      await add(softToken, { standId: stands.early }),
      await remove(softToken, stands.third),
    ];
    for (const res of refused) expect(res.body).toEqual({ data: null, msg: 'auth.error.fullAccountRequired', status: 403 });
    expect(await favouritesOf(theirs)).toEqual([stands.third]);
  });

  it('puts the favourites in the client’s data export', async () => {
    const res = await server.request().get('/api/site/v1/clients/me/data').set(auth(token));
    expect(res.status).toBe(200);
    expect(res.body.data.favourites).toEqual([
      { standId: stands.early, name: 'Vitalis Saúde', eventId },
      { standId: stands.other, name: 'Outra Marca', eventId: otherEventId },
    ]);
  });

  it('drops the favourites of a deleted stand and of a deleted event', async () => {
    const someone = await createClient(server.strapi);
    const theirToken = await sessionToken(server, 'client', someone.id);
    const doomed = await createStand(eventId, 'Desmontado', 9);
    expect((await add(theirToken, { standId: doomed })).status).toBe(200);
    expect((await add(theirToken, { standId: stands.other })).status).toBe(200);
    expect(await favouritesOf(theirToken)).toEqual([doomed]);
    const cms = cmsApi(server, () => adminToken);
    const standGone = await cms('delete', `/stands?ids=${doomed}`);
    expect(standGone.status, JSON.stringify(standGone.body)).toBe(200);
    expect(await favouritesOf(theirToken)).toEqual([]);
    const gone = await cms('delete', `/events?ids=${otherEventId}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const data = (await server.request().get('/api/site/v1/clients/me/data').set(auth(theirToken))).body.data;
    expect(data.favourites).toEqual([]);
  });

  it('goes with the account when the client erases it', async () => {
    const someone = await createClient(server.strapi);
    const theirToken = await sessionToken(server, 'client', someone.id);
    expect((await add(theirToken, { standId: stands.early })).status).toBe(200);
    const erased = await server
      .request()
      .delete('/api/site/v1/clients/me')
      .set(auth(theirToken))
      .send({ password: PASSWORD, confirm: 'EXCLUIR' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const row = (await server.strapi.db
      .query('api::client.client')
      .findOne({ where: { id: someone.id }, populate: { favouriteStands: { select: ['id'] } } })) as { favouriteStands: unknown[] };
    expect(row.favouriteStands).toEqual([]);
    // The stand itself stays, a favourite of the others.
    expect(await favouritesOf(token)).toEqual([stands.early]);
  });
});
