import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../helpers/accounts';
import { fileOf, fileRows, multipart, onDisk } from '../helpers/stored-files';
import { jpeg, mp4, pdf, pe, png } from '../storage/files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/medias: the Mídia section for admins and attendants. The type comes from the
// stored file's bytes; an attendant works only on the medias of their own stands.
const UID = 'api::media.media';
let server: TestServer;
let tokens: { admin: string; attendant: string };
let ownStand: number;
let otherStand: number;
let otherMedia: number;

const api = (method: 'get' | 'post' | 'put' | 'delete', url: string, who: keyof typeof tokens = 'admin') =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens[who]}`);

const logLines = async (): Promise<string[]> =>
  (
    (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: 'medias.' } }, orderBy: { id: 'asc' } })) as Array<{ description: string }>
  ).map((row) => row.description);

const create = async (who: keyof typeof tokens, stand: number, title: string, file: { data: Buffer; name: string; type?: string }) =>
  multipart(api('post', '/medias', who), { standId: stand, title, description: `Descrição de ${title}` }, { file });

beforeAll(async () => {
  server = await startServer('cms-medias', { seed: false });
  const db = server.strapi.db;
  const admin = await createStaff(server.strapi, { role: 'admin' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000' },
  });
  ownStand = (await db.query('api::stand.stand').create({ data: { name: 'Vitalis', type: 'master', event: event.id } })).id;
  otherStand = (await db.query('api::stand.stand').create({ data: { name: 'Solaris', type: 'bronze', event: event.id } })).id;
  await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: ownStand, user: attendant.id } });
  otherMedia = (await db.query(UID).create({ data: { title: 'De outro estande', description: 'x', type: 'IMAGE', stand: otherStand } })).id;
  tokens = { admin: await sessionToken(server, 'staff', admin.id), attendant: await sessionToken(server, 'staff', attendant.id) };
});

afterAll(async () => {
  await server?.stop();
});

describe('saving medias', () => {
  it('sets the type from the stored file: an image, a PDF and a video', async () => {
    const image = await create('admin', ownStand, 'Logo', { data: await png(16, 8), name: 'logo.png', type: 'image/png' });
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({
      msg: 'api.created',
      data: {
        standId: ownStand,
        title: 'Logo',
        description: 'Descrição de Logo',
        type: 'IMAGE',
        file: { mime: 'image/png', width: 16, height: 8 },
      },
    });
    expect(onDisk(image.body.data.file.url)).toBe(true);
    const doc = await create('admin', ownStand, 'Folder', { data: pdf(), name: 'folder.pdf' });
    expect(doc.body.data).toMatchObject({ type: 'DOCUMENT', file: { mime: 'application/pdf' } });
    const video = await create('admin', ownStand, 'Vídeo', { data: mp4(), name: 'video.mp4', type: 'video/mp4' });
    expect(video.body.data).toMatchObject({ type: 'VIDEO', file: { mime: 'video/mp4' } });
    const row = await server.strapi.db.query(UID).findOne({ where: { id: video.body.data.id }, populate: { stand: true, file: true } });
    expect(row).toMatchObject({ type: 'VIDEO', stand: { id: ownStand }, file: { id: video.body.data.file.id } });
    const logs = await logLines();
    expect(logs).toEqual([image, doc, video].map((res) => `Criou mídia nº ${res.body.data.id}.`));
  });

  it('believes the bytes, not the name nor the declared type', async () => {
    const renamed = multipart(
      api('post', '/medias'),
      { standId: ownStand, title: 'PNG com nome de PDF', description: 'x', type: 'VIDEO' },
      { file: { data: await png(), name: 'documento.pdf', type: 'application/pdf' } },
    );
    const res = await renamed;
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'IMAGE', file: { mime: 'image/png' } });
    const before = await fileRows(server.strapi);
    const exe = await create('admin', ownStand, 'Programa', { data: pe(), name: 'foto.jpg', type: 'image/jpeg' });
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ data: null, msg: 'upload.error.type', status: 400 });
    expect(await fileRows(server.strapi)).toEqual(before);
    expect(await server.strapi.db.query(UID).count({ where: { title: 'Programa' } })).toBe(0);
  });

  it('needs a file, a title and an existing stand', async () => {
    const before = await fileRows(server.strapi);
    const noFile = await multipart(api('post', '/medias'), { standId: ownStand, title: 'Sem arquivo', description: 'x' });
    expect(noFile.body).toEqual({ data: null, msg: 'medias.error.fileRequired', status: 400 });
    const noTitle = await multipart(
      api('post', '/medias'),
      { standId: ownStand, title: '', description: 'x' },
      { file: { data: pdf(), name: 'a.pdf' } },
    );
    expect(noTitle.body.msg).toBe('api.error.invalidBody');
    const noStand = await create('admin', 999999, 'Sem estande', { data: pdf(), name: 'a.pdf' });
    expect(noStand.body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
    expect(await fileRows(server.strapi)).toEqual(before);
  });

  it('replaces a file, deleting the old one, and refuses removing it without a new one', async () => {
    const created = await create('admin', ownStand, 'Troca', { data: await png(), name: 'a.png' });
    const id = created.body.data.id as number;
    const oldFile = created.body.data.file as { id: number; url: string };
    const keptFile = await multipart(api('put', `/medias/${id}`), { removeFile: '1' });
    expect(keptFile.body).toEqual({ data: null, msg: 'medias.error.fileRequired', status: 400 });
    expect(await fileOf(server.strapi, UID, id, 'file')).toBe(oldFile.id);
    expect(onDisk(oldFile.url)).toBe(true);
    const textOnly = await multipart(api('put', `/medias/${id}`), { title: 'Troca de arquivo' });
    expect(textOnly.body.data).toMatchObject({ title: 'Troca de arquivo', type: 'IMAGE', file: { id: oldFile.id } });
    const replaced = await multipart(api('put', `/medias/${id}`), { removeFile: '1' }, { file: { data: mp4(), name: 'novo.mp4' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      msg: 'api.updated',
      data: { title: 'Troca de arquivo', type: 'VIDEO', file: { mime: 'video/mp4' } },
    });
    expect((await fileRows(server.strapi)).some((file) => file.id === oldFile.id)).toBe(false);
    expect(onDisk(oldFile.url)).toBe(false);
    expect(await server.strapi.db.query(UID).findOne({ where: { id } })).toMatchObject({ type: 'VIDEO', title: 'Troca de arquivo' });
    expect((await logLines()).filter((line) => line === `Alterou mídia nº ${id}.`)).toHaveLength(2);
  });
});

describe('an attendant', () => {
  it('lists and reads only the medias of their stands', async () => {
    const list = await api('get', '/medias', 'attendant');
    expect(list.status).toBe(200);
    expect(list.body.data.rows.every((row: { standId: number }) => row.standId === ownStand)).toBe(true);
    expect(list.body.data.count).toBeGreaterThan(0);
    const own = await api('get', `/medias?standId=${ownStand}&order=title:asc`, 'attendant');
    expect(own.body.data.count).toBe(list.body.data.count);
    const other = await api('get', `/medias?standId=${otherStand}`, 'attendant');
    expect(other.body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
    expect((await api('get', `/medias/${otherMedia}`, 'attendant')).body).toEqual({ data: null, msg: 'api.error.notFound', status: 404 });
    expect((await api('get', `/medias?standId=${otherStand}`)).body.data.rows.map((row: { id: number }) => row.id)).toEqual([otherMedia]);
    expect((await api('get', '/medias?standId=999999')).body.msg).toBe('api.error.standNotFound');
    expect((await api('get', '/medias?standId=abc')).body.msg).toBe('api.error.invalidFilter');
  });

  it('adds and changes medias of their stand, never of another', async () => {
    const before = await fileRows(server.strapi);
    const foreign = await create('attendant', otherStand, 'Intrusa', { data: await jpeg(), name: 'a.jpg' });
    expect(foreign.body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
    expect(await fileRows(server.strapi)).toEqual(before);
    const own = await create('attendant', ownStand, 'Minha', { data: await jpeg(), name: 'a.jpg' });
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ standId: ownStand, type: 'IMAGE', file: { mime: 'image/jpeg' } });
    const edited = await multipart(api('put', `/medias/${own.body.data.id}`, 'attendant'), { description: 'Nova' });
    expect(edited.body.data.description).toBe('Nova');
    const otherEdit = await multipart(
      api('put', `/medias/${otherMedia}`, 'attendant'),
      { title: 'Invadida' },
      { file: { data: pdf(), name: 'x.pdf' } },
    );
    expect(otherEdit.body).toEqual({ data: null, msg: 'api.error.notFound', status: 404 });
    expect((await server.strapi.db.query(UID).findOne({ where: { id: otherMedia } })).title).toBe('De outro estande');
    expect((await fileRows(server.strapi)).length).toBe(before.length + 1);
  });

  it('deletes medias of their stand with their files, never of another', async () => {
    const own = await create('attendant', ownStand, 'Para excluir', { data: pdf(), name: 'a.pdf' });
    const file = own.body.data.file as { id: number; url: string };
    const foreign = await api('delete', `/medias?ids=${otherMedia}`, 'attendant');
    expect(foreign.body).toEqual({ data: null, msg: 'api.error.notFound', status: 404 });
    expect(await server.strapi.db.query(UID).count({ where: { id: otherMedia } })).toBe(1);
    const mixed = await api('delete', `/medias?ids=${own.body.data.id},${otherMedia}`, 'attendant');
    expect(mixed.body).toEqual({ data: { ids: [own.body.data.id], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(UID).count({ where: { id: otherMedia } })).toBe(1);
    expect(await server.strapi.db.query(UID).count({ where: { id: own.body.data.id } })).toBe(0);
    expect((await fileRows(server.strapi)).some((row) => row.id === file.id)).toBe(false);
    expect(onDisk(file.url)).toBe(false);
    expect((await logLines()).pop()).toBe(`Excluiu mídia nº ${own.body.data.id}.`);
  });
});

describe('an admin', () => {
  it('deletes any media by ?ids= or { ids }', async () => {
    const res = await api('delete', '/medias').send({ ids: [otherMedia] });
    expect(res.body).toEqual({ data: { ids: [otherMedia], count: 1 }, msg: 'api.deleted', status: 200 });
    expect((await api('delete', `/medias?ids=${otherMedia}`)).status).toBe(404);
  });
});
