import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailMessageSchema } from '@plataforma/adapter';
import { createStaff, PASSWORD } from '../helpers/accounts';
import { smtpEnv, startSmtp, type TestSmtp } from '../helpers/smtp';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// E-mail end to end (decisions 079–081) against a real SMTP server started here: the
// registration's welcome (headers, DKIM, both parts, the confirmation link opened once, twice,
// late, forged), the recipient's language, a 550 that suppresses the address, a 421 and a server
// that is down (the message waits and goes when it is back), a malformed address refused at queue
// time, 'E-mails' in the back office with 'Reenviar', the LGPD export and erasure. Runs on
// SQLite (the jobs in process) and on PostgreSQL (pg-boss).
type Messages = typeof import('../../../cms/src/email/messages');
type Confirmation = typeof import('../../../cms/src/email/confirmation');
type Jobs = typeof import('../../../cms/src/jobs');
const cmsDir = path.resolve(__dirname, '../../../cms');
const load = <T>(module: string) => createRequire(__filename)(path.join(cmsDir, 'dist/src', module)) as T;

let server: TestServer;
let smtp: TestSmtp;
let admin: string;
let attendant: string;
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const EMAIL_UID = 'api::email-message.email-message';

const q = (uid: string) => server.strapi.db.query(uid as 'api::client.client');
const drain = () => load<Jobs>('jobs').drainJobs(server.strapi, 30_000);
const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const messageOf = async (where: Record<string, unknown>) =>
  (await q(EMAIL_UID).findOne({ where, orderBy: { id: 'desc' } })) as {
    id: number;
    status: string;
    error: string | null;
    attempts: number;
    messageId: string;
    recipient: string;
    subject: string;
  } | null;

let counter = 0;
const register = async (body: Record<string, unknown> = {}) => {
  counter += 1;
  const email = (body.email as string | undefined) ?? `visitante${counter}@exemplo.com.br`;
  const res = await server
    .request()
    .post('/api/site/v1/clients')
    .send({ name: 'Ana Souza', email, password: PASSWORD, passwordConfirm: PASSWORD, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, id: res.body.data.account.id as number, token: res.body.data.token as string };
};
const linkIn = (text: string) => {
  const match = /(http:\/\/\S+\/api\/site\/v1\/clients\/email-confirmation\?token=\S+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return new URL(match[1]);
};
const open = (url: URL) => server.request().get(`${url.pathname}${url.search}`);

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer('email', {
    seed: false,
    env: {
      ...smtpEnv(smtp),
      DKIM_DOMAIN: 'eventos.test',
      DKIM_SELECTOR: 's1',
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      EMAIL_RETRY_SECONDS: '1',
      EMAIL_RETRIES: '4',
      EMAIL_LEASE_SECONDS: '20',
      JOBS_POLL_MS: '100',
      JOBS_MAINTENANCE_SECONDS: '1',
      PUBLIC_URL: 'http://localhost:1337',
    },
  });
  admin = await sessionToken(server, 'staff', (await createStaff(server.strapi)).id);
  attendant = await sessionToken(server, 'staff', (await createStaff(server.strapi, { role: 'attendant' })).id);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuse.clear();
});

