import { createRequire } from 'node:module';
import path from 'node:path';
import { orderSchema, type Order } from '@plataforma/adapter';
import type { Attachment, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createStaff } from '../helpers/accounts';
import { commerce, parsed, siteApi } from '../helpers/commerce';
import { cmsApi, createEvent, createLecture, createRoom, insert } from '../helpers/event-fixtures';
import { smtpEnv, startSmtp, type TestSmtp } from '../helpers/smtp';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The order and certificate e-mails (issue 49 item 3, decision 109) against a real SMTP server:
// a PIX bought in the sandbox sends 'created' (the code, its QR inline, the expiry) then 'paid'
// (the receipt with the coupon and the total); a webhook delivered five times sends one 'paid';
// a refund sends 'refunded', an expiry 'expired'; a certificate issued sends its link and PDF,
// once. In the client's language, branded and answered by the event. SQLite and PostgreSQL.
type Jobs = typeof import('../../../cms/src/jobs');
type Issue = typeof import('../../../cms/src/certificates/issue');
const cmsDir = path.resolve(__dirname, '../../../cms');
const load = <T>(module: string) => createRequire(__filename)(path.join(cmsDir, 'dist/src', module)) as T;
const EMAIL_UID = 'api::email-message.email-message';

let server: TestServer;
let smtp: TestSmtp;
let site: ReturnType<typeof siteApi>;
let cms: ReturnType<typeof cmsApi>;
let adminToken: string;
const ids = { event: 0, lecture: 0, coupon: 0 };

const drain = () => load<Jobs>('jobs').drainJobs(server.strapi, 30_000);
const orderOf = (res: { body: { data: unknown } }): Order => parsed(orderSchema, res.body);
const rowsOf = async (clientId: number) =>
  (await server.strapi.db.query(EMAIL_UID).findMany({
    where: { client: clientId },
    select: ['id', 'template', 'status', 'subject', 'language', 'dedupeKey'],
    orderBy: { id: 'asc' },
  })) as Array<{ id: number; template: string; status: string; subject: string; language: string; dedupeKey: string | null }>;
const mailsTo = (address: string): ParsedMail[] => smtp.received.filter((one) => one.envelope.to.includes(address)).map((one) => one.mail);

const buyer = async (language: 'pt' | 'en' | 'al' = 'pt') => {
  const client = await createClient(server.strapi);
  await server.strapi.db.query('api::client.client').update({ where: { id: client.id }, data: { name: 'Ana <Souza>', language } });
  return { id: client.id, email: client.email, token: await sessionToken(server, 'client', client.id) };
};

