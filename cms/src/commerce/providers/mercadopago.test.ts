import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isApiError } from '@plataforma/adapter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMercadoPago, type FakeMercadoPago, type FakeStatus } from '../../../../tests/api/helpers/fake-mercadopago';
import type { ChargeRequest, IncomingNotification } from '../provider';
import { createMercadoPagoProvider, mercadoPagoStatus, type MercadoPagoOptions } from './mercadopago';

// The Mercado Pago provider against a local fake of its API built from the documentation
// (tests/api/helpers/fake-mercadopago.ts): PIX and card charges, the status fetched back,
// refunds, the webhook signature, and an API that fails or never answers.
let fake: FakeMercadoPago;
const NOTIFICATION_URL = 'https://eventos.exemplo.com.br/api/site/v1/payments/webhook/mercadopago';

beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken: 'TEST-123-token', webhookSecret: 'segredo-do-webhook' });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.requests.length = 0;
});

const provider = (options: Partial<MercadoPagoOptions> = {}) =>
  createMercadoPagoProvider({
    accessToken: fake.accessToken,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
    notificationUrl: NOTIFICATION_URL,
    ...options,
  });

let nextPaymentId = 100;
const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: nextPaymentId++,
  orderId: 7,
  orderNumber: 'PE-000007',
  amountCents: 12_345,
  description: 'Congresso Brasileiro — ingresso',
  payer: { name: 'Maria da Silva Souza', email: 'maria@exemplo.com.br', cpf: '12345678909' },
  expiresAt: new Date(Date.now() + 30 * 60_000),
  ...overrides,
});

/** The error a promise rejects with (fails the test when it resolves). */
const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

describe('charge', () => {
  it('creates a PIX payment and answers its copy-paste code, with the documented body and headers', async () => {
    const charge = request();
    const result = await provider().charge(charge, 'pix');
    const payment = fake.payments.get(Number(result.providerRef))!;
    expect(result).toEqual({
      providerRef: String(payment.id),
      status: 'pending',
      pixCode: payment.point_of_interaction.transaction_data!.qr_code,
      cardBrand: null,
      cardLast4: null,
      paidAt: null,
      // Our payment id, read back from the charge (external_reference and metadata agree).
      paymentId: charge.paymentId,
    });
    expect(result.pixCode).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);

    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payments')!;
    expect(sent.headers.authorization).toBe('Bearer TEST-123-token');
    expect(sent.headers['x-idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.body).toMatchObject({
      transaction_amount: 123.45,
      description: 'Congresso Brasileiro — ingresso',
      payment_method_id: 'pix',
      external_reference: `PE-000007/${charge.paymentId}`,
      notification_url: NOTIFICATION_URL,
      payer: {
        email: 'maria@exemplo.com.br',
        first_name: 'Maria',
        last_name: 'da Silva Souza',
        identification: { type: 'CPF', number: '12345678909' },
      },
    });
    const expiration = (sent.body as { date_of_expiration: string }).date_of_expiration;
    expect(expiration).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/);
    expect(Date.parse(expiration)).toBe(charge.expiresAt.getTime());
  });

  it('sends the same idempotency key when the same payment is charged again, so it is charged once', async () => {
    const charge = request();
    const first = await provider().charge(charge, 'pix');
    const again = await provider().charge(charge, 'pix');
    expect(again.providerRef).toBe(first.providerRef);
    const keys = fake.requests.filter((r) => r.path === '/v1/payments').map((r) => r.headers['x-idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    const other = await provider().charge(request(), 'pix');
    expect(other.providerRef).not.toBe(first.providerRef);
  });

  it('leaves the payer identification out when the buyer has no CPF and notification_url out when none is set', async () => {
    await provider({ notificationUrl: null }).charge(request({ payer: { name: 'Ana', email: 'ana@exemplo.com.br', cpf: null } }), 'pix');
    const body = fake.requests.find((r) => r.path === '/v1/payments')!.body as Record<string, unknown>;
    expect(body.payer).toEqual({ email: 'ana@exemplo.com.br', first_name: 'Ana' });
    expect(body).not.toHaveProperty('notification_url');
  });

  it('charges a card in instalments: the method is found from the token’s BIN, brand and last digits answered', async () => {
    const token = fake.addCardToken({ number: '5031 4332 1540 6351', outcome: 'approved' });
    const result = await provider().charge(request({ amountCents: 60_000, card: { token, installments: 3 } }), 'card');
    expect(result).toMatchObject({ status: 'approved', cardBrand: 'master', cardLast4: '6351', pixCode: null });
    expect(result.paidAt).toBeInstanceOf(Date);
    const body = fake.requests.find((r) => r.path === '/v1/payments')!.body;
    expect(body).toMatchObject({ transaction_amount: 600, token, installments: 3, payment_method_id: 'master', capture: true });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/card_tokens/${token}`,
      'GET /v1/payment_methods',
      'POST /v1/payments',
    ]);
  });

  it('tells Elo from Visa by the exclusion patterns, and a rejected card comes back declined', async () => {
    const token = fake.addCardToken({ number: '4011780000000000', outcome: 'rejected' });
    const result = await provider().charge(request({ card: { token, installments: 1 } }), 'card');
    expect(result).toMatchObject({ status: 'declined', cardBrand: 'elo', paidAt: null });
  });

  it('refuses an unknown (expired, used) card token with 400 payments.error.cardToken: the card is typed again', async () => {
    const error = await rejection(provider().charge(request({ card: { token: 'no-such-token', installments: 1 } }), 'card'));
    expect(isApiError(error) && { status: error.status, msg: error.msg }).toEqual({ status: 400, msg: 'payments.error.cardToken' });
  });

  it('answers 422 payments.error.provider when the API refuses the request itself (a wrong access token)', async () => {
    const error = await rejection(provider({ accessToken: 'TEST-wrong' }).charge(request(), 'pix'));
    expect(isApiError(error) && { status: error.status, msg: error.msg }).toEqual({ status: 422, msg: 'payments.error.provider' });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer TEST-wrong');
  });

  it('answers 402 when the API refuses the buyer’s document (an invalid CPF)', async () => {
    const error = await rejection(provider().charge(request({ payer: { name: 'Rui', email: 'rui@exemplo.com.br', cpf: '123' } }), 'pix'));
    expect(isApiError(error) && { status: error.status, msg: error.msg }).toEqual({ status: 402, msg: 'payments.error.declined' });
  });
});

describe('fetchStatus', () => {
  it('asks GET /v1/payments/{id} and maps every documented status', async () => {
    const mp = provider();
    const { providerRef } = await mp.charge(request(), 'pix');
    const table: Array<[FakeStatus, string | undefined, string]> = [
      ['pending', 'pending_waiting_transfer', 'pending'],
      ['in_process', 'pending_review_manual', 'pending'],
      ['authorized', 'pending_capture', 'pending'],
      ['approved', 'accredited', 'approved'],
      ['in_mediation', undefined, 'approved'],
      ['rejected', 'cc_rejected_other_reason', 'declined'],
      ['cancelled', 'expired', 'expired'],
      ['cancelled', 'by_collector', 'cancelled'],
      ['refunded', 'refunded', 'refunded'],
      ['charged_back', 'settled', 'refunded'],
    ];
    for (const [status, detail, expected] of table) {
      fake.setStatus(providerRef, status, detail);
      const result = await mp.fetchStatus(providerRef);
      expect([status, detail, result.status]).toEqual([status, detail, expected]);
    }
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${providerRef}` });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer TEST-123-token');
    expect(fake.requests.at(-1)!.headers).not.toHaveProperty('x-idempotency-key');
    expect(mercadoPagoStatus('something_new')).toBe('pending');
  });

  it('answers the approval date once the PIX is paid', async () => {
    const mp = provider();
    const { providerRef } = await mp.charge(request(), 'pix');
    fake.setStatus(providerRef, 'approved');
    const result = await mp.fetchStatus(providerRef);
    expect(result.status).toBe('approved');
    expect(result.paidAt).toBeInstanceOf(Date);
    expect(result.pixCode).toMatch(/^000201/);
  });
});