describe('the registration’s welcome', () => {
  it('arrives signed, in both parts, with the link that confirms the address once', async () => {
    const { email, id } = await register();
    await drain();
    const [{ mail, raw, envelope }] = await smtp.waitFor(1);
    const row = await messageOf({ recipient: email });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null, subject: 'Confirme seu e-mail — Plataforma de Eventos' });
    expect(envelope).toEqual({ from: 'nao-responda@eventos.test', to: [email] });
    expect(mail.from?.value).toEqual([{ address: 'nao-responda@eventos.test', name: 'Plataforma de Eventos' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([{ address: email, name: 'Ana Souza' }]);
    expect(mail.replyTo?.value).toEqual([{ address: 'nao-responda@eventos.test', name: 'Eventos' }]);
    expect(mail.subject).toBe('Confirme seu e-mail — Plataforma de Eventos');
    expect(mail.messageId).toBe(row?.messageId);
    expect(row?.messageId).toMatch(/^<[0-9a-f-]{36}@eventos\.test>$/);
    // DKIM-signed by the domain and selector configured.
    expect(mail.headers.get('dkim-signature')).toBeDefined();
    expect(raw).toMatch(/DKIM-Signature: v=1; a=rsa-sha256;[^]*d=eventos\.test;[^]*s=s1;/);
    // Both parts carry the greeting and the same link.
    expect(mail.text).toContain('Olá, Ana Souza!');
    expect(mail.html).toContain('Olá, Ana Souza!');
    expect(mail.html).toContain('<html lang="pt-BR">');
    const link = linkIn(mail.text ?? '');
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));
    expect(link.origin).toBe('http://localhost:1337');

    const first = await open(link);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/confirmar-email?resultado=confirmed');
    const client = (await q('api::client.client').findOne({ where: { id }, select: ['emailConfirmedAt'] })) as {
      emailConfirmedAt: string | null;
    };
    expect(client.emailConfirmedAt).not.toBeNull();
    const second = await open(link);
    expect(second.headers.location).toBe('/confirmar-email?resultado=used');
    // A forged or cut token, and none at all.
    const forged = new URL(link);
    forged.searchParams.set('token', `${id}.9999999999.${'A'.repeat(43)}`);
    expect((await open(forged)).headers.location).toBe('/confirmar-email?resultado=invalid');
    expect((await server.request().get('/api/site/v1/clients/email-confirmation')).headers.location).toBe(
      '/confirmar-email?resultado=invalid',
    );
  });

  it('says a late link has expired, and goes in the language the client chose', async () => {
    const { email, id } = await register({ language: 'en' });
    await drain();
    const [{ mail }] = await smtp.waitFor(1);
    expect(mail.subject).toBe('Confirm your e-mail — Events Platform');
    expect(mail.text).toContain('Hello, Ana Souza!');
    expect(mail.html).toContain('<html lang="en">');
    const { confirmationToken } = load<Confirmation>('email/confirmation');
    const late = confirmationToken(id, email, Date.now() - 100 * 3600_000);
    const res = await server.request().get(`/api/site/v1/clients/email-confirmation?token=${encodeURIComponent(late)}`);
    expect(res.headers.location).toBe('/confirmar-email?resultado=expired');
    // A token of another address (the client's old e-mail) is not theirs.
    const other = confirmationToken(id, 'outra@exemplo.com.br');
    expect(
      (await server.request().get(`/api/site/v1/clients/email-confirmation?token=${encodeURIComponent(other)}`)).headers.location,
    ).toBe('/confirmar-email?resultado=invalid');
    // German: the AL pack.
    await register({ language: 'al' });
    await drain();
    const [, german] = await smtp.waitFor(2);
    expect(german.mail.subject).toBe('Bestätigen Sie Ihre E-Mail — Veranstaltungsplattform');
  });
});

