import { z } from 'zod';
import { CARD_INSTALLMENTS_MAX, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '../constants';
import { listOrder, type OrderFieldOf } from '../list-query';
import { idSchema, isoDateSchema, moneySchema } from './common';

export { orderPaths } from './paths';

/**
 * Commerce on the wire (decision 045). Money is a two-decimal string computed on the server in
 * integer cents from the database (decision 007): a cart sends ids and a coupon code, never
 * amounts. Charges are in reais; the event's exchange rate is for display only.
 */

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/**
 * A cart as the venue keeps it (SPEC §4, `Cart` of the client state): the whole event (`all`)
 * or some of its lectures (`lectureIds`), and an optional coupon code (upper-cased, spaces
 * dropped, before it is looked up).
 */
export const cartInputSchema = z
  .object({
    eventId: idSchema,
    all: z.boolean(),
    lectureIds: z.array(idSchema).max(200).default([]),
    couponCode: z
      .string()
      .transform((code) => code.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().max(40))
      .nullish()
      .transform((code) => code || null),
  })
  .strict()
  .refine((cart) => cart.all || cart.lectureIds.length > 0, { path: ['lectureIds'], message: 'orders.error.emptyCart' });
export type CartInput = z.input<typeof cartInputSchema>;

/** One line of a priced cart or an order: the event's ticket or one lecture. */
export const orderItemSchema = z.object({
  id: idSchema.nullable(),
  kind: z.enum(['event', 'lecture']),
  eventId: idSchema,
  lectureId: idSchema.nullable(),
  description: z.string(),
  /** The list price. */
  price: moneySchema,
  /** Off the list price (the item's own discount, SPEC §3). */
  discount: moneySchema,
  /** price − discount. */
  total: moneySchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * What `POST /orders/quote` answers and an order carries: subtotal = Σ item totals; the
 * coupon's discount never more than the subtotal; total = subtotal − couponDiscount (≥ 0).
 * `installments` is the most card instalments this total may be split in.
 */
export const orderTotalsSchema = z.object({
  subtotal: moneySchema,
  couponDiscount: moneySchema,
  total: moneySchema,
  installments: z.number().int().min(1).max(CARD_INSTALLMENTS_MAX),
});

export const quoteSchema = orderTotalsSchema.extend({
  eventId: idSchema,
  items: z.array(orderItemSchema),
  coupon: z.object({ code: z.string(), value: moneySchema, percent: z.union([z.literal(0), z.literal(1)]) }).nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A charge: for PIX the BR Code (copy-paste text) and when it expires; for card the brand and last digits. */
export const paymentSchema = z.object({
  id: idSchema,
  provider: z.union([paymentProviderSchema, z.literal('free')]),
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  amount: moneySchema,
  installments: z.number().int().min(1),
  /** PIX: the EMV 'copia e cola' payload (the QR code's text). */
  pixCode: z.string().nullable(),
  /** ISO date-time a pending PIX stops being payable. */
  expiresAt: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** One transition of an order, as its history shows it. */
export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  status: orderStatusSchema,
  /** Who made it: the client, a staff user, a provider's notification or the clock. */
  by: z.object({ kind: z.enum(['client', 'user', 'provider', 'system']), id: z.number().int().nullable(), name: z.string().nullable() }),
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** An order as its buyer reads it ('Meus pedidos') and the back office lists it. */
export const orderSchema = orderTotalsSchema.extend({
  id: idSchema,
  /** Shown to people: 'PE-000123'. */
  number: z.string(),
  status: orderStatusSchema,
  method: paymentMethodSchema.nullable(),
  event: z.object({ id: idSchema, name: z.string(), slug: z.string().nullable() }),
  client: z.object({ id: idSchema, name: z.string(), email: z.string() }),
  couponCode: z.string().nullable(),
  items: z.array(orderItemSchema),
  /** Newest last. */
  payments: z.array(paymentSchema),
  history: z.array(orderHistoryEntrySchema),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** A pending order's deadline (its PIX's expiry). */
  expiresAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** Starts paying a pending order: PIX, or card with the token of `sandboxCardToken` (or the provider's own) and instalments. */
export const payInputSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('pix') }).strict(),
  z
    .object({
      method: z.literal('card'),
      cardToken: z.string().min(8).max(200),
      installments: z.number().int().min(1).max(CARD_INSTALLMENTS_MAX),
      /** The holder's CPF, digits only (providers ask for the payer's document). */
      cpf: z.string().regex(/^\d{11}$/),
    })
    .strict(),
]);
export type PayInput = z.infer<typeof payInputSchema>;

/**
 * `GET /payments/config` (decision 052): what the checkout needs before paying — the provider,
 * the methods it takes, and how the browser turns a card into a token: the sandbox's route, or
 * Mercado Pago's `card_tokens` with the seller's public key (the card never reaches our server).
 * `publicKey`/`tokenUrl` are null for any other provider (and for Mercado Pago without a public
 * key: the card is then not offered).
 */
export const paymentConfigSchema = z.object({
  provider: paymentProviderSchema,
  methods: z.array(paymentMethodSchema),
  publicKey: z.string().nullable(),
  tokenUrl: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The sandbox's card form (test numbers only: see decision 045); answers `{ token, brand, last4 }`. */
export const sandboxCardInputSchema = z
  .object({
    number: z
      .string()
      .transform((n) => n.replace(/\D/g, ''))
      .pipe(z.string().regex(/^\d{13,19}$/)),
    holder: z.string().trim().min(2).max(100),
    /** MM/YY */
    expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
    cvv: z.string().regex(/^\d{3,4}$/),
  })
  .strict();
export type SandboxCardInput = z.infer<typeof sandboxCardInputSchema>;
export const sandboxConfirmInputSchema = z.object({ outcome: z.enum(['approved', 'declined']) }).strict();

/** Whether a client may enter a ticket-only event or watch a priced lecture, and why. */
export const accessReasonSchema = z.enum(['free', 'order', 'grant', 'staff']);
export const eventAccessSchema = z.object({ eventId: idSchema, access: z.boolean(), reason: accessReasonSchema.nullable() });
export type EventAccess = z.infer<typeof eventAccessSchema>;
/** `GET /lectures/subscribed/:id`: with access, the lecture's video (its public reads carry none when it has a price). */
export const lectureAccessSchema = z.object({
  lectureId: idSchema,
  access: z.boolean(),
  reason: accessReasonSchema.nullable(),
  videoId: z.string().nullable(),
});
export type LectureAccess = z.infer<typeof lectureAccessSchema>;

/** Admin: a place given to a client (an order paid at zero, logged with who gave it). */
export const grantInputSchema = z.object({ eventId: idSchema, clientId: idSchema, note: z.string().trim().max(500).nullish() }).strict();
/** Admin: refund a paid order, or confirm a manual PIX's receipt; the note goes to the history. */
export const orderActionInputSchema = z.object({ note: z.string().trim().max(500).nullish() }).strict();

/** Lists: newest first unless told; filters `status`, `eventId`, `method`, `from`/`to` (dates). */
export const orderOrder = listOrder(['id', 'createdAt', 'total', 'status'], { field: 'createdAt', direction: 'desc' });
export type OrderOrderField = OrderFieldOf<typeof orderOrder>;
export const orderFiltersSchema = z.object({
  status: orderStatusSchema.optional(),
  eventId: z.coerce.number().int().positive().optional(),
  method: paymentMethodSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
