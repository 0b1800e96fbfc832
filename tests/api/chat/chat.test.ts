import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatOpenAck, ChatPresence, ChatSendAck, ChatSummary, StandContact } from '@plataforma/adapter';
import { createClient, createStaff, type TestAccount } from '../helpers/accounts';
import { emit, next } from '../helpers/instances';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The live chat (issue 12): socket.io on the app's own server. Every event, every refusal and its
// key, the reconnect catch-up, retries stored once, sessions that end close their sockets, presence,
// the inbox's live update, and GET stands/:id/chats and /contacts — with what the database holds.

let server: TestServer;
let port: number;
let standId: number;
let otherStand: number;
let unattendedStand: number;
let visitor: TestAccount;
let stranger: TestAccount;
let attendant: TestAccount;
const tokens: Record<'visitor' | 'stranger' | 'attendant' | 'outsider' | 'admin', string> = {
  visitor: '',
  stranger: '',
  attendant: '',
  outsider: '',
  admin: '',
};
const sockets: Socket[] = [];

const connect = (token: string | null, how: 'auth' | 'query' = 'auth') =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(token === null ? {} : how === 'auth' ? { auth: { token } } : { query: { token } }),
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });

const messagesInDb = async (clientId: number, stand = standId) => {
  const chat = (await server.strapi.db.query('api::chat.chat').findOne({ where: { key: `${stand}:${clientId}` } })) as {
    id: number;
  } | null;
  if (!chat) return [];
  return (await server.strapi.db
    .query('api::chat-message.chat-message')
    .findMany({ where: { chat: { id: chat.id } }, orderBy: { id: 'asc' } })) as Array<{ id: number; text: string; senderType: string }>;
};

const api = (url: string, who: keyof typeof tokens) =>
  server.request().get(`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens[who]}`);

