import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff } from '../helpers/accounts';
import { createEvent, createRoom, insert } from '../helpers/event-fixtures';
import { multipart } from '../helpers/stored-files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';
import { jpeg } from '../storage/files';

// Issue 20, first item (decision 023): the product's routes (/api/cms/v1), the /admin Content
// Manager and the content API with a full-access API token hold the same rules, and a write
// through each leaves one activity-log line naming who did it.
let server: TestServer;
const tokens = { staff: '', admin: '', api: '' };
const ADMIN = { email: 'gestora.conteudo@exemplo.com.br', password: 'Senha#Forte2026' };
const STAFF_EMAIL = 'chefe.escritorio@exemplo.com.br';
const TOKEN_NAME = 'integração do site';
const ids = { category: 0, event: 0, eventDocument: '', room: 0, roomDocument: '', file: 0 };

type Path = 'cms' | 'contentManager' | 'token';
type Body = Record<string, unknown>;

const cms = (method: 'post', url: string, body: Body) =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens.staff}`).send(body);
const contentManager = (uid: string, body: Body) =>
  server.request().post(`/content-manager/collection-types/${uid}`).set('Authorization', `Bearer ${tokens.admin}`).send(body);
const contentApi = (plural: string, body: Body) =>
  server.request().post(`/api/${plural}`).set('Authorization', `Bearer ${tokens.api}`).send({ data: body });

interface LogRow {
  action: string;
  description: string;
  username: string | null;
  email: string | null;
}
const logRows = async (action: string): Promise<LogRow[]> =>
  (await server.strapi.db
    .query('api::log.log')
    .findMany({ where: { action }, orderBy: { id: 'asc' }, select: ['action', 'description', 'username', 'email'] })) as LogRow[];

const count = (uid: string) => server.strapi.db.query(uid).count({});

beforeAll(async () => {
  server = await startServer('write-paths', {
    seed: false,
    env: { STRAPI_ADMIN_EMAIL: ADMIN.email, STRAPI_ADMIN_PASSWORD: ADMIN.password },
  });
  const login = await server.request().post('/admin/login').send(ADMIN);
  expect(login.status).toBe(200);
  tokens.admin = login.body.data.token;
  const staff = await createStaff(server.strapi, { role: 'admin', email: STAFF_EMAIL });
  tokens.staff = await sessionToken(server, 'staff', staff.id);
  tokens.api = (
    (await server.strapi
      .service('admin::api-token')
      .create({ name: TOKEN_NAME, type: 'full-access', lifespan: null, description: '' })) as {
      accessKey: string;
    }
  ).accessKey;
  ids.file = await insert(server.strapi, 'plugin::upload.file', {
    name: 'logo.jpg',
    hash: 'logo_write_paths',
    ext: '.jpg',
    mime: 'image/jpeg',
    size: 1.2,
    url: '/uploads/logo_write_paths.jpg',
    provider: 'local',
  });
  ids.category = await insert(server.strapi, 'api::category.category', { name: 'Congressos' });
  ids.event = await createEvent(server.strapi, { category: ids.category, image: ids.file, banner: ids.file, thumb: ids.file });
  ids.room = await createRoom(server.strapi, ids.event);
  const documentOf = async (uid: string, id: number) =>
    ((await server.strapi.db.query(uid).findOne({ where: { id }, select: ['documentId'] })) as { documentId: string }).documentId;
  ids.eventDocument = await documentOf('api::event.event', ids.event);
  ids.roomDocument = await documentOf('api::room.room', ids.room);
});

afterAll(async () => {
  await server?.stop();
});

/** A 400 of Strapi's error shape naming `field` (the Content Manager and the content API). */
const expectStrapiRefusal = (res: { status: number; body: Body }, field: string, label: string) => {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  const error = res.body.error as { name: string; details: { errors: Array<{ path: string[]; name: string; message: string }> } };
  expect(error.name, label).toBe('ValidationError');
  const paths = error.details.errors.map((entry) => entry.path.join('.'));
  expect(paths, label).toContain(field);
  for (const entry of error.details.errors) expect(entry.name).toBe('ValidationError');
};

interface Case {
  name: string;
  uid: string;
  /** The content API's plural; none when the type has no content-API route (decision 019). */
  plural?: string;
  /** The activity log's action of a create. */
  action: string;
  /** The invalid input on /api/cms/v1, its message key and status. */
  cmsInvalid: Body;
  cmsMsg: string;
  cmsStatus?: number;
  /** The same input as a document (relations and files by id), and the fields it must name. */
  documentInvalid: Body;
  fields: string[];
  /** A valid write on each path (a /api/cms/v1 one may be multipart with files). */
  valid: (path: Path, n: number) => Body;
  cmsFiles?: () => Promise<Record<string, { data: Buffer; name: string; type?: string }>>;
}

const CASES: Case[] = [
  {
    name: 'stand',
    uid: 'api::stand.stand',
    plural: 'stands',
    action: 'stands.create',
    cmsInvalid: { name: '', subtitle: 'UTI', description: 'Equipamentos.' },
    cmsMsg: 'api.error.invalidBody',
    documentInvalid: { name: '', subtitle: 'UTI', description: 'Equipamentos.', image: null },
    fields: ['name', 'event'],
    valid: (path, n) =>
      path === 'cms'
        ? { eventId: ids.event, name: `Estande ${n}`, subtitle: 'UTI', description: 'Equipamentos.' }
        : {
            name: `Estande ${n}`,
            subtitle: 'UTI',
            description: 'Equipamentos.',
            event: path === 'token' ? ids.eventDocument : { connect: [{ id: ids.event, documentId: ids.eventDocument }] },
            image: ids.file,
          },
    cmsFiles: async () => ({ image: { data: await jpeg(), name: 'logo.jpg', type: 'image/jpeg' } }),
  },
  {
    name: 'event',
    uid: 'api::event.event',
    plural: 'events',
    action: 'events.create',
    cmsInvalid: { name: '', description: 'Um evento.', startDate: '2026-05-10', startTime: '08:00' },
    cmsMsg: 'api.error.invalidBody',
    documentInvalid: { name: '', description: 'Um evento.', startDate: '2026-05-10', startTime: '08:00:00.000' },
    fields: ['name', 'category', 'image'],
    valid: (path, n) =>
      path === 'cms'
        ? { name: `Congresso ${n}`, description: 'Um evento.', categoryId: ids.category, startDate: '2026-05-10', startTime: '08:00' }
        : {
            name: `Congresso ${n}`,
            description: 'Um evento.',
            startDate: '2026-05-10',
            startTime: '08:00:00.000',
            category: ids.category,
            image: ids.file,
            banner: ids.file,
            thumb: ids.file,
          },
    cmsFiles: async () => {
      const file = { data: await jpeg(), name: 'arte.jpg', type: 'image/jpeg' };
      return { imageFile: file, bannerFile: file, thumbFile: file };
    },
  },
  {
    name: 'room',
    uid: 'api::room.room',
    plural: 'rooms',
    action: 'rooms.create',
    cmsInvalid: { name: '' },
    cmsMsg: 'api.error.invalidBody',
    documentInvalid: { name: '' },
    fields: ['name', 'event'],
    valid: (path, n) =>
      path === 'cms'
        ? { eventId: ids.event, name: `Auditório ${n}` }
        : { name: `Auditório ${n}`, event: path === 'token' ? ids.eventDocument : { connect: [{ id: ids.event }] } },
  },
  {
    name: 'lecture',
    uid: 'api::lecture.lecture',
    plural: 'lectures',
    action: 'lectures.create',
    // Ends before it starts: a rule of the product beyond the schema.
    cmsInvalid: { roomId: 0, name: 'Sepse', startDate: '2026-05-10', startTime: '10:00', endTime: '09:00' },
    cmsMsg: 'lectures.error.endBeforeStart',
    documentInvalid: { name: 'Sepse', startDate: '2026-05-10', startTime: '10:00:00.000', endTime: '09:00:00.000' },
    fields: ['endTime'],
    valid: (path, n) => {
      const hour = String(8 + n).padStart(2, '0');
      return path === 'cms'
        ? { roomId: ids.room, name: `Palestra ${n}`, startDate: '2026-05-10', startTime: `${hour}:00`, endTime: `${hour}:30` }
        : {
            name: `Palestra ${n}`,
            startDate: '2026-05-10',
            startTime: `${hour}:00:00.000`,
            endTime: `${hour}:30:00.000`,
            room: path === 'token' ? ids.roomDocument : { connect: [{ id: ids.room }] },
          };
    },
  },
  {
    name: 'client',
    uid: 'api::client.client',
    action: 'clients.create',
    // A CPF whose check digits are wrong: a Brazilian document rule of the product.
    cmsInvalid: { name: 'Maria Souza', email: 'maria.cpf@exemplo.com.br', cpf: '12345678900' },
    cmsMsg: 'clients.error.invalidCpf',
    documentInvalid: { name: 'Maria Souza', email: 'maria.cpf@exemplo.com.br', cpf: '12345678900' },
    fields: ['cpf'],
    valid: (_path, n) => ({ name: `Cliente ${n}`, email: `cliente${n}@exemplo.com.br`, cpf: '52998224725' }),
  },
];

// The lecture's invalid input names the room the fixtures made.
const withRoom = (input: Body): Body => ('roomId' in input ? { ...input, roomId: ids.room } : input);

describe.each(CASES)('a $name', (type) => {
  it('with the same invalid input is refused on every path, with nothing stored or logged', async () => {
    const before = await count(type.uid);
    const logs = (await logRows(type.action)).length;

    const viaCms = await cms('post', `/${type.name}s`, withRoom(type.cmsInvalid));
    expect(viaCms.body, JSON.stringify(viaCms.body)).toEqual({ data: null, msg: type.cmsMsg, status: type.cmsStatus ?? 400 });

    const document = type.name === 'lecture' ? { ...type.documentInvalid, room: ids.room } : type.documentInvalid;
    const viaContentManager = await contentManager(type.uid, document);
    for (const field of type.fields) expectStrapiRefusal(viaContentManager, field, `content manager ${type.name}`);

    if (type.plural) {
      const viaToken = await contentApi(
        type.plural,
        type.name === 'lecture' ? { ...type.documentInvalid, room: ids.roomDocument } : document,
      );
      for (const field of type.fields) expectStrapiRefusal(viaToken, field, `token ${type.name}`);
    } else {
      // No content-API route for the type at all (decision 019).
      const viaToken = await contentApi(`${type.name}s`, type.valid('token', 90));
      expect([403, 404, 405]).toContain(viaToken.status);
    }

    expect(await count(type.uid)).toBe(before);
    expect(await logRows(type.action)).toHaveLength(logs);
  });

  it('written validly on each path leaves one log line naming its author', async () => {
    // /api/cms/v1, as the back office sends it (multipart where the type has files).
    let logs = (await logRows(type.action)).length;
    const body = type.valid('cms', 1);
    const viaCms = type.cmsFiles
      ? await multipart(
          server.request().post(`/api/cms/v1/${type.name}s`).set('Authorization', `Bearer ${tokens.staff}`),
          body as Record<string, string | number>,
          await type.cmsFiles(),
        )
      : await cms('post', `/${type.name}s`, body);
    expect(viaCms.status, JSON.stringify(viaCms.body)).toBe(201);
    let rows = await logRows(type.action);
    expect(rows).toHaveLength(logs + 1);
    expect(rows.at(-1)).toMatchObject({ email: STAFF_EMAIL, description: expect.stringContaining(`nº ${viaCms.body.data.id}`) });

    // The Content Manager, as the /admin user.
    logs = rows.length;
    const viaContentManager = await contentManager(type.uid, type.valid('contentManager', 2));
    expect(viaContentManager.status, JSON.stringify(viaContentManager.body)).toBe(201);
    const createdId = (viaContentManager.body.data as { id: number }).id;
    rows = await logRows(type.action);
    expect(rows).toHaveLength(logs + 1);
    expect(rows.at(-1)).toMatchObject({
      email: ADMIN.email,
      description: expect.stringMatching(new RegExp(`^Criou .+ nº ${createdId} \\(pelo Content Manager\\)\\.$`)),
    });

    // The content API with a full-access token, named by the token.
    if (type.plural) {
      logs = rows.length;
      const viaToken = await contentApi(type.plural, type.valid('token', 3));
      expect(viaToken.status, JSON.stringify(viaToken.body)).toBe(201);
      const documentId = (viaToken.body.data as { documentId: string }).documentId;
      const row = (await server.strapi.db.query(type.uid).findOne({ where: { documentId }, select: ['id'] })) as { id: number };
      rows = await logRows(type.action);
      expect(rows).toHaveLength(logs + 1);
      expect(rows.at(-1)).toMatchObject({
        username: TOKEN_NAME,
        email: null,
        description: expect.stringMatching(new RegExp(`^Criou .+ nº ${row.id} \\(pela API de conteúdo\\)\\.$`)),
      });
    }
  });
});

describe('updates on the stock paths', () => {
  it('hold the rules on the stored document and log the change', async () => {
    const created = await contentManager('api::stand.stand', CASES[0].valid('contentManager', 7));
    expect(created.status).toBe(201);
    const { documentId, id } = created.body.data as { documentId: string; id: number };
    const put = (body: Body) =>
      server
        .request()
        .put(`/content-manager/collection-types/api::stand.stand/${documentId}`)
        .set('Authorization', `Bearer ${tokens.admin}`)
        .send(body);
    // Clearing the stand's event or its image, or a color that is not #rrggbb, is refused.
    expectStrapiRefusal(await put({ event: { connect: [], disconnect: [{ id: ids.event }] } }), 'event', 'clear event');
    expectStrapiRefusal(await put({ image: null }), 'image', 'clear image');
    expectStrapiRefusal(await put({ color: 'azul' }), 'color', 'color');
    const changed = await put({ name: 'Vitalis Equipamentos' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await logRows('stands.update')).toEqual([
      expect.objectContaining({ email: ADMIN.email, description: `Alterou estande nº ${id} (pelo Content Manager).` }),
    ]);
    const viaToken = await server
      .request()
      .put(`/api/stands/${documentId}`)
      .set('Authorization', `Bearer ${tokens.api}`)
      .send({ data: { subtitle: '' } });
    expectStrapiRefusal(viaToken, 'subtitle', 'token subtitle');
  });

  it('refuse a lecture that overlaps another of its room, as the product does', async () => {
    const res = await contentManager('api::lecture.lecture', {
      name: 'Sobreposta',
      startDate: '2026-05-10',
      // Palestra 1 of the valid writes runs 09:00–09:30 in this room.
      startTime: '09:15:00.000',
      endTime: '09:45:00.000',
      room: { connect: [{ id: ids.room }] },
    });
    expectStrapiRefusal(res, 'startTime', 'overlap');
  });

  it('refuse to write back an account its owner deleted (LGPD, decision 032)', async () => {
    const id = await insert(server.strapi, 'api::client.client', {
      name: 'Conta excluída',
      email: 'excluida-escrita@anonimo.invalid',
      loginLocked: true,
      erasedAt: new Date(),
    });
    const { documentId } = (await server.strapi.db.query('api::client.client').findOne({ where: { id }, select: ['documentId'] })) as {
      documentId: string;
    };
    const res = await server
      .request()
      .put(`/content-manager/collection-types/api::client.client/${documentId}`)
      .set('Authorization', `Bearer ${tokens.admin}`)
      .send({ name: 'Fulano de Tal', email: 'fulano@exemplo.com.br' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body)).toContain('excluída pelo titular');
    expect(await server.strapi.db.query('api::client.client').findOne({ where: { id } })).toMatchObject({
      name: 'Conta excluída',
      email: 'excluida-escrita@anonimo.invalid',
    });
  });

  it("take what the back office's deletion takes when the Content Manager deletes a client: sessions, and the dashboards' rollup rows", async () => {
    const s = server.strapi;
    const client = (await createClient(s, { email: 'excluida-pelo-painel@exemplo.com.br', phone: '21987650001' })).id;
    const token = await sessionToken(server, 'client', client);
    const sessions = await s.db.query('api::session.session').count({ where: { audience: 'client' } });
    // A view through the query engine: the page-view lifecycle rolls it up (decision 053).
    await insert(s, 'api::page-view.page-view', {
      path: '/plataforma/1/hall-entrada',
      event: ids.event,
      client,
      createdAt: new Date('2026-05-10T15:00:00Z'),
    });
    const rollup = () => s.db.connection('page_view_hours').where({ event_id: ids.event }).select('client_id', 'views');
    expect(await rollup()).toMatchObject([{ client_id: client, views: 1 }]);
    expect((await server.request().get('/api/site/v1/clients/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const { documentId } = (await s.db.query('api::client.client').findOne({ where: { id: client }, select: ['documentId'] })) as {
      documentId: string;
    };
    const res = await server
      .request()
      .delete(`/content-manager/collection-types/api::client.client/${documentId}`)
      .set('Authorization', `Bearer ${tokens.admin}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The visit stays, anonymous; the client's id is gone from the rollup, as with the back office's deletion.
    expect((await rollup()).map((row) => ({ client_id: Number(row.client_id), views: Number(row.views) }))).toEqual([
      { client_id: 0, views: 1 },
    ]);
    // Its session row went with it (not only its link).
    expect(await s.db.query('api::session.session').count({ where: { audience: 'client' } })).toBe(sessions - 1);
    expect((await server.request().get('/api/site/v1/clients/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });
});
