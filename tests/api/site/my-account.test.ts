import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff, PASSWORD, type TestAccount } from '../helpers/accounts';
import { createEvent, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The client's own account (issue 13). LGPD (decision 032): DELETE /api/site/v1/clients/me erases
// the account — the client can no longer sign in, their contacts and chat messages lose their
// words, page views their link, while orders and six months of access records stay. PUT
// /clients/me asks the password before it changes the e-mail (the login); PUT
// /clients/me/password changes the password and ends the other sessions.
let server: TestServer;
let eventId = 0;
let standId = 0;
let adminToken = '';

const auth = (token?: string) => (token ? { Authorization: `Bearer ${token}` } : {});
const erase = (token: string | undefined, body: object) => server.request().delete('/api/site/v1/clients/me').set(auth(token)).send(body);
const put = (token: string, body: object) => server.request().put('/api/site/v1/clients/me').set(auth(token)).send(body);
const q = (uid: string) => server.strapi.db.query(uid as Parameters<typeof server.strapi.db.query>[0]);

interface Footprint {
  client: TestAccount;
  token: string;
  chat: number;
  contact: number;
  staffMessage: number;
  clientMessage: number;
  order: number;
}

/** A client who used the venue: a page view, a stand contact, a chat with an answer, an order, an old session. */
const footprint = async (orderStatus: string): Promise<Footprint> => {
  const { strapi } = server;
  const client = await createClient(strapi);
  await q('api::client.client').update({
    where: { id: client.id },
    data: {
      cpf: '52998224725',
      city: 'Niterói',
      state: 'RJ',
      listedInNetwork: true,
      networkShowEmail: true,
    },
  });
  const token = await sessionToken(server, 'client', client.id);
  expect(
    (await server.request().post('/api/site/v1/page-views').set(auth(token)).send({ path: '/plataforma/1/hall-entrada', eventId })).status,
  ).toBe(202);
  const contact = await insert(strapi, 'api::contact.contact', {
    subject: 'stand',
    name: 'Cliente Teste',
    email: client.email,
    phone: '21999990000',
    message: 'Me liguem no 21 99999-0000',
    verified: true,
    stand: standId,
    client: client.id,
  });
  const chat = await insert(strapi, 'api::chat.chat', {
    stand: standId,
    client: client.id,
    lastMessage: 'Meu CPF é 529.982.247-25',
    lastSender: 'client',
    leadConsent: true,
  });
  const staffMessage = await insert(strapi, 'api::chat-message.chat-message', {
    chat,
    text: 'Olá! Como posso ajudar?',
    senderType: 'staff',
  });
  const clientMessage = await insert(strapi, 'api::chat-message.chat-message', {
    chat,
    text: 'Meu CPF é 529.982.247-25',
    senderType: 'client',
  });
  const order = await insert(strapi, 'api::order.order', {
    client: client.id,
    event: eventId,
    status: orderStatus,
    total: 100,
    discount: 0,
  });
  const old = new Date();
  old.setMonth(old.getMonth() - 7);
  await insert(strapi, 'api::session.session', {
    audience: 'client',
    client: client.id,
    jti: `antiga-${client.id}`,
    soft: false,
    expiresAt: old,
    revokedAt: old,
    ip: '10.0.0.1',
    userAgent: 'Navegador antigo',
    createdAt: old,
  });
  return { client, token, chat, contact, staffMessage, clientMessage, order };
};

beforeAll(async () => {
  server = await startServer('site-my-account', { seed: false });
  const { strapi } = server;
  eventId = await createEvent(strapi, { name: 'Congresso LGPD', published: true });
  standId = await insert(strapi, 'api::stand.stand', { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: eventId });
  adminToken = await sessionToken(server, 'staff', (await createStaff(strapi, { role: 'admin' })).id);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('DELETE /api/site/v1/clients/me', () => {
  it('is for a full login with the password and the typed word; a refusal changes nothing', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    expect((await erase(undefined, { password: PASSWORD, confirm: 'EXCLUIR' })).status).toBe(401);
    const soft = await server.request().post('/auth/soft/login').send({ email: client.email });
    expect((await erase(soft.body.data.token, { password: PASSWORD, confirm: 'EXCLUIR' })).status).toBe(403);
    expect((await erase(token, { password: PASSWORD })).status).toBe(400);
    expect((await erase(token, { password: PASSWORD, confirm: 'excluir' })).status).toBe(400);
    const wrong = await erase(token, { password: 'Errada#2026', confirm: 'EXCLUIR' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('auth.error.invalidCredentials');
    const row = await q('api::client.client').findOne({ where: { id: client.id } });
    expect(row).toMatchObject({ email: client.email, erasedAt: null });
    expect((await server.request().get('/api/site/v1/clients/me').set(auth(token))).status).toBe(200);
  });

  it('erases the account: no sign-in, personal data gone, contacts and chats anonymised, orders kept', async () => {
    const { client, token, chat, contact, staffMessage, clientMessage, order } = await footprint('pending');
    const res = await erase(token, { password: PASSWORD, confirm: 'EXCLUIR' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('clients.erased');

    // The token is dead and the old e-mail and password open nothing, soft or full.
    expect((await server.request().get('/api/site/v1/clients/me').set(auth(token))).status).toBe(401);
    const login = await server.request().post('/auth/login').send({ email: client.email, password: PASSWORD, type: 'client' });
    expect(login.status).toBe(400);
    expect((await server.request().post('/auth/soft/login').send({ email: client.email })).body.msg).toBe('auth.error.clientNotFound');

    const row = (await q('api::client.client').findOne({ where: { id: client.id }, populate: { events: true } })) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      name: 'Conta excluída',
      email: `excluida-${client.id}@anonimo.invalid`,
      password: null,
      cpf: null,
      city: null,
      state: null,
      phone: null,
      ddd: null,
      listedInNetwork: false,
      networkShowEmail: false,
      loginLocked: true,
      events: [],
    });
    expect(row.erasedAt).toBeTruthy();

    const storedContact = await q('api::contact.contact').findOne({ where: { id: contact }, populate: { client: true, stand: true } });
    expect(storedContact).toMatchObject({
      name: null,
      email: null,
      phone: null,
      message: 'Removido a pedido do titular (LGPD).',
      verified: false,
      client: null,
      stand: expect.objectContaining({ id: standId }),
    });
    expect(await q('api::chat.chat').findOne({ where: { id: chat } })).toMatchObject({
      lastMessage: 'Removido a pedido do titular (LGPD).',
      leadConsent: false,
    });
    expect(await q('api::chat-message.chat-message').findOne({ where: { id: clientMessage } })).toMatchObject({
      text: 'Removido a pedido do titular (LGPD).',
    });
    expect(await q('api::chat-message.chat-message').findOne({ where: { id: staffMessage } })).toMatchObject({
      text: 'Olá! Como posso ajudar?',
    });

    // Page views stay for the counts, linked to nobody.
    const views = (await q('api::page-view.page-view').findMany({
      where: { path: '/plataforma/1/hall-entrada' },
      populate: { client: true },
    })) as Array<{ client: unknown }>;
    expect(views.length).toBeGreaterThanOrEqual(1);
    expect(await q('api::page-view.page-view').count({ where: { client: { id: client.id } } })).toBe(0);

    // Access records: the recent session stays ended, without the browser; the 7-month-old one is gone.
    const sessions = (await q('api::session.session').findMany({ where: { client: { id: client.id } } })) as Array<{
      revokedAt: unknown;
      userAgent: unknown;
      ip: unknown;
    }>;
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    for (const session of sessions) expect(session).toMatchObject({ revokedAt: expect.anything(), userAgent: null });
    expect(await q('api::session.session').count({ where: { jti: `antiga-${client.id}` } })).toBe(0);

    // The order stays theirs; pending, it ends with the account (issue 47, item 7: no PIX left payable).
    expect(await q('api::order.order').findOne({ where: { id: order }, populate: { client: true } })).toMatchObject({
      status: 'cancelled',
      client: expect.objectContaining({ id: client.id }),
    });

    // The log says an account was deleted, never whose.
    const logs = (await q('api::log.log').findMany({ where: { action: 'clients.erased' } })) as Array<{
      description: string;
      email: string | null;
    }>;
    const entry = logs.find((log) => log.description.includes(`nº ${client.id} `));
    expect(entry).toBeTruthy();
    expect(entry?.email).toBeNull();
    expect(entry?.description).not.toContain(client.email);

    // Not a client of the back office any more; the e-mail is free for a new sign-up.
    const list = await server.request().get('/api/cms/v1/clients').query({ search: 'excluida' }).set(auth(adminToken));
    expect(list.status).toBe(200);
    expect(list.body.data.rows).toEqual([]);
    expect((await server.request().get(`/api/cms/v1/clients/${client.id}`).set(auth(adminToken))).status).toBe(404);
    const again = await server.request().post('/api/site/v1/clients').send({
      name: 'Cliente Novo',
      email: client.email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('keeps the buyer’s name and CPF when an order is a fiscal record', async () => {
    const { client, token } = await footprint('paid');
    expect((await erase(token, { password: PASSWORD, confirm: 'EXCLUIR' })).status).toBe(200);
    expect(await q('api::client.client').findOne({ where: { id: client.id } })).toMatchObject({
      name: 'Cliente Teste',
      cpf: '52998224725',
      email: `excluida-${client.id}@anonimo.invalid`,
      city: null,
      phone: null,
      loginLocked: true,
    });
  });
});

describe('PUT /api/site/v1/clients/me: the e-mail', () => {
  it('changes only with the current password; the same e-mail sent back needs none', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    expect((await put(token, { email: client.email, city: 'Niterói', state: 'RJ' })).status).toBe(200);
    const other = `novo-${client.id}@exemplo.com.br`;
    const missing = await put(token, { email: other });
    expect(missing.status).toBe(403);
    expect(missing.body.msg).toBe('clients.error.emailNeedsPassword');
    const wrong = await put(token, { email: other, currentPassword: 'Errada#2026' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('auth.error.invalidCredentials');
    expect(await q('api::client.client').findOne({ where: { id: client.id } })).toMatchObject({ email: client.email });
    const right = await put(token, { email: other, currentPassword: PASSWORD });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.email).toBe(other);
    const login = await server.request().post('/auth/login').send({ email: other, password: PASSWORD, type: 'client' });
    expect(login.status).toBe(200);
  });
});

describe('PUT /api/site/v1/clients/me/password', () => {
  const change = (token: string | undefined, body: object) =>
    server.request().put('/api/site/v1/clients/me/password').set(auth(token)).send(body);

  it('takes the current password and the rules, keeps this session and ends the others', async () => {
    // Without a phone a sign-in answers the token at once (no SMS code, no resend wait between tries).
    const client = await createClient(server.strapi, { phone: null });
    const token = await sessionToken(server, 'client', client.id);
    const other = await sessionToken(server, 'client', client.id);
    expect((await change(undefined, { currentPassword: PASSWORD, password: 'Nova#2026xy', passwordConfirm: 'Nova#2026xy' })).status).toBe(
      401,
    );
    const soft = await server.request().post('/auth/soft/login').send({ email: client.email });
    expect(
      (await change(soft.body.data.token, { currentPassword: PASSWORD, password: 'Nova#2026xy', passwordConfirm: 'Nova#2026xy' })).status,
    ).toBe(403);
    const wrong = await change(token, { currentPassword: 'Errada#2026', password: 'Nova#2026xy', passwordConfirm: 'Nova#2026xy' });
    expect(wrong.body.msg).toBe('auth.error.invalidCredentials');
    const mismatch = await change(token, { currentPassword: PASSWORD, password: 'Nova#2026xy', passwordConfirm: 'Nova#2026xz' });
    expect(mismatch.body.msg).toBe('auth.error.passwordMismatch');
    const weak = await change(token, { currentPassword: PASSWORD, password: 'curta', passwordConfirm: 'curta' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe('auth.error.passwordRules');
    // Nothing changed so far: the old password still signs in.
    const before = await server.request().post('/auth/login').send({ email: client.email, password: PASSWORD, type: 'client' });
    expect(before.status).toBe(200);

    const done = await change(token, { currentPassword: PASSWORD, password: 'Nova#2026xy', passwordConfirm: 'Nova#2026xy' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.msg).toBe('auth.password.changed');
    expect((await server.request().get('/api/site/v1/clients/me').set(auth(token))).status).toBe(200);
    expect((await server.request().get('/api/site/v1/clients/me').set(auth(other))).status).toBe(401);
    const old = await server.request().post('/auth/login').send({ email: client.email, password: PASSWORD, type: 'client' });
    expect(old.status).toBe(400);
    const fresh = await server.request().post('/auth/login').send({ email: client.email, password: 'Nova#2026xy', type: 'client' });
    expect(fresh.status).toBe(200);
  });
});
