import type { PaymentMethod, PaymentProviderName, PaymentStatus } from '@plataforma/adapter';

/**
 * One interface for every payment provider (decision 045), chosen by PAYMENT_PROVIDER. The
 * orders service never trusts a notification's body: it asks the provider for the charge's
 * status (`fetchStatus`) and moves the order from what that answers.
 */

/** What the orders service asks a provider to charge (amounts in integer cents, BRL). */
export interface ChargeRequest {
  /** The product's payment row id: the provider's external reference / idempotency key. */
  paymentId: number;
  orderId: number;
  orderNumber: string;
  amountCents: number;
  description: string;
  payer: { name: string; email: string; cpf: string | null };
  /** PIX: when the charge stops being payable. */
  expiresAt: Date;
  card?: { token: string; installments: number };
}

/** A charge as the provider reports it. */
export interface ChargeResult {
  /** The provider's id of the charge (stored as the payment's providerRef). */
  providerRef: string;
  status: PaymentStatus;
  /** PIX: the EMV 'copia e cola' payload. */
  pixCode: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** When the provider says it was paid. */
  paidAt: Date | null;
  /**
   * The product's payment id the provider keeps with the charge (its external reference), when it
   * keeps one: how a charge whose answer never arrived (a timeout, a dropped connection) is found
   * again when its notification comes.
   */
  paymentId?: number | null;
}

/** A webhook as received: raw body (for signatures), headers and query. */
export interface IncomingNotification {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
}

/** What a verified notification is about: the charge to fetch again, and the provider's id of the delivery (for idempotency). */
export interface VerifiedNotification {
  providerRef: string;
  deliveryId: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The methods this provider takes (manual-pix: pix only). */
  readonly methods: readonly Exclude<PaymentMethod, 'free'>[];
  /** Creates the charge. Throws ApiError (402/422 with a key) when the provider refuses. */
  charge(request: ChargeRequest, method: Exclude<PaymentMethod, 'free'>): Promise<ChargeResult>;
  /** The charge's current status, asked of the provider itself. */
  fetchStatus(providerRef: string): Promise<ChargeResult>;
  /** Checks a webhook's signature; null when it is not valid (answered 401, nothing changes). */
  verifyNotification(notification: IncomingNotification): VerifiedNotification | null;
  /** Returns a paid charge's money (admin refund); resolves to the refunded status. */
  refund(providerRef: string, amountCents: number): Promise<ChargeResult>;
  /**
   * Cancels a charge still waiting, so it can no longer be paid (issue 47, items 6 and 7: one live
   * charge per order; an erased account's). Resolves to the charge's status after it: 'cancelled',
   * or what it already was (a charge paid meanwhile answers 'approved').
   */
  cancel(providerRef: string): Promise<ChargeResult>;
}
