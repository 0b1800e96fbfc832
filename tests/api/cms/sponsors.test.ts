import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../helpers/accounts';
import { fileOf, fileRows, multipart, onDisk } from '../helpers/stored-files';
import { jpeg, pe, png } from '../storage/files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/sponsors: an event's sponsors for admins, each with its image (required), its
// type (master, premium, supporter) and its place among the event's sponsors.
const UID = 'api::sponsor.sponsor';
let server: TestServer;
let tokens: { admin: string; attendant: string };
let eventId: number;
let otherEventId: number;

const api = (method: 'get' | 'post' | 'put' | 'delete', url: string, who: keyof typeof tokens = 'admin') =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens[who]}`);

const logLines = async (): Promise<string[]> =>
  (
    (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: 'sponsors.' } }, orderBy: { id: 'asc' } })) as Array<{ description: string }>
  ).map((row) => row.description);

beforeAll(async () => {
  server = await startServer('cms-sponsors', { seed: false });
  const db = server.strapi.db;
  const admin = await createStaff(server.strapi, { role: 'admin' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  // A draft event: the back office edits sponsors before the event is published.
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000', published: false },
  });
  const other = await db.query('api::event.event').create({
    data: { name: 'Outro', description: 'x', startDate: '2021-11-12', startTime: '08:00:00.000', published: true },
  });
  eventId = event.id;
  otherEventId = other.id;
  await db.query(UID).create({ data: { name: 'Apoio', type: 'supporter', position: 4, event: eventId } });
  await db.query(UID).create({ data: { name: 'De outro evento', type: 'master', position: 9, event: otherEventId } });
  tokens = { admin: await sessionToken(server, 'staff', admin.id), attendant: await sessionToken(server, 'staff', attendant.id) };
});

afterAll(async () => {
  await server?.stop();
});

describe('sponsors', () => {
  it('creates a sponsor with its image, after the event\u2019s others', async () => {
    const res = await multipart(
      api('post', '/sponsors'),
      { eventId, name: ' Vitalis ', type: 'master', link: 'https://vitalis.exemplo.com.br' },
      { image: { data: await png(), name: 'vitalis.png' } },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      msg: 'api.created',
      status: 201,
      data: {
        id: expect.any(Number),
        eventId,
        name: 'Vitalis',
        type: 'master',
        image: expect.stringMatching(/^\/uploads\/.+\.png$/),
        // The 320×200 PNG and the thumbnail the upload plugin made of it.
        imageSources: [
          { url: expect.stringMatching(/^\/uploads\/thumbnail_vitalis_\w+\.png$/), width: 245 },
          { url: expect.stringMatching(/^\/uploads\/vitalis_\w+\.png$/), width: 320 },
        ],
        link: 'https://vitalis.exemplo.com.br',
        position: 5,
      },
    });
    expect(onDisk(res.body.data.image)).toBe(true);
    const row = await server.strapi.db.query(UID).findOne({ where: { id: res.body.data.id }, populate: { event: true, image: true } });
    expect(row).toMatchObject({ name: 'Vitalis', position: 5, event: { id: eventId }, image: { url: res.body.data.image } });
    const placed = await multipart(
      api('post', '/sponsors'),
      { eventId, name: 'Premium', type: 'premium', position: '1', link: '' },
      { image: { data: await jpeg(), name: 'premium.jpg' } },
    );
    expect(placed.body.data).toMatchObject({ position: 1, link: null, type: 'premium' });
    expect(await logLines()).toEqual([`Criou patrocinador nº ${res.body.data.id}.`, `Criou patrocinador nº ${placed.body.data.id}.`]);
  });

  it('lists an event\u2019s sponsors in position order, draft events too', async () => {
    const res = await api('get', `/sponsors?eventId=${eventId}`);
    expect(res.body.data.rows.map((row: { name: string; position: number }) => [row.name, row.position])).toEqual([
      ['Premium', 1],
      ['Apoio', 4],
      ['Vitalis', 5],
    ]);
    expect((await api('get', '/sponsors?order=name:asc&search=outro')).body.data.rows[0]).toMatchObject({ eventId: otherEventId });
    expect((await api('get', '/sponsors?eventId=999999')).body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
  });

  it('refuses a sponsor without an image, with a bad type, a file that is no image or a missing event', async () => {
    const before = await fileRows(server.strapi);
    const fields = { eventId, name: 'Sem imagem', type: 'supporter' };
    expect((await multipart(api('post', '/sponsors'), fields)).body).toEqual({
      data: null,
      msg: 'sponsors.error.imageRequired',
      status: 400,
    });
    const badType = await multipart(api('post', '/sponsors'), { ...fields, type: 'gold' }, { image: { data: await png(), name: 'a.png' } });
    expect(badType.body.msg).toBe('api.error.invalidBody');
    const noType = await multipart(
      api('post', '/sponsors'),
      { eventId, name: 'Sem tipo' },
      { image: { data: await png(), name: 'a.png' } },
    );
    expect(noType.body.msg).toBe('api.error.invalidBody');
    const exe = await multipart(api('post', '/sponsors'), fields, { image: { data: pe(), name: 'logo.jpg', type: 'image/jpeg' } });
    expect(exe.status).toBe(400);
    expect(exe.body.msg).toMatch(/^upload\.error\./);
    const noEvent = await multipart(
      api('post', '/sponsors'),
      { ...fields, eventId: 999999 },
      { image: { data: await png(), name: 'a.png' } },
    );
    expect(noEvent.body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    expect(await fileRows(server.strapi)).toEqual(before);
  });

  it('changes a sponsor and replaces its image, never leaving it without one', async () => {
    const sponsor = (await api('get', `/sponsors?eventId=${eventId}&search=Vitalis`)).body.data.rows[0] as { id: number; image: string };
    const oldFile = await fileOf(server.strapi, UID, sponsor.id, 'image');
    const removed = await multipart(api('put', `/sponsors/${sponsor.id}`), { removeImage: '1' });
    expect(removed.body).toEqual({ data: null, msg: 'sponsors.error.imageRequired', status: 400 });
    expect(await fileOf(server.strapi, UID, sponsor.id, 'image')).toBe(oldFile);
    const res = await multipart(
      api('put', `/sponsors/${sponsor.id}`),
      { type: 'premium', position: '2' },
      { image: { data: await jpeg(), name: 'novo.jpg' } },
    );
    expect(res.body).toMatchObject({ msg: 'api.updated', data: { id: sponsor.id, name: 'Vitalis', type: 'premium', position: 2 } });
    expect(res.body.data.image).not.toBe(sponsor.image);
    expect((await fileRows(server.strapi)).some((file) => file.id === oldFile)).toBe(false);
    expect(onDisk(sponsor.image)).toBe(false);
    expect((await multipart(api('put', `/sponsors/${sponsor.id}`), { type: 'gold' })).body.msg).toBe('api.error.invalidBody');
    expect((await multipart(api('put', '/sponsors/999999'), { name: 'x' })).body.msg).toBe('api.error.notFound');
    expect(await logLines()).toContain(`Alterou patrocinador nº ${sponsor.id}.`);
  });

  it('deletes sponsors with their images, and is for admins only', async () => {
    const rows = (await api('get', `/sponsors?eventId=${eventId}`)).body.data.rows as Array<{ id: number; image: string | null }>;
    const withImage = rows.filter((row) => row.image);
    expect((await api('get', '/sponsors', 'attendant')).status).toBe(403);
    expect((await api('delete', `/sponsors?ids=${rows[0].id}`, 'attendant')).status).toBe(403);
    const res = await api('delete', '/sponsors').send({ ids: rows.map((row) => row.id) });
    expect(res.body).toEqual({ data: { ids: rows.map((row) => row.id).sort((a, b) => a - b), count: 3 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(UID).count({ where: { event: { id: eventId } } })).toBe(0);
    expect(await server.strapi.db.query(UID).count({ where: { event: { id: otherEventId } } })).toBe(1);
    expect(await fileRows(server.strapi)).toEqual([]);
    for (const row of withImage) expect(onDisk(row.image as string)).toBe(false);
    expect((await logLines()).pop()).toMatch(/^Excluiu patrocinadores nº \d+, \d+, \d+\.$/);
  });
});
