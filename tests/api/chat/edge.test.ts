import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatOpenAck } from '@plataforma/adapter';
import { createClient } from '../helpers/accounts';
import { emit } from '../helpers/instances';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The chat's edge (issue 47): a NUL in a socket message is refused as over HTTP (item 8), and the
// sockets a session or an address may hold open are capped (item 11). Caps lowered: 3 and 5.
let server: TestServer;
let port: number;
let standId: number;
const clients: number[] = [];
let open: Socket[] = [];

const connect = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    open.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });

/** Closes sockets and waits until the server has counted them out. */
const closeAll = async () => {
  for (const socket of open) socket.close();
  open = [];
  await new Promise((resolve) => setTimeout(resolve, 200));
};

beforeAll(async () => {
  server = await startServer('chat-edge', { seed: false, env: { CHAT_SOCKETS_PER_SESSION: '3', CHAT_SOCKETS_PER_IP: '5' } });
  const db = server.strapi.db;
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2026-11-24', startTime: '08:00:00.000' },
  });
  standId = (
    await db.query('api::stand.stand').create({ data: { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: event.id } })
  ).id;
  for (let i = 0; i < 3; i += 1) clients.push((await createClient(server.strapi, { email: `borda${i}@exemplo.com.br` })).id);
  await new Promise<void>((resolve) => server.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  port = (server.strapi.server.httpServer.address() as AddressInfo).port;
});

afterEach(closeAll);

afterAll(async () => {
  await closeAll();
  await server?.stop();
});

describe('a NUL character in a socket message (issue 47, item 8)', () => {
  it('is refused with api.error.nulCharacter and nothing is stored', async () => {
    const socket = await connect(await sessionToken(server, 'client', clients[0]));
    expect(await emit<ChatOpenAck>(socket, 'chat_open', { standId })).toMatchObject({ ok: true });
    expect(await emit(socket, 'chat_client_message', { text: 'Olá\u0000mundo', clientMessageId: 'nul-1' })).toEqual({
      ok: false,
      msg: 'api.error.nulCharacter',
    });
    expect(await emit(socket, 'chat_open', { standId: `${standId}\u0000` })).toEqual({ ok: false, msg: 'api.error.nulCharacter' });
    expect(await server.strapi.db.query('api::chat-message.chat-message').count({})).toBe(0);
    // The same socket still writes a clean message.
    expect(await emit(socket, 'chat_client_message', { text: 'Olá mundo', clientMessageId: 'ok-1' })).toMatchObject({ ok: true });
    expect(await server.strapi.db.query('api::chat-message.chat-message').count({})).toBe(1);
  });
});

describe('sockets per session and per address (issue 47, item 11)', () => {
  it('accepts at most CHAT_SOCKETS_PER_SESSION of 20 parallel sockets of one token, refusing the rest with a key', async () => {
    const token = await sessionToken(server, 'client', clients[1]);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => connect(token)));
    const accepted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).message] : []));
    expect(accepted).toHaveLength(3);
    expect(new Set(refused)).toEqual(new Set(['chat.error.tooManySockets']));
    // A socket that ends gives its place back.
    (accepted[0] as PromiseFulfilledResult<Socket>).value.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await connect(token)).connected).toBe(true);
    await expect(connect(token)).rejects.toThrow('chat.error.tooManySockets');
  });

  it('accepts at most CHAT_SOCKETS_PER_IP from one address, whatever the sessions', async () => {
    const first = await sessionToken(server, 'client', clients[0]);
    const second = await sessionToken(server, 'client', clients[1]);
    const third = await sessionToken(server, 'client', clients[2]);
    for (let i = 0; i < 3; i += 1) await connect(first);
    for (let i = 0; i < 2; i += 1) await connect(second);
    await expect(connect(third)).rejects.toThrow('chat.error.tooManySockets');
  });
});