beforeAll(async () => {
  server = await startServer('chat', { seed: false, env: { CHAT_MESSAGES_PER_SECOND: '1' } });
  const db = server.strapi.db;
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2026-11-24', startTime: '08:00:00.000' },
  });
  unattendedStand = (
    await db.query('api::stand.stand').create({ data: { name: 'Lumen', subtitle: 'x', type: 'bronze', position: 3, event: event.id } })
  ).id;
  standId = (
    await db.query('api::stand.stand').create({ data: { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: event.id } })
  ).id;
  otherStand = (
    await db.query('api::stand.stand').create({ data: { name: 'Solaris', subtitle: 'x', type: 'gold', position: 2, event: event.id } })
  ).id;
  visitor = await createClient(server.strapi, { email: 'ana@exemplo.com.br' });
  stranger = await createClient(server.strapi, { email: 'bruno@exemplo.com.br' });
  attendant = await createStaff(server.strapi, { role: 'attendant' });
  const outsider = await createStaff(server.strapi, { role: 'attendant' });
  const admin = await createStaff(server.strapi, { role: 'admin' });
  await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: standId, user: attendant.id } });
  await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: otherStand, user: outsider.id } });
  tokens.visitor = await sessionToken(server, 'client', visitor.id);
  tokens.stranger = await sessionToken(server, 'client', stranger.id);
  tokens.attendant = await sessionToken(server, 'staff', attendant.id);
  tokens.outsider = await sessionToken(server, 'staff', outsider.id);
  tokens.admin = await sessionToken(server, 'staff', admin.id);
  await new Promise<void>((resolve) => server.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  port = (server.strapi.server.httpServer.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

describe('connecting', () => {
  it('refuses a socket without a token, with a bad one, and accepts the token in auth or in the query', async () => {
    await expect(connect(null)).rejects.toThrow('chat.error.unauthorized');
    await expect(connect('not-a-token')).rejects.toThrow('chat.error.unauthorized');
    expect((await connect(tokens.visitor, 'query')).connected).toBe(true);
    expect((await connect(tokens.visitor, 'auth')).connected).toBe(true);
  });

  it('closes the sockets of a session at once when it ends (logout), and refuses its token afterwards', async () => {
    const token = await sessionToken(server, 'client', stranger.id);
    const socket = await connect(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const logout = await server.request().get('/auth/logout').set('Authorization', `Bearer ${token}`);
    expect(logout.status).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
    await expect(connect(token)).rejects.toThrow('chat.error.unauthorized');
  });
});

describe('a conversation', () => {
  it('at a stand nobody attends says so, and an admin answers it (issue 56, item 2)', async () => {
    const client = await connect(tokens.visitor);
    const opened = await emit<ChatOpenAck>(client, 'chat_open', { standId: unattendedStand, fetchMessages: true });
    expect(opened).toMatchObject({ ok: true, online: false, attended: false });
    const sent = await emit<ChatSendAck>(client, 'chat_client_message', { text: 'Alguém aí?', clientMessageId: 'u-1' });
    expect(sent.ok).toBe(true);
    const admin = await connect(tokens.admin);
    expect(
      await emit<ChatOpenAck>(admin, 'chat_open', { standId: unattendedStand, clientId: visitor.id, fetchMessages: true }),
    ).toMatchObject({
      ok: true,
      messages: [{ text: 'Alguém aí?', senderType: 'client' }],
    });
    const answer = next<ChatMessage>(client, 'chat_message', (message) => message.senderType === 'stand');
    expect(await emit<ChatSendAck>(admin, 'chat_stand_message', { text: 'Sou da organização: posso ajudar.' })).toMatchObject({ ok: true });
    expect((await answer).text).toBe('Sou da organização: posso ajudar.');
    client.close();
    admin.close();
  });

  it('a visitor writes, the attendant sees it live in the chat and in the inbox, answers, and the visitor sees the answer', async () => {
    const client = await connect(tokens.visitor);
    const opened = await emit<ChatOpenAck>(client, 'chat_open', { standId, fetchMessages: true });
    expect(opened).toEqual({ ok: true, chatId: null, standId, clientId: visitor.id, messages: [], online: false, attended: true });

    const online = next<ChatPresence>(client, 'chat_presence', (p) => p.online);
    const staff = await connect(tokens.attendant);
    expect(await online).toEqual({ standId, online: true });
    const staffOpened = await emit<ChatOpenAck>(staff, 'chat_open', { standId, clientId: visitor.id, fetchMessages: true });
    expect(staffOpened).toMatchObject({ ok: true, chatId: null, online: true });

    const arrived = next<ChatMessage>(staff, 'chat_message');
    const updated = next<ChatSummary[]>(staff, 'chat_updated');
    const sent = await emit<ChatSendAck>(client, 'chat_client_message', {
      text: '  Olá, quero saber do produto  ',
      clientMessageId: 'c-1',
    });
    expect(sent).toMatchObject({
      ok: true,
      duplicate: false,
      message: { text: 'Olá, quero saber do produto', senderType: 'client', clientMessageId: 'c-1' },
    });
    expect(await arrived).toEqual(sent.ok && sent.message);
    expect(await updated).toEqual([
      expect.objectContaining({
        standId,
        lastMessage: 'Olá, quero saber do produto',
        lastSender: 'client',
        waiting: false,
        Client: expect.objectContaining({ id: visitor.id }),
      }),
    ]);

    const typing = next<{ senderType: string; typing: boolean }>(client, 'chat_typing');
    staff.emit('chat_typing', { typing: true });
    expect(await typing).toEqual({ senderType: 'stand', typing: true });

    const answer = next<ChatMessage>(client, 'chat_message', (m) => m.senderType === 'stand');
    const replied = await emit<ChatSendAck>(staff, 'chat_stand_message', { text: 'Claro! Posso ajudar.' });
    expect(replied.ok).toBe(true);
    expect((await answer).text).toBe('Claro! Posso ajudar.');

    const rows = await messagesInDb(visitor.id);
    expect(rows.map((row) => [row.text, row.senderType])).toEqual([
      ['Olá, quero saber do produto', 'client'],
      ['Claro! Posso ajudar.', 'stand'],
    ]);
    const chat = (await server.strapi.db.query('api::chat.chat').findOne({
      where: { key: `${standId}:${visitor.id}` },
      populate: { stand: { select: ['id'] }, client: { select: ['id'] } },
    })) as { lastMessage: string; lastSender: string; stand: { id: number }; client: { id: number } };
    expect(chat).toMatchObject({
      lastMessage: 'Claro! Posso ajudar.',
      lastSender: 'stand',
      stand: { id: standId },
      client: { id: visitor.id },
    });
    staff.close();
  });

  it('a soft session reads only what was written since it began, never the account’s earlier chat (issue 47, item 5)', async () => {
    // Carla's conversation under her full session: her CPF and a private link.
    const carla = await createClient(server.strapi, { email: 'carla@exemplo.com.br' });
    const full = await connect(await sessionToken(server, 'client', carla.id));
    await emit<ChatOpenAck>(full, 'chat_open', { standId, fetchMessages: true });
    const secret = 'Meu CPF é 123.456.789-09 e o link da reunião é https://meet.exemplo.com/privado';
    expect(await emit<ChatSendAck>(full, 'chat_client_message', { text: secret })).toMatchObject({ ok: true });
    const staff = await connect(tokens.attendant);
    await emit<ChatOpenAck>(staff, 'chat_open', { standId, clientId: carla.id });
    expect(await emit<ChatSendAck>(staff, 'chat_stand_message', { text: 'Recebido, Carla: enviamos o contrato.' })).toMatchObject({
      ok: true,
    });
    full.close();
    await new Promise((resolve) => setTimeout(resolve, 20));

    // Someone types her e-mail in the soft login.
    const login = await server.request().post('/auth/soft/login').send({ email: carla.email });
    expect(login.status).toBe(200);
    const soft = await connect(login.body.data.token as string);
    const opened = await emit<ChatOpenAck>(soft, 'chat_open', { standId, fetchMessages: true, since: 0 });
    expect(opened).toMatchObject({ ok: true, clientId: carla.id, messages: [] });
    // Nor by the bare emit of SPEC §7 (history pushed as chat_message events).
    const pushed: ChatMessage[] = [];
    soft.on('chat_message', (message: ChatMessage) => pushed.push(message));
    soft.emit('chat_open', { standId, fetchMessages: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pushed).toEqual([]);

    // The soft chat still works: what it writes and the answers since are its own to read.
    expect(await emit<ChatSendAck>(soft, 'chat_client_message', { text: 'Olá, sou eu de novo' })).toMatchObject({ ok: true });
    await emit<ChatOpenAck>(staff, 'chat_open', { standId, clientId: carla.id });
    const answer = next<ChatMessage>(soft, 'chat_message', (message) => message.senderType === 'stand');
    await emit<ChatSendAck>(staff, 'chat_stand_message', { text: 'Pois não?' });
    expect((await answer).text).toBe('Pois não?');
    const again = await emit<ChatOpenAck>(soft, 'chat_open', { standId, fetchMessages: true });
    expect(again.ok && again.messages.map((message) => message.text)).toEqual(['Olá, sou eu de novo', 'Pois não?']);
    // Her full session and the attendant still read the whole conversation.
    const back = await connect(await sessionToken(server, 'client', carla.id));
    const whole = await emit<ChatOpenAck>(back, 'chat_open', { standId, fetchMessages: true });
    expect(whole.ok && whole.messages.map((message) => message.text)).toEqual([
      secret,
      'Recebido, Carla: enviamos o contrato.',
      'Olá, sou eu de novo',
      'Pois não?',
    ]);
    soft.close();
    back.close();
    staff.close();
  });

  it('a reconnecting side gets exactly what it missed with since; a retried send is stored once', async () => {
    const first = await connect(tokens.visitor);
    const all = await emit<ChatOpenAck>(first, 'chat_open', { standId, fetchMessages: true });
    if (!all.ok) throw new Error(all.msg);
    const lastSeen = all.messages[all.messages.length - 1].id;
    first.close();

    const staff = await connect(tokens.attendant);
    await emit<ChatOpenAck>(staff, 'chat_open', { standId, clientId: visitor.id });
    await emit<ChatSendAck>(staff, 'chat_stand_message', { text: 'Você ainda está aí?' });

    const back = await connect(tokens.visitor);
    const caughtUp = await emit<ChatOpenAck>(back, 'chat_open', { standId, fetchMessages: true, since: lastSeen });
    expect(caughtUp.ok && caughtUp.messages.map((m) => m.text)).toEqual(['Você ainda está aí?']);

    const once = await emit<ChatSendAck>(back, 'chat_client_message', { text: 'Sim!', clientMessageId: 'retry-1' });
    const again = await emit<ChatSendAck>(back, 'chat_client_message', { text: 'Sim!', clientMessageId: 'retry-1' });
    expect(once).toMatchObject({ ok: true, duplicate: false });
    expect(again).toMatchObject({ ok: true, duplicate: true, message: { id: once.ok && once.message.id } });
    expect((await messagesInDb(visitor.id)).filter((row) => row.text === 'Sim!')).toHaveLength(1);
    staff.close();
  });

  it('two first messages at once from two tabs make one chat, in order', async () => {
    const [a, b] = await Promise.all([connect(tokens.stranger), connect(tokens.stranger)]);
    await Promise.all([emit(a, 'chat_open', { standId }), emit(b, 'chat_open', { standId })]);
    const answers = await Promise.all([
      emit<ChatSendAck>(a, 'chat_client_message', { text: 'aba 1' }),
      emit<ChatSendAck>(b, 'chat_client_message', { text: 'aba 2' }),
    ]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const chats = await server.strapi.db.query('api::chat.chat').count({ where: { key: `${standId}:${stranger.id}` } });
    expect(chats).toBe(1);
    expect(new Set(answers.map((answer) => answer.ok && answer.message.chatId)).size).toBe(1);
  });

  it('the sending socket has its message in the acknowledgement, its other tab and a sender without one as chat_message', async () => {
    const writer = await createClient(server.strapi, { email: 'abas@exemplo.com.br' });
    const token = await sessionToken(server, 'client', writer.id);
    const [tab, otherTab] = await Promise.all([connect(token), connect(token)]);
    await Promise.all([emit(tab, 'chat_open', { standId }), emit(otherTab, 'chat_open', { standId })]);
    const heard: ChatMessage[] = [];
    tab.on('chat_message', (message: ChatMessage) => heard.push(message));
    const inOtherTab = next<ChatMessage>(otherTab, 'chat_message', (m) => m.text === 'com confirmação');
    const sent = await emit<ChatSendAck>(tab, 'chat_client_message', { text: 'com confirmação' });
    expect(sent.ok && sent.message.text).toBe('com confirmação');
    expect((await inOtherTab).id).toBe(sent.ok && sent.message.id);
    // SPEC §7's bare emit: the sender hears its own message as chat_message.
    const own = next<ChatMessage>(tab, 'chat_message', (m) => m.text === 'sem confirmação');
    tab.emit('chat_client_message', { text: 'sem confirmação' });
    expect((await own).senderType).toBe('client');
    expect(heard.map((message) => message.text)).toEqual(['sem confirmação']);
  });

  it("a stand's inbox hears a change at once, then the chats changed meanwhile together, at most once a second", async () => {
    const staff = await connect(tokens.attendant);
    const writers = await Promise.all(
      ['caixa1@exemplo.com.br', 'caixa2@exemplo.com.br'].map((email) => createClient(server.strapi, { email })),
    );
    const sockets = await Promise.all(writers.map(async (writer) => connect(await sessionToken(server, 'client', writer.id))));
    await Promise.all(sockets.map((socket) => emit(socket, 'chat_open', { standId })));
    const packets: ChatSummary[][] = [];
    staff.on('chat_updated', (summaries: ChatSummary[]) => packets.push(summaries));
    const started = Date.now();
    for (let n = 1; n <= 4; n += 1)
      for (const socket of sockets) expect((await emit<ChatSendAck>(socket, 'chat_client_message', { text: `caixa ${n}` })).ok).toBe(true);
    const last = (summaries: ChatSummary[], clientId: number) => summaries.find((summary) => summary.Client.id === clientId)?.lastMessage;
    // Every chat's newest message reaches the inbox...
    await expect
      .poll(
        () =>
          writers.map(
            (writer) =>
              packets
                .flat()
                .filter((summary) => summary.Client.id === writer.id)
                .at(-1)?.lastMessage,
          ),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['caixa 4', 'caixa 4']);
    const elapsed = Date.now() - started;
    // ...in fewer packets than messages: one at once, then at most one per second since.
    expect(packets.length).toBeLessThanOrEqual(2 + Math.floor(elapsed / 1_000));
    expect(packets.length).toBeLessThan(8);
    // A packet names a chat once, with its newest state.
    for (const packet of packets) expect(new Set(packet.map((summary) => summary.id)).size).toBe(packet.length);
    expect(last(packets.at(-1) ?? [], writers[1].id)).toBe('caixa 4');
  });

  it('an old client without acknowledgements gets the history as chat_message events', async () => {
    const socket = await connect(tokens.visitor);
    const first = next<ChatMessage>(socket, 'chat_message');
    socket.emit('chat_open', { standId: String(standId), fetchMessages: true });
    expect((await first).text).toBe('Olá, quero saber do produto');
  });
});

describe('grouped writes (decision 026)', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'SQLite keeps a write-ahead log with full sync: one flush per commit, and a commit is on disk',
    async () => {
      const pragma = async (name: string) => {
        const rows = (await server.strapi.db.connection.raw(`pragma ${name}`)) as Array<Record<string, unknown>>;
        return Object.values(rows[0])[0];
      };
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
    },
  );

  it('stores concurrent messages of many chats together as the query engine would, each once, in order per chat', async () => {
    const clients = await Promise.all(
      Array.from({ length: 12 }, (_, n) => createClient(server.strapi, { email: `lote${n}@exemplo.com.br` })),
    );
    const socketsOf = await Promise.all(clients.map(async (client) => connect(await sessionToken(server, 'client', client.id))));
    await Promise.all(socketsOf.map((socket) => emit(socket, 'chat_open', { standId })));
    // Every client sends three messages at once, the second one twice (a retry in the same instant).
    const acks = await Promise.all(
      socketsOf.flatMap((socket, n) => [
        emit<ChatSendAck>(socket, 'chat_client_message', { text: `um ${n}`, clientMessageId: `l${n}-1` }),
        emit<ChatSendAck>(socket, 'chat_client_message', { text: `dois ${n}`, clientMessageId: `l${n}-2` }),
        emit<ChatSendAck>(socket, 'chat_client_message', { text: `dois ${n}`, clientMessageId: `l${n}-2` }),
        emit<ChatSendAck>(socket, 'chat_client_message', { text: `três ${n}`, clientMessageId: `l${n}-3` }),
      ]),
    );
    expect(acks.every((ack) => ack.ok)).toBe(true);
    expect(acks.filter((ack) => ack.ok && ack.duplicate)).toHaveLength(clients.length);
    for (const [n, client] of clients.entries()) {
      const rows = await messagesInDb(client.id);
      expect(rows.map((row) => row.text)).toEqual([`um ${n}`, `dois ${n}`, `três ${n}`]);
      // What the query engine (and so the Content Manager) reads: the document, its chat, the chat's last message.
      const engine = (await server.strapi.db.query('api::chat-message.chat-message').findMany({
        where: { id: { $in: rows.map((row) => row.id) } },
        populate: { chat: { populate: { client: true, stand: true } } },
      })) as Array<{
        documentId: string;
        publishedAt: unknown;
        createdAt: unknown;
        chat: { lastMessage: string; lastSender: string; client: { id: number }; stand: { id: number } };
      }>;
      expect(engine).toHaveLength(3);
      for (const row of engine) {
        expect(row.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
        expect(row.publishedAt).toBeTruthy();
        expect(Number.isNaN(new Date(row.createdAt as string).getTime())).toBe(false);
        expect(row.chat).toMatchObject({
          lastMessage: `três ${n}`,
          lastSender: 'client',
          client: { id: client.id },
          stand: { id: standId },
        });
      }
    }
  });

  it("records the attendant who answered, as the query engine's relation", async () => {
    const client = await createClient(server.strapi, { email: 'resposta@exemplo.com.br' });
    const socket = await connect(await sessionToken(server, 'client', client.id));
    await emit(socket, 'chat_open', { standId });
    await emit(socket, 'chat_client_message', { text: 'Oi' });
    const staff = await connect(tokens.attendant);
    await emit(staff, 'chat_open', { standId, clientId: client.id });
    const answer = await emit<ChatSendAck>(staff, 'chat_stand_message', { text: 'Olá!' });
    expect(answer.ok).toBe(true);
    const row = (await server.strapi.db.query('api::chat-message.chat-message').findOne({
      where: { id: answer.ok ? answer.message.id : 0 },
      populate: { staffUser: true },
    })) as { senderType: string; staffUser: { id: number } | null };
    expect(row).toMatchObject({ senderType: 'stand', staffUser: { id: attendant.id } });
  });
});

describe('refusals', () => {
  it('answers each refusal with its key and stores nothing', async () => {
    const client = await connect(tokens.visitor);
    expect(await emit(client, 'chat_client_message', { text: 'antes de abrir' })).toEqual({ ok: false, msg: 'chat.error.notOpen' });
    expect(await emit(client, 'chat_open', { standId: 'x' })).toEqual({ ok: false, msg: 'chat.error.invalid' });
    expect(await emit(client, 'chat_open', { standId: 999_999 })).toEqual({ ok: false, msg: 'api.error.standNotFound' });
    expect(await emit(client, 'chat_open', { standId, clientId: stranger.id })).toEqual({ ok: false, msg: 'chat.error.forbidden' });
    await emit(client, 'chat_open', { standId });
    const before = (await messagesInDb(visitor.id)).length;
    expect(await emit(client, 'chat_client_message', { text: '   ' })).toEqual({ ok: false, msg: 'chat.error.blank' });
    expect(await emit(client, 'chat_client_message', { text: 'a'.repeat(2001) })).toEqual({ ok: false, msg: 'chat.error.tooLong' });
    expect(await emit(client, 'chat_client_message', { text: 42 })).toEqual({ ok: false, msg: 'chat.error.invalid' });
    expect(await emit(client, 'chat_stand_message', { text: 'fingindo ser o estande' })).toEqual({
      ok: false,
      msg: 'chat.error.wrongSide',
    });
    expect((await messagesInDb(visitor.id)).length).toBe(before);

    const outsider = await connect(tokens.outsider);
    expect(await emit(outsider, 'chat_open', { standId, clientId: visitor.id })).toEqual({ ok: false, msg: 'chat.error.forbidden' });
    expect(await emit(outsider, 'chat_open', { standId })).toEqual({ ok: false, msg: 'chat.error.invalid' });
    outsider.close();

    const admin = await connect(tokens.admin);
    const read = await emit<ChatOpenAck>(admin, 'chat_open', { standId, clientId: visitor.id, fetchMessages: true });
    expect(read.ok && read.messages.length).toBeGreaterThan(0);
    // Issue 56, item 2: an admin answers any stand's chat (it was read-only: a stand nobody attends got no answer).
    const answered = await emit<ChatSendAck>(admin, 'chat_stand_message', { text: 'Aqui é a organização: já ajudo.' });
    expect(answered).toMatchObject({ ok: true, message: { senderType: 'stand', text: 'Aqui é a organização: já ajudo.' } });
    expect(await emit(admin, 'chat_client_message', { text: 'admin' })).toEqual({ ok: false, msg: 'chat.error.wrongSide' });

    const refused = (await server.strapi.db.query('api::log.log').findMany({ where: { action: 'chat.refused' } })) as Array<{
      description: string;
    }>;
    expect(refused.map((row) => row.description)).toEqual(
      expect.arrayContaining([
        `Acesso recusado à conversa do estande ${standId} com o cliente ${stranger.id}.`,
        `Acesso recusado à conversa do estande ${standId} com o cliente ${visitor.id}.`,
      ]),
    );
  });

  it('an attendant taken off the stand stops answering its chats within 5 s, on every socket of theirs', async () => {
    const db = server.strapi.db;
    const helper = await createStaff(server.strapi, { role: 'attendant' });
    const assignment = await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: standId, user: helper.id } });
    const token = await sessionToken(server, 'staff', helper.id);
    const tabs = [await connect(token), await connect(token)];
    for (const tab of tabs) expect(await emit(tab, 'chat_open', { standId, clientId: visitor.id })).toMatchObject({ ok: true });
    for (const tab of tabs) expect(await emit(tab, 'chat_stand_message', { text: 'Posso ajudar?' })).toMatchObject({ ok: true });
    await db.query('api::stand-attendant.stand-attendant').delete({ where: { id: assignment.id } });
    await new Promise((resolve) => setTimeout(resolve, 5_300));
    const before = (await messagesInDb(visitor.id)).length;
    for (const tab of tabs)
      expect(await emit(tab, 'chat_stand_message', { text: 'Ainda aqui' })).toEqual({ ok: false, msg: 'chat.error.forbidden' });
    expect(await emit(tabs[0], 'chat_open', { standId, clientId: visitor.id })).toEqual({ ok: false, msg: 'chat.error.forbidden' });
    expect((await messagesInDb(visitor.id)).length).toBe(before);
  }, 30_000);

  it('limits a flood per socket (burst 10, then the refill) with a key', async () => {
    const client = await connect(tokens.stranger);
    await emit(client, 'chat_open', { standId: otherStand });
    // This server refills one message per second: 30 at once leave most refused however slow the machine.
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => emit<ChatSendAck>(client, 'chat_client_message', { text: `rajada ${i}` })),
    );
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((answer) => answer.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(10 + Math.ceil(seconds));
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused.length).toBe(30 - accepted);
    expect(refused.every((answer) => !answer.ok && answer.msg === 'chat.error.rateLimited')).toBe(true);
  });

  it('closes a socket whose packet is over the transport cap', async () => {
    const client = await connect(tokens.visitor);
    const closed = new Promise<string>((resolve) => client.once('disconnect', (reason) => resolve(reason)));
    client.emit('chat_client_message', { text: 'x'.repeat(64 * 1024) });
    expect(await closed).toBe('transport close');
  });
});

