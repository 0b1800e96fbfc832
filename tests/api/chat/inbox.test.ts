import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSummarySchema, type ChatSummary } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { createEvent, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 56, item 9 (decision 104): the attendant's inbox across their stands. Each conversation
// says its stand, its event and how many of the visitor's messages wait since the stand's last
// answer, and when it began; a stand's own list carries the unread count and the start too.
let server: TestServer;
const tokens = { mine: '', other: '', admin: '' };
const ids = { congress: 0, fair: 0, vitalis: 0, lumen: 0, foreign: 0, ana: 0, bruno: 0, carla: 0 };

const chat = async (standId: number, clientId: number, leadConsent: boolean, messages: Array<'client' | 'stand'>) => {
  const id = await insert(server.strapi, 'api::chat.chat', {
    key: `${standId}:${clientId}`,
    stand: standId,
    client: clientId,
    leadConsent,
    waiting: false,
    lastMessage: 'Olá',
    lastSender: messages.at(-1),
  });
  for (const senderType of messages) await insert(server.strapi, 'api::chat-message.chat-message', { chat: id, text: 'Olá', senderType });
  return id;
};

beforeAll(async () => {
  server = await startServer('chat-inbox', { seed: false });
  const s = server.strapi;
  ids.congress = await createEvent(s, { name: 'Congresso Paulista', published: true });
  ids.fair = await createEvent(s, { name: 'Feira Hospitalar', published: true });
  ids.vitalis = await insert(s, 'api::stand.stand', { name: 'Vitalis', subtitle: 's', type: 'master', event: ids.congress });
  ids.lumen = await insert(s, 'api::stand.stand', { name: 'Lumen', subtitle: 's', type: 'bronze', event: ids.fair });
  ids.foreign = await insert(s, 'api::stand.stand', { name: 'Solaris', subtitle: 's', type: 'gold', event: ids.congress });
  const client = async (name: string, email: string) => {
    const { id } = await createClient(s, { email });
    await s.db.query('api::client.client').update({ where: { id }, data: { name } });
    return id;
  };
  ids.ana = await client('Ana Visitante', 'ana@exemplo.com.br');
  ids.bruno = await client('Bruno Sigilo', 'bruno@exemplo.com.br');
  ids.carla = await client('Carla Outra', 'carla@exemplo.com.br');
  const mine = await createStaff(s, { role: 'attendant' });
  const other = await createStaff(s, { role: 'attendant' });
  const admin = await createStaff(s, { role: 'admin' });
  await insert(s, 'api::stand-attendant.stand-attendant', { stand: ids.vitalis, user: mine.id });
  await insert(s, 'api::stand-attendant.stand-attendant', { stand: ids.lumen, user: mine.id });
  await insert(s, 'api::stand-attendant.stand-attendant', { stand: ids.foreign, user: other.id });
  // Ana at Vitalis: answered, then two more messages (2 unread). Bruno at Lumen: three, never answered.
  await chat(ids.vitalis, ids.ana, true, ['client', 'stand', 'client', 'client']);
  await chat(ids.lumen, ids.bruno, false, ['client', 'client', 'client']);
  // Carla at Solaris (another attendant's) and her answered chat at Vitalis (0 unread).
  await chat(ids.foreign, ids.carla, false, ['client']);
  await chat(ids.vitalis, ids.carla, false, ['client', 'stand']);
  tokens.mine = await sessionToken(server, 'staff', mine.id);
  tokens.other = await sessionToken(server, 'staff', other.id);
  tokens.admin = await sessionToken(server, 'staff', admin.id);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const get = (url: string, token: string) => server.request().get(`/api/cms/v1${url}`).set('Authorization', `Bearer ${token}`);

describe('GET /chats/inbox (decision 104)', () => {
  it('lists the attendant’s conversations of every stand of theirs with its stand, event, unread count and start', async () => {
    const res = await get('/chats/inbox', tokens.mine);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = (res.body.data.rows as unknown[]).map((row) => chatSummarySchema.parse(row));
    expect(res.body.data.count).toBe(3);
    const byName = Object.fromEntries(rows.map((row) => [row.Client.name, row]));
    expect(Object.keys(byName).sort()).toEqual(['Ana Visitante', 'Bruno Sigilo', 'Carla Outra']);
    expect(byName['Ana Visitante']).toMatchObject({
      standId: ids.vitalis,
      stand: { id: ids.vitalis, name: 'Vitalis' },
      event: { id: ids.congress, name: 'Congresso Paulista' },
      unread: 2,
      leadConsent: true,
      Client: { email: 'ana@exemplo.com.br' },
    });
    expect(byName['Bruno Sigilo']).toMatchObject({
      stand: { id: ids.lumen, name: 'Lumen' },
      event: { id: ids.fair, name: 'Feira Hospitalar' },
      unread: 3,
      leadConsent: false,
      Client: { email: null }, // no consent: no e-mail
    });
    expect(byName['Carla Outra']).toMatchObject({ stand: { name: 'Vitalis' }, unread: 0 });
    for (const row of rows) expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.stringify(rows)).not.toContain('Solaris');
  });

  it('keeps each attendant to their stands; admins read the stands’ lists, not an inbox', async () => {
    const other = await get('/chats/inbox', tokens.other);
    expect(other.status).toBe(200);
    expect((other.body.data.rows as ChatSummary[]).map((row) => [row.Client.name, row.stand?.name, row.unread])).toEqual([
      ['Carla Outra', 'Solaris', 1],
    ]);
    expect((await get('/chats/inbox', tokens.admin)).status).toBe(403);
    expect((await server.request().get('/api/cms/v1/chats/inbox')).status).toBe(401);
  });

  it('gives a stand’s own list the unread count, the start, the stand and its event as well (decision 105)', async () => {
    for (const token of [tokens.mine, tokens.admin]) {
      const res = await get(`/stands/${ids.vitalis}/chats`, token);
      expect(res.status).toBe(200);
      const rows = (res.body.data.rows as unknown[]).map((row) => chatSummarySchema.parse(row));
      expect(Object.fromEntries(rows.map((row) => [row.Client.name, row.unread]))).toEqual({ 'Ana Visitante': 2, 'Carla Outra': 0 });
      expect(rows.every((row) => typeof row.createdAt === 'string')).toBe(true);
      // The dialog shows the visitor's context beside the conversation, as the inbox does.
      for (const row of rows)
        expect(row).toMatchObject({ stand: { id: ids.vitalis, name: 'Vitalis' }, event: { id: ids.congress, name: 'Congresso Paulista' } });
    }
  });
});
