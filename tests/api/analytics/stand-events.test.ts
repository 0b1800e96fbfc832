import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatOpenAck, ChatSendAck, ClientDataExport } from '@plataforma/adapter';
import { PASSWORD, createClient } from '../helpers/accounts';
import { createEvent, createLecture, createRoom, insert, logLines, onAround } from '../helpers/event-fixtures';
import { emit } from '../helpers/instances';
import { analyticsPending, flushAnalytics, sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 15, "What is recorded": stand engagement (decision 047). The stand screen posts what a
// visitor opens or clicks; contacts sent and chats started are recorded by the server where they
// happen. All of it, and the heartbeats, go with an erased client, into the LGPD export, and are
// out of the stock content API.
let server: TestServer;
let port = 0;
let eventId = 0;
let standId = 0;
let mediaId = 0;
let documentId = 0;
let productId = 0;
let lectureId = 0;
const sockets: Socket[] = [];

const STAND_EVENT = 'api::stand-event.stand-event';
const WATCH = 'api::watch-session.watch-session';

beforeAll(async () => {
  server = await startServer('analytics-stand-events', { seed: false, env: { PAGE_VIEWS_FLUSH_MS: '600000' } });
  const s = server.strapi;
  eventId = await createEvent(s, { name: 'Congresso Estandes', published: true });
  standId = await insert(s, 'api::stand.stand', { name: 'Vitalis', subtitle: 'UTI', type: 'master', position: 1, event: eventId });
  mediaId = await insert(s, 'api::media.media', { title: 'Vídeo institucional', type: 'VIDEO', stand: standId });
  documentId = await insert(s, 'api::media.media', { title: 'Bula', type: 'DOCUMENT', stand: standId });
  productId = await insert(s, 'api::product.product', { title: 'Monitor', stand: standId });
  lectureId = await createLecture(s, await createRoom(s, eventId), onAround());
  await new Promise<void>((resolve) => s.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  port = (s.server.httpServer.address() as AddressInfo).port;
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

const auth = (token?: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});
const post = (body: object, token?: string | null) => server.request().post('/api/site/v1/stand-events').set(auth(token)).send(body);

interface EventRow {
  kind: string;
  target: string | null;
  stand: { id: number } | null;
  event: { id: number } | null;
  client: { id: number } | null;
  media: { id: number } | null;
  product: { id: number } | null;
}
const eventsWhere = async (where: Record<string, unknown>): Promise<EventRow[]> =>
  (await server.strapi.db.query(STAND_EVENT).findMany({
    where,
    populate: ['stand', 'event', 'client', 'media', 'product'],
    orderBy: { id: 'asc' },
  })) as EventRow[];
const ids = (row: EventRow) => ({
  kind: row.kind,
  target: row.target,
  stand: row.stand?.id ?? null,
  event: row.event?.id ?? null,
  client: row.client?.id ?? null,
  media: row.media?.id ?? null,
  product: row.product?.id ?? null,
});

describe('POST /api/site/v1/stand-events', () => {
  it('records each kind the stand screen posts, with the stand’s event, the client when signed in', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const bodies = [
      { kind: 'media_opened', standId, mediaId },
      { kind: 'document_opened', standId, mediaId: documentId },
      { kind: 'product_cta_clicked', standId, productId },
      { kind: 'website_clicked', standId },
      { kind: 'social_clicked', standId, target: 'instagram' },
    ];
    for (const body of bodies) {
      const res = await post(body, token);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toMatchObject({ status: 202, msg: 'standEvent.recorded', data: { standId, kind: body.kind } });
    }
    // Anonymous visitors too, without a client.
    expect((await post({ kind: 'website_clicked', standId })).status).toBe(202);
    expect(await eventsWhere({ stand: { id: standId } })).toEqual([]);
    expect(analyticsPending(server).standEvents).toBe(6);
    await flushAnalytics(server);
    const rows = (await eventsWhere({ stand: { id: standId } })).map(ids);
    const base = { stand: standId, event: eventId, target: null, media: null, product: null };
    expect(rows).toEqual([
      { ...base, kind: 'media_opened', client: client.id, media: mediaId },
      { ...base, kind: 'document_opened', client: client.id, media: documentId },
      { ...base, kind: 'product_cta_clicked', client: client.id, product: productId },
      { ...base, kind: 'website_clicked', client: client.id },
      { ...base, kind: 'social_clicked', client: client.id, target: 'instagram' },
      { ...base, kind: 'website_clicked', client: null },
    ]);
    await server.strapi.db.query(STAND_EVENT).deleteMany({ where: { stand: { id: standId } } });
  });

  it('refuses the kinds only the server records, unknown kinds and missing targets (400)', async () => {
    for (const body of [
      { kind: 'contact_sent', standId },
      { kind: 'chat_started', standId },
      { kind: 'liked', standId },
      { kind: 'media_opened', standId },
      { kind: 'product_cta_clicked', standId },
      { kind: 'social_clicked', standId, target: 'orkut' },
      { kind: 'website_clicked' },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe('api.error.invalidBody');
    }
    expect(analyticsPending(server).standEvents).toBe(0);
  });

  it('drops an event of a stand that does not exist, and stores one naming a gone media without it', async () => {
    expect((await post({ kind: 'website_clicked', standId: 999_999 })).status).toBe(202);
    expect((await post({ kind: 'media_opened', standId, mediaId: 999_998 })).status).toBe(202);
    await flushAnalytics(server);
    const rows = (await eventsWhere({})).map(ids);
    expect(rows).toEqual([
      { kind: 'media_opened', target: null, stand: standId, event: eventId, client: null, media: null, product: null },
    ]);
    await server.strapi.db.query(STAND_EVENT).deleteMany({ where: {} });
  });
});

describe('a failed batch of stand events', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is logged, kept and written on the next flush', async () => {
    expect((await post({ kind: 'social_clicked', standId, target: 'youtube' })).status).toBe(202);
    const logged = vi.spyOn(server.strapi.log, 'error').mockReturnValue(server.strapi.log);
    vi.spyOn(server.strapi.db, 'transaction').mockRejectedValueOnce(new Error('o banco caiu'));
    await flushAnalytics(server);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('stand events: a batch of 1 failed; kept for a retry'));
    expect(analyticsPending(server).standEvents).toBe(1);
    expect(await server.strapi.db.query(STAND_EVENT).count({ where: { target: 'youtube' } })).toBe(0);
    await flushAnalytics(server);
    expect(analyticsPending(server).standEvents).toBe(0);
    expect(await server.strapi.db.query(STAND_EVENT).count({ where: { target: 'youtube' } })).toBe(1);
  });
});

