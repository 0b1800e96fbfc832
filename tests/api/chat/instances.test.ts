// Two instances of the product on one database, joined by the machine's Redis (REDIS_URL): a
// visitor on the first and an attendant on the second converse, presence holds across them, and
// when the first is killed mid-conversation the visitor reconnects to the second and nothing
// acknowledged is lost; a rate limit counts once across them. Each instance is its own process (tests/bench/chat-server.mjs, the compiled
// app as `strapi start` loads it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatOpenAck, ChatPresence, ChatSendAck } from '@plataforma/adapter';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import {
  connect as connectTo,
  emit,
  freePort,
  next,
  startInstance,
  stopInstance,
  type Accounts,
  type Instance,
} from '../helpers/instances';

const connect = (port: number, token: string) => connectTo(`http://127.0.0.1:${port}`, token);

describe('live chat on two instances through Redis', () => {
  let dir: string;
  let database: TestDatabase;
  let first: Instance | null = null;
  let second: Instance | null = null;
  let accounts: Accounts;
  const sockets: Socket[] = [];
  const open = async (port: number, token: string) => {
    const socket = await connect(port, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-chat-instances-'));
    database = await createTestDatabase('chat_instances');
    const setupFile = path.join(dir, 'accounts.json');
    first = await startInstance(dir, database, await freePort(), { setupFile });
    accounts = JSON.parse(fs.readFileSync(setupFile, 'utf8')) as Accounts;
    second = await startInstance(dir, database, await freePort());
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stopInstance(first);
    await stopInstance(second);
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a visitor on one instance and an attendant on the other converse, with presence across them', async () => {
    const [{ standId, token: staffToken }] = accounts.stands;
    const [{ id: clientId, token: clientToken }] = accounts.clients;
    const visitor = await open(first!.port, clientToken);
    const opened = await emit<ChatOpenAck>(visitor, 'chat_open', { standId, clientId, fetchMessages: true });
    expect(opened).toMatchObject({ ok: true, standId, clientId, online: false, messages: [] });

    const online = next<ChatPresence>(visitor, 'chat_presence', (p) => p.online);
    const attendant = await open(second!.port, staffToken);
    expect(await online).toEqual({ standId, online: true });
    const attendantOpened = await emit<ChatOpenAck>(attendant, 'chat_open', { standId, clientId, fetchMessages: true });
    expect(attendantOpened).toMatchObject({ ok: true, online: true });

    const arrived = next<ChatMessage>(attendant, 'chat_message', (m) => m.senderType === 'client');
    const sent = await emit<ChatSendAck>(visitor, 'chat_client_message', { text: 'Olá, estande!', clientMessageId: 'v-1' });
    expect(sent).toMatchObject({ ok: true, duplicate: false, message: { text: 'Olá, estande!', senderType: 'client' } });
    expect((await arrived).id).toBe(sent.ok && sent.message.id);

    const answer = next<ChatMessage>(visitor, 'chat_message', (m) => m.senderType === 'stand');
    const reply = await emit<ChatSendAck>(attendant, 'chat_stand_message', { text: 'Olá! Como posso ajudar?', clientMessageId: 'a-1' });
    expect(reply.ok).toBe(true);
    expect((await answer).text).toBe('Olá! Como posso ajudar?');
  });

  it('counts a rate limit once across both instances (issue 16: each process kept its own window)', async () => {
    // The login's per-account limit (10 a minute): 6 wrong tries on one instance, 4 on the other
    // spend it; the 11th is refused wherever it lands.
    const email = `limite-${crypto.randomBytes(4).toString('hex')}@exemplo.com.br`;
    const login = (port: number) =>
      fetch(`http://127.0.0.1:${port}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'errada', type: 'user' }),
      });
    for (let i = 0; i < 10; i += 1) expect((await login(i < 6 ? first!.port : second!.port)).status).toBe(400);
    for (const port of [first!.port, second!.port]) {
      const refused = await login(port);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { msg: string }).msg).toBe('api.error.tooManyRequests');
    }
  });

  it('empties the other instance’s kept public reads when one writes (decision 044: not after SITE_CACHE_MS)', async () => {
    const { standId, token } = accounts.stands[0];
    const read = async () => {
      const res = await fetch(`http://127.0.0.1:${second!.port}/api/site/v1/stands/${standId}`);
      expect(res.status).toBe(200);
      return { cache: res.headers.get('x-cache'), subtitle: ((await res.json()) as { data: { subtitle: string } }).data.subtitle };
    };
    await read();
    expect((await read()).cache).toBe('HIT');
    const subtitle = `Novo subtítulo ${crypto.randomBytes(3).toString('hex')}`;
    const form = new FormData();
    form.set('subtitle', subtitle);
    const saved = await fetch(`http://127.0.0.1:${first!.port}/api/cms/v1/stands/${standId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const since = Date.now();
    let seen = await read();
    while (seen.subtitle !== subtitle && Date.now() - since < 4_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await read();
    }
    expect(seen.subtitle).toBe(subtitle);
    // Told through Redis within moments, well before the 5 s the cache would otherwise keep it.
    expect(Date.now() - since).toBeLessThan(2_000);
  });

  it('when an instance dies its visitor reconnects to the other, catches up with since, and no acknowledged message is lost', async () => {
    const [{ standId, token: staffToken }] = accounts.stands;
    const [{ id: clientId, token: clientToken }] = accounts.clients;
    const visitor = await open(first!.port, clientToken);
    const history = await emit<ChatOpenAck>(visitor, 'chat_open', { standId, fetchMessages: true });
    if (!history.ok) throw new Error(history.msg);
    const attendant = await open(second!.port, staffToken);
    await emit<ChatOpenAck>(attendant, 'chat_open', { standId, clientId });

    const acknowledged: ChatMessage[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const answer = await emit<ChatSendAck>(visitor, 'chat_client_message', { text: `antes ${i}`, clientMessageId: `before-${i}` });
      if (!answer.ok) throw new Error(answer.msg);
      acknowledged.push(answer.message);
    }
    const lastSeen = acknowledged[acknowledged.length - 1].id;

    // The first instance is killed; the attendant, on the second, keeps answering meanwhile.
    const gone = new Promise<void>((resolve) => visitor.once('disconnect', () => resolve()));
    first!.child.kill('SIGKILL');
    await first!.exited;
    await gone;
    for (let i = 1; i <= 2; i += 1) {
      const answer = await emit<ChatSendAck>(attendant, 'chat_stand_message', { text: `enquanto ${i}`, clientMessageId: `while-${i}` });
      if (!answer.ok) throw new Error(answer.msg);
      acknowledged.push(answer.message);
    }

    // The visitor comes back through the other instance and asks for what it missed.
    const back = await open(second!.port, clientToken);
    const caughtUp = await emit<ChatOpenAck>(back, 'chat_open', { standId, fetchMessages: true, since: lastSeen });
    if (!caughtUp.ok) throw new Error(caughtUp.msg);
    expect(caughtUp.messages.map((m) => m.text)).toEqual(['enquanto 1', 'enquanto 2']);

    // A retry of a send whose acknowledgement the dead instance may have swallowed is stored once.
    const retried = await emit<ChatSendAck>(back, 'chat_client_message', { text: 'antes 3', clientMessageId: 'before-3' });
    expect(retried).toMatchObject({ ok: true, duplicate: true, message: { id: acknowledged[2].id } });

    // Everything acknowledged is there, once, in order.
    const everything = await emit<ChatOpenAck>(attendant, 'chat_open', { standId, clientId, fetchMessages: true });
    if (!everything.ok) throw new Error(everything.msg);
    const ids = everything.messages.map((m) => m.id);
    for (const message of acknowledged) expect(ids).toContain(message.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
