import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff, type TestAccount } from '../helpers/accounts';
import { fileOf, fileRows, multipart, onDisk, refuseWrites } from '../helpers/stored-files';
import { jpeg, pdf, pe, png } from '../storage/files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/stands: lists, reads and multipart saves of an admin, the attendant's own stands
// (and only their texts and image), and a delete that takes everything of the stand with it.
const UID = 'api::stand.stand';
let server: TestServer;
let admin: TestAccount;
let tokens: { admin: string; attendant: string };
let eventId: number;
let otherEventId: number;
let ownStand: number;
let otherStand: number;

type Method = 'get' | 'post' | 'put' | 'delete';
const api = (method: Method, url: string, who: keyof typeof tokens = 'admin') =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens[who]}`);

const logLines = async (prefix: string): Promise<string[]> =>
  (
    (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: prefix } }, orderBy: { id: 'asc' } })) as Array<{ description: string }>
  ).map((row) => row.description);

const standRow = (id: number) =>
  server.strapi.db.query(UID).findOne({ where: { id }, populate: { event: { select: ['id'] }, image: { select: ['id', 'url'] } } });

beforeAll(async () => {
  server = await startServer('cms-stands', { seed: false });
  const db = server.strapi.db;
  admin = await createStaff(server.strapi, { role: 'admin', email: 'chefe@exemplo.com.br' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000', published: false },
  });
  const other = await db.query('api::event.event').create({
    data: { name: 'Outro', description: 'x', startDate: '2021-11-12', startTime: '08:00:00.000', published: true },
  });
  eventId = event.id;
  otherEventId = other.id;
  ownStand = (await db.query(UID).create({ data: { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: eventId } })).id;
  otherStand = (await db.query(UID).create({ data: { name: 'Solaris', subtitle: 'Imagem', type: 'bronze', position: 2, event: eventId } }))
    .id;
  await db.query(UID).create({ data: { name: 'Cardio Mais', subtitle: 'Coração', type: 'silver', position: 1, event: otherEventId } });
  await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: ownStand, user: attendant.id } });
  tokens = { admin: await sessionToken(server, 'staff', admin.id), attendant: await sessionToken(server, 'staff', attendant.id) };
});

afterAll(async () => {
  await server?.stop();
});

describe('reading stands', () => {
  it('lists every stand for an admin, by event, searched and ordered', async () => {
    const all = await api('get', '/stands');
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(3);
    const ofEvent = await api('get', `/stands?eventId=${eventId}&order=name:asc`);
    expect(ofEvent.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Solaris', 'Vitalis']);
    expect(ofEvent.body.data.rows[1]).toMatchObject({ id: ownStand, eventId, subtitle: 'UTI', type: 'master', image: null });
    const search = await api('get', '/stands?search=cora');
    expect(search.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Cardio Mais']);
    expect((await api('get', '/stands?eventId=999999')).body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    expect((await api('get', '/stands?order=facebook:asc')).body.msg).toBe('api.error.invalidOrder');
  });

  it('shows an attendant only their stands: another one answers 404', async () => {
    const list = await api('get', '/stands', 'attendant');
    expect(list.body.data).toMatchObject({ count: 1, rows: [{ id: ownStand, name: 'Vitalis' }] });
    expect((await api('get', `/stands/${ownStand}`, 'attendant')).body.data.name).toBe('Vitalis');
    expect((await api('get', `/stands/${otherStand}`, 'attendant')).body).toEqual({
      data: null,
      msg: 'api.error.standNotFound',
      status: 404,
    });
    expect((await api('get', `/stands/${otherStand}`)).body.data.name).toBe('Solaris');
  });
});

describe('creating a stand', () => {
  it('stores the stand with its image; the type defaults to master and the symposium goes without a type', async () => {
    const before = (await fileRows(server.strapi)).length;
    const res = await multipart(
      api('post', '/stands'),
      {
        eventId: String(eventId),
        name: ' Neuro Center ',
        subtitle: 'Neurologia',
        description: 'Equipamentos de neurologia',
        type: '',
        symposium: 'https://simposio.exemplo.com.br',
        website: 'https://neuro.exemplo.com.br',
        color: '#A34100',
      },
      { image: { data: await png(), name: 'logo.png', type: 'image/png' } },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      msg: 'api.created',
      status: 201,
      data: {
        eventId,
        name: 'Neuro Center',
        subtitle: 'Neurologia',
        type: 'master',
        symposium: null,
        website: 'https://neuro.exemplo.com.br',
        color: '#A34100',
        position: 3,
        facebook: null,
      },
    });
    expect(res.body.data.image).toMatch(/^\/uploads\/.+\.png$/);
    const row = await standRow(res.body.data.id);
    expect(row).toMatchObject({ name: 'Neuro Center', type: 'master', symposium: null, event: { id: eventId } });
    expect(row.image.url).toBe(res.body.data.image);
    expect(onDisk(row.image.url)).toBe(true);
    expect((await fileRows(server.strapi)).length).toBe(before + 1);
    expect(await logLines('stands.create')).toEqual([`Criou estande nº ${res.body.data.id}.`]);
  });

  it('keeps the symposium of a typed stand; an image is judged by its bytes, not its name', async () => {
    const res = await multipart(
      api('post', '/stands'),
      {
        eventId,
        name: 'Ortho',
        subtitle: 'Ortopedia',
        description: 'Próteses',
        type: 'silver',
        symposium: 'https://s.exemplo.com.br',
        position: 7,
      },
      { image: { data: await jpeg(), name: 'logo.pdf', type: 'application/pdf' } },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'silver', symposium: 'https://s.exemplo.com.br', position: 7 });
    const file = (await fileRows(server.strapi)).pop();
    expect(file?.mime).toBe('image/jpeg');
  });

  it('refuses a stand without its image, with a file that is not an image, or of a missing event, storing nothing', async () => {
    const before = await fileRows(server.strapi);
    const stands = await server.strapi.db.query(UID).count({});
    const fields = { eventId, name: 'Sem imagem', subtitle: 'x', description: 'y' };
    expect((await multipart(api('post', '/stands'), fields)).body).toEqual({ data: null, msg: 'stands.error.imageRequired', status: 400 });
    const asPdf = await multipart(api('post', '/stands'), fields, { image: { data: pdf(), name: 'logo.pdf' } });
    expect(asPdf.status).toBe(400);
    expect(asPdf.body.msg).toMatch(/^upload\.error\./);
    const exe = await multipart(api('post', '/stands'), fields, { image: { data: pe(), name: 'foto.jpg', type: 'image/jpeg' } });
    expect(exe.status).toBe(400);
    expect(exe.body.msg).toMatch(/^upload\.error\./);
    const noEvent = await multipart(
      api('post', '/stands'),
      { ...fields, eventId: 999999 },
      { image: { data: await png(), name: 'a.png' } },
    );
    expect(noEvent.body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    const noName = await multipart(api('post', '/stands'), { ...fields, name: '  ' }, { image: { data: await png(), name: 'a.png' } });
    expect(noName.body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    const badType = await multipart(api('post', '/stands'), { ...fields, type: 'gold' }, { image: { data: await png(), name: 'a.png' } });
    expect(badType.body.msg).toBe('api.error.invalidBody');
    expect(await fileRows(server.strapi)).toEqual(before);
    expect(await server.strapi.db.query(UID).count({})).toBe(stands);
  });

  it('leaves no file behind when the database refuses the row', async () => {
    await refuseWrites(server.strapi, { table: 'stands', when: 'INSERT', column: 'name', value: 'Recusado' });
    const before = await fileRows(server.strapi);
    const res = await multipart(
      api('post', '/stands'),
      { eventId, name: 'Recusado', subtitle: 'x', description: 'y' },
      { image: { data: await png(), name: 'a.png' } },
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ data: null, msg: 'api.error.internal', status: 500 });
    expect(await fileRows(server.strapi)).toEqual(before);
    expect(await server.strapi.db.query(UID).count({ where: { name: 'Recusado' } })).toBe(0);
  });

  it('is for admins only', async () => {
    const res = await multipart(api('post', '/stands', 'attendant'), { eventId, name: 'x', subtitle: 'y', description: 'z' });
    expect(res.status).toBe(403);
  });
});

describe('changing a stand', () => {
  it('changes an admin\u2019s fields and replaces the image, deleting the old file', async () => {
    const first = await multipart(
      api('put', `/stands/${otherStand}`),
      { description: 'Nova descrição' },
      { image: { data: await png(), name: 'a.png' } },
    );
    expect(first.status).toBe(200);
    const oldFile = (await fileOf(server.strapi, UID, otherStand, 'image')) as number;
    const oldUrl = first.body.data.image as string;
    expect(onDisk(oldUrl)).toBe(true);
    const res = await multipart(
      api('put', `/stands/${otherStand}`),
      { name: 'Solaris Imagem', type: 'silver', symposium: 'https://s.exemplo.com.br', facebook: '' },
      { image: { data: await jpeg(), name: 'novo.jpg' } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      msg: 'api.updated',
      data: {
        id: otherStand,
        name: 'Solaris Imagem',
        description: 'Nova descrição',
        type: 'silver',
        symposium: 'https://s.exemplo.com.br',
      },
    });
    expect(res.body.data.image).not.toBe(oldUrl);
    const files = await fileRows(server.strapi);
    expect(files.find((file) => file.id === oldFile)).toBeUndefined();
    expect(onDisk(oldUrl)).toBe(false);
    expect(await fileOf(server.strapi, UID, otherStand, 'image')).toBe(files.find((file) => file.url === res.body.data.image)?.id);
    const blankType = await multipart(api('put', `/stands/${otherStand}`), { type: '', symposium: 'https://outro.exemplo.com.br' });
    expect(blankType.body.data).toMatchObject({ type: 'silver', symposium: null });
    expect((await logLines('stands.update')).filter((line) => line === `Alterou estande nº ${otherStand}.`)).toHaveLength(3);
  });

  it('refuses removing the image without sending a new one, and keeps it', async () => {
    const file = await fileOf(server.strapi, UID, otherStand, 'image');
    const res = await multipart(api('put', `/stands/${otherStand}`), { removeImage: '1' });
    expect(res.body).toEqual({ data: null, msg: 'stands.error.imageRequired', status: 400 });
    expect(await fileOf(server.strapi, UID, otherStand, 'image')).toBe(file);
    const replaced = await multipart(
      api('put', `/stands/${otherStand}`),
      { removeImage: '1' },
      { image: { data: await png(), name: 'b.png' } },
    );
    expect(replaced.status).toBe(200);
    expect(await fileOf(server.strapi, UID, otherStand, 'image')).not.toBe(file);
    expect((await fileRows(server.strapi)).some((row) => row.id === file)).toBe(false);
  });

  it('lets an attendant change their stand\u2019s texts and image, and nothing else', async () => {
    const res = await multipart(
      api('put', `/stands/${ownStand}`, 'attendant'),
      { name: 'Vitalis Saúde', subtitle: 'Terapia intensiva', description: 'Monitores' },
      { image: { data: await png(), name: 'logo.png' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Vitalis Saúde', subtitle: 'Terapia intensiva', type: 'master', position: 1 });
    expect(res.body.data.image).toMatch(/^\/uploads\//);
    const sneaky = await multipart(api('put', `/stands/${ownStand}`, 'attendant'), { name: 'Outro nome', type: 'bronze', position: 9 });
    expect(sneaky.body).toEqual({ data: null, msg: 'stands.error.fieldsNotAllowed', status: 403 });
    expect(await standRow(ownStand)).toMatchObject({ name: 'Vitalis Saúde', type: 'master', position: 1 });
    const foreign = await multipart(
      api('put', `/stands/${otherStand}`, 'attendant'),
      { name: 'Invadido' },
      { image: { data: await png(), name: 'x.png' } },
    );
    expect(foreign.body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
    expect((await standRow(otherStand)).name).toBe('Solaris Imagem');
  });

  it('changes the texts of a stand that never had an image without asking for one', async () => {
    const cardio = (await api('get', '/stands?search=Cardio')).body.data.rows[0] as { id: number };
    const res = await multipart(api('put', `/stands/${cardio.id}`), { subtitle: 'Cardiologia' });
    expect(res.body).toMatchObject({ status: 200, msg: 'api.updated', data: { id: cardio.id, subtitle: 'Cardiologia', image: null } });
  });

  it('answers 404 for a missing stand and 400 for bad values', async () => {
    expect((await multipart(api('put', '/stands/999999'), { name: 'x' })).body.msg).toBe('api.error.standNotFound');
    expect((await multipart(api('put', `/stands/${otherStand}`), { website: 'javascript:alert(1)' })).body.msg).toBe(
      'api.error.invalidBody',
    );
    expect((await api('put', `/stands/${otherStand}`).send({ color: 'vermelho' })).body.msg).toBe('api.error.invalidBody');
  });
});

describe('deleting stands', () => {
  it('takes the stand\u2019s attendants, medias, products, chats, messages and contacts with it, then their files', async () => {
    const db = server.strapi.db;
    const created = await multipart(
      api('post', '/stands'),
      { eventId, name: 'Para excluir', subtitle: 'x', description: 'y' },
      { image: { data: await png(), name: 'a.png' } },
    );
    const standId = created.body.data.id as number;
    const standFile = (await fileOf(server.strapi, UID, standId, 'image')) as number;
    const media = await multipart(
      api('post', '/medias'),
      { standId, title: 'Folder', description: 'PDF' },
      { file: { data: pdf(), name: 'folder.pdf' } },
    );
    const product = await multipart(
      api('post', '/products'),
      { standId, title: 'Kit', description: 'Kit', price: '10,00' },
      { image: { data: await png(), name: 'kit.png' } },
    );
    expect([media.status, product.status]).toEqual([201, 201]);
    const mediaFile = media.body.data.file.url as string;
    const attendant = await createStaff(server.strapi, { role: 'attendant' });
    await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: standId, user: attendant.id } });
    const client = await createClient(server.strapi);
    const chat = await db.query('api::chat.chat').create({ data: { stand: standId, client: client.id, lastMessage: 'Oi' } });
    await db.query('api::chat-message.chat-message').create({ data: { chat: chat.id, text: 'Oi', senderType: 'client' } });
    await db.query('api::contact.contact').create({ data: { subject: 'stand', message: 'Quero contato', stand: standId } });
    const keptChat = await db.query('api::chat.chat').create({ data: { stand: ownStand, client: client.id, lastMessage: 'Olá' } });

    const res = await api('delete', `/stands?ids=${standId}`);
    expect(res.body).toEqual({ data: { ids: [standId], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await db.query(UID).count({ where: { id: standId } })).toBe(0);
    expect(await db.query('api::media.media').count({ where: { id: media.body.data.id } })).toBe(0);
    expect(await db.query('api::product.product').count({ where: { id: product.body.data.id } })).toBe(0);
    expect(await db.query('api::chat.chat').count({ where: { id: chat.id } })).toBe(0);
    expect(await db.query('api::chat-message.chat-message').count({ where: { chat: { id: chat.id } } })).toBe(0);
    expect(await db.query('api::chat-message.chat-message').count({})).toBe(0);
    expect(await db.query('api::contact.contact').count({})).toBe(0);
    expect(await db.query('api::stand-attendant.stand-attendant').count({ where: { user: { id: attendant.id } } })).toBe(0);
    expect(await db.query('api::chat.chat').count({ where: { id: keptChat.id } })).toBe(1);
    expect(await db.query('api::staff-user.staff-user').count({ where: { id: attendant.id } })).toBe(1);
    const files = await fileRows(server.strapi);
    expect(files.some((file) => file.id === standFile || file.url === mediaFile)).toBe(false);
    expect(onDisk(mediaFile)).toBe(false);
    expect(await logLines('stands.delete')).toEqual([`Excluiu estande nº ${standId}.`]);
  });

  it('deletes nothing when one part of the delete fails', async () => {
    const db = server.strapi.db;
    const standId = (await db.query(UID).create({ data: { name: 'Travado', type: 'bronze', event: eventId } })).id as number;
    const client = await createClient(server.strapi);
    const chat = await db.query('api::chat.chat').create({ data: { stand: standId, client: client.id } });
    await db.query('api::chat-message.chat-message').create({ data: { chat: chat.id, text: 'não apague', senderType: 'client' } });
    await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: standId, user: admin.id } });
    await refuseWrites(server.strapi, { table: 'chats', when: 'DELETE', column: 'last_message', value: 'trava' });
    await db.query('api::chat.chat').update({ where: { id: chat.id }, data: { lastMessage: 'trava' } });
    const res = await api('delete', `/stands?ids=${standId}`);
    expect(res.status).toBe(500);
    expect(await db.query(UID).count({ where: { id: standId } })).toBe(1);
    expect(await db.query('api::chat-message.chat-message').count({ where: { chat: { id: chat.id } } })).toBe(1);
    expect(await db.query('api::stand-attendant.stand-attendant').count({ where: { stand: { id: standId } } })).toBe(1);
    expect(await logLines('stands.delete')).toHaveLength(1);
  });

  it('answers 404 when no stand matches and is for admins only', async () => {
    expect((await api('delete', '/stands?ids=999999')).body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
    expect((await api('delete', '/stands?ids=abc')).body.msg).toBe('api.error.invalidId');
    expect((await api('delete', `/stands?ids=${ownStand}`, 'attendant')).status).toBe(403);
    expect(await server.strapi.db.query(UID).count({ where: { id: ownStand } })).toBe(1);
  });
});