describe('refund', () => {
  it('posts the refund with an idempotency key and answers the status fetched back', async () => {
    const mp = provider();
    const token = fake.addCardToken({ number: '4509953566233704' });
    const { providerRef } = await mp.charge(request({ amountCents: 9_990, card: { token, installments: 2 } }), 'card');
    fake.requests.length = 0;
    const result = await mp.refund(providerRef, 9_990);
    expect(result).toMatchObject({ providerRef, status: 'refunded', cardBrand: 'visa', cardLast4: '3704' });
    const [post, get] = fake.requests;
    expect(post).toMatchObject({ method: 'POST', path: `/v1/payments/${providerRef}/refunds`, body: { amount: 99.9 } });
    expect(post!.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.headers.authorization).toBe('Bearer TEST-123-token');
    expect(get).toMatchObject({ method: 'GET', path: `/v1/payments/${providerRef}` });
    // Asked again (a retried admin click), the same key answers the first refund: refunded once.
    await mp.refund(providerRef, 9_990);
    expect(fake.payments.get(Number(providerRef))!.refunds).toHaveLength(1);
  });

  it('refuses to refund a payment that was never paid (422)', async () => {
    const mp = provider();
    const { providerRef } = await mp.charge(request(), 'pix');
    const error = await rejection(mp.refund(providerRef, 12_345));
    expect(isApiError(error) && { status: error.status, msg: error.msg }).toEqual({ status: 422, msg: 'payments.error.provider' });
  });
});

