import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError, formatCents, type PaymentMethod, type PaymentStatus } from '@plataforma/adapter';
import type { ChargeRequest, ChargeResult, IncomingNotification, PaymentProvider, VerifiedNotification } from '../provider';

/**
 * Mercado Pago's payments API (decision 046): PIX and card through `POST /v1/payments`, the
 * status asked back with `GET /v1/payments/{id}`, refunds through `POST /v1/payments/{id}/refunds`,
 * and webhooks checked by their `x-signature` (HMAC-SHA256 of the documented manifest with the
 * application's secret). A notification is only a hint: the orders service fetches the status.
 */

export interface MercadoPagoOptions {
  /** The seller's access token (`APP_USR-…`, or `TEST-…` for test credentials). */
  accessToken: string;
  /** The application's webhook secret ('Suas integrações › Webhooks'). */
  webhookSecret: string;
  /** The API's base URL; a local fake in tests. */
  apiUrl?: string;
  /** Where Mercado Pago posts a payment's notifications; null: the URL set in the application's panel. */
  notificationUrl: string | null;
  /** Injectable for tests; the global fetch by default. */
  fetch?: typeof fetch;
  /** Each call to the API gives up after this long (502 payments.error.unavailable). */
  timeoutMs?: number;
  /** A signed notification older (or newer) than this is refused: a replayed delivery. */
  signatureToleranceSeconds?: number;
  /** The clock (tests). */
  now?: () => number;
}

export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_TOLERANCE_SECONDS = 300;
const PAYMENT_METHODS_TTL_MS = 60 * 60 * 1000;

/** A payment as the API answers it (only the fields read here). */
interface MpPayment {
  id?: number | string;
  status?: string;
  status_detail?: string | null;
  payment_method_id?: string | null;
  payment_type_id?: string | null;
  date_approved?: string | null;
  card?: { last_four_digits?: string | null } | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string | null } | null } | null;
  external_reference?: string | null;
  metadata?: { payment_id?: unknown } | null;
}

/**
 * The product's payment id sent with the charge, read back from `external_reference`
 * ('PE-000012/34', the product's own format) and checked against `metadata.payment_id`: a charge
 * of another system of the same seller is never taken for one of ours.
 */
const productPaymentId = (payment: MpPayment): number | null => {
  const id = Number(/^PE-\d{6,}\/(\d+)$/.exec(payment.external_reference ?? '')?.[1]);
  return Number.isSafeInteger(id) && id > 0 && Number(payment.metadata?.payment_id) === id ? id : null;
};

/** A webhook's JSON body (not signed: only read to cross-check the signed query). */
interface NotificationBody {
  type?: unknown;
  data?: { id?: unknown } | null;
}

interface MpCardToken {
  first_six_digits?: string;
}

interface MpPaymentMethod {
  id?: string;
  payment_type_id?: string;
  status?: string;
  settings?: Array<{ bin?: { pattern?: string; exclusion_pattern?: string | null } | null }>;
}

/** An error answer: `{ message, error, status, cause: [{ code, description }] }`. */
interface MpError {
  message?: string;
  error?: string;
  cause?: Array<{ code?: number | string; description?: string }> | { code?: number | string; description?: string };
}

/**
 * Error causes about the card token (not found, invalid, expired or used: 2006, 2062, 3003, 3006,
 * 3008) are answered 400 payments.error.cardToken: the buyer types the card again, the order
 * still waits (decision 052). Causes about the buyer's card or document (answered 402
 * payments.error.declined): issuer missing (2009), method not inferable (2131), invalid
 * identification number (2067). Any other refusal is the integration's (422 payments.error.provider).
 */
const TOKEN_CAUSES = new Set(['2006', '2062', '3003', '3006', '3008']);
const BUYER_CAUSES = new Set(['2009', '2067', '2131']);

