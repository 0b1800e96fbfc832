import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff, lastCode, outbox, PASSWORD, type TestAccount } from '../helpers/accounts';
import { createEvent, createLecture, createRoom, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';
import { jpeg, pdf } from '../storage/files';

// Issue 58 "Rules fail closed" and issue 47 item 1 (decision 077): the 11 types the stock write
// paths — the /admin Content Manager and the content API with a full-access token — wrote with no
// rule and no log line. The activity log is append-only on every path; staff users are held to
// the back office's rules, so Strapi's Editor role cannot become the product's admin; every other
// type to its back-office route's rules; links are web addresses; deletes take what the product's
// routes take.
let server: TestServer;
let box: string;
const ADMIN = { email: 'super.admin@exemplo.com.br', password: 'Senha#Forte2026' };
const EDITOR = { email: 'editora.conteudo@exemplo.com.br', password: 'Editora#Forte2026', firstname: 'Edna', lastname: 'Editora' };
const TOKEN_NAME = 'integração completa';
const tokens = { admin: '', editor: '', api: '', staff: '' };
const LOG = 'api::log.log';
const STAFF = 'api::staff-user.staff-user';

type Body = Record<string, unknown>;
type Res = { status: number; body: Body };

const pt = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../venue/src/shared/i18n/locales/pt.json'), 'utf8')) as Body;
/** A key's text in the PT pack (what the Content Manager shows). */
const text = (key: string): string => key.split('.').reduce<unknown>((node, part) => (node as Body)[part], pt) as string;

const cmUrl = (uid: string, rest = '') => `/content-manager/collection-types/${uid}${rest}`;
const cm = {
  create: (uid: string, body: Body, token = tokens.admin) =>
    server.request().post(cmUrl(uid)).set('Authorization', `Bearer ${token}`).send(body),
  update: (uid: string, documentId: string, body: Body, token = tokens.admin) =>
    server
      .request()
      .put(cmUrl(uid, `/${documentId}`))
      .set('Authorization', `Bearer ${token}`)
      .send(body),
  remove: (uid: string, documentId: string, token = tokens.admin) =>
    server
      .request()
      .delete(cmUrl(uid, `/${documentId}`))
      .set('Authorization', `Bearer ${token}`),
  clone: (uid: string, documentId: string, body: Body, token = tokens.admin) =>
    server
      .request()
      .post(cmUrl(uid, `/clone/${documentId}`))
      .set('Authorization', `Bearer ${token}`)
      .send(body),
  bulkDelete: (uid: string, documentIds: string[], token = tokens.admin) =>
    server.request().post(cmUrl(uid, '/actions/bulkDelete')).set('Authorization', `Bearer ${token}`).send({ documentIds }),
  read: (uid: string, documentId: string, token = tokens.admin) =>
    server
      .request()
      .get(cmUrl(uid, `/${documentId}`))
      .set('Authorization', `Bearer ${token}`),
};
/** The content API with the full-access token. */
const api = (method: 'get' | 'post' | 'put' | 'delete', url: string, body?: Body) => {
  const req = server.request()[method](`/api${url}`).set('Authorization', `Bearer ${tokens.api}`);
  return body ? req.send({ data: body }) : req;
};
const cmsApi = (method: 'post' | 'put', url: string, body: Body) =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens.staff}`).send(body);

/** A 400 in Strapi's shape: the fields named and their messages. */
const refused = (res: Res, label = ''): Array<{ path: string; message: string }> => {
  expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBe(400);
  const error = res.body.error as { name: string; details: { errors?: Array<{ path: string[]; message: string }> }; message: string };
  expect(error.name, label).toBe('ValidationError');
  return (error.details.errors ?? [{ path: [], message: error.message }]).map((entry) => ({
    path: entry.path.join('.'),
    message: entry.message,
  }));
};
const refusedField = (res: Res, field: string, key: string, label = field) =>
  expect(refused(res, label), label).toContainEqual({ path: field, message: text(key) });

const documentOf = async (uid: string, id: number): Promise<string> =>
  ((await server.strapi.db.query(uid).findOne({ where: { id }, select: ['documentId'] })) as { documentId: string }).documentId;
const idOf = async (uid: string, documentId: string): Promise<number> =>
  ((await server.strapi.db.query(uid).findOne({ where: { documentId }, select: ['id'] })) as { id: number }).id;
const count = (uid: string, where: Body = {}) => server.strapi.db.query(uid).count({ where });
const logsOf = (action: string) =>
  server.strapi.db
    .query(LOG)
    .findMany({ where: { action }, orderBy: { id: 'asc' }, select: ['description', 'username', 'email'] }) as Promise<
    Array<{ description: string; username: string | null; email: string | null }>
  >;

interface Upload {
  id: number;
  url: string;
}
/** A file stored through Strapi's own Media Library upload, as a content manager picks one. */
const upload = async (content: Buffer, filename: string, contentType: string): Promise<Upload> => {
  const res = await server
    .request()
    .post('/upload')
    .set('Authorization', `Bearer ${tokens.admin}`)
    .attach('files', content, { filename, contentType });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as unknown as Upload[])[0];
};
const fileExists = async (id: number) => (await count('plugin::upload.file', { id })) === 1;

const ids = { category: 0, event: 0, eventDocument: '', room: 0, stand: 0, standDocument: '' };
const files = { logo: { id: 0, url: '' }, doc: { id: 0, url: '' } };
let victim: TestAccount;
let attendant: TestAccount;

beforeAll(async () => {
  box = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stock-paths-outbox-')), 'sms.jsonl');
  server = await startServer('stock-paths', {
    seed: false,
    env: {
      STRAPI_ADMIN_EMAIL: ADMIN.email,
      STRAPI_ADMIN_PASSWORD: ADMIN.password,
      SMS_PROVIDER: 'outbox',
      SMS_OUTBOX: box,
      SMS_RESEND_SECONDS: '0',
      SMS_MAX_PER_HOUR: '100',
      AUTH_RATE_LIMIT_ACCOUNT_PER_MINUTE: '200',
      AUTH_RATE_LIMIT_IP_PER_MINUTE: '1000',
      BCRYPT_COST: '4',
    },
  });
  const s = server.strapi;
  const login = await server.request().post('/admin/login').send(ADMIN);
  expect(login.status).toBe(200);
  tokens.admin = login.body.data.token;
  // An /admin user with Strapi's stock Editor role (every Content Manager action on every type).
  const editorRole = (await s.db.query('admin::role').findOne({ where: { code: 'strapi-editor' }, select: ['id'] })) as { id: number };
  await s.service('admin::user').create({ ...EDITOR, roles: [editorRole.id], isActive: true, registrationToken: null });
  const editorLogin = await server.request().post('/admin/login').send({ email: EDITOR.email, password: EDITOR.password });
  expect(editorLogin.status, JSON.stringify(editorLogin.body)).toBe(200);
  tokens.editor = editorLogin.body.data.token;
  tokens.api = (
    (await s.service('admin::api-token').create({ name: TOKEN_NAME, type: 'full-access', lifespan: null, description: '' })) as {
      accessKey: string;
    }
  ).accessKey;
  victim = await createStaff(s, { role: 'admin', email: 'admin.produto@exemplo.com.br', phone: '987650001' });
  attendant = await createStaff(s, { role: 'attendant', email: 'atendente.produto@exemplo.com.br', phone: '987650002' });
  tokens.staff = await sessionToken(server, 'staff', victim.id);
  files.logo = await upload(await jpeg(), 'logo.jpg', 'image/jpeg');
  files.doc = await upload(pdf(), 'folheto.pdf', 'application/pdf');
  ids.category = await insert(s, 'api::category.category', { name: 'Congressos' });
  ids.event = await createEvent(s, { category: ids.category, image: files.logo.id, banner: files.logo.id, thumb: files.logo.id });
  ids.eventDocument = await documentOf('api::event.event', ids.event);
  ids.room = await createRoom(s, ids.event);
  ids.stand = await insert(s, 'api::stand.stand', { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: ids.event });
  ids.standDocument = await documentOf('api::stand.stand', ids.stand);
});

afterAll(async () => {
  await server?.stop();
  if (box) fs.rmSync(path.dirname(box), { recursive: true, force: true });
});

describe('the activity log', () => {
  let line: { id: number; documentId: string };
  const stored = () => server.strapi.db.query(LOG).findOne({ where: { id: line.id }, select: ['description', 'email', 'action'] });

  beforeAll(async () => {
    const id = await insert(server.strapi, LOG, {
      action: 'categories.update',
      description: 'Alterou categoria nº 1.',
      email: victim.email,
    });
    line = { id, documentId: await documentOf(LOG, id) };
  });

  it('is read in the Content Manager, and neither forged, edited nor deleted there, by any /admin role', async () => {
    expect((await cm.read(LOG, line.documentId)).status).toBe(200);
    const before = await count(LOG);
    for (const token of [tokens.admin, tokens.editor]) {
      const forged = await cm.create(LOG, { action: 'categories.update', description: 'Nada aconteceu.', email: victim.email }, token);
      refusedField(forged, '', 'api.error.appendOnlyLog', 'forged');
      refusedField(await cm.update(LOG, line.documentId, { description: 'Outra coisa.' }, token), '', 'api.error.appendOnlyLog', 'edited');
      refusedField(await cm.remove(LOG, line.documentId, token), '', 'api.error.appendOnlyLog', 'deleted');
      refusedField(await cm.clone(LOG, line.documentId, {}, token), '', 'api.error.appendOnlyLog', 'cloned');
      expect((await cm.bulkDelete(LOG, [line.documentId], token)).status, 'bulk delete').toBe(400);
    }
    expect(await count(LOG)).toBe(before);
    expect(await stored()).toEqual({ description: 'Alterou categoria nº 1.', email: victim.email, action: 'categories.update' });
  });

  it('has no content-API route, even for a full-access token', async () => {
    expect([404, 405]).toContain((await api('post', '/logs', { description: 'Forjada.' })).status);
    expect([404, 405]).toContain((await api('put', `/logs/${line.documentId}`, { description: 'Outra.' })).status);
    expect([404, 405]).toContain((await api('delete', `/logs/${line.documentId}`)).status);
    expect(await stored()).toMatchObject({ description: 'Alterou categoria nº 1.' });
  });

  it('refuses a change or a delete through the document service, with a request or without, and through the query engine', async () => {
    const s = server.strapi;
    const documents = s.documents(LOG as Parameters<typeof s.documents>[0]);
    // What a plugin running for a request would do.
    const asRequest = <T>(work: () => Promise<T>) =>
      (s.requestContext as unknown as { run: (store: unknown, fn: () => Promise<T>) => Promise<T> }).run(
        { state: {}, path: '/plugin', ip: '127.0.0.1' },
        work,
      );
    await expect(asRequest(() => documents.update({ documentId: line.documentId, data: { description: 'x' } as never }))).rejects.toThrow(
      text('api.error.appendOnlyLog'),
    );
    await expect(asRequest(() => documents.delete({ documentId: line.documentId }))).rejects.toThrow(text('api.error.appendOnlyLog'));
    // And with no request at all (a script, the console): the query engine below refuses.
    await expect(documents.update({ documentId: line.documentId, data: { description: 'x' } as never })).rejects.toThrow(
      'api.error.appendOnlyLog',
    );
    await expect(documents.delete({ documentId: line.documentId })).rejects.toThrow('api.error.appendOnlyLog');
    const query = s.db.query(LOG);
    await expect(query.update({ where: { id: line.id }, data: { description: 'x' } })).rejects.toThrow('api.error.appendOnlyLog');
    await expect(query.updateMany({ where: {}, data: { email: null } })).rejects.toThrow('api.error.appendOnlyLog');
    await expect(query.delete({ where: { id: line.id } })).rejects.toThrow('api.error.appendOnlyLog');
    await expect(query.deleteMany({ where: {} })).rejects.toThrow('api.error.appendOnlyLog');
    expect(await stored()).toEqual({ description: 'Alterou categoria nº 1.', email: victim.email, action: 'categories.update' });
    // New lines are written as always.
    const before = await count(LOG);
    await insert(s, LOG, { action: 'test.append', description: 'Uma linha nova.' });
    expect(await count(LOG)).toBe(before + 1);
  });
});

describe('what only the platform writes', () => {
  it('page views, contacts and language packs are read only in the Content Manager; a language pack is read only for a token too', async () => {
    const s = server.strapi;
    const view = await insert(s, 'api::page-view.page-view', { path: '/plataforma/1/hall-entrada', event: ids.event });
    const contact = await insert(s, 'api::contact.contact', {
      subject: 'doubts',
      name: 'Maria',
      email: 'maria@exemplo.com.br',
      message: 'Olá',
      stand: ids.stand,
    });
    const pack = await insert(s, 'api::language-pack.language-pack', { code: 'en', version: 1, file: files.doc.id });
    const cases: Array<[string, number, string, Body]> = [
      ['api::page-view.page-view', view, 'pageView.error.readOnlyHere', { path: '/forjada' }],
      ['api::contact.contact', contact, 'contact.error.readOnlyHere', { message: 'Outra mensagem' }],
      ['api::language-pack.language-pack', pack, 'languagePacks.error.readOnlyHere', { version: 7 }],
    ];
    for (const [uid, id, key, change] of cases) {
      const documentId = await documentOf(uid, id);
      const before = await count(uid);
      expect((await cm.read(uid, documentId)).status, uid).toBe(200);
      refusedField(await cm.create(uid, change), '', key, `${uid} create`);
      refusedField(await cm.update(uid, documentId, change), '', key, `${uid} update`);
      refusedField(await cm.remove(uid, documentId), '', key, `${uid} delete`);
      expect(await count(uid)).toBe(before);
    }
    const packDocument = await documentOf('api::language-pack.language-pack', pack);
    expect((await api('get', '/language-packs')).status).toBe(200);
    refusedField(await api('put', `/language-packs/${packDocument}`, { version: 9 }), '', 'languagePacks.error.readOnlyHere', 'token');
    refusedField(await api('delete', `/language-packs/${packDocument}`), '', 'languagePacks.error.readOnlyHere', 'token delete');
    expect(await s.db.query('api::language-pack.language-pack').findOne({ where: { id: pack }, select: ['version'] })).toEqual({
      version: 1,
    });
  });
});

describe('staff users', () => {
  let victimDocument: string;
  const storedStaff = (id: number) =>
    server.strapi.db
      .query(STAFF)
      .findOne({ where: { id }, select: ['role', 'ddi', 'ddd', 'phone', 'email', 'password', 'firstAccess'] }) as Promise<{
      role: string;
      ddi: string;
      ddd: string;
      phone: string;
      email: string;
      password: string;
      firstAccess: boolean;
    }>;

  beforeAll(async () => {
    victimDocument = await documentOf(STAFF, victim.id);
  });

  it("issue 47's escalation fails at its first step: an Editor cannot move the admin's phone, so the recovery code goes to the admin", async () => {
    const before = await storedStaff(victim.id);
    const logs = await count(LOG);
    // 1. As an /admin user with Strapi's Editor role, in the Content Manager's API.
    const moved = await cm.update(STAFF, victimDocument, { ddi: '55', ddd: '21', phone: '999990000' }, tokens.editor);
    expect(moved.status, JSON.stringify(moved.body)).toBe(403);
    expect((moved.body.error as { message: string }).message).toBe(text('users.error.superAdminOnly'));
    expect(await storedStaff(victim.id)).toEqual(before);
    expect(await count(LOG)).toBe(logs);
    // 2. Password recovery: the code goes to the admin's own phone, none to the attacker's.
    const sent = outbox(box).length;
    const recovery = await server.request().post('/auth/password/recovery').send({ email: victim.email, type: 'user' });
    expect(recovery.status).toBe(200);
    const messages = outbox(box).slice(sent);
    expect(messages.map((message) => message.phone)).toEqual([victim.e164]);
    expect(outbox(box).some((message) => message.phone.endsWith('999990000'))).toBe(false);
    // 3. Without the code, no new password and no login.
    const change = await server
      .request()
      .post('/auth/password/change')
      .send({ email: victim.email, type: 'user', password1: 'Tomada#2026x', password2: 'Tomada#2026x', code: '000000' });
    expect(change.status).toBeGreaterThanOrEqual(400);
    const login = await server.request().post('/auth/login').send({ email: victim.email, password: 'Tomada#2026x', type: 'user' });
    expect(login.status).toBeGreaterThanOrEqual(400);
    // The code sent to the admin still works for the admin.
    expect(lastCode(box, victim.e164)).toMatch(/^\d+$/);
  });

  it('an Editor makes no attendant an admin, creates no user with a known password, clones or deletes none', async () => {
    const attendantDocument = await documentOf(STAFF, attendant.id);
    const before = await count(STAFF);
    const promoted = await cm.update(STAFF, attendantDocument, { role: 'admin' }, tokens.editor);
    expect(promoted.status).toBe(403);
    const made = await cm.create(
      STAFF,
      {
        name: 'Intruso',
        email: 'intruso@exemplo.com.br',
        ddi: '55',
        ddd: '21',
        phone: '999990001',
        role: 'admin',
        password: 'Intruso#2026x',
      },
      tokens.editor,
    );
    expect(made.status).toBe(403);
    expect((await cm.clone(STAFF, victimDocument, { email: 'copia@exemplo.com.br' }, tokens.editor)).status).toBe(403);
    expect((await cm.remove(STAFF, attendantDocument, tokens.editor)).status).toBe(403);
    expect(await count(STAFF)).toBe(before);
    expect((await storedStaff(attendant.id)).role).toBe('attendant');
    const intruder = await server
      .request()
      .post('/auth/login')
      .send({ email: 'intruso@exemplo.com.br', password: 'Intruso#2026x', type: 'user' });
    expect(intruder.status).toBeGreaterThanOrEqual(400);
  });

  it('have no content-API route, even for a full-access token', async () => {
    expect([404, 405]).toContain((await api('post', '/staff-users', { name: 'X', email: 'x@exemplo.com.br', role: 'admin' })).status);
    expect([404, 405]).toContain((await api('put', `/staff-users/${victimDocument}`, { phone: '999990002' })).status);
    expect([404, 405]).toContain((await api('get', '/staff-users')).status);
  });

  it("a Super Admin is held to the back office's rules: the last admin stays, a valid phone, a free e-mail, no password", async () => {
    // The only admin is neither made an attendant nor deleted.
    expect(await count(STAFF, { role: 'admin' })).toBe(1);
    refusedField(await cm.update(STAFF, victimDocument, { role: 'attendant' }), 'role', 'users.error.lastAdmin');
    refusedField(await cm.remove(STAFF, victimDocument), 'role', 'users.error.lastAdmin');
    refusedField(await cm.update(STAFF, victimDocument, { ddd: '11', phone: '123' }), 'phone', 'api.error.invalidBody');
    refusedField(await cm.update(STAFF, victimDocument, { ddd: '00', phone: '900000000' }), 'phone', 'clients.error.invalidPhone');
    refusedField(await cm.update(STAFF, victimDocument, { email: attendant.email.toUpperCase() }), 'email', 'auth.error.emailTaken');
    refusedField(await cm.update(STAFF, victimDocument, { password: 'Conhecida#2026' }), 'password', 'api.error.passwordHere');
    refusedField(await cm.update(STAFF, victimDocument, { firstAccess: true }), 'firstAccess', 'users.error.firstAccessHere');
    refusedField(
      await cm.update(STAFF, victimDocument, { standAssignments: { connect: [{ id: 1 }], disconnect: [] } }),
      'standAssignments',
      'api.error.linkedElsewhere',
    );
    expect(await storedStaff(victim.id)).toMatchObject({ role: 'admin', ddd: '11', phone: victim.phone, email: victim.email });
    expect(await logsOf('users.update')).toEqual([]);
  });

  it("a Super Admin's role and phone changes follow the back office's rule and leave a log line naming them", async () => {
    const attendantDocument = await documentOf(STAFF, attendant.id);
    const row = await storedStaff(attendant.id);
    // The Content Manager's form sends the whole row: the password blank, the links as empty changes.
    const form = {
      name: 'Pessoa attendant',
      email: row.email,
      ddi: row.ddi,
      ddd: row.ddd,
      phone: row.phone,
      role: 'admin',
      language: 'pt',
      firstAccess: row.firstAccess,
      loginLocked: false,
      password: '',
      standAssignments: { connect: [], disconnect: [] },
    };
    const promoted = await cm.update(STAFF, attendantDocument, form);
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const moved = await cm.update(STAFF, attendantDocument, { ...form, ddd: '21', phone: '987650099' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await storedStaff(attendant.id)).toMatchObject({ role: 'admin', ddd: '21', phone: '987650099', password: row.password });
    expect(await logsOf('users.update')).toEqual([
      expect.objectContaining({ email: ADMIN.email, description: `Alterou usuário nº ${attendant.id} (pelo Content Manager): papel.` }),
      expect.objectContaining({ email: ADMIN.email, description: `Alterou usuário nº ${attendant.id} (pelo Content Manager): telefone.` }),
    ]);
    // /cms/atividades lists them.
    const activity = await server.request().get('/api/cms/v1/logs?search=telefone').set('Authorization', `Bearer ${tokens.staff}`);
    expect(activity.status).toBe(200);
    expect(JSON.stringify(activity.body.data.rows)).toContain(`Alterou usuário nº ${attendant.id} (pelo Content Manager): telefone.`);
    // Back as it was, for the tests after this one.
    expect((await cm.update(STAFF, attendantDocument, { role: 'attendant', ddd: '11', phone: attendant.phone })).status).toBe(200);
  });

  it('a new user gets a temporary password by SMS and first access, as from the back office; a typed password or a clone copies none', async () => {
    const withPassword = await cm.create(STAFF, {
      name: 'Nova Admin',
      email: 'nova.admin@exemplo.com.br',
      ddi: '55',
      ddd: '21',
      phone: '987650003',
      role: 'admin',
      password: 'Conhecida#2026',
    });
    refusedField(withPassword, 'password', 'api.error.passwordHere');
    expect(await count(STAFF, { email: 'nova.admin@exemplo.com.br' })).toBe(0);

    const sent = outbox(box).length;
    const made = await cm.create(STAFF, {
      name: 'Nova Admin',
      email: '  Nova.Admin@Exemplo.com.br ',
      ddi: '55',
      ddd: '21',
      phone: '987650003',
      role: 'admin',
      password: '',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body.data as { id: number }).id;
    const row = await storedStaff(id);
    expect(row).toMatchObject({ email: 'nova.admin@exemplo.com.br', firstAccess: true });
    expect(row.password).toMatch(/^\$2[aby]\$/);
    const welcome = outbox(box).slice(sent);
    expect(welcome.map((message) => message.phone)).toEqual(['+5521987650003']);
    expect(await logsOf('users.create')).toEqual([
      expect.objectContaining({ email: ADMIN.email, description: `Criou usuário nº ${id} (pelo Content Manager).` }),
    ]);
    const known = await server
      .request()
      .post('/auth/login')
      .send({ email: 'nova.admin@exemplo.com.br', password: 'Conhecida#2026', type: 'user' });
    expect(known.status).toBeGreaterThanOrEqual(400);

    // A clone of the admin: a user of its own, whose password is not the admin's.
    const clone = await cm.clone(STAFF, victimDocument, {
      name: 'Cópia',
      email: 'copia.admin@exemplo.com.br',
      ddd: '21',
      phone: '987650004',
    });
    expect(clone.status, JSON.stringify(clone.body)).toBeLessThan(300);
    const copyId = (await server.strapi.db.query(STAFF).findOne({ where: { email: 'copia.admin@exemplo.com.br' }, select: ['id'] })) as {
      id: number;
    };
    const copy = await storedStaff(copyId.id);
    expect(copy.password).not.toBe((await storedStaff(victim.id)).password);
    expect(copy.firstAccess).toBe(true);
    const asVictim = await server
      .request()
      .post('/auth/login')
      .send({ email: 'copia.admin@exemplo.com.br', password: PASSWORD, type: 'user' });
    expect(asVictim.status).toBeGreaterThanOrEqual(400);
  });
});

describe('stand attendants', () => {
  it('are assigned in the Content Manager as the attendants modal assigns them: an attendant, once per stand, logged', async () => {
    const uid = 'api::stand-attendant.stand-attendant';
    refusedField(
      await cm.create(uid, { stand: { connect: [{ id: ids.stand }] }, user: { connect: [{ id: victim.id }] } }),
      'user',
      'stands.error.notAttendant',
    );
    refusedField(await cm.create(uid, { user: { connect: [{ id: attendant.id }] } }), 'stand', 'api.error.standNotFound');
    const made = await cm.create(uid, { stand: { connect: [{ id: ids.stand }] }, user: { connect: [{ id: attendant.id }] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    refusedField(
      await cm.create(uid, { stand: { connect: [{ id: ids.stand }] }, user: { connect: [{ id: attendant.id }] } }),
      'user',
      'stands.error.alreadyAssigned',
    );
    expect(await count(uid, { stand: { id: ids.stand } })).toBe(1);
    expect(await logsOf('standAttendants.create')).toEqual([
      expect.objectContaining({
        email: ADMIN.email,
        description: `Criou vínculo de atendente nº ${made.body.data.id} (pelo Content Manager).`,
      }),
    ]);
    // From another stand's side the link is not moved (it belongs to the assignment), in the Content Manager or with a token.
    const other = await insert(server.strapi, 'api::stand.stand', {
      name: 'Outro',
      subtitle: 'x',
      type: 'master',
      position: 9,
      event: ids.event,
    });
    const otherDocument = await documentOf('api::stand.stand', other);
    refusedField(
      await cm.update('api::stand.stand', otherDocument, { attendants: { connect: [{ id: made.body.data.id }], disconnect: [] } }),
      'attendants',
      'api.error.linkedElsewhere',
    );
    const viaToken = await api('put', `/stands/${otherDocument}`, { attendants: { connect: [made.body.data.documentId] } });
    refusedField(viaToken, 'attendants', 'api.error.linkedElsewhere', 'token');
    expect(await count(uid, { stand: { id: ids.stand } })).toBe(1);
    expect(await count(uid, { stand: { id: other } })).toBe(0);
  });
});

describe("the open content types, held to their back-office routes' rules on both stock paths", () => {
  it('categories: the name and its length', async () => {
    refusedField(await cm.create('api::category.category', { name: '' }), 'name', 'api.error.invalidBody');
    refusedField(await api('post', '/categories', { name: 'x'.repeat(121) }), 'name', 'api.error.invalidBody');
    const made = await api('post', '/categories', { name: 'Simpósios' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await logsOf('categories.create')).at(-1)).toMatchObject({
      username: TOKEN_NAME,
      description: expect.stringMatching(/^Criou categoria nº \d+ \(pela API de conteúdo\)\.$/),
    });
    // Its events are the events' to change (held to the event's rules).
    refusedField(
      await cm.update('api::category.category', made.body.data.documentId, { events: { connect: [{ id: ids.event }], disconnect: [] } }),
      'events',
      'api.error.linkedElsewhere',
    );
  });

  it('speakers: an existing event, an image for a photo', async () => {
    refusedField(await api('post', '/speakers', { name: 'Dra. Ana' }), 'event', 'api.error.eventNotFound');
    refusedField(
      await api('post', '/speakers', { name: 'Dra. Ana', event: ids.eventDocument, image: files.doc.id }),
      'image',
      'upload.error.type',
    );
    const made = await cm.create('api::speaker.speaker', {
      name: 'Dra. Ana',
      event: { connect: [{ id: ids.event }] },
      image: files.logo.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await logsOf('speakers.create')).at(-1)).toMatchObject({ email: ADMIN.email });
  });

  it('sponsors: an existing event, an image, a type, and a link that is a web address', async () => {
    const sponsor = { name: 'Farma', type: 'master', event: ids.eventDocument, image: files.logo.id };
    refusedField(
      await api('post', '/sponsors', { ...sponsor, link: 'javascript:alert(document.cookie)' }),
      'link',
      'api.error.invalidBody',
    );
    refusedField(
      await cm.create('api::sponsor.sponsor', { ...sponsor, event: ids.event, link: 'javascript:alert(1)' }),
      'link',
      'api.error.invalidBody',
    );
    refusedField(await api('post', '/sponsors', { ...sponsor, image: null }), 'image', 'sponsors.error.imageRequired');
    refusedField(await api('post', '/sponsors', { ...sponsor, image: files.doc.id }), 'image', 'upload.error.type');
    refusedField(await api('post', '/sponsors', { ...sponsor, type: 'gold' }), 'type', 'api.error.invalidBody');
    expect(await count('api::sponsor.sponsor')).toBe(0);
    const made = await api('post', '/sponsors', { ...sponsor, link: 'https://farma.exemplo.com.br' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    refusedField(
      await api('put', `/sponsors/${made.body.data.documentId}`, { link: 'data:text/html,<script>1</script>' }),
      'link',
      'api.error.invalidBody',
    );
    expect(
      await server.strapi.db.query('api::sponsor.sponsor').findOne({ where: { documentId: made.body.data.documentId }, select: ['link'] }),
    ).toEqual({
      link: 'https://farma.exemplo.com.br',
    });
    expect(await logsOf('sponsors.create')).toHaveLength(1);
  });

  it('products: an existing stand, a web address for the call to action, and never a discount above the price', async () => {
    const product = { title: 'Monitor', description: 'Multiparâmetro.', price: 10, stand: ids.standDocument };
    refusedField(await api('post', '/products', { ...product, ctaLink: 'javascript:alert(1)' }), 'ctaLink', 'api.error.invalidBody');
    // Issue 47: a price of 10.00 with a discount of 99,999.00 showed `discountValue -99989.00` on the site.
    refusedField(await api('post', '/products', { ...product, discount: 99999 }), 'discount', 'products.error.discountAbovePrice');
    refusedField(
      await cm.create('api::product.product', { ...product, stand: { connect: [{ id: ids.stand }] }, discount: 11 }),
      'discount',
      'products.error.discountAbovePrice',
    );
    refusedField(await api('post', '/products', { ...product, stand: null }), 'stand', 'api.error.standNotFound');
    expect(await count('api::product.product')).toBe(0);
    const made = await api('post', '/products', { ...product, discount: 2, ctaLink: 'https://loja.exemplo.com.br', image: files.logo.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const documentId = made.body.data.documentId as string;
    // An update is held on what it leaves: the stored price with the new discount, the new price with the stored discount.
    refusedField(await api('put', `/products/${documentId}`, { discount: 10.01 }), 'discount', 'products.error.discountAbovePrice');
    refusedField(await cm.update('api::product.product', documentId, { price: 1.99 }), 'discount', 'products.error.discountAbovePrice');
    // The back office's route says the same.
    const viaRoute = await cmsApi('put', `/products/${await idOf('api::product.product', documentId)}`, { discount: '10.01' });
    expect(viaRoute.body).toMatchObject({ msg: 'products.error.discountAbovePrice', status: 400 });
    const site = await server.request().get(`/api/site/v1/products?standId=${ids.stand}`);
    for (const row of (site.body.data?.rows ?? []) as Array<{ discountValue: string }>)
      expect(Number(row.discountValue)).toBeGreaterThanOrEqual(0);
    const stored = (await server.strapi.db
      .query('api::product.product')
      .findOne({ where: { documentId }, select: ['price', 'discount'] })) as {
      price: unknown;
      discount: unknown;
    };
    expect([Number(stored.price), Number(stored.discount)]).toEqual([10, 2]);
  });

  it('medias: an existing stand, an image, video or PDF file, and the type its file has', async () => {
    refusedField(
      await cm.create('api::media.media', { title: 'Folheto', description: 'PDF', file: files.doc.id }),
      'stand',
      'api.error.standNotFound',
    );
    refusedField(
      await cm.create('api::media.media', { title: 'Folheto', description: 'PDF', stand: { connect: [{ id: ids.stand }] } }),
      'file',
      'medias.error.fileRequired',
    );
    const made = await api('post', '/medias', {
      title: 'Folheto',
      description: 'PDF',
      stand: ids.standDocument,
      file: files.doc.id,
      type: 'IMAGE',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // The type is the file's (a PDF is a document), whatever the write said.
    expect(
      await server.strapi.db.query('api::media.media').findOne({ where: { documentId: made.body.data.documentId }, select: ['type'] }),
    ).toEqual({
      type: 'DOCUMENT',
    });
    expect((await logsOf('medias.create')).at(-1)).toMatchObject({ username: TOKEN_NAME });
  });

  it('other links are web addresses too: a stand, an event, a room, a client (the network room links theirs)', async () => {
    refusedField(await api('put', `/stands/${ids.standDocument}`, { website: 'javascript:alert(1)' }), 'website', 'api.error.invalidBody');
    refusedField(
      await api('put', `/events/${ids.eventDocument}`, { facebook: 'javascript:alert(1)' }),
      'facebook',
      'api.error.invalidBody',
    );
    refusedField(
      await api('put', `/rooms/${await documentOf('api::room.room', ids.room)}`, { link: 'javascript:alert(1)' }),
      'link',
      'api.error.invalidBody',
    );
    const client = await createClient(server.strapi, { email: 'rede@exemplo.com.br' });
    refusedField(
      await cm.update('api::client.client', await documentOf('api::client.client', client.id), { linkedIn: 'javascript:alert(1)' }),
      'linkedIn',
      'api.error.invalidBody',
    );
    const clientToken = await sessionToken(server, 'client', client.id);
    const own = await server
      .request()
      .put('/api/site/v1/clients/me')
      .set('Authorization', `Bearer ${clientToken}`)
      .send({ linkedIn: 'javascript:alert(document.cookie)' });
    expect(own.status).toBe(400);
    const fine = await server
      .request()
      .put('/api/site/v1/clients/me')
      .set('Authorization', `Bearer ${clientToken}`)
      .send({ linkedIn: 'https://linkedin.com/in/rede' });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(await server.strapi.db.query('api::client.client').findOne({ where: { id: client.id }, select: ['linkedIn'] })).toEqual({
      linkedIn: 'https://linkedin.com/in/rede',
    });
  });
});

describe('what no rule speaks for is refused, not written', () => {
  it("an event's slug, a client's password, a speaker's lectures from its side", async () => {
    refusedField(await api('put', `/events/${ids.eventDocument}`, { slug: '99-outro' }), 'slug', 'api.error.notWritableHere');
    const client = await createClient(server.strapi, { email: 'senha.cm@exemplo.com.br' });
    const clientDocument = await documentOf('api::client.client', client.id);
    refusedField(
      await cm.update('api::client.client', clientDocument, { password: 'Conhecida#2026' }),
      'password',
      'api.error.passwordHere',
    );
    const lecture = await createLecture(server.strapi, ids.room);
    const speaker = await insert(server.strapi, 'api::speaker.speaker', { name: 'Dr. Beto', event: ids.event });
    refusedField(
      await cm.update('api::speaker.speaker', await documentOf('api::speaker.speaker', speaker), {
        lectures: { connect: [{ id: lecture }], disconnect: [] },
      }),
      'lectures',
      'api.error.linkedElsewhere',
    );
    // A lecture's speakers are held to its rule: of the room's event.
    const otherEvent = await createEvent(server.strapi, { name: 'Outro evento' });
    const stranger = await insert(server.strapi, 'api::speaker.speaker', { name: 'Dr. Caio', event: otherEvent });
    const lectureDocument = await documentOf('api::lecture.lecture', lecture);
    refusedField(
      await cm.update('api::lecture.lecture', lectureDocument, { speakers: { connect: [{ id: stranger }], disconnect: [] } }),
      'speakers',
      'lectures.error.invalidSpeakers',
    );
    const linked = await cm.update('api::lecture.lecture', lectureDocument, { speakers: { connect: [{ id: speaker }], disconnect: [] } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });
});

describe('deletes on the stock paths take what the product route takes', () => {
  const makeStand = async (name: string) => {
    const s = server.strapi;
    const image = await upload(await jpeg(), `${name}.jpg`, 'image/jpeg');
    const mediaFile = await upload(pdf(), `${name}.pdf`, 'application/pdf');
    const productImage = await upload(await jpeg(64, 64), `${name}-produto.jpg`, 'image/jpeg');
    const stand = await insert(s, 'api::stand.stand', {
      name,
      subtitle: 'UTI',
      type: 'master',
      position: 2,
      event: ids.event,
      image: image.id,
    });
    const media = await insert(s, 'api::media.media', { title: 'Folheto', description: 'x', type: 'DOCUMENT', stand, file: mediaFile.id });
    const product = await insert(s, 'api::product.product', { title: 'Bomba', description: 'x', price: 10, stand, image: productImage.id });
    const contact = await insert(s, 'api::contact.contact', {
      subject: 'doubts',
      name: 'Rui',
      email: 'rui@exemplo.com.br',
      message: 'Oi',
      stand,
    });
    const assignment = await insert(s, 'api::stand-attendant.stand-attendant', { stand, user: attendant.id });
    const client = await createClient(s);
    const chat = await insert(s, 'api::chat.chat', { stand, client: client.id, key: `${stand}:${client.id}` });
    const message = await insert(s, 'api::chat-message.chat-message', { chat, text: 'Olá', senderType: 'client' });
    return { stand, media, product, contact, assignment, chat, message, files: [image.id, mediaFile.id, productImage.id] };
  };
  const gone = async (made: Awaited<ReturnType<typeof makeStand>>) => {
    const pairs: Array<[string, number]> = [
      ['api::stand.stand', made.stand],
      ['api::media.media', made.media],
      ['api::product.product', made.product],
      ['api::contact.contact', made.contact],
      ['api::stand-attendant.stand-attendant', made.assignment],
      ['api::chat.chat', made.chat],
      ['api::chat-message.chat-message', made.message],
    ];
    for (const [uid, id] of pairs) expect(await count(uid, { id }), uid).toBe(0);
    for (const file of made.files) expect(await fileExists(file), `file ${file}`).toBe(false);
  };

  it('a stand deleted in the Content Manager or with a token takes its medias, products, contacts, attendants, chats and files', async () => {
    const first = await makeStand('Cardio');
    const viaCm = await cm.remove('api::stand.stand', await documentOf('api::stand.stand', first.stand));
    expect(viaCm.status, JSON.stringify(viaCm.body)).toBe(200);
    await gone(first);
    expect((await logsOf('stands.delete')).at(-1)).toMatchObject({
      email: ADMIN.email,
      description: `Excluiu estande nº ${first.stand} (pelo Content Manager).`,
    });
    const second = await makeStand('Neuro');
    const viaToken = await api('delete', `/stands/${await documentOf('api::stand.stand', second.stand)}`);
    expect(viaToken.status, JSON.stringify(viaToken.body)).toBeLessThan(300);
    await gone(second);
    expect((await logsOf('stands.delete')).at(-1)).toMatchObject({
      username: TOKEN_NAME,
      description: `Excluiu estande nº ${second.stand} (pela API de conteúdo).`,
    });
  });

  it('a file another row still links stays', async () => {
    const shared = await upload(await jpeg(), 'compartilhado.jpg', 'image/jpeg');
    const stand = await insert(server.strapi, 'api::stand.stand', {
      name: 'Par',
      subtitle: 'x',
      type: 'master',
      position: 3,
      event: ids.event,
      image: shared.id,
    });
    await insert(server.strapi, 'api::sponsor.sponsor', { name: 'Par', type: 'master', event: ids.event, image: shared.id });
    expect((await cm.remove('api::stand.stand', await documentOf('api::stand.stand', stand))).status).toBe(200);
    expect(await fileExists(shared.id)).toBe(true);
  });

  it('a room takes its lectures; a lecture or a room an order names is not deleted', async () => {
    const s = server.strapi;
    const room = await createRoom(s, ids.event, { name: 'Auditório 9', number: 9 });
    const lecture = await createLecture(s, room, { name: 'Sepse' });
    const paid = await createLecture(s, ids.room, { name: 'Paga', startTime: '20:00:00.000', endTime: '21:00:00.000' });
    const order = await insert(s, 'api::order.order', { status: 'paid', total: 10 });
    await insert(s, 'api::order-item.order-item', { order, lecture: paid, description: 'Paga', price: 10, quantity: 1 });
    refusedField(await cm.remove('api::lecture.lecture', await documentOf('api::lecture.lecture', paid)), '', 'api.error.hasOrders');
    refusedField(await api('delete', `/rooms/${await documentOf('api::room.room', ids.room)}`), '', 'api.error.hasOrders');
    expect(await count('api::lecture.lecture', { id: paid })).toBe(1);
    expect((await api('delete', `/rooms/${await documentOf('api::room.room', room)}`)).status).toBeLessThan(300);
    expect(await count('api::room.room', { id: room })).toBe(0);
    expect(await count('api::lecture.lecture', { id: lecture })).toBe(0);
  });

  it('an event takes its whole tree, or is refused while an order names it', async () => {
    const s = server.strapi;
    const ordered = await createEvent(s, { name: 'Com pedidos', category: ids.category });
    await insert(s, 'api::order.order', { status: 'paid', total: 100, event: ordered });
    refusedField(await cm.remove('api::event.event', await documentOf('api::event.event', ordered)), '', 'api.error.hasOrders');
    expect(await count('api::event.event', { id: ordered })).toBe(1);

    const event = await createEvent(s, { name: 'Para apagar', category: ids.category });
    const room = await createRoom(s, event);
    const lecture = await createLecture(s, room);
    const stand = await insert(s, 'api::stand.stand', { name: 'Sai', subtitle: 'x', type: 'master', position: 1, event });
    const media = await insert(s, 'api::media.media', { title: 'Vai', description: 'x', stand });
    const sponsor = await insert(s, 'api::sponsor.sponsor', { name: 'Vai', type: 'master', event });
    const speaker = await insert(s, 'api::speaker.speaker', { name: 'Vai', event });
    const coupon = await insert(s, 'api::coupon.coupon', { code: 'APAGAR', value: 10, event });
    const view = await insert(s, 'api::page-view.page-view', { path: '/plataforma/x', event });
    const res = await cm.remove('api::event.event', await documentOf('api::event.event', event));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows: Array<[string, number]> = [
      ['api::event.event', event],
      ['api::room.room', room],
      ['api::lecture.lecture', lecture],
      ['api::stand.stand', stand],
      ['api::media.media', media],
      ['api::sponsor.sponsor', sponsor],
      ['api::speaker.speaker', speaker],
      ['api::coupon.coupon', coupon],
      ['api::page-view.page-view', view],
    ];
    for (const [uid, id] of rows) expect(await count(uid, { id }), uid).toBe(0);
    expect((await logsOf('events.delete')).at(-1)).toMatchObject({ description: `Excluiu evento nº ${event} (pelo Content Manager).` });
  });

  it("a staff user's assignments and a speaker's photo go with them", async () => {
    const s = server.strapi;
    const someone = await createStaff(s, { role: 'attendant' });
    const assignment = await insert(s, 'api::stand-attendant.stand-attendant', { stand: ids.stand, user: someone.id });
    expect((await cm.remove(STAFF, await documentOf(STAFF, someone.id))).status).toBe(200);
    expect(await count('api::stand-attendant.stand-attendant', { id: assignment })).toBe(0);
    expect((await logsOf('users.delete')).at(-1)).toMatchObject({
      description: `Excluiu usuário nº ${someone.id} (pelo Content Manager).`,
    });
    const photo = await upload(await jpeg(), 'foto.jpg', 'image/jpeg');
    const speaker = await insert(s, 'api::speaker.speaker', { name: 'Com foto', event: ids.event, image: photo.id });
    expect((await api('delete', `/speakers/${await documentOf('api::speaker.speaker', speaker)}`)).status).toBeLessThan(300);
    expect(await fileExists(photo.id)).toBe(false);
  });
});
