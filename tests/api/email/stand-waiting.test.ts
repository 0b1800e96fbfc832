import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createStaff } from '../helpers/accounts';
import { createEvent, insert } from '../helpers/event-fixtures';
import { smtpEnv, startSmtp, type Received, type TestSmtp } from '../helpers/smtp';
import { startServer, type TestServer } from '../helpers/strapi';

// A stand's attendants are told by e-mail of visitors waiting unanswered and of new contact
// requests (issue 49 item 3, decision 110), against a real SMTP server: one digest per attendant
// in their language once the wait passed STAND_WAITING_EMAIL_MINUTES (the clock injected), none
// again for the same wait, a new one after the stand answered and the visitor wrote again; a
// stand nobody attends reaches the organisers. SQLite (in process) and PostgreSQL (pg-boss).
type StandWaiting = typeof import('../../../cms/src/email/stand-waiting');
type Jobs = typeof import('../../../cms/src/jobs');
type ChatStore = typeof import('../../../cms/src/chat/store');
const cmsDir = path.resolve(__dirname, '../../../cms');
const load = <T>(module: string) => createRequire(__filename)(path.join(cmsDir, 'dist/src', module)) as T;

let server: TestServer;
let smtp: TestSmtp;
const MINUTE = 60_000;

const notify = (at: number) => load<StandWaiting>('email/stand-waiting').notifyWaitingStands(server.strapi, new Date(at));
const drain = () => load<Jobs>('jobs').drainJobs(server.strapi, 30_000);
const store = () => load<ChatStore>('chat/store').chatStore(server.strapi);
const write = async (standId: number, clientId: number, text: string, senderType: 'client' | 'stand' = 'client', staffUserId?: number) => {
  const chat = await store().ensureChat(standId, clientId);
  await store().addMessage(chat, { text, senderType, waiting: senderType === 'client', staffUserId });
};
const to = (received: Received) => (received.mail.to && !Array.isArray(received.mail.to) ? received.mail.to.value[0].address : '');
const byRecipient = (list: Received[]) => new Map(list.map((item) => [to(item), item]));

let eventId: number;
let standId: number;
let lonelyStandId: number;
let pt: { id: number; email: string };
let en: { id: number; email: string };
let adminEmail: string;
let visitor: { id: number };
let other: { id: number };

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer('email_stand_waiting', {
    seed: false,
    env: {
      ...smtpEnv(smtp),
      JOBS_POLL_MS: '100',
      PUBLIC_URL: 'http://localhost:1337',
      STAND_WAITING_EMAIL_MINUTES: '10',
    },
  });
  const db = server.strapi.db;
  eventId = await createEvent(server.strapi, { name: 'Congresso <Sepse>' });
  standId = await insert(server.strapi, 'api::stand.stand', {
    name: 'Vitalis & Cia',
    subtitle: 'UTI',
    type: 'master',
    position: 1,
    event: eventId,
  });
  lonelyStandId = await insert(server.strapi, 'api::stand.stand', {
    name: 'Solaris',
    subtitle: 'x',
    type: 'gold',
    position: 2,
    event: eventId,
  });
  pt = await createStaff(server.strapi, { role: 'attendant' });
  en = await createStaff(server.strapi, { role: 'attendant' });
  await db.query('api::staff-user.staff-user').update({ where: { id: en.id }, data: { language: 'en' } });
  adminEmail = (await createStaff(server.strapi, { role: 'admin' })).email;
  for (const user of [pt, en]) await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: standId, user: user.id } });
  visitor = await createClient(server.strapi);
  await db.query('api::client.client').update({ where: { id: visitor.id }, data: { name: 'Ana <b>Souza</b>' } });
  other = await createClient(server.strapi);
  await db.query('api::client.client').update({ where: { id: other.id }, data: { name: 'Bruno Lima' } });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