describe('an API that fails', () => {
  it.each([500, 503, 429])('answers 502 payments.error.unavailable on %i', async (status) => {
    fake.failNext(status);
    const error = await rejection(provider().charge(request(), 'pix'));
    expect(isApiError(error) && { status: error.status, msg: error.msg }).toEqual({ status: 502, msg: 'payments.error.unavailable' });
  });

  it('answers 502 when the connection drops', async () => {
    fake.failNext('reset');
    const error = await rejection(provider().fetchStatus('1'));
    expect(isApiError(error) && error.msg).toBe('payments.error.unavailable');
  });

  it('gives up after the timeout with 502', async () => {
    fake.failNext('hang');
    const started = Date.now();
    const error = await rejection(provider({ timeoutMs: 300 }).charge(request(), 'pix'));
    expect(isApiError(error) && { status: error.status, msg: error.msg }).toEqual({ status: 502, msg: 'payments.error.unavailable' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 502 when nothing listens at the address', async () => {
    const error = await rejection(provider({ apiUrl: 'http://127.0.0.1:9' }).fetchStatus('1'));
    expect(isApiError(error) && error.status).toBe(502);
  });

  it('goes through the injected fetch', async () => {
    const calls: string[] = [];
    const mp = provider({
      fetch: async (input, init) => {
        calls.push(`${init?.method} ${String(input)}`);
        return new Response(
          JSON.stringify({ id: 42, status: 'approved', date_approved: '2026-11-27T10:00:00.000-03:00', payment_type_id: 'bank_transfer' }),
          {
            status: 200,
          },
        );
      },
    });
    const result = await mp.fetchStatus('42');
    expect(calls).toEqual([`GET ${fake.url}/v1/payments/42`]);
    expect(result).toMatchObject({ providerRef: '42', status: 'approved', paidAt: new Date('2026-11-27T13:00:00.000Z') });
  });
});

describe('verifyNotification', () => {
  const notification = (paymentId: string, options?: Parameters<FakeMercadoPago['signedNotification']>[1]): IncomingNotification =>
    fake.signedNotification(paymentId, options);

  it('accepts a notification signed with the secret: the payment to fetch and the delivery id', () => {
    const incoming = notification('1312000123', { requestId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e' });
    expect(provider().verifyNotification(incoming)).toEqual({
      providerRef: '1312000123',
      deliveryId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e',
    });
  });

  it('accepts ts in seconds (older documentation) as well as milliseconds', () => {
    const ts = String(Math.floor(Date.now() / 1000));
    expect(provider().verifyNotification(notification('55', { ts }))).not.toBeNull();
  });

  it('lower-cases an alphanumeric data.id in the manifest, as documented', () => {
    const incoming = notification('ABC123def');
    expect(provider().verifyNotification(incoming)).toMatchObject({ providerRef: 'ABC123def' });
  });

  it('refuses a notification signed with another secret', () => {
    expect(provider().verifyNotification(notification('1312000123', { secret: 'outro-segredo' }))).toBeNull();
  });

  it('refuses a tampered payment id (query or body) or request id', () => {
    const mp = provider();
    const incoming = notification('1312000123');
    expect(mp.verifyNotification({ ...incoming, query: { ...incoming.query, 'data.id': '1312000124' } })).toBeNull();
    expect(mp.verifyNotification({ ...incoming, headers: { ...incoming.headers, 'x-request-id': 'another' } })).toBeNull();
    const body = JSON.parse(incoming.rawBody) as { data: { id: string } };
    body.data.id = '999';
    expect(mp.verifyNotification({ ...incoming, rawBody: JSON.stringify(body) })).toBeNull();
  });

  it('refuses a stale or future timestamp beyond five minutes', () => {
    const mp = provider();
    expect(mp.verifyNotification(notification('1', { ts: String(Date.now() - 6 * 60_000) }))).toBeNull();
    expect(mp.verifyNotification(notification('1', { ts: String(Date.now() + 6 * 60_000) }))).toBeNull();
    expect(mp.verifyNotification(notification('1', { ts: String(Date.now() - 4 * 60_000) }))).not.toBeNull();
  });

  it('refuses missing or malformed headers and other topics', () => {
    const mp = provider();
    const incoming = notification('77');
    const { 'x-signature': _signature, ...noSignature } = incoming.headers as Record<string, string>;
    expect(mp.verifyNotification({ ...incoming, headers: noSignature })).toBeNull();
    expect(mp.verifyNotification({ ...incoming, headers: { ...incoming.headers, 'x-signature': 'v1=abc' } })).toBeNull();
    expect(mp.verifyNotification({ ...incoming, headers: { ...incoming.headers, 'x-signature': 'ts=abc,v1=zz' } })).toBeNull();
    expect(mp.verifyNotification({ ...incoming, query: { 'data.id': '77', type: 'merchant_order' } })).toBeNull();
    expect(mp.verifyNotification({ ...incoming, query: {} })).toBeNull();
  });

  it('checks a webhook the fake posts to a URL, headers and query as a server receives them', async () => {
    let received: IncomingNotification | null = null;
    const receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://receiver');
        received = { rawBody: raw, headers: req.headers, query: Object.fromEntries(url.searchParams) };
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const status = await fake.notify(`http://127.0.0.1:${port}/api/site/v1/payments/webhook/mercadopago`, '1312000999', {
        requestId: 'delivery-1',
      });
      expect(status).toBe(200);
      expect(provider().verifyNotification(received!)).toEqual({ providerRef: '1312000999', deliveryId: 'delivery-1' });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