describe('stand events the server records', () => {
  it('contact_sent when a client’s contact to a stand is stored', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const res = await server.request().post('/api/site/v1/contacts/stand').set(auth(token)).send({ standId, message: 'Quero uma visita' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await flushAnalytics(server);
    expect((await eventsWhere({ client: { id: client.id } })).map(ids)).toEqual([
      { kind: 'contact_sent', target: null, stand: standId, event: eventId, client: client.id, media: null, product: null },
    ]);
  });

  it('chat_started once, when the client’s first message creates the chat', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    expect(await emit<ChatOpenAck>(socket, 'chat_open', { standId })).toMatchObject({ ok: true, chatId: null });
    await flushAnalytics(server);
    expect(await eventsWhere({ client: { id: client.id } })).toEqual([]); // opening the window is not a chat
    for (const [i, text] of ['Olá', 'Tem catálogo?'].entries())
      expect(await emit<ChatSendAck>(socket, 'chat_client_message', { text, clientMessageId: `m-${i}` })).toMatchObject({ ok: true });
    await flushAnalytics(server);
    expect((await eventsWhere({ client: { id: client.id } })).map(ids)).toEqual([
      { kind: 'chat_started', target: null, stand: standId, event: eventId, client: client.id, media: null, product: null },
    ]);
  });

  it('chat_started once too when the chat is created by the one-by-one fallback (the batch failed)', async () => {
    const client = await createClient(server.strapi);
    const token = await sessionToken(server, 'client', client.id);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    expect(await emit<ChatOpenAck>(socket, 'chat_open', { standId })).toMatchObject({ ok: true, chatId: null });
    const failed = vi.spyOn(server.strapi.db, 'transaction').mockRejectedValueOnce(new Error('o lote falhou'));
    const warned = vi.spyOn(server.strapi.log, 'warn').mockReturnValue(server.strapi.log);
    expect(await emit<ChatSendAck>(socket, 'chat_client_message', { text: 'Olá', clientMessageId: 'f-1' })).toMatchObject({ ok: true });
    expect(failed).toHaveBeenCalled();
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('[chat] a batch of 1 is written one by one'));
    vi.restoreAllMocks();
    await flushAnalytics(server);
    expect((await eventsWhere({ client: { id: client.id } })).map((row) => row.kind)).toEqual(['chat_started']);
  });
});