describe('the lead inbox and the stand chats list', () => {
  it('a message while no attendant is online is waiting, with the e-mail when consented, until the stand answers', async () => {
    const lead = await createClient(server.strapi, { email: 'lead@exemplo.com.br' });
    const socket = await connect(await sessionToken(server, 'client', lead.id));
    const opened = await emit<ChatOpenAck>(socket, 'chat_open', { standId: otherStand });
    expect(opened).toMatchObject({ ok: true, online: false });
    await emit(socket, 'chat_client_message', { text: 'Quero um orçamento', leadConsent: true });

    const list = await api(`/stands/${otherStand}/chats?includeClients=true&hasLastMessage=true&order=updatedAt:desc`, 'admin');
    expect(list.status).toBe(200);
    const row = (list.body.data.rows as ChatSummary[]).find((chat) => chat.Client.id === lead.id);
    expect(row).toMatchObject({ waiting: true, leadConsent: true, lastSender: 'client', Client: { email: 'lead@exemplo.com.br' } });
    const others = (list.body.data.rows as ChatSummary[]).filter((chat) => !chat.leadConsent);
    expect(others.every((chat) => chat.Client.email === null)).toBe(true);
    expect(list.body.data.count).toBe(list.body.data.rows.length);

    const staff = await connect(tokens.outsider);
    await emit(staff, 'chat_open', { standId: otherStand, clientId: lead.id });
    await emit(staff, 'chat_stand_message', { text: 'Enviamos por e-mail.' });
    const after = await api(`/stands/${otherStand}/chats?includeClients=true&hasLastMessage=true&order=updatedAt:desc`, 'outsider');
    expect((after.body.data.rows as ChatSummary[])[0]).toMatchObject({ Client: { id: lead.id }, waiting: false, lastSender: 'stand' });
  });

  it('lists a stand’s chats newest first for its attendant and admins; 404 for another attendant’s stand', async () => {
    const mine = await api(`/stands/${standId}/chats?includeClients=true&hasLastMessage=true&order=updatedAt:desc`, 'attendant');
    expect(mine.status).toBe(200);
    const rows = mine.body.data.rows as ChatSummary[];
    const inDb = await server.strapi.db
      .query('api::chat.chat')
      .count({ where: { stand: { id: standId }, lastMessage: { $notNull: true } } });
    expect(rows.length).toBe(inDb);
    expect(mine.body.data.count).toBe(inDb);
    const times = rows.map((row) => Date.parse(row.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        lastMessage: expect.any(String),
        Client: expect.objectContaining({ name: 'Cliente Teste' }),
      }),
    );
    expect((await api(`/stands/${otherStand}/chats`, 'attendant')).status).toBe(404);
    expect((await api(`/stands/${standId}/chats?order=name`, 'attendant')).status).toBe(400);
    expect(
      (await server.request().get(`/api/cms/v1/stands/${standId}/chats`).set('Authorization', `Bearer ${tokens.visitor}`)).status,
    ).toBe(401);
  });

  it('lists the stand’s contact requests in the same inbox', async () => {
    await server.strapi.db.query('api::contact.contact').create({
      data: { subject: 'stand', name: 'Ana', email: 'ana@exemplo.com.br', message: 'Me liguem', verified: true, stand: standId },
    });
    const answer = await api(`/stands/${standId}/contacts`, 'attendant');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      count: 1,
      rows: [{ name: 'Ana', email: 'ana@exemplo.com.br', message: 'Me liguem', verified: true }],
    });
    expect((answer.body.data.rows as StandContact[])[0].createdAt).toMatch(/^\d{4}-/);
    expect((await api(`/stands/${otherStand}/contacts`, 'attendant')).status).toBe(404);
  });

  it('counts the chats of the attendant’s stands waiting for an answer (the menu), and only theirs', async () => {
    const waiting = async (who: 'attendant' | 'outsider') => {
      const answer = await api('/chats/unanswered', who);
      expect(answer.status).toBe(200);
      return answer.body.data.count as number;
    };
    const inDb = async (stand: number) =>
      server.strapi.db.query('api::chat.chat').count({ where: { stand: { id: stand }, lastSender: 'client' } });
    expect(await waiting('attendant')).toBe(await inDb(standId));
    const before = await waiting('outsider');
    expect(before).toBe(await inDb(otherStand));

    const newcomer = await createClient(server.strapi, { email: 'novo@exemplo.com.br' });
    const socket = await connect(await sessionToken(server, 'client', newcomer.id));
    await emit(socket, 'chat_open', { standId: otherStand });
    await emit(socket, 'chat_client_message', { text: 'Olá?' });
    expect(await waiting('outsider')).toBe(before + 1);
    expect(await waiting('attendant')).toBe(await inDb(standId));

    const staff = await connect(tokens.outsider);
    await emit(staff, 'chat_open', { standId: otherStand, clientId: newcomer.id });
    await emit(staff, 'chat_stand_message', { text: 'Olá! Em que posso ajudar?' });
    expect(await waiting('outsider')).toBe(before);
    // Admins read chats but do not answer them: the count is not theirs.
    expect((await api('/chats/unanswered', 'admin')).status).toBe(403);
  });
});