/**
 * The payment's status in the product's terms (decision 046):
 * pending, in_process, authorized → pending (authorized is a card not yet captured: we capture at once);
 * approved → approved; in_mediation → approved (a dispute open: the money is held, access stays until
 * it ends in charged_back); rejected → declined; cancelled → expired when its detail says so (a PIX not
 * paid in time), else cancelled; refunded and charged_back → refunded (access revoked either way).
 * An unknown status stays pending: nothing moves on it.
 */
export const mercadoPagoStatus = (status: string | undefined, statusDetail?: string | null): PaymentStatus => {
  switch (status) {
    case 'approved':
    case 'in_mediation':
      return 'approved';
    case 'rejected':
      return 'declined';
    case 'cancelled':
      return statusDetail === 'expired' ? 'expired' : 'cancelled';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    default:
      return 'pending';
  }
};

const unavailable = (cause: unknown): ApiError => Object.assign(new ApiError(502, 'payments.error.unavailable'), { cause });

const refusal = (status: number, body: MpError | null): ApiError => {
  const causes = body?.cause ? (Array.isArray(body.cause) ? body.cause : [body.cause]) : [];
  const token = causes.some((cause) => TOKEN_CAUSES.has(String(cause.code ?? '')));
  const buyer = causes.some((cause) => BUYER_CAUSES.has(String(cause.code ?? '')));
  const detail = `Mercado Pago answered ${status}: ${body?.message ?? body?.error ?? 'no message'}${
    causes.length ? ` (${causes.map((cause) => `${cause.code ?? '?'} ${cause.description ?? ''}`.trim()).join('; ')})` : ''
  }`;
  const error = token
    ? new ApiError(400, 'payments.error.cardToken')
    : buyer
      ? new ApiError(402, 'payments.error.declined')
      : new ApiError(422, 'payments.error.provider');
  return Object.assign(error, { cause: new Error(detail) });
};

/** A deterministic UUID-shaped key (Mercado Pago asks for a UUID v4 in X-Idempotency-Key) from a seed. */
const idempotencyKey = (seed: string): string => {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** `YYYY-MM-DDTHH:mm:ss.SSS-03:00` (the format the API takes in date_of_expiration), in Brasília's offset. */
const brasiliaIso = (date: Date): string => {
  const local = new Date(date.getTime() - 3 * 3600 * 1000);
  return `${local.toISOString().slice(0, 23)}-03:00`;
};

const one = (value: string | string[] | undefined): string | undefined => {
  const raw = Array.isArray(value) ? value[0] : value;
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
};

/** A header or query value by name, whatever its case. */
const pick = (record: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  if (name in record) return one(record[name]);
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : one(record[key]);
};

const matches = (pattern: string | null | undefined, value: string): boolean => {
  if (!pattern) return false;
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
};

const splitName = (name: string): { first_name: string; last_name?: string } => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { first_name: parts[0] ?? name.trim() };
  return { first_name: parts[0]!, last_name: parts.slice(1).join(' ') };
};