/** An order of the paid lecture with the 10% coupon (70.00 − 7.00 = 63.00), and its PIX charge. */
const pixOrder = async (who: { token: string }) => {
  const created = orderOf(
    await site('post', '/orders', who.token, { eventId: ids.event, all: false, lectureIds: [ids.lecture], couponCode: 'PCT10' }),
  );
  const pending = orderOf(await site('post', `/orders/${created.id}/payments`, who.token, { method: 'pix' }));
  return pending;
};

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer('email-orders', {
    seed: false,
    env: {
      ...smtpEnv(smtp),
      JOBS_POLL_MS: '100',
      PUBLIC_URL: 'http://localhost:1337',
    },
  });
  site = siteApi(server);
  adminToken = await sessionToken(server, 'staff', (await createStaff(server.strapi, { role: 'admin' })).id);
  cms = cmsApi(server, () => adminToken);
  ids.event = await createEvent(server.strapi, {
    name: 'Congresso <Sepse> & Cia',
    published: true,
    value: '300.00',
    discount: '0',
    installments: 1,
    brandColor: '#0f766e',
    replyTo: 'organizacao@congresso.test',
  });
  ids.lecture = await createLecture(server.strapi, await createRoom(server.strapi, ids.event), {
    name: 'Abertura',
    value: '80.00',
    discount: '10.00',
    videoId: 'https://vimeo.com/1',
  });
  ids.coupon = await insert(server.strapi, 'api::coupon.coupon', {
    code: 'PCT10',
    percent: true,
    value: '10.00',
    amount: 50,
    reserved: 0,
    expiresAt: '2030-12-31',
    event: ids.event,
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

describe('an order bought by PIX in the sandbox', () => {
  it('sends “created” with the code, its QR and expiry, then “paid” with the coupon and the total', async () => {
    const who = await buyer();
    const pending = await pixOrder(who);
    expect(pending.total).toBe('63.00');
    const pixCode = pending.payments.at(-1)?.pixCode ?? '';
    expect(pixCode).toMatch(/^000201/);
    // Queued in the request, sent by the job.
    expect((await rowsOf(who.id)).map((row) => [row.template, row.dedupeKey])).toEqual([
      ['orderCreated', `order:${pending.id}:created:${pending.payments.at(-1)?.id}`],
    ]);
    const confirmed = await site('post', `/payments/sandbox/${pending.payments.at(-1)?.id}/confirm`, who.token, { outcome: 'approved' });
    expect(confirmed.status).toBe(200);
    await drain();
    await smtp.waitFor(2);
    const rows = await rowsOf(who.id);
    expect(rows.map((row) => [row.template, row.status])).toEqual([
      ['orderCreated', 'sent'],
      ['orderPaid', 'sent'],
    ]);
    const [created, paid] = mailsTo(who.email)
      .sort((a, b) => (a.subject ?? '').localeCompare(b.subject ?? ''))
      .reverse();
    expect(created.subject).toBe(`Pedido ${pending.number}: pague com PIX — Congresso <Sepse> & Cia`);
    expect(created.from?.value).toEqual([{ address: 'nao-responda@eventos.test', name: 'Congresso <Sepse> & Cia' }]);
    expect(created.replyTo?.value[0].address).toBe('organizacao@congresso.test');
    expect(created.text).toContain(`PIX Copia e Cola:\n${pixCode}`);
    expect(created.text).toMatch(/O código vale até \d\d-\d\d-\d{4} \d\d:\d\d/);
    expect(created.text).toContain('Total: R$ 63,00');
    expect(created.html).toContain('Olá, Ana &lt;Souza&gt;!');
    expect(created.html).toContain('background:#0f766e');
    // The QR image travels with the message and the HTML shows it by its content id.
    const qr = created.attachments.find((file: Attachment) => file.contentType === 'image/png');
    expect(qr).toBeDefined();
    expect(qr?.content.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(created.html).toMatch(/<img src="(cid:pix-qr|data:image\/png;base64,[^"]+)"/);

    expect(paid.subject).toBe(`Pagamento confirmado: pedido ${pending.number} — Congresso <Sepse> & Cia`);
    expect(paid.text).toContain('Abertura: R$ 70,00');
    expect(paid.text).toContain('Subtotal: R$ 70,00');
    expect(paid.text).toContain('Cupom PCT10: − R$ 7,00');
    expect(paid.text).toContain('Total: R$ 63,00');
    expect(paid.html).toContain('Cupom PCT10');
    // The order's page on the site: 'Ver o pedido', written out in the text.
    expect(paid.text).toMatch(new RegExp(`Ver o pedido:\\n\\S+/meus-pedidos/${pending.id}\\n`));
  });

  it('sends one “paid” however many times the webhook is delivered', async () => {
    const who = await buyer('en');
    const pending = await pixOrder(who);
    const sandbox = commerce().registry.sandboxProvider();
    if (!sandbox) throw new Error('sandbox expected');
    const payment = (await server.strapi.db.query('api::payment.payment').findOne({
      where: { id: pending.payments[0].id },
      select: ['providerRef'],
    })) as { providerRef: string };
    const notification = sandbox.decide(payment.providerRef, 'approved');
    if (!notification) throw new Error('no notification');
    const deliver = () =>
      server
        .request()
        .post('/api/site/v1/payments/webhook/sandbox')
        .set('Content-Type', 'application/json')
        .set('x-sandbox-signature', String(notification.headers['x-sandbox-signature']))
        .send(notification.rawBody);
    const answers = await Promise.all(Array.from({ length: 5 }, deliver));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await deliver()).status).toBe(200);
    // And the transition's e-mail asked again by hand: the key keeps it one.
    const again = await load<typeof import('../../../cms/src/email/order-emails')>('email/order-emails').queueOrderEmail(
      server.strapi,
      pending.id,
      'paid',
    );
    expect(again?.duplicate).toBe(true);
    // And the database itself refuses a second row of the key (the unique index of database/sql).
    await expect(
      server.strapi.db.connection('email_messages').insert({
        recipient: who.email,
        template: 'orderPaid',
        category: 'transactional',
        language: 'pt',
        subject: 'x',
        status: 'sent',
        message_id: `<dup-${pending.id}@eventos.test>`,
        dedupe_key: `order:${pending.id}:paid`,
      }),
    ).rejects.toThrow(/unique/i);
    await drain();
    await smtp.waitFor(2);
    expect((await rowsOf(who.id)).map((row) => [row.template, row.language])).toEqual([
      ['orderCreated', 'en'],
      ['orderPaid', 'en'],
    ]);
    const mails = mailsTo(who.email);
    expect(mails).toHaveLength(2);
    const paid = mails.find((mail) => mail.subject?.startsWith('Payment confirmed'));
    expect(paid?.text).toContain('Coupon PCT10: − R$ 7.00');
    expect(paid?.text).toContain('Total: R$ 63.00');
  });

  it('sends “refunded” when staff refund it', async () => {
    const who = await buyer('al');
    const pending = await pixOrder(who);
    await site('post', `/payments/sandbox/${pending.payments.at(-1)?.id}/confirm`, who.token, { outcome: 'approved' });
    const refunded = await cms('post', `/orders/${pending.id}/refund`, { note: 'pedido da cliente' });
    expect(refunded.status).toBe(200);
    expect((await cms('post', `/orders/${pending.id}/refund`, {})).status).toBe(409);
    await drain();
    await smtp.waitFor(3);
    expect((await rowsOf(who.id)).map((row) => row.template)).toEqual(['orderCreated', 'orderPaid', 'orderRefunded']);
    const mail = mailsTo(who.email).find((one) => one.subject?.includes('erstattet'));
    expect(mail?.subject).toBe(`Bestellung ${pending.number} erstattet — Congresso <Sepse> & Cia`);
    expect(mail?.text).toContain('R$ 63,00 gehen an das verwendete Zahlungsmittel zurück');
  });

  it('sends “expired” when its PIX runs out unpaid, once', async () => {
    const who = await buyer();
    const pending = await pixOrder(who);
    await server.strapi.db
      .query('api::order.order')
      .updateMany({ where: { id: pending.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const { orders } = commerce();
    expect(await orders.sweepExpired(server.strapi)).toBeGreaterThanOrEqual(1);
    expect(await orders.sweepExpired(server.strapi)).toBe(0);
    await drain();
    await smtp.waitFor(2);
    expect((await rowsOf(who.id)).map((row) => row.template)).toEqual(['orderCreated', 'orderExpired']);
    const mail = mailsTo(who.email).find((one) => one.subject?.includes('expirado'));
    expect(mail?.subject).toBe(`Pedido ${pending.number} expirado — Congresso <Sepse> & Cia`);
    expect(mail?.text).toContain('o pedido expirou');
  });
});

describe('a certificate issued', () => {
  it('sends its link and its PDF, once', async () => {
    const who = await buyer();
    const { issueCertificate } = load<Issue>('certificates/issue');
    const input = {
      clientId: who.id,
      eventId: ids.event,
      name: 'Ana Souza',
      eventName: 'Congresso <Sepse> & Cia',
      seconds: 3600,
      text: null,
    };
    const certificate = await issueCertificate(server.strapi, input);
    // Issued again (a double click, a re-download): the same one, no second e-mail.
    expect((await issueCertificate(server.strapi, input)).code).toBe(certificate.code);
    await drain();
    await smtp.waitFor(1);
    expect((await rowsOf(who.id)).map((row) => [row.template, row.dedupeKey, row.status])).toEqual([
      ['certificateIssued', `certificate:${certificate.id}:issued`, 'sent'],
    ]);
    const [mail] = mailsTo(who.email);
    const url = `http://localhost:1337/certificados/${certificate.code}`;
    expect(mail.subject).toBe('Seu certificado de Congresso <Sepse> & Cia');
    expect(mail.text).toContain(`Ver o certificado:\n${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(`Código de verificação: ${certificate.code}`);
    const pdf = mail.attachments.find((file: Attachment) => file.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`certificado-${certificate.code}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