describe('a client’s heartbeats and stand events (LGPD)', () => {
  const footprint = async () => {
    const client = await createClient(server.strapi);
    // Signed in a minute ago: the heartbeat credits the 30 s played before it (decision 102).
    const token = await sessionToken(server, 'client', client.id, { startedAt: Date.now() - 60_000 });
    expect((await server.request().post('/api/site/v1/watch/heartbeat').set(auth(token)).send({ lectureId })).status).toBe(202);
    expect((await post({ kind: 'product_cta_clicked', standId, productId }, token)).status).toBe(202);
    expect((await post({ kind: 'social_clicked', standId, target: 'facebook' }, token)).status).toBe(202);
    // Left in the buffers on purpose: the export and the erasure write them first.
    return { client, token };
  };

  it('are in the export, including what waited in the buffers', async () => {
    const { token } = await footprint();
    const res = await server.request().get('/api/site/v1/clients/me/data').set(auth(token));
    expect(res.status).toBe(200);
    const data = res.body.data as ClientDataExport;
    expect(data.watchSessions).toEqual([
      {
        lectureId,
        eventId,
        seconds: 30,
        heartbeats: 1,
        firstHeartbeatAt: expect.any(String),
        lastHeartbeatAt: expect.any(String),
        minutes: [expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/)],
      },
    ]);
    expect(data.standEvents).toEqual([
      { createdAt: expect.any(String), kind: 'product_cta_clicked', standId, mediaId: null, productId, target: null },
      { createdAt: expect.any(String), kind: 'social_clicked', standId, mediaId: null, productId: null, target: 'facebook' },
    ]);
  });

  it('lose their link to an erased client; the minutes and clicks stay counted', async () => {
    const { client, token } = await footprint();
    const res = await server.request().delete('/api/site/v1/clients/me').set(auth(token)).send({ password: PASSWORD, confirm: 'EXCLUIR' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(analyticsPending(server)).toEqual({ heartbeats: 0, standEvents: 0 });
    expect(await server.strapi.db.query(WATCH).count({ where: { client: { id: client.id } } })).toBe(0);
    expect(await server.strapi.db.query(STAND_EVENT).count({ where: { client: { id: client.id } } })).toBe(0);
    // Nothing names the client any more, not even the watch session's key.
    expect(await server.strapi.db.query(WATCH).count({ where: { key: `${client.id}:${lectureId}` } })).toBe(0);
    const orphans = (await server.strapi.db.query(WATCH).findMany({ where: { client: { id: { $null: true } } } })) as Array<{
      seconds: number;
      key: string | null;
    }>;
    expect(orphans).toEqual([expect.objectContaining({ seconds: 30, key: null })]);
    expect(await server.strapi.db.query(STAND_EVENT).count({ where: { kind: 'social_clicked', target: 'facebook' } })).toBe(2);
    expect((await logLines(server, 'clients.erased')).at(-1)).toContain(
      '1 sessão(ões) de palestra e 2 interação(ões) com estandes desvinculadas',
    );
  });
});

describe('the stock content API', () => {
  it('has no route to watch sessions or stand events', async () => {
    const token = (
      (await server.strapi.service('admin::api-token').create({ name: 'leitura', type: 'read-only', lifespan: null, description: '' })) as {
        accessKey: string;
      }
    ).accessKey;
    for (const type of ['watch-sessions', 'stand-events']) {
      const res = await server.request().get(`/api/${type}`).set(auth(token));
      expect([403, 404], `${type}: ${res.status}`).toContain(res.status);
    }
    expect((await server.request().get('/api/stands').set(auth(token))).status).toBe(200);
  });
});
