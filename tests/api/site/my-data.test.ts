import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestAccount } from '../helpers/accounts';
import { createEvent, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// LGPD (issue 13): GET /api/site/v1/clients/me/data — everything the product holds about the
// signed-in client, and nothing of anyone else's, never a token or a password hash.
let server: TestServer;
let client: TestAccount;
let token = '';
let eventId = 0;
let standId = 0;

const get = (bearer?: string) => {
  const request = server.request().get('/api/site/v1/clients/me/data');
  return bearer ? request.set('Authorization', `Bearer ${bearer}`) : request;
};

beforeAll(async () => {
  server = await startServer('site-my-data', { seed: false });
  const { strapi } = server;
  eventId = await createEvent(strapi, { name: 'Congresso LGPD', published: true });
  standId = await insert(strapi, 'api::stand.stand', { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: eventId });
  client = await createClient(strapi);
  token = await sessionToken(server, 'client', client.id);
  const someoneElse = await createClient(strapi);
  const auth = { Authorization: `Bearer ${token}` };
  expect(
    (await server.request().post('/api/site/v1/page-views').set(auth).send({ path: '/plataforma/1/hall-entrada', eventId })).status,
  ).toBe(202);
  expect(
    (
      await server
        .request()
        .post('/api/site/v1/contacts')
        .send({ subject: 'doubts', name: 'Cliente Teste', email: client.email, message: 'Quando abre o congresso?' })
    ).status,
  ).toBe(201);
  // The contact above was sent without a token: it is linked to nobody, so no export carries it
  // (an e-mail typed in a form proves nothing). A chat of theirs (with a message), someone
  // else's chat and a stand contact of theirs are stored directly.
  const chat = await insert(strapi, 'api::chat.chat', { stand: standId, client: client.id, lastMessage: 'Olá', lastSender: 'client' });
  await insert(strapi, 'api::chat-message.chat-message', { chat, text: 'Olá, tem amostras?', senderType: 'client' });
  await insert(strapi, 'api::chat.chat', { stand: standId, client: someoneElse.id, lastMessage: 'Outro', lastSender: 'client' });
  await insert(strapi, 'api::contact.contact', {
    subject: 'others',
    name: 'Cliente Teste',
    email: client.email,
    message: 'Pelo estande',
    stand: standId,
    client: client.id,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/site/v1/clients/me/data', () => {
  it('answers the client’s own data as a JSON attachment: profile, events, sessions, views, contacts, chats, orders', async () => {
    const res = await get(token);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="meus-dados-plataforma.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body.data;
    expect(data.profile).toMatchObject({ id: client.id, email: client.email, listedInNetwork: false, networkShowEmail: false });
    expect(data.eventsEntered).toEqual([{ id: eventId, name: 'Congresso LGPD' }]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.pageViews).toEqual([expect.objectContaining({ path: '/plataforma/1/hall-entrada', eventId, standId: null })]);
    expect(data.contacts).toEqual([expect.objectContaining({ subject: 'others', message: 'Pelo estande', standId })]);
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0]).toMatchObject({
      standId,
      standName: 'Vitalis',
      messages: [expect.objectContaining({ senderType: 'client', text: 'Olá, tem amostras?' })],
    });
    expect(data.orders).toEqual([]);
  });

  it('carries no token, password hash or internal key', async () => {
    const raw = (await get(token)).text;
    expect(raw).not.toContain(token);
    expect(raw).not.toMatch(/\$2[aby]\$/);
    for (const key of ['password', 'jti', 'dedupKey', '"key"']) expect(raw).not.toContain(key);
  });

  it('is for a full login only', async () => {
    expect((await get()).status).toBe(401);
    const { createSession } = createRequire(__filename)(
      path.resolve(__dirname, '../../../cms/dist/src/auth/sessions'),
    ) as typeof import('../../../cms/src/auth/sessions');
    const soft = (await createSession(server.strapi, { audience: 'client', accountId: client.id, soft: true })).token;
    expect((await get(soft)).body).toEqual({ data: null, msg: 'auth.error.fullAccountRequired', status: 403 });
  });
});
