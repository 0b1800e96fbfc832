import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff, type TestAccount } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 12 (decision 023 on the chat's types): a chat or a chat message written in the /admin
// Content Manager is held to the live chat's rules — text trimmed, never blank, at most 2,000
// characters; one chat per stand and client; a retry key unique; the chat's last message follows
// its messages — and leaves one activity-log line naming the /admin user.
let server: TestServer;
let adminToken = '';
let staffToken = '';
let standId = 0;
let visitor: TestAccount;
let other: TestAccount;
let chatId = 0;
let chatDocument = '';
const ADMIN = { email: 'gestora.chat@exemplo.com.br', password: 'Senha#Forte2026' };
const CHAT = 'api::chat.chat';
const MESSAGE = 'api::chat-message.chat-message';

type Body = Record<string, unknown>;
const create = (uid: string, body: Body) =>
  server.request().post(`/content-manager/collection-types/${uid}`).set('Authorization', `Bearer ${adminToken}`).send(body);
const update = (uid: string, documentId: string, body: Body) =>
  server.request().put(`/content-manager/collection-types/${uid}/${documentId}`).set('Authorization', `Bearer ${adminToken}`).send(body);
const remove = (uid: string, documentId: string) =>
  server.request().delete(`/content-manager/collection-types/${uid}/${documentId}`).set('Authorization', `Bearer ${adminToken}`);

const refusal = (res: { status: number; body: Body }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const error = res.body.error as { name: string; details: { errors: Array<{ path: string[]; message: string }> } };
  expect(error.name).toBe('ValidationError');
  return error.details.errors.map((entry) => ({ path: entry.path.join('.'), message: entry.message }));
};

const logs = (action: string) =>
  server.strapi.db
    .query('api::log.log')
    .findMany({ where: { action }, orderBy: { id: 'asc' }, select: ['description', 'email'] }) as Promise<
    Array<{ description: string; email: string | null }>
  >;
const chatRow = () =>
  server.strapi.db.query(CHAT).findOne({ where: { id: chatId }, select: ['key', 'lastMessage', 'lastSender'] }) as Promise<{
    key: string | null;
    lastMessage: string | null;
    lastSender: string | null;
  }>;
const messages = () =>
  server.strapi.db.query(MESSAGE).findMany({
    where: { chat: { id: chatId } },
    orderBy: { id: 'asc' },
    select: ['id', 'documentId', 'text', 'senderType', 'dedupKey'],
  }) as Promise<Array<{ id: number; documentId: string; text: string; senderType: string; dedupKey: string | null }>>;

beforeAll(async () => {
  server = await startServer('chat-content-manager', {
    seed: false,
    env: { STRAPI_ADMIN_EMAIL: ADMIN.email, STRAPI_ADMIN_PASSWORD: ADMIN.password },
  });
  const login = await server.request().post('/admin/login').send(ADMIN);
  expect(login.status).toBe(200);
  adminToken = login.body.data.token;
  const db = server.strapi.db;
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2026-11-24', startTime: '08:00:00.000' },
  });
  standId = (
    await db.query('api::stand.stand').create({ data: { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: event.id } })
  ).id;
  visitor = await createClient(server.strapi);
  other = await createClient(server.strapi);
  staffToken = await sessionToken(server, 'staff', (await createStaff(server.strapi, { role: 'admin' })).id);
});

afterAll(async () => {
  await server?.stop();
});