describe('a stand’s waiting visitors, by e-mail', () => {
  it('mails each attendant one digest once the message waited, in their language, and never twice for the same wait', async () => {
    await write(
      standId,
      visitor.id,
      'Olá! Vocês têm amostras do <produto> para   hospitais\nde pequeno porte? Gostaria de saber os prazos de entrega.',
    );
    await insert(server.strapi, 'api::contact.contact', {
      subject: 'stand',
      name: 'Carla Dias',
      email: 'carla@exemplo.com.br',
      message: 'Quero uma proposta',
      stand: standId,
    });
    // Not yet: the contact request alone is news, so the first look tells it (the chat has not waited 10 minutes).
    expect(await notify(Date.now())).toBe(2);
    await drain();
    const first = byRecipient(await smtp.waitFor(2));
    expect(first.get(pt.email)!.mail.subject).toBe('Vitalis & Cia: 1 novo(s) pedido(s) de contato');
    expect(first.get(pt.email)!.mail.text).toContain('• Carla (');
    expect(first.get(pt.email)!.mail.text).not.toContain('conversa(s) sem resposta');
    smtp.received.length = 0;

    // Eleven minutes later the chat waited long enough: one digest per attendant.
    expect(await notify(Date.now() + 11 * MINUTE)).toBe(2);
    await drain();
    const mails = byRecipient(await smtp.waitFor(2));
    expect([...mails.keys()].sort()).toEqual([pt.email, en.email].sort());
    const ptMail = mails.get(pt.email)!.mail;
    expect(ptMail.subject).toBe('Vitalis & Cia: 1 conversa(s) esperando resposta');
    expect(ptMail.from?.value).toEqual([{ address: 'nao-responda@eventos.test', name: 'Congresso <Sepse>' }]);
    expect(ptMail.text).toContain('1 conversa(s) sem resposta há mais de 10 minutos:');
    expect(ptMail.text).toMatch(/• Ana \(\d\d\/\d\d, \d\d:\d\d\): “/);
    expect(ptMail.text).toContain('“Olá! Vocês têm amostras do <produto> para hospitais de pequeno porte? Gostaria…”');
    expect(ptMail.text).not.toContain('Carla');
    expect(ptMail.text).toContain('http://localhost:1337/cms/conversas');
    expect(String(ptMail.html)).toContain('href="http://localhost:1337/cms/conversas"');
    expect(String(ptMail.html)).toContain('amostras do &lt;produto&gt;');
    expect(String(ptMail.html)).not.toContain('<produto>');
    const enMail = mails.get(en.email)!.mail;
    expect(enMail.subject).toBe('Vitalis & Cia: 1 conversation(s) waiting for an answer');
    expect(enMail.text).toContain('Open the conversations');
    // Sent, the rows keep the counts and times, not the visitors' names or words (no erasure of theirs finds them).
    const kept = (await server.strapi.db
      .query('api::email-message.email-message')
      .findMany({ where: { template: 'stand-waiting', status: 'sent' }, select: ['data'] })) as Array<{ data: unknown }>;
    expect(kept.length).toBeGreaterThanOrEqual(4);
    for (const { data } of kept) {
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      expect(text).not.toMatch(/Ana|Carla|amostras|proposta/);
      expect(text).toMatch(/"at":"\d{4}-/);
    }
    const rows = (await server.strapi.db
      .query('api::email-message.email-message')
      .findMany({ where: { template: 'stand-waiting' }, select: ['status', 'recipient'] })) as Array<{ status: string }>;
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    smtp.received.length = 0;

    // The same wait: nothing again, even when the visitor adds a message to it.
    expect(await notify(Date.now() + 12 * MINUTE)).toBe(0);
    await write(standId, visitor.id, 'Alguém aí?');
    expect(await notify(Date.now() + 30 * MINUTE)).toBe(0);
    await drain();
    expect(smtp.received).toHaveLength(0);

    // The stand answers, the visitor writes again: a new wait, a new digest once it waited.
    await write(standId, visitor.id, 'Temos sim!', 'stand', pt.id);
    await write(standId, visitor.id, 'Ótimo, e o preço?');
    expect(await notify(Date.now() + 5 * MINUTE)).toBe(0);
    expect(await notify(Date.now() + 11 * MINUTE)).toBe(2);
    await drain();
    const again = byRecipient(await smtp.waitFor(2));
    expect(again.get(pt.email)!.mail.text).toContain('“Ótimo, e o preço?”');
    expect(await notify(Date.now() + 40 * MINUTE)).toBe(0);
  });

  it('reaches the organisers when nobody attends the stand, with the stand’s own chats as the link', async () => {
    await write(lonelyStandId, other.id, 'Tem alguém atendendo?');
    expect(await notify(Date.now() + 11 * MINUTE)).toBe(1);
    await drain();
    const [{ mail }] = await smtp.waitFor(1);
    expect(to({ mail } as Received)).toBe(adminEmail);
    expect(mail.subject).toBe('Solaris: 1 conversa(s) esperando resposta');
    expect(mail.text).toContain('O estande Solaris não tem atendente');
    expect(mail.text).toContain('• Bruno (');
    expect(mail.text).toContain(`http://localhost:1337/cms/estandes/${lonelyStandId}/chats`);
    expect(await notify(Date.now() + 20 * MINUTE)).toBe(0);
  });

  it('runs as a job of the job system, scheduled every 2 minutes', async () => {
    const jobs = load<Jobs>('jobs');
    const kind = jobs.jobSystemOf(server.strapi).kinds.get('email.stand-waiting');
    expect(kind).toBeDefined();
    const knex = server.strapi.db.connection;
    if (server.strapi.db.dialect.client === 'postgres') {
      const rows = (await knex.raw(`select cron from pgboss.schedule where name = 'email.stand-waiting'`)) as {
        rows: Array<{ cron: string }>;
      };
      expect(rows.rows).toEqual([{ cron: '*/2 * * * *' }]);
    } else {
      const rows = (await knex('job_schedules').where({ kind: 'email.stand-waiting' }).select('cron')) as Array<{ cron: string }>;
      expect(rows).toEqual([{ cron: '*/2 * * * *' }]);
    }
    // A third visitor's message written eleven minutes ago (its time moved back): the job, on the real clock, tells it.
    const third = await createClient(server.strapi);
    await write(standId, third.id, 'Bom dia');
    const message = (await server.strapi.db
      .query('api::chat-message.chat-message')
      .findOne({ where: { text: 'Bom dia' }, select: ['id'] })) as { id: number };
    await server.strapi.db
      .query('api::chat-message.chat-message')
      .update({ where: { id: message.id }, data: { createdAt: new Date(Date.now() - 11 * MINUTE) } });
    await jobs.sendJob(server.strapi, kind!, {});
    await drain();
    const mails = byRecipient(await smtp.waitFor(2));
    expect([...mails.keys()].sort()).toEqual([pt.email, en.email].sort());
    expect(mails.get(pt.email)!.mail.text).toContain('“Bom dia”');
  });
});