export const createMercadoPagoProvider = (options: MercadoPagoOptions): PaymentProvider => {
  const apiUrl = (options.apiUrl || MERCADOPAGO_API_URL).replace(/\/+$/, '');
  const fetcher = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const toleranceMs = (options.signatureToleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS) * 1000;
  const now = options.now ?? Date.now;
  /** Idempotency keys are unique per installation: two products on one account never share one. */
  const keyScope = `${options.notificationUrl ?? ''}|${createHash('sha256').update(options.accessToken).digest('hex').slice(0, 16)}`;
  let methodsCache: { at: number; methods: MpPaymentMethod[] } | null = null;

  /** One call to the API: JSON in and out, a timeout, 5xx/408/429 and network errors → 502, other refusals → 402/422. */
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, key?: string): Promise<T> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`Mercado Pago did not answer in ${timeoutMs} ms`)), timeoutMs);
    try {
      let response: Response;
      let text: string;
      try {
        response = await fetcher(`${apiUrl}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${options.accessToken}`,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(key ? { 'X-Idempotency-Key': key } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        });
        text = await response.text();
      } catch (error) {
        throw unavailable(error);
      }
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      // 5xx, and 408/429 (try again later), are the API's trouble, not a refusal.
      if (response.status >= 500 || response.status === 408 || response.status === 429)
        throw unavailable(new Error(`Mercado Pago answered ${response.status}`));
      if (!response.ok) throw refusal(response.status, (parsed as MpError | null) ?? null);
      if (parsed === null || typeof parsed !== 'object')
        throw unavailable(new Error(`Mercado Pago answered ${response.status} without JSON`));
      return parsed as T;
    } finally {
      clearTimeout(timer);
    }
  };

  const result = (payment: MpPayment): ChargeResult => {
    if (payment.id === undefined || payment.id === null || payment.id === '')
      throw unavailable(new Error('Mercado Pago answered a payment without id'));
    const isCard = payment.payment_type_id === 'credit_card' || payment.payment_type_id === 'debit_card';
    const paidAt = payment.date_approved ? new Date(payment.date_approved) : null;
    return {
      providerRef: String(payment.id),
      status: mercadoPagoStatus(payment.status, payment.status_detail),
      pixCode: payment.point_of_interaction?.transaction_data?.qr_code || null,
      cardBrand: isCard ? payment.payment_method_id || null : null,
      cardLast4: isCard ? payment.card?.last_four_digits || null : null,
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      paymentId: productPaymentId(payment),
    };
  };

  /** The active card methods (`GET /v1/payment_methods`), kept an hour. */
  const paymentMethods = async (): Promise<MpPaymentMethod[]> => {
    if (methodsCache && now() - methodsCache.at < PAYMENT_METHODS_TTL_MS) return methodsCache.methods;
    const answer = await call<MpPaymentMethod[]>('GET', '/v1/payment_methods');
    const methods = Array.isArray(answer) ? answer : [];
    methodsCache = { at: now(), methods };
    return methods;
  };

  /**
   * The card's payment_method_id (visa, master, elo…), which the API requires with a token: the
   * token's first six digits (`GET /v1/card_tokens/{id}`) matched against the methods' BIN patterns,
   * as MercadoPago.js does in the browser. Credit before debit (instalments).
   */
  const cardMethod = async (token: string): Promise<string> => {
    const card = await call<MpCardToken>('GET', `/v1/card_tokens/${encodeURIComponent(token)}`);
    const bin = card.first_six_digits ?? '';
    if (!/^\d{6}$/.test(bin)) throw new ApiError(402, 'payments.error.declined');
    const candidates = (await paymentMethods())
      .filter(
        (method) => method.status === 'active' && (method.payment_type_id === 'credit_card' || method.payment_type_id === 'debit_card'),
      )
      .sort((a, b) => (a.payment_type_id === b.payment_type_id ? 0 : a.payment_type_id === 'credit_card' ? -1 : 1));
    const found = candidates.find((method) =>
      (method.settings ?? []).some((setting) => matches(setting.bin?.pattern, bin) && !matches(setting.bin?.exclusion_pattern, bin)),
    );
    if (!found?.id) throw new ApiError(402, 'payments.error.declined');
    return found.id;
  };

  const fetchStatus = async (providerRef: string): Promise<ChargeResult> =>
    result(await call<MpPayment>('GET', `/v1/payments/${encodeURIComponent(providerRef)}`));

  return {
    name: 'mercadopago',
    methods: ['pix', 'card'],

    async charge(request: ChargeRequest, method: Exclude<PaymentMethod, 'free'>): Promise<ChargeResult> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new ApiError(422, 'payments.error.provider');
      const payer = {
        email: request.payer.email,
        ...splitName(request.payer.name),
        ...(request.payer.cpf ? { identification: { type: 'CPF', number: request.payer.cpf.replace(/\D/g, '') } } : {}),
      };
      const common = {
        transaction_amount: Number(formatCents(request.amountCents)),
        description: request.description.slice(0, 255),
        external_reference: `${request.orderNumber}/${request.paymentId}`,
        ...(options.notificationUrl ? { notification_url: options.notificationUrl } : {}),
        metadata: { order_id: request.orderId, payment_id: request.paymentId },
        payer,
      };
      let body: Record<string, unknown>;
      if (method === 'pix') {
        body = { ...common, payment_method_id: 'pix', date_of_expiration: brasiliaIso(request.expiresAt) };
      } else {
        if (!request.card) throw new ApiError(422, 'payments.error.provider');
        body = {
          ...common,
          token: request.card.token,
          installments: request.card.installments,
          payment_method_id: await cardMethod(request.card.token),
          capture: true,
          binary_mode: false,
        };
      }
      const payment = await call<MpPayment>('POST', '/v1/payments', body, idempotencyKey(`${keyScope}|payment|${request.paymentId}`));
      return result(payment);
    },

    fetchStatus,

    verifyNotification(notification: IncomingNotification): VerifiedNotification | null {
      const signature = pick(notification.headers, 'x-signature');
      const requestId = pick(notification.headers, 'x-request-id');
      const dataId = pick(notification.query, 'data.id');
      if (!signature || !requestId || !dataId || !/^[A-Za-z0-9_-]{1,64}$/.test(dataId)) return null;
      let body: NotificationBody | null = null;
      try {
        const parsed: unknown = notification.rawBody ? JSON.parse(notification.rawBody) : null;
        body = parsed && typeof parsed === 'object' ? (parsed as NotificationBody) : null;
      } catch {
        body = null;
      }
      // Only payments matter: the topic from the query (`type`, or IPN's `topic`), else the body's.
      const type =
        pick(notification.query, 'type') ?? pick(notification.query, 'topic') ?? (typeof body?.type === 'string' ? body.type : undefined);
      if (type !== 'payment') return null;
      // The body is not signed: when it names another payment than the signed query, it was tampered with.
      if (body?.data?.id !== undefined && String(body.data.id) !== dataId) return null;

      let ts: string | undefined;
      let v1: string | undefined;
      for (const part of signature.split(',')) {
        const at = part.indexOf('=');
        if (at < 0) continue;
        const key = part.slice(0, at).trim().toLowerCase();
        const value = part.slice(at + 1).trim();
        if (key === 'ts') ts = value;
        else if (key === 'v1') v1 = value.toLowerCase();
      }
      if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return null;

      // The documented manifest: the query's data.id (lower-cased when alphanumeric), the request id, ts.
      const id = /^[A-Za-z0-9]+$/.test(dataId) ? dataId.toLowerCase() : dataId;
      const manifest = `id:${id};request-id:${requestId};ts:${ts};`;
      const expected = createHmac('sha256', options.webhookSecret).update(manifest).digest();
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return null;

      // ts is in milliseconds in today's deliveries, in seconds in older documentation: both are read.
      const tsMs = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
      if (Math.abs(now() - tsMs) > toleranceMs) return null;
      return { providerRef: dataId, deliveryId: requestId };
    },

    async refund(providerRef: string, amountCents: number): Promise<ChargeResult> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new ApiError(422, 'payments.error.provider');
      await call<unknown>(
        'POST',
        `/v1/payments/${encodeURIComponent(providerRef)}/refunds`,
        { amount: Number(formatCents(amountCents)) },
        idempotencyKey(`${keyScope}|refund|${providerRef}|${amountCents}`),
      );
      return fetchStatus(providerRef);
    },

    // Mercado Pago cancels a pending payment (PIX, boleto) by `PUT /v1/payments/{id}` with status
    // 'cancelled'; one no longer pending answers 400, and its status is then what it is.
    async cancel(providerRef: string): Promise<ChargeResult> {
      try {
        await call<unknown>('PUT', `/v1/payments/${encodeURIComponent(providerRef)}`, { status: 'cancelled' });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
      }
      return fetchStatus(providerRef);
    },
  };
};
