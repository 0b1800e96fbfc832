import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, type TestAccount } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/stands/:id/attendants: who answers a stand. Only attendants can be assigned, each
// once; the rows carry the user; removal takes assignment ids of that stand; deleting a user
// takes their assignments with them.
const UID = 'api::stand-attendant.stand-attendant';
let server: TestServer;
let admin: TestAccount;
let ana: TestAccount;
let bruno: TestAccount;
let tokens: { admin: string; attendant: string };
let standId: number;
let otherStandId: number;

const api = (method: 'get' | 'post' | 'delete', url: string, who: keyof typeof tokens = 'admin') =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens[who]}`);

const assignments = async (stand: number): Promise<number[]> =>
  (
    (await server.strapi.db
      .query(UID)
      .findMany({ where: { stand: { id: stand } }, populate: { user: { select: ['id'] } }, orderBy: { id: 'asc' } })) as Array<{
      user: { id: number } | null;
    }>
  ).map((row) => row.user?.id ?? 0);

const logLines = async (): Promise<string[]> =>
  (
    (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: 'standAttendants.' } }, orderBy: { id: 'asc' } })) as Array<{ description: string }>
  ).map((row) => row.description);

beforeAll(async () => {
  server = await startServer('cms-attendants', { seed: false });
  const db = server.strapi.db;
  admin = await createStaff(server.strapi, { role: 'admin' });
  ana = await createStaff(server.strapi, { role: 'attendant', email: 'ana@exemplo.com.br', phone: '987654321' });
  bruno = await createStaff(server.strapi, { role: 'attendant', email: 'bruno@exemplo.com.br' });
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000' },
  });
  standId = (await db.query('api::stand.stand').create({ data: { name: 'Vitalis', type: 'master', event: event.id } })).id;
  otherStandId = (await db.query('api::stand.stand').create({ data: { name: 'Solaris', type: 'bronze', event: event.id } })).id;
  tokens = { admin: await sessionToken(server, 'staff', admin.id), attendant: await sessionToken(server, 'staff', ana.id) };
});

afterAll(async () => {
  await server?.stop();
});

describe('assigning attendants', () => {
  it('assigns an attendant and lists the rows with the user', async () => {
    const res = await api('post', `/stands/${standId}/attendants`).send({ userId: ana.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      msg: 'api.created',
      status: 201,
      data: {
        id: expect.any(Number),
        standId,
        user: { id: ana.id, name: 'Pessoa attendant', email: 'ana@exemplo.com.br', phone: '(11) 98765-4321' },
      },
    });
    // A multipart or urlencoded form sends the id as text.
    const second = await api('post', `/stands/${standId}/attendants`)
      .type('form')
      .send({ userId: String(bruno.id) });
    expect(second.status).toBe(201);
    expect(await assignments(standId)).toEqual([ana.id, bruno.id]);
    const list = await api('get', `/stands/${standId}/attendants`);
    expect(list.body).toMatchObject({ msg: 'api.ok', status: 200, data: { count: 2 } });
    expect(list.body.data.rows.map((row: { user: { email: string } }) => row.user.email)).toEqual([
      'ana@exemplo.com.br',
      'bruno@exemplo.com.br',
    ]);
    expect(list.body.data.rows[0]).toEqual(res.body.data);
    expect((await api('get', `/stands/${otherStandId}/attendants`)).body.data).toEqual({ rows: [], count: 0 });
    expect(await logLines()).toEqual([
      `Criou vínculo de atendente nº ${res.body.data.id}.`,
      `Criou vínculo de atendente nº ${second.body.data.id}.`,
    ]);
  });

  it('assigns an attendant once', async () => {
    const again = await api('post', `/stands/${standId}/attendants`).send({ userId: ana.id });
    expect(again.body).toEqual({ data: null, msg: 'stands.error.alreadyAssigned', status: 409 });
    expect(await assignments(standId)).toEqual([ana.id, bruno.id]);
    const elsewhere = await api('post', `/stands/${otherStandId}/attendants`).send({ userId: ana.id });
    expect(elsewhere.status).toBe(201);
  });

  it('assigns only staff users with the attendant role', async () => {
    const asAdmin = await api('post', `/stands/${standId}/attendants`).send({ userId: admin.id });
    expect(asAdmin.body).toEqual({ data: null, msg: 'stands.error.notAttendant', status: 400 });
    const nobody = await api('post', `/stands/${standId}/attendants`).send({ userId: 999999 });
    expect(nobody.body).toEqual({ data: null, msg: 'stands.error.notAttendant', status: 400 });
    expect((await api('post', `/stands/${standId}/attendants`).send({ userId: 'ana' })).body.msg).toBe('api.error.invalidBody');
    expect((await api('post', `/stands/${standId}/attendants`).send({})).body.msg).toBe('api.error.invalidBody');
    expect(await assignments(standId)).toEqual([ana.id, bruno.id]);
  });

  it('answers 404 for a missing stand and 403 to an attendant', async () => {
    expect((await api('get', '/stands/999999/attendants')).body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
    expect((await api('post', '/stands/999999/attendants').send({ userId: ana.id })).body.msg).toBe('api.error.standNotFound');
    expect((await api('get', '/stands/abc/attendants')).body.msg).toBe('api.error.invalidId');
    expect((await api('get', `/stands/${standId}/attendants`, 'attendant')).status).toBe(403);
    expect((await api('post', `/stands/${standId}/attendants`, 'attendant').send({ userId: bruno.id })).status).toBe(403);
  });
});

describe('removing attendants', () => {
  it('removes assignments of that stand only, by ?ids= or { ids }', async () => {
    const rows = (await api('get', `/stands/${standId}/attendants`)).body.data.rows as Array<{ id: number; user: { id: number } }>;
    const other = (await api('get', `/stands/${otherStandId}/attendants`)).body.data.rows as Array<{ id: number }>;
    const foreign = await api('delete', `/stands/${standId}/attendants?ids=${other[0].id}`);
    expect(foreign.body).toEqual({ data: null, msg: 'api.error.notFound', status: 404 });
    expect(await assignments(otherStandId)).toEqual([ana.id]);
    const byQuery = await api('delete', `/stands/${standId}/attendants?ids=${rows[0].id},${other[0].id}`);
    expect(byQuery.body).toEqual({ data: { ids: [rows[0].id], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await assignments(otherStandId)).toEqual([ana.id]);
    const byBody = await api('delete', `/stands/${standId}/attendants`).send({ ids: [rows[1].id] });
    expect(byBody.body.data).toEqual({ ids: [rows[1].id], count: 1 });
    expect(await assignments(standId)).toEqual([]);
    expect((await api('delete', `/stands/${standId}/attendants`)).body.msg).toBe('api.error.invalidId');
    expect((await api('delete', `/stands/${standId}/attendants?ids=${rows[0].id}`, 'attendant')).status).toBe(403);
    expect((await logLines()).slice(-2)).toEqual([
      `Excluiu vínculo de atendente nº ${rows[0].id}.`,
      `Excluiu vínculo de atendente nº ${rows[1].id}.`,
    ]);
    // Removed from the stand, the attendant no longer sees it.
    const seen = await server.request().get('/api/cms/v1/stands').set('Authorization', `Bearer ${tokens.attendant}`);
    expect(seen.body.data.rows.map((row: { id: number }) => row.id)).toEqual([otherStandId]);
  });

  it('takes a deleted user\u2019s assignments with them', async () => {
    const carla = await createStaff(server.strapi, { role: 'attendant' });
    await api('post', `/stands/${standId}/attendants`).send({ userId: carla.id });
    await api('post', `/stands/${otherStandId}/attendants`).send({ userId: carla.id });
    expect((await api('get', `/stands/${standId}/attendants`)).body.data.count).toBe(1);
    const removed = await api('delete', `/users?ids=${carla.id}`);
    expect(removed.status).toBe(200);
    expect(await server.strapi.db.query(UID).count({ where: { user: { id: carla.id } } })).toBe(0);
    expect(await assignments(standId)).toEqual([]);
    expect(await assignments(otherStandId)).toEqual([ana.id]);
    expect((await api('get', `/stands/${standId}/attendants`)).body.data).toEqual({ rows: [], count: 0 });
    // Deleted one by one (as /admin's Content Manager does), the same.
    const dora = await createStaff(server.strapi, { role: 'attendant' });
    await api('post', `/stands/${standId}/attendants`).send({ userId: dora.id });
    await server.strapi.db.query('api::staff-user.staff-user').delete({ where: { id: dora.id } });
    expect(await server.strapi.db.query(UID).count({})).toBe(1);
  });
});
