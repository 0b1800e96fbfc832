import { orderSchema, paymentConfigSchema, type Order, type PaymentConfig } from '@plataforma/adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/accounts';
import { parsed, siteApi } from '../helpers/commerce';
import { createEvent } from '../helpers/event-fixtures';
import { startFakeMercadoPago, type FakeMercadoPago } from '../helpers/fake-mercadopago';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Card payments with Mercado Pago from the browser (decision 052), on the suite's database
// (SQLite, or PostgreSQL with DATABASE_URL): the checkout reads the public key and the token URL
// from GET /payments/config, posts the card to Mercado Pago's card_tokens (here the local fake,
// called as the browser does: the public key in the query, no bearer, CORS), and sends only the
// token to the product. The holder's name picks the fake issuer's answer (Mercado Pago's test
// convention: APRO approves, OTHE declines).
const CPF = '52998224725';
/** Mercado Pago's documented test card (Mastercard). */
const MASTER = '5031433215406351';
const ORIGIN = 'https://eventos.exemplo.com.br';

let fake: FakeMercadoPago;
let server: TestServer;
let site: ReturnType<typeof siteApi>;
let config: PaymentConfig;
let eventId = 0;

type Buyer = { id: number; token: string };

const orderOf = (res: { body: { data: unknown; msg?: string; status?: number } }): Order => parsed(orderSchema, res.body);

const newBuyer = async (): Promise<Buyer> => {
  const client = await createClient(server.strapi);
  return { id: client.id, token: await sessionToken(server, 'client', client.id) };
};

const newOrder = async (buyer: Buyer): Promise<Order> => {
  const res = await site('post', '/orders', buyer.token, { eventId, all: true, lectureIds: [] });
  expect(res.status).toBe(201);
  return orderOf(res);
};

