import crypto from 'node:crypto';
import { ApiError, type PaymentMethod, type PaymentStatus } from '@plataforma/adapter';
import { brCode } from '../brcode';
import type { ChargeRequest, ChargeResult, IncomingNotification, PaymentProvider, VerifiedNotification } from '../provider';

/**
 * The sandbox provider (decision 045): development, tests and demonstrations. It keeps its
 * 'bank' in this process's memory (a restart forgets its charges: pending ones then expire):
 * a PIX is a real BR Code that no bank will pay, confirmed or declined by `decide` (the
 * `/payments/sandbox/:paymentId/confirm` call), which then delivers a signed notification
 * through the same webhook handler a real provider's reaches. Cards are the test numbers
 * below, turned into a token by `tokenize` (the number itself is never kept).
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The test cards: these approve, these decline; any other number is refused as invalid. */
export const SANDBOX_CARDS: Readonly<Record<string, { brand: string; outcome: 'approved' | 'declined' }>> = {
  '4111111111111111': { brand: 'visa', outcome: 'approved' },
  '5555555555554444': { brand: 'mastercard', outcome: 'approved' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
  '5105105105105100': { brand: 'mastercard', outcome: 'declined' },
};

interface Charge {
  ref: string;
  method: Exclude<PaymentMethod, 'free'>;
  amountCents: number;
  status: PaymentStatus;
  pixCode: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  expiresAt: Date;
  paidAt: Date | null;
}

interface CardToken {
  brand: string;
  last4: string;
  outcome: 'approved' | 'declined';
}

export interface SandboxProvider extends PaymentProvider {
  /** A test card's token (400 'payments.error.invalidCard' for any other number). */
  tokenize(number: string): { token: string; brand: string; last4: string };
  /** The 'bank' decides a pending charge; answers the signed notification to deliver (null: no such charge). */
  decide(providerRef: string, outcome: 'approved' | 'declined', now?: Date): IncomingNotification | null;
}

export const createSandboxProvider = (options: {
  secret: string;
  pix: { key: string; merchantName: string; merchantCity: string };
}): SandboxProvider => {
  const charges = new Map<string, Charge>();
  const tokens = new Map<string, CardToken>();
  const key = crypto.createHash('sha256').update(`sandbox-webhook:${options.secret}`).digest();
  const sign = (body: string) => crypto.createHmac('sha256', key).update(body).digest('hex');

  const resultOf = (charge: Charge): ChargeResult => ({
    providerRef: charge.ref,
    status: charge.status,
    pixCode: charge.pixCode,
    cardBrand: charge.cardBrand,
    cardLast4: charge.cardLast4,
    paidAt: charge.paidAt,
  });
  const find = (ref: string): Charge => {
    const charge = charges.get(ref);
    if (!charge) throw new ApiError(502, 'payments.error.unavailable');
    return charge;
  };

  return {
    name: 'sandbox',
    methods: ['pix', 'card'],

    async charge(request: ChargeRequest, method) {
      const ref = `sbx_${request.paymentId}_${crypto.randomBytes(6).toString('hex')}`;
      const charge: Charge = {
        ref,
        method,
        amountCents: request.amountCents,
        status: 'pending',
        pixCode: null,
        cardBrand: null,
        cardLast4: null,
        expiresAt: request.expiresAt,
        paidAt: null,
      };
      if (method === 'pix') {
        charge.pixCode = brCode({
          key: options.pix.key || 'sandbox@plataforma.invalid',
          merchantName: options.pix.merchantName,
          merchantCity: options.pix.merchantCity,
          amountCents: request.amountCents,
          txid: `${request.orderNumber}P${request.paymentId}`,
        });
      } else {
        const card = request.card ? tokens.get(request.card.token) : undefined;
        if (!card) throw new ApiError(400, 'payments.error.invalidCard');
        charge.cardBrand = card.brand;
        charge.cardLast4 = card.last4;
        charge.status = card.outcome;
        if (card.outcome === 'approved') charge.paidAt = new Date();
      }
      charges.set(ref, charge);
      return resultOf(charge);
    },

    async fetchStatus(providerRef) {
      const charge = find(providerRef);
      if (charge.status === 'pending' && charge.expiresAt.getTime() <= Date.now()) charge.status = 'expired';
      return resultOf(charge);
    },

    verifyNotification(notification: IncomingNotification): VerifiedNotification | null {
      const header = notification.headers[SANDBOX_SIGNATURE_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
      const expected = sign(notification.rawBody);
      if (!crypto.timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) return null;
      try {
        const body = JSON.parse(notification.rawBody) as { id?: unknown; data?: { id?: unknown } };
        if (typeof body.id !== 'string' || typeof body.data?.id !== 'string') return null;
        return { providerRef: body.data.id, deliveryId: body.id };
      } catch {
        return null;
      }
    },

    async refund(providerRef) {
      const charge = find(providerRef);
      if (charge.status === 'approved') charge.status = 'refunded';
      return resultOf(charge);
    },

    async cancel(providerRef) {
      const charge = find(providerRef);
      if (charge.status === 'pending') charge.status = 'cancelled';
      return resultOf(charge);
    },

    tokenize(number) {
      const card = SANDBOX_CARDS[number];
      if (!card) throw new ApiError(400, 'payments.error.invalidCard');
      const token = `sbxcard_${crypto.randomBytes(16).toString('hex')}`;
      tokens.set(token, { brand: card.brand, last4: number.slice(-4), outcome: card.outcome });
      return { token, brand: card.brand, last4: number.slice(-4) };
    },

    decide(providerRef, outcome, now = new Date()) {
      const charge = charges.get(providerRef);
      if (!charge) return null;
      if (charge.status === 'pending') {
        if (charge.expiresAt.getTime() <= now.getTime()) charge.status = 'expired';
        else {
          charge.status = outcome;
          if (outcome === 'approved') charge.paidAt = now;
        }
      }
      const rawBody = JSON.stringify({ id: `dlv_${crypto.randomBytes(8).toString('hex')}`, type: 'payment', data: { id: providerRef } });
      return { rawBody, headers: { [SANDBOX_SIGNATURE_HEADER]: sign(rawBody), 'content-type': 'application/json' }, query: {} };
    },
  };
};
