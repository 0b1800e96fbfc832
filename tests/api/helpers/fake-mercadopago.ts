import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mercado Pago's payments API (decision 046), written from its public
 * documentation: `POST /v1/payments` (PIX and card), `GET /v1/payments/{id}`,
 * `POST /v1/payments/{id}/refunds`, `GET /v1/card_tokens/{id}` and `GET /v1/payment_methods`.
 * Every call needs `Authorization: Bearer <access token>`; writes need `X-Idempotency-Key`
 * — except `POST /v1/card_tokens?public_key=…` (decision 052), which the buyer's browser calls
 * with the seller's public key (CORS answered): the card's fields are checked and, as with
 * Mercado Pago's test cards, the holder's name says what the issuer will answer (APRO approves,
 * CONT stays in process, OTHE/CALL/FUND/SECU/EXPI/FORM decline; any other name approves)
 * (the same key answers the first answer again). Required fields are checked as the API
 * reference lists them, and refused with its error shape `{ message, error, status, cause }`.
 *
 * The test drives it: `addCardToken` (a tokenised test card and what the issuer answers),
 * `setStatus` (the buyer pays the PIX, the bank declines, a chargeback…), `failNext` (a 5xx, a
 * dropped connection or an answer that never comes) and `notify` (a webhook signed with the
 * application's secret, as the documentation describes, posted to a URL).
 */

export type FakeStatus =
  'pending' | 'in_process' | 'authorized' | 'approved' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back' | 'in_mediation';

export interface FakePayment {
  id: number;
  status: FakeStatus;
  status_detail: string;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  currency_id: 'BRL';
  description: string | null;
  external_reference: string | null;
  notification_url: string | null;
  metadata: Record<string, unknown>;
  payment_method_id: string;
  payment_type_id: 'bank_transfer' | 'credit_card' | 'debit_card';
  payer: Record<string, unknown>;
  card: { first_six_digits: string; last_four_digits: string } | Record<string, never>;
  point_of_interaction: { type: string; transaction_data?: { qr_code: string; qr_code_base64: string; ticket_url: string } };
  refunds: Array<{ id: number; payment_id: number; amount: number; status: 'approved'; date_created: string }>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface CardToken {
  id: string;
  first_six_digits: string;
  last_four_digits: string;
  /** What the issuer answers a payment with this card. */
  outcome: 'approved' | 'rejected' | 'in_process';
}

type Failure = { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'reset' };

/** Card methods with BIN patterns like the API's (Visa, Mastercard, Elo; Elo's BINs excluded from Visa/Master). */
const PAYMENT_METHODS = [
  {
    id: 'elo',
    name: 'Elo',
    payment_type_id: 'credit_card',
    status: 'active',
    settings: [
      {
        bin: {
          pattern: '^(401178|401179|431274|438935|451416|457393|457631|457632|504175|506699|5067|509|627780|636297|636368|650|6516|6550)',
          exclusion_pattern: null,
          installments_pattern: '',
        },
      },
    ],
  },
  {
    id: 'visa',
    name: 'Visa',
    payment_type_id: 'credit_card',
    status: 'active',
    settings: [
      {
        bin: { pattern: '^4', exclusion_pattern: '^(401178|401179|431274|438935|451416|457393|457631|457632)', installments_pattern: '^4' },
      },
    ],
  },
  {
    id: 'master',
    name: 'Mastercard',
    payment_type_id: 'credit_card',
    status: 'active',
    settings: [
      { bin: { pattern: '^(5|2(2[2-9]|[3-6]|7[01]|720))', exclusion_pattern: '^(504175|506699|5067|509)', installments_pattern: '' } },
    ],
  },
  {
    id: 'debvisa',
    name: 'Visa Débito',
    payment_type_id: 'debit_card',
    status: 'active',
    settings: [{ bin: { pattern: '^4', exclusion_pattern: null, installments_pattern: '' } }],
  },
  { id: 'pix', name: 'PIX', payment_type_id: 'bank_transfer', status: 'active', settings: [] },
];

/** The API's date format: `yyyy-MM-dd'T'HH:mm:ss.SSSZ` with the offset as ±hh:mm. */
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?[+-]\d{2}:\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const iso = (date = new Date()) => `${new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 23)}-03:00`;

/** CRC16/CCITT-FALSE, as the BR Code's field 63 (so the fake's PIX code looks like a real one). */
const crc16 = (text: string): string => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
};
const emv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
const pixCode = (paymentId: number, amount: number): string => {
  const account = emv('00', 'br.gov.bcb.pix') + emv('25', `pix.fake-mercadopago.test/qr/v2/${paymentId}`);
  const payload =
    emv('00', '01') +
    emv('01', '12') +
    emv('26', account) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', amount.toFixed(2)) +
    emv('58', 'BR') +
    emv('59', 'MERCADO PAGO TESTE') +
    emv('60', 'SAO PAULO') +
    emv('62', emv('05', `mpqr${paymentId}`)) +
    '6304';
  return payload + crc16(payload);
};

const apiError = (status: number, message: string, error: string, code: number | string, description = message) => ({
  message,
  error,
  status,
  cause: [{ code, description, data: null }],
});

export interface FakeMercadoPago {
  url: string;
  accessToken: string;
  webhookSecret: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  payments: Map<number, FakePayment>;
  /** The seller's public key the browser tokenises cards with (`POST /v1/card_tokens?public_key=`). */
  publicKey: string;
  /** A tokenised card (as MercadoPago.js would create in the browser); answers its token id. */
  addCardToken(card: { number: string; outcome?: CardToken['outcome'] }): string;
  /** Moves a payment (the buyer paid, the bank declined, a chargeback…). */
  setStatus(id: number | string, status: FakeStatus, statusDetail?: string): FakePayment;
  /** The next `count` calls fail: with an HTTP status, a dropped connection, or no answer at all. */
  failNext(failure: number | 'hang' | 'reset', count?: number): void;
  /** The next payment creation is made, but its answer is lost (the connection drops before it). */
  loseNextCharge(): void;
  /** A notification of a payment as Mercado Pago signs it (tests can also tamper with it). */
  signedNotification(
    paymentId: number | string,
    options?: { secret?: string; ts?: string; requestId?: string; action?: string },
  ): { query: Record<string, string>; headers: Record<string, string>; rawBody: string };
  /** Posts a signed notification to `url` (query `data.id` and `type` appended); answers the receiver's status. */
  notify(url: string, paymentId: number | string, options?: { secret?: string; ts?: string; requestId?: string }): Promise<number>;
  close(): Promise<void>;
}

export const startFakeMercadoPago = async (
  options: { accessToken?: string; webhookSecret?: string; publicKey?: string } = {},
): Promise<FakeMercadoPago> => {
  const accessToken = options.accessToken ?? 'TEST-0000000000000000-000000-fakefakefakefakefakefakefakefake-000000000';
  const publicKey = options.publicKey ?? 'TEST-fake0000-0000-0000-0000-publickey000';
  const webhookSecret = options.webhookSecret ?? 'fake-webhook-secret';
  const requests: RecordedRequest[] = [];
  const payments = new Map<number, FakePayment>();
  const cardTokens = new Map<string, CardToken>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const failures: Failure[] = [];
  let loseCharge = false;
  const hanging = new Set<http.ServerResponse>();
  let nextId = 1_312_000_001;
  let nextRefundId = 2_000_000_001;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    if (lost.has(res)) {
      lost.delete(res);
      res.socket?.destroy();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  /** Answers to drop after the work is done (`loseNextCharge`). */
  const lost = new WeakSet<http.ServerResponse>();

  const createPayment = (body: Record<string, unknown>): { status: number; body: unknown } => {
    const amount = body.transaction_amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) / 100 !== amount)
      return { status: 400, body: apiError(400, 'Invalid value for transaction_amount', 'bad_request', 2072) };
    const method = body.payment_method_id;
    if (typeof method !== 'string' || !method)
      return {
        status: 400,
        body: apiError(400, "payment_method_id attribute can't be null", 'bad_request', 4, 'payment_method_id is required'),
      };
    const payer = (body.payer ?? null) as Record<string, unknown> | null;
    if (!payer || typeof payer.email !== 'string' || !EMAIL.test(payer.email))
      return { status: 400, body: apiError(400, 'payer.email must be a valid email', 'bad_request', 4050) };
    const identification = payer.identification as { type?: unknown; number?: unknown } | undefined;
    if (identification !== undefined) {
      if (identification.type !== 'CPF' && identification.type !== 'CNPJ')
        return { status: 400, body: apiError(400, 'Invalid user identification type', 'bad_request', 2066) };
      if (typeof identification.number !== 'string' || !/^\d{11}$|^\d{14}$/.test(identification.number))
        return { status: 400, body: apiError(400, 'Invalid user identification number', 'bad_request', 2067) };
    }
    const notificationUrl = body.notification_url;
    if (notificationUrl !== undefined) {
      let valid = false;
      try {
        valid = typeof notificationUrl === 'string' && /^https?:$/.test(new URL(notificationUrl).protocol);
      } catch {
        valid = false;
      }
      if (!valid) return { status: 400, body: apiError(400, 'notificaction_url attribute must be url valid', 'bad_request', 4020) };
    }
    const id = nextId++;
    const created = iso();
    const base = {
      id,
      date_created: created,
      date_last_updated: created,
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      currency_id: 'BRL' as const,
      description: typeof body.description === 'string' ? body.description : null,
      external_reference: typeof body.external_reference === 'string' ? body.external_reference : null,
      notification_url: typeof notificationUrl === 'string' ? notificationUrl : null,
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      payer: { ...payer, id: null, type: null },
      refunds: [],
    };
    let payment: FakePayment;
    if (method === 'pix') {
      const expiration = body.date_of_expiration;
      if (expiration !== undefined && (typeof expiration !== 'string' || !DATE.test(expiration) || Number.isNaN(Date.parse(expiration))))
        return {
          status: 400,
          body: apiError(
            400,
            "The following parameters must be valid date and format (yyyy-MM-dd'T'HH:mm:ssz) date_of_expiration",
            'bad_request',
            23,
          ),
        };
      const code = pixCode(id, amount);
      payment = {
        ...base,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        date_approved: null,
        date_of_expiration: typeof expiration === 'string' ? expiration : iso(new Date(Date.now() + 24 * 3600_000)),
        installments: 1,
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        card: {},
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: code,
            qr_code_base64: Buffer.from(code).toString('base64'),
            ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
          },
        },
      };
    } else {
      const known = PAYMENT_METHODS.find((candidate) => candidate.id === method && candidate.payment_type_id !== 'bank_transfer');
      if (!known) return { status: 400, body: apiError(400, 'Not found payment_method', 'bad_request', 3011) };
      if (typeof body.token !== 'string' || !body.token)
        return { status: 400, body: apiError(400, 'Invalid card_token_id', 'bad_request', 3003) };
      const card = cardTokens.get(body.token);
      if (!card) return { status: 404, body: apiError(404, 'Card Token not found', 'not_found', 2006) };
      const installments = body.installments;
      if (typeof installments !== 'number' || !Number.isInteger(installments) || installments < 1 || installments > 12)
        return { status: 400, body: apiError(400, 'Invalid installments', 'bad_request', 3030) };
      if (known.payment_type_id === 'debit_card' && installments !== 1)
        return { status: 400, body: apiError(400, 'Invalid installments', 'bad_request', 3030) };
      const approved = card.outcome === 'approved';
      payment = {
        ...base,
        status: card.outcome,
        status_detail: approved ? 'accredited' : card.outcome === 'rejected' ? 'cc_rejected_other_reason' : 'pending_contingency',
        date_approved: approved ? created : null,
        date_of_expiration: null,
        installments,
        payment_method_id: method,
        payment_type_id: known.payment_type_id as 'credit_card' | 'debit_card',
        card: { first_six_digits: card.first_six_digits, last_four_digits: card.last_four_digits },
        point_of_interaction: { type: 'UNSPECIFIED' },
      };
    }
    payments.set(id, payment);
    return { status: 201, body: payment };
  };

  const refund = (payment: FakePayment, body: Record<string, unknown> | null): { status: number; body: unknown } => {
    if (payment.status !== 'approved')
      return {
        status: 400,
        body: apiError(
          400,
          'Payment not found or not in a state that allows refunds',
          'bad_request',
          3005,
          'Not valid action, the resource is in a state that does not allow this operation.',
        ),
      };
    const left = Math.round((payment.transaction_amount - payment.transaction_amount_refunded) * 100) / 100;
    const amount = body?.amount === undefined || body.amount === null ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > left)
      return {
        status: 400,
        body: apiError(400, 'Invalid refund amount', 'bad_request', 4, 'amount must be positive and at most what is left'),
      };
    const created = { id: nextRefundId++, payment_id: payment.id, amount, status: 'approved' as const, date_created: iso() };
    payment.refunds.push(created);
    payment.transaction_amount_refunded = Math.round((payment.transaction_amount_refunded + amount) * 100) / 100;
    if (payment.transaction_amount_refunded >= payment.transaction_amount) {
      payment.status = 'refunded';
      payment.status_detail = 'refunded';
    } else {
      payment.status_detail = 'partially_refunded';
    }
    payment.date_last_updated = iso();
    return { status: 201, body: created };
  };

  /**
   * `POST /v1/card_tokens?public_key=…` as the browser calls it: the public key must be the
   * seller's; the card's fields are checked with the codes of the API's card-form errors
   * (E301 number, E203 security code, 325/326 expiry month/year, 316 holder name, 322/324
   * document type/number); the token answers its first six and last four digits.
   */
  const createCardToken = (key: string | null, body: Record<string, unknown> | null): { status: number; body: unknown } => {
    if (key !== publicKey) return { status: 401, body: apiError(401, 'invalid public_key', 'unauthorized', 'invalid_public_key') };
    const number = typeof body?.card_number === 'string' ? body.card_number : '';
    if (!/^\d{13,19}$/.test(number)) return { status: 400, body: apiError(400, 'invalid parameter cardNumber', 'bad_request', 'E301') };
    const code = typeof body?.security_code === 'string' ? body.security_code : '';
    if (!/^\d{3,4}$/.test(code)) return { status: 400, body: apiError(400, 'invalid parameter securityCode', 'bad_request', 'E203') };
    const month = body?.expiration_month;
    if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12)
      return { status: 400, body: apiError(400, 'invalid parameter expirationMonth', 'bad_request', '325') };
    const year = body?.expiration_year;
    const now = new Date();
    if (
      typeof year !== 'number' ||
      !Number.isInteger(year) ||
      year < 1000 ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    )
      return { status: 400, body: apiError(400, 'invalid parameter expirationYear', 'bad_request', '326') };
    const holder = (body?.cardholder ?? null) as { name?: unknown; identification?: { type?: unknown; number?: unknown } } | null;
    const name = typeof holder?.name === 'string' ? holder.name.trim() : '';
    if (!name) return { status: 400, body: apiError(400, 'invalid parameter cardholderName', 'bad_request', '316') };
    if (holder?.identification?.type !== 'CPF' && holder?.identification?.type !== 'CNPJ')
      return { status: 400, body: apiError(400, 'invalid parameter docType', 'bad_request', '322') };
    const document = holder.identification.number;
    if (typeof document !== 'string' || !/^\d{11}$|^\d{14}$/.test(document))
      return { status: 400, body: apiError(400, 'invalid parameter docNumber', 'bad_request', '324') };
    const scenario = name.split(/\s+/)[0]!.toUpperCase();
    const outcome: CardToken['outcome'] =
      scenario === 'CONT' ? 'in_process' : ['OTHE', 'CALL', 'FUND', 'SECU', 'EXPI', 'FORM'].includes(scenario) ? 'rejected' : 'approved';
    const id = randomUUID().replace(/-/g, '');
    cardTokens.set(id, { id, first_six_digits: number.slice(0, 6), last_four_digits: number.slice(-4), outcome });
    const created = iso();
    return {
      status: 201,
      body: {
        id,
        public_key: publicKey,
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        expiration_month: month,
        expiration_year: year,
        cardholder: { name, identification: { type: holder.identification.type, number: document } },
        status: 'active',
        date_created: created,
        date_last_updated: created,
        date_due: iso(new Date(Date.now() + 7 * 24 * 3600_000)),
        luhn_validation: true,
        live_mode: false,
        require_esc: false,
        card_number_length: number.length,
        security_code_length: code.length,
      },
    };
  };

  /** CORS of the browser's calls (`/v1/card_tokens`): any origin, JSON posted. */
  const CORS = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: unknown = null;
      let malformed = false;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          malformed = true;
        }
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });

      if (loseCharge && req.method === 'POST' && url.pathname === '/v1/payments') {
        loseCharge = false;
        lost.add(res);
      }
      const failure = failures.shift();
      if (failure?.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (failure?.kind === 'reset') {
        req.socket.destroy();
        return;
      }
      if (failure?.kind === 'status')
        return send(res, failure.status, { message: 'internal_error', error: 'internal_error', status: failure.status, cause: [] });

      // The browser's tokenisation: no bearer (the public key in the query), CORS answered.
      if (url.pathname === '/v1/card_tokens' && (req.method === 'OPTIONS' || req.method === 'POST')) {
        if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
        const answer = malformed
          ? { status: 400, body: apiError(400, 'Params Error', 'bad_request', 1) }
          : createCardToken(
              url.searchParams.get('public_key'),
              body && typeof body === 'object' ? (body as Record<string, unknown>) : null,
            );
        return void res.writeHead(answer.status, { 'Content-Type': 'application/json', ...CORS }).end(JSON.stringify(answer.body));
      }

      if (req.headers.authorization !== `Bearer ${accessToken}`)
        return send(res, 401, {
          message: 'invalid access token',
          error: 'unauthorized',
          status: 401,
          cause: [{ code: 'unauthorized', description: 'invalid access token' }],
        });
      if (malformed) return send(res, 400, apiError(400, 'Params Error', 'bad_request', 1));

      const paymentMatch = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
      const refundMatch = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
      const tokenMatch = /^\/v1\/card_tokens\/([^/]+)$/.exec(url.pathname);

      if (req.method === 'POST' && (url.pathname === '/v1/payments' || refundMatch)) {
        const key = req.headers['x-idempotency-key'];
        if (typeof key !== 'string' || !key.trim())
          return send(res, 400, apiError(400, "Header X-Idempotency-Key can't be null", 'bad_request', 'idempotency_key_required'));
        const scope = `${url.pathname}|${key}`;
        const replay = replays.get(scope);
        if (replay) return send(res, replay.status, replay.body);
        let answer: { status: number; body: unknown };
        if (refundMatch) {
          const payment = payments.get(Number(refundMatch[1]));
          answer = payment
            ? refund(payment, (body ?? null) as Record<string, unknown> | null)
            : { status: 404, body: apiError(404, 'Payment not found', 'not_found', 2000) };
        } else {
          answer =
            body && typeof body === 'object'
              ? createPayment(body as Record<string, unknown>)
              : { status: 400, body: apiError(400, 'Params Error', 'bad_request', 1) };
        }
        if (answer.status < 500) replays.set(scope, answer);
        return send(res, answer.status, answer.body);
      }
      // Cancelling a payment still waiting (documented for PIX and boleto): status 'cancelled'; another answers 400.
      if (req.method === 'PUT' && paymentMatch) {
        const payment = payments.get(Number(paymentMatch[1]));
        if (!payment) return send(res, 404, apiError(404, 'Payment not found', 'not_found', 2000));
        const wanted = body && typeof body === 'object' ? (body as Record<string, unknown>).status : undefined;
        if (wanted !== 'cancelled') return send(res, 400, apiError(400, 'Params Error', 'bad_request', 1));
        if (payment.status !== 'pending' && payment.status !== 'in_process')
          return send(res, 400, apiError(400, 'Invalid operation for this payment status', 'bad_request', 2078));
        payment.status = 'cancelled';
        payment.status_detail = 'by_collector';
        payment.date_last_updated = iso();
        return send(res, 200, payment);
      }
      if (req.method === 'GET' && paymentMatch) {
        const payment = payments.get(Number(paymentMatch[1]));
        return payment ? send(res, 200, payment) : send(res, 404, apiError(404, 'Payment not found', 'not_found', 2000));
      }
      if (req.method === 'GET' && tokenMatch) {
        const card = cardTokens.get(decodeURIComponent(tokenMatch[1]!));
        if (!card) return send(res, 404, apiError(404, 'Card Token not found', 'not_found', 2006));
        return send(res, 200, {
          id: card.id,
          first_six_digits: card.first_six_digits,
          last_four_digits: card.last_four_digits,
          status: 'active',
          luhn_validation: true,
          live_mode: false,
          card_number_length: 16,
          security_code_length: 3,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods') return send(res, 200, PAYMENT_METHODS);
      return send(res, 404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const signedNotification: FakeMercadoPago['signedNotification'] = (paymentId, extra = {}) => {
    const id = String(paymentId);
    const ts = extra.ts ?? String(Date.now());
    const requestId = extra.requestId ?? randomUUID();
    // The documented template: id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header];
    const manifestId = /^[A-Za-z0-9]+$/.test(id) ? id.toLowerCase() : id;
    const v1 = createHmac('sha256', extra.secret ?? webhookSecret)
      .update(`id:${manifestId};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    const rawBody = JSON.stringify({
      action: extra.action ?? 'payment.updated',
      api_version: 'v1',
      data: { id },
      date_created: iso(),
      id: Math.floor(Math.random() * 1e12),
      live_mode: false,
      type: 'payment',
      user_id: 44_444_444,
    });
    return {
      query: { 'data.id': id, type: 'payment' },
      headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      rawBody,
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    accessToken,
    webhookSecret,
    requests,
    payments,
    publicKey,
    addCardToken({ number, outcome = 'approved' }) {
      const digits = number.replace(/\D/g, '');
      const id = randomUUID().replace(/-/g, '');
      cardTokens.set(id, { id, first_six_digits: digits.slice(0, 6), last_four_digits: digits.slice(-4), outcome });
      return id;
    },
    setStatus(id, status, statusDetail) {
      const payment = payments.get(Number(id));
      if (!payment) throw new Error(`fake Mercado Pago: no payment ${id}`);
      payment.status = status;
      payment.status_detail =
        statusDetail ??
        (
          {
            approved: 'accredited',
            rejected: 'cc_rejected_other_reason',
            cancelled: 'by_collector',
            refunded: 'refunded',
            charged_back: 'settled',
          } as Record<string, string>
        )[status] ??
        status;
      if (status === 'approved' && !payment.date_approved) payment.date_approved = iso();
      payment.date_last_updated = iso();
      return payment;
    },
    failNext(failure, count = 1) {
      for (let i = 0; i < count; i += 1)
        failures.push(typeof failure === 'number' ? { kind: 'status', status: failure } : { kind: failure });
    },
    loseNextCharge() {
      loseCharge = true;
    },
    signedNotification,
    async notify(url, paymentId, extra = {}) {
      const notification = signedNotification(paymentId, extra);
      const target = new URL(url);
      for (const [key, value] of Object.entries(notification.query)) target.searchParams.set(key, value);
      const response = await fetch(target, { method: 'POST', headers: notification.headers, body: notification.rawBody });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