describe('a chat written in the Content Manager', () => {
  it('needs its stand and client, is one per pair, takes the key the live chat finds it by, and is logged', async () => {
    expect(refusal(await create(CHAT, { stand: { connect: [{ id: standId }] } })).map((e) => e.path)).toContain('client');
    expect(await server.strapi.db.query(CHAT).count({})).toBe(0);

    const made = await create(CHAT, {
      stand: { connect: [{ id: standId }] },
      client: { connect: [{ id: visitor.id }] },
      lastMessage: 'digitada à mão',
      key: 'qualquer',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    chatId = made.body.data.id;
    chatDocument = made.body.data.documentId;
    // The key names the pair; the last message follows the messages (none yet), not what was typed.
    expect(await chatRow()).toEqual({ key: `${standId}:${visitor.id}`, lastMessage: null, lastSender: null });
    expect(await logs('chats.create')).toEqual([
      { email: ADMIN.email, description: `Criou conversa nº ${chatId} (pelo Content Manager).` },
    ]);

    // A second chat of the same stand and client is refused, nothing stored.
    const twice = await create(CHAT, { stand: { connect: [{ id: standId }] }, client: { connect: [{ id: visitor.id }] } });
    expect(refusal(twice)).toEqual([{ path: 'client', message: 'Já existe um registro com esses dados.' }]);
    expect(await server.strapi.db.query(CHAT).count({})).toBe(1);
    expect(await logs('chats.create')).toHaveLength(1);
  });

  it('holds a message to the chat text rules: trimmed, never blank, at most 2,000 characters', async () => {
    const blank = refusal(await create(MESSAGE, { text: '   \n ', senderType: 'client', chat: { connect: [{ id: chatId }] } }));
    expect(blank).toEqual([{ path: 'text', message: 'Escreva uma mensagem antes de enviar.' }]);
    const long = refusal(await create(MESSAGE, { text: 'a'.repeat(2_001), senderType: 'client', chat: { connect: [{ id: chatId }] } }));
    expect(long).toEqual([{ path: 'text', message: 'A mensagem pode ter no máximo 2.000 caracteres.' }]);
    expect(refusal(await create(MESSAGE, { text: 'Sem conversa', senderType: 'client' })).map((e) => e.path)).toContain('chat');
    expect(await messages()).toEqual([]);
    expect(await logs('chats.messages.create')).toEqual([]);

    const first = await create(MESSAGE, { text: '  Olá, tudo bem?  ', senderType: 'client', chat: { connect: [{ id: chatId }] } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await create(MESSAGE, {
      text: ` ${'b'.repeat(2_000)} `,
      senderType: 'stand',
      clientMessageId: 'cm-1',
      chat: { connect: [{ id: chatId }] },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const stored = await messages();
    expect(stored.map((m) => [m.text, m.senderType, m.dedupKey])).toEqual([
      ['Olá, tudo bem?', 'client', null],
      ['b'.repeat(2_000), 'stand', `${standId}:${visitor.id}|stand|cm-1`],
    ]);
    expect(await chatRow()).toMatchObject({ lastMessage: 'b'.repeat(2_000), lastSender: 'stand' });
    expect(await logs('chats.messages.create')).toEqual([
      { email: ADMIN.email, description: `Criou mensagem de conversa nº ${stored[0].id} (pelo Content Manager).` },
      { email: ADMIN.email, description: `Criou mensagem de conversa nº ${stored[1].id} (pelo Content Manager).` },
    ]);

    // The same retry key in the chat, from the same side, is the message the chat already has.
    const retry = await create(MESSAGE, {
      text: 'de novo',
      senderType: 'stand',
      clientMessageId: 'cm-1',
      chat: { connect: [{ id: chatId }] },
    });
    expect(refusal(retry).map((e) => e.path)).toEqual(['clientMessageId']);
    expect(await messages()).toHaveLength(2);
  });

  it('keeps the chat list in step when a message is changed or deleted, and the list shows it', async () => {
    const [first, second] = await messages();
    expect(refusal(await update(MESSAGE, second.documentId, { text: ' ' })).map((e) => e.path)).toEqual(['text']);
    expect((await messages())[1].text).toBe('b'.repeat(2_000));

    const changed = await update(MESSAGE, second.documentId, { text: '  Corrigido pela organização  ' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await chatRow()).toMatchObject({ lastMessage: 'Corrigido pela organização', lastSender: 'stand' });
    expect(await logs('chats.messages.update')).toEqual([
      { email: ADMIN.email, description: `Alterou mensagem de conversa nº ${second.id} (pelo Content Manager).` },
    ]);

    const gone = await remove(MESSAGE, second.documentId);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await chatRow()).toMatchObject({ lastMessage: first.text, lastSender: 'client' });
    expect(await logs('chats.messages.delete')).toHaveLength(1);

    const list = await server.request().get(`/api/cms/v1/stands/${standId}/chats`).set('Authorization', `Bearer ${staffToken}`);
    expect(list.status).toBe(200);
    expect(list.body.data.rows).toEqual([expect.objectContaining({ id: chatId, lastMessage: 'Olá, tudo bem?', lastSender: 'client' })]);
  });

  it('is not moved to another client once it has messages', async () => {
    const moved = await update(CHAT, chatDocument, { client: { connect: [{ id: other.id }], disconnect: [{ id: visitor.id }] } });
    expect(refusal(moved).map((e) => e.path)).toEqual(['client']);
    expect(await chatRow()).toMatchObject({ key: `${standId}:${visitor.id}` });
    const flagged = await update(CHAT, chatDocument, { waiting: true });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    expect(await logs('chats.update')).toHaveLength(1);
  });

  it('deleted, takes its messages with it and leaves the other chats alone', async () => {
    const otherChat = await create(CHAT, { stand: { connect: [{ id: standId }] }, client: { connect: [{ id: other.id }] } });
    expect(otherChat.status, JSON.stringify(otherChat.body)).toBe(201);
    const kept = await create(MESSAGE, { text: 'Fica', senderType: 'client', chat: { connect: [{ id: otherChat.body.data.id }] } });
    expect(kept.status).toBe(201);
    expect(await messages()).toHaveLength(1);

    const gone = await remove(CHAT, chatDocument);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await server.strapi.db.query(CHAT).count({ where: { id: chatId } })).toBe(0);
    expect(await server.strapi.db.query(MESSAGE).findMany({ select: ['text'] })).toEqual([{ text: 'Fica' }]);
    expect(await logs('chats.delete')).toEqual([
      { email: ADMIN.email, description: `Excluiu conversa nº ${chatId} (pelo Content Manager).` },
    ]);
  });
});