/** What the venue's card step posts to Mercado Pago (decision 052), answered as the browser reads it. */
const tokenise = async (card: { holder: string; number?: string; month?: number; year?: number; cvv?: string }, publicKey?: string) => {
  const res = await fetch(`${config.tokenUrl}?public_key=${encodeURIComponent(publicKey ?? config.publicKey ?? '')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify({
      card_number: card.number ?? MASTER,
      expiration_month: card.month ?? 11,
      expiration_year: card.year ?? 2030,
      security_code: card.cvv ?? '123',
      cardholder: { name: card.holder, identification: { type: 'CPF', number: CPF } },
    }),
  });
  return {
    status: res.status,
    cors: res.headers.get('access-control-allow-origin'),
    body: (await res.json()) as { id?: string; last_four_digits?: string; first_six_digits?: string; cause?: Array<{ code: string }> },
  };
};

const payCard = (buyer: Buyer, orderId: number, cardToken: string, installments = 1) =>
  site('post', `/orders/${orderId}/payments`, buyer.token, { method: 'card', cardToken, installments, cpf: CPF });

const storedPayments = async (orderId: number) =>
  (await server.strapi.db.query('api::payment.payment').findMany({
    where: { order: { id: orderId } },
    select: ['id', 'status', 'cardBrand', 'cardLast4', 'providerRef'],
    orderBy: { id: 'asc' },
  })) as Array<{ id: number; status: string; cardBrand: string | null; cardLast4: string | null; providerRef: string | null }>;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  server = await startServer('commerce-mercadopago-card', {
    seed: false,
    env: {
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_API_URL: fake.url,
      MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
      MERCADOPAGO_PUBLIC_KEY: fake.publicKey,
      PUBLIC_URL: ORIGIN,
    },
  });
  site = siteApi(server);
  eventId = await createEvent(server.strapi, {
    name: 'Congresso Cartão',
    published: true,
    value: '120.00',
    discount: '0.00',
    installments: 3,
    slug: 'congresso-cartao',
  });
  const res = await site('get', '/payments/config');
  expect(res.status).toBe(200);
  config = parsed(paymentConfigSchema, res.body);
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('the checkout’s payment settings', () => {
  it('give the browser Mercado Pago’s public key and token URL, and the CSP admits that origin', async () => {
    expect(config).toEqual({
      provider: 'mercadopago',
      methods: ['pix', 'card'],
      publicKey: fake.publicKey,
      tokenUrl: `${fake.url}/v1/card_tokens`,
    });
    const res = await site('get', '/payments/config');
    const csp = String(res.headers['content-security-policy'] ?? '');
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect).toContain(fake.url);
    // The access token never leaves the server.
    expect(JSON.stringify(res.body)).not.toContain(fake.accessToken);
  });

  it('the fake’s card_tokens answers the browser’s preflight, refuses another public key and a malformed card', async () => {
    const preflight = await fetch(config.tokenUrl as string, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect((await tokenise({ holder: 'APRO' }, 'TEST-someone-else')).status).toBe(401);
    const bad = await tokenise({ holder: 'APRO', number: '1234' });
    expect(bad).toMatchObject({ status: 400, cors: '*', body: { cause: [{ code: 'E301' }] } });
    expect((await tokenise({ holder: 'APRO', month: 13 })).body.cause?.[0]?.code).toBe('325');
    expect((await tokenise({ holder: 'APRO', year: 2020 })).body.cause?.[0]?.code).toBe('326');
  });
});

describe('a card tokenised in the browser, paid through Mercado Pago', () => {
  it('approves (APRO): the order is paid with the card’s brand and last digits, the number never reaches the server', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const token = await tokenise({ holder: 'APRO ANA SOUZA' });
    expect(token).toMatchObject({ status: 201, cors: '*', body: { last_four_digits: '6351', first_six_digits: '503143' } });
    const res = await payCard(buyer, created.id, token.body.id as string, 3);
    expect(res.status).toBe(201);
    expect(orderOf(res)).toMatchObject({
      status: 'paid',
      method: 'card',
      payments: [{ provider: 'mercadopago', method: 'card', status: 'approved', installments: 3, cardBrand: 'master', cardLast4: '6351' }],
    });
    const create = fake.requests.filter((req) => req.method === 'POST' && req.path === '/v1/payments').at(-1);
    expect(create?.body).toMatchObject({ token: token.body.id, installments: 3, payment_method_id: 'master', transaction_amount: 120 });
    // Nothing the product was sent or stored carries the card number.
    const toServer = fake.requests.filter((req) => req.headers.authorization === `Bearer ${fake.accessToken}`);
    expect(JSON.stringify(toServer.map((req) => req.body))).not.toContain(MASTER);
    expect(JSON.stringify(await storedPayments(created.id))).not.toContain(MASTER);
  });

  it('declines (OTHE): the order failed; a new order from the same buyer is paid with another token', async () => {
    const buyer = await newBuyer();
    const first = await newOrder(buyer);
    const declined = await tokenise({ holder: 'OTHE' });
    expect(declined.status).toBe(201);
    const res = await payCard(buyer, first.id, declined.body.id as string);
    expect(res.status).toBe(201);
    expect(orderOf(res)).toMatchObject({ status: 'failed', payments: [{ status: 'declined', cardBrand: 'master', cardLast4: '6351' }] });

    // The venue's 'Tentar de novo': the cart again, a new order, another card token.
    const second = await newOrder(buyer);
    expect(second.id).not.toBe(first.id);
    const again = await payCard(buyer, second.id, (await tokenise({ holder: 'APRO' })).body.id as string);
    expect(orderOf(again)).toMatchObject({ status: 'paid', payments: [{ status: 'approved' }] });
  });

  it('answers a token Mercado Pago does not know 400 payments.error.cardToken; the order still waits and is paid with a good one', async () => {
    const buyer = await newBuyer();
    const created = await newOrder(buyer);
    const res = await payCard(buyer, created.id, 'ffffffffffffffffffffffffffffffff');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('payments.error.cardToken');
    expect(await storedPayments(created.id)).toMatchObject([{ status: 'cancelled', providerRef: null }]);
    const order = orderOf(await site('get', `/orders/${created.id}`, buyer.token));
    expect(order.status).toBe('pending');

    const retry = await payCard(buyer, created.id, (await tokenise({ holder: 'APRO' })).body.id as string, 2);
    expect(orderOf(retry)).toMatchObject({ status: 'paid', payments: [{ status: 'cancelled' }, { status: 'approved', installments: 2 }] });
  });
});