describe('delivery failures', () => {
  it('suppresses an address the server refuses for good (550), and stores later messages to it as suppressed', async () => {
    const email = 'inexistente@exemplo.com.br';
    smtp.refuse.set(email, { code: 550, text: '5.1.1 Mailbox unavailable' });
    const { id } = await register({ email });
    await drain();
    expect(smtp.received).toHaveLength(0);
    const row = await messageOf({ recipient: email });
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.error).toMatch(/^550 5\.1\.1 Mailbox unavailable/);
    expect(await q('api::email-suppression.email-suppression').findOne({ where: { email } })).toMatchObject({ email, messageRef: row?.id });

    const { queueWelcome } = load<typeof import('../../../cms/src/email/welcome')>('email/welcome');
    const again = await queueWelcome(server.strapi, { id, name: 'Ana', email: email.toUpperCase(), language: 'pt' });
    expect(again.status).toBe('suppressed');
    await drain();
    expect(smtp.received).toHaveLength(0);
    expect(await messageOf({ id: again.id })).toMatchObject({ status: 'suppressed' });

    // 'E-mails': the failed one with the server's answer; 'Reenviar' lifts the suppression, logged.
    const list = await server.request().get(`/api/cms/v1/emails?search=inexistente&status=failed`).set('Authorization', `Bearer ${admin}`);
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBe(1);
    const listed = emailMessageSchema.parse(list.body.data.rows[0]);
    expect(listed).toMatchObject({ id: row?.id, status: 'failed', resendable: true, template: 'welcome', recipient: email });
    expect(listed.error).toMatch(/^550/);
    smtp.refuse.clear();
    const resent = await server.request().post(`/api/cms/v1/emails/${row?.id}/resend`).set('Authorization', `Bearer ${admin}`);
    expect(resent.status).toBe(200);
    expect(resent.body.msg).toBe('emails.resent');
    expect(await q('api::email-suppression.email-suppression').count({ where: { email } })).toBe(0);
    await drain();
    const [{ mail }] = await smtp.waitFor(1);
    expect(mail.messageId).toBe(row?.messageId);
    expect(await messageOf({ id: row?.id })).toMatchObject({ status: 'sent', attempts: 2 });
    const log = (await q('api::log.log').findMany({ where: { action: 'emails.resend' } })) as Array<{ description: string }>;
    expect(log).toHaveLength(1);
    expect(log[0].description).toContain(email);
    expect(log[0].description).toContain('lista de supressão');
    // Only a failed message: a sent one answers 409; an attendant may not.
    expect((await server.request().post(`/api/cms/v1/emails/${row?.id}/resend`).set('Authorization', `Bearer ${admin}`)).status).toBe(409);
    expect((await server.request().get('/api/cms/v1/emails').set('Authorization', `Bearer ${attendant}`)).status).toBe(403);
  });

  it('retries a temporary failure (421) with backoff and delivers it', async () => {
    const email = 'ocupado@exemplo.com.br';
    smtp.refuse.set(email, { code: 421, text: '4.7.0 Try again later', times: 1 });
    await register({ email });
    await drain();
    await until('the retry', async () => (await messageOf({ recipient: email }))?.status === 'sent');
    expect(await messageOf({ recipient: email })).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps messages waiting while the SMTP server is down and sends them when it is back', async () => {
    await smtp.close();
    const emails = ['espera1@exemplo.com.br', 'espera2@exemplo.com.br'];
    for (const email of emails) await register({ email });
    await drain();
    await until('a failed attempt', async () => {
      const row = await messageOf({ recipient: emails[1] });
      return row?.status === 'queued' && (row.attempts ?? 0) >= 1;
    });
    const waiting = await messageOf({ recipient: emails[0] });
    expect(waiting?.status).toBe('queued');
    expect(waiting?.error).toMatch(/ECONNREFUSED|connect/i);
    await smtp.reopen();
    await until('both delivered', async () => smtp.received.length === 2, 30_000);
    for (const email of emails) expect((await messageOf({ recipient: email }))?.status).toBe('sent');
    expect(smtp.received.map((entry) => entry.envelope.to[0]).sort()).toEqual(emails);
  });

  it('refuses a malformed address when the message is queued, with a clear error', async () => {
    const { queueEmail } = load<Messages>('email/messages');
    await expect(
      queueEmail(server.strapi, { to: 'não é um e-mail', template: 'welcome', data: { name: 'X', url: 'http://localhost/x', hours: 1 } }),
    ).rejects.toMatchObject({ status: 400, msg: 'emails.error.invalidAddress' });
    await expect(
      queueEmail(server.strapi, {
        to: 'ok@exemplo.com.br',
        replyTo: 'nada',
        template: 'welcome',
        data: { name: 'X', url: 'http://localhost/x', hours: 1 },
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await q(EMAIL_UID).count({ where: { recipient: 'ok@exemplo.com.br' } })).toBe(0);
  });
});

describe('an event’s messages and the client’s data', () => {
  it('brands a message with its event and answers to its reply-to; the export lists them, the erasure forgets the address', async () => {
    const event = (await q('api::event.event').create({
      data: {
        name: 'Congresso <Sepse> & Cia',
        description: 'x',
        startDate: '2026-11-24',
        startTime: '08:00:00',
        status: 'open',
        published: true,
        replyTo: 'organizacao@congresso.com.br',
        brandColor: '#0f766e',
      },
    })) as { id: number };
    const { email, id, token } = await register();
    await drain();
    smtp.received.length = 0;
    const { queueWelcome } = load<typeof import('../../../cms/src/email/welcome')>('email/welcome');
    await queueWelcome(server.strapi, { id, name: 'Ana <b>Souza</b>', email, language: 'pt' }, event.id);
    await drain();
    const [{ mail }] = await smtp.waitFor(1);
    expect(mail.from?.value[0]).toEqual({ address: 'nao-responda@eventos.test', name: 'Congresso <Sepse> & Cia' });
    expect(mail.replyTo?.value[0].address).toBe('organizacao@congresso.com.br');
    expect(mail.subject).toBe('Confirme seu e-mail — Congresso <Sepse> & Cia');
    // The names are text in the HTML, never markup.
    expect(mail.html).toContain('Congresso &lt;Sepse&gt; &amp; Cia');
    expect(mail.html).toContain('Olá, Ana &lt;b&gt;Souza&lt;/b&gt;!');
    expect(mail.html).not.toContain('<b>Souza</b>');
    expect(mail.html).toContain('background:#0f766e');
    expect(mail.text).toContain('Olá, Ana <b>Souza</b>!');

    const exported = await server.request().get('/api/site/v1/clients/me/data').set('Authorization', `Bearer ${token}`);
    expect(exported.status).toBe(200);
    expect(exported.body.data.emails).toHaveLength(2);
    expect(exported.body.data.emails[0]).toMatchObject({ to: email, template: 'welcome', status: 'sent' });
    expect(exported.body.data.emailConfirmedAt).toBeNull();

    const erased = await server
      .request()
      .delete('/api/site/v1/clients/me')
      .set('Authorization', `Bearer ${token}`)
      .send({ password: PASSWORD, confirm: 'EXCLUIR' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const rows = (await q(EMAIL_UID).findMany({ where: { client: id } })) as Array<{
      recipient: string;
      recipientName: string | null;
      data: unknown;
    }>;
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ recipient: `excluida-${id}@anonimo.invalid`, recipientName: null, data: null });
  });
});
