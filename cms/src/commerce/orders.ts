import type { Core } from '@strapi/strapi';
import {
  ApiError,
  formatCents,
  toCents,
  type CartInput,
  type Order,
  type OrderHistoryEntry,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type PayInput,
} from '@plataforma/adapter';
import { logActivity } from '../activity/log';
import { tellOrder } from '../email/order-emails';
import { isoString } from '../lib/wire';
import { settings } from '../lib/settings';
import {
  priceCart,
  type CartRequest,
  type Owned,
  type PricedCart,
  type PricedCoupon,
  type PricedEvent,
  type PricedLecture,
} from './pricing';
import { canMove, chargeMoves, couponEffect } from './moves';
import type { ChargeResult, IncomingNotification, PaymentProvider } from './provider';
import { paymentProvider, providerNamed } from './providers/registry';

/**
 * Orders and payments (decision 045). Every move of an order is one conditional UPDATE
 * (`… where id = ? and status = <from>`): of two requests making the same move only one
 * changes a row, and only that one writes the history, moves the coupon and logs. A coupon
 * is reserved with one statement when the order is made (`reserved + 1 where amount −
 * reserved > 0`), spent when it is paid, released when it fails, expires or is cancelled.
 */

export const UID = {
  order: 'api::order.order',
  item: 'api::order-item.order-item',
  payment: 'api::payment.payment',
  coupon: 'api::coupon.coupon',
  event: 'api::event.event',
  lecture: 'api::lecture.lecture',
  client: 'api::client.client',
} as const;

type Uid = (typeof UID)[keyof typeof UID];
const q = (strapi: Core.Strapi, uid: Uid) => strapi.db.query(uid);

/** Who made a move, as the history and the activity log record it. */
export interface Actor {
  kind: OrderHistoryEntry['by']['kind'];
  id: number | null;
  name: string | null;
  email?: string | null;
}
export const SYSTEM: Actor = { kind: 'system', id: null, name: null };
const providerActor = (name: string): Actor => ({ kind: 'provider', id: null, name });

export const orderNumber = (id: number): string => `PE-${String(id).padStart(6, '0')}`;

const STATUS_PT: Record<OrderStatus, string> = {
  pending: 'criado (aguardando pagamento)',
  paid: 'pago',
  failed: 'recusado',
  expired: 'expirado',
  cancelled: 'cancelado',
  refunded: 'reembolsado',
};

// ---------------------------------------------------------------------------------------------
// Rows and the wire

type Money = number | string | null;
interface ItemRow {
  id: number;
  description: string | null;
  price: Money;
  discount: Money;
  event?: { id: number } | null;
  lecture?: { id: number } | null;
}
interface PaymentRow {
  id: number;
  provider: string | null;
  providerRef: string | null;
  method: PaymentMethod | null;
  status: PaymentStatus;
  amount: Money;
  installments: number | null;
  pixCode: string | null;
  expiresAt: string | Date | null;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: string | Date | null;
  createdAt: string | Date;
  deliveries?: unknown;
  order?: { id: number } | null;
}
export interface OrderRow {
  id: number;
  status: OrderStatus;
  method: PaymentMethod | null;
  subtotal: Money;
  discount: Money;
  total: Money;
  installments: number | null;
  couponCode: string | null;
  history: unknown;
  paidAt: string | Date | null;
  expiresAt: string | Date | null;
  createdAt: string | Date;
  client?: { id: number; name: string; email: string } | null;
  event?: { id: number; name: string; slug: string | null } | null;
  coupon?: { id: number } | null;
  items?: ItemRow[];
  payments?: PaymentRow[];
}

const PAYMENT_COLUMNS = [
  'id',
  'provider',
  'providerRef',
  'method',
  'status',
  'amount',
  'installments',
  'pixCode',
  'expiresAt',
  'cardBrand',
  'cardLast4',
  'paidAt',
  'createdAt',
];
export const ORDER_COLUMNS = [
  'id',
  'status',
  'method',
  'subtotal',
  'discount',
  'total',
  'installments',
  'couponCode',
  'history',
  'paidAt',
  'expiresAt',
  'createdAt',
];
export const ORDER_POPULATE = {
  client: { select: ['id', 'name', 'email'] },
  event: { select: ['id', 'name', 'slug'] },
  coupon: { select: ['id'] },
  items: {
    select: ['id', 'description', 'price', 'discount'],
    populate: { event: { select: ['id'] }, lecture: { select: ['id'] } },
    orderBy: { id: 'asc' },
  },
  payments: { select: PAYMENT_COLUMNS, orderBy: { id: 'asc' } },
};

const isoOrNull = (value: string | Date | null | undefined): string | null => (value ? isoString(value) : null);

/** A JSON column: an array, or its text where a driver hands JSON back unparsed. */
const jsonArray = <T>(value: unknown): T[] => {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  }
  return [];
};

const paymentToWire = (row: PaymentRow): Order['payments'][number] => ({
  id: row.id,
  provider: (row.provider ?? 'free') as Order['payments'][number]['provider'],
  method: row.method ?? 'free',
  status: row.status,
  amount: formatCents(toCents(row.amount)),
  installments: Math.max(1, row.installments ?? 1),
  pixCode: row.pixCode ?? null,
  expiresAt: isoOrNull(row.expiresAt),
  cardBrand: row.cardBrand ?? null,
  cardLast4: row.cardLast4 ?? null,
  paidAt: isoOrNull(row.paidAt),
  createdAt: isoString(row.createdAt),
});

export const orderToWire = (row: OrderRow): Order => {
  const eventId = row.event?.id ?? 0;
  return {
    id: row.id,
    number: orderNumber(row.id),
    status: row.status,
    method: row.method ?? null,
    event: { id: eventId, name: row.event?.name ?? '', slug: row.event?.slug ?? null },
    client: { id: row.client?.id ?? 0, name: row.client?.name ?? '', email: row.client?.email ?? '' },
    couponCode: row.couponCode ?? null,
    items: (row.items ?? []).map((item) => {
      const price = toCents(item.price);
      const discount = toCents(item.discount);
      return {
        id: item.id,
        kind: item.lecture ? ('lecture' as const) : ('event' as const),
        eventId: item.event?.id ?? eventId,
        lectureId: item.lecture?.id ?? null,
        description: item.description ?? '',
        price: formatCents(price),
        discount: formatCents(discount),
        total: formatCents(price - discount),
      };
    }),
    payments: (row.payments ?? []).map(paymentToWire),
    history: jsonArray<OrderHistoryEntry>(row.history),
    subtotal: formatCents(toCents(row.subtotal)),
    couponDiscount: formatCents(toCents(row.discount)),
    total: formatCents(toCents(row.total)),
    installments: Math.min(12, Math.max(1, row.installments ?? 1)),
    createdAt: isoString(row.createdAt),
    paidAt: isoOrNull(row.paidAt),
    expiresAt: isoOrNull(row.expiresAt),
  };
};

/** One order with its items, payments and history (after the expiry check); null when none. */
export const readOrder = async (strapi: Core.Strapi, id: number, clientId?: number): Promise<OrderRow | null> => {
  const where = clientId ? { id, client: { id: clientId } } : { id };
  let row = (await q(strapi, UID.order).findOne({ where, select: ORDER_COLUMNS, populate: ORDER_POPULATE })) as OrderRow | null;
  if (row && row.status === 'pending' && row.expiresAt && new Date(row.expiresAt).getTime() <= Date.now()) {
    await expireOrder(strapi, row.id);
    row = (await q(strapi, UID.order).findOne({ where, select: ORDER_COLUMNS, populate: ORDER_POPULATE })) as OrderRow | null;
  }
  return row;
};

// ---------------------------------------------------------------------------------------------
// Coupons: one statement each

const couponColumns = (strapi: Core.Strapi) => {
  const meta = strapi.db.metadata.get(UID.coupon);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string } | undefined)?.columnName ?? attribute;
  return { table: meta.tableName, amount: column('amount'), reserved: column('reserved') };
};

/** Holds one use of a coupon for a pending order; false when none is left. */
export const reserveCoupon = async (strapi: Core.Strapi, id: number): Promise<boolean> => {
  const { table, amount, reserved } = couponColumns(strapi);
  const knex = strapi.db.connection;
  const count = await knex(table)
    .where({ id })
    .whereRaw('coalesce(??, 0) - coalesce(??, 0) > 0', [amount, reserved])
    .update({ [reserved]: knex.raw('coalesce(??, 0) + 1', [reserved]) });
  return Number(count) > 0;
};

/** A reserved use becomes a spent one (the order was paid). */
const spendCoupon = async (strapi: Core.Strapi, id: number): Promise<void> => {
  const { table, amount, reserved } = couponColumns(strapi);
  const knex = strapi.db.connection;
  await knex(table)
    .where({ id })
    .where(reserved, '>', 0)
    .where(amount, '>', 0)
    .update({ [amount]: knex.raw('?? - 1', [amount]), [reserved]: knex.raw('?? - 1', [reserved]) });
};

/** A reserved use is given back (the order failed, expired or was cancelled). */
export const releaseCoupon = async (strapi: Core.Strapi, id: number): Promise<void> => {
  const { table, reserved } = couponColumns(strapi);
  const knex = strapi.db.connection;
  await knex(table)
    .where({ id })
    .where(reserved, '>', 0)
    .update({ [reserved]: knex.raw('?? - 1', [reserved]) });
};

// ---------------------------------------------------------------------------------------------
// Transitions

const ACTIONS: Record<OrderStatus, string> = {
  pending: 'orders.create',
  paid: 'orders.paid',
  failed: 'orders.failed',
  expired: 'orders.expired',
  cancelled: 'orders.cancelled',
  refunded: 'orders.refunded',
};

const whoText = (actor: Actor): string => {
  switch (actor.kind) {
    case 'client':
      return `pelo cliente ${actor.name ?? actor.id ?? ''}`.trim();
    case 'user':
      return `por ${actor.name ?? `usuário ${actor.id}`}`;
    case 'provider':
      return `pelo provedor de pagamento ${actor.name ?? ''}`.trim();
    default:
      return 'pelo sistema';
  }
};

const logMove = (strapi: Core.Strapi, id: number, status: OrderStatus, actor: Actor, note: string | null) =>
  logActivity(strapi, {
    action: ACTIONS[status],
    description: `Pedido ${orderNumber(id)} ${STATUS_PT[status]} ${whoText(actor)}${note ? `: ${note}` : ''}.`,
    actor:
      actor.kind === 'user' || actor.kind === 'client'
        ? { id: actor.id ?? undefined, name: actor.name, email: actor.email ?? null, staff: actor.kind === 'user' }
        : null,
  });

const entry = (status: OrderStatus, actor: Actor, note: string | null, at = new Date()): OrderHistoryEntry => ({
  at: at.toISOString(),
  status,
  by: { kind: actor.kind, id: actor.id, name: actor.name },
  note,
});

/**
 * Moves an order from one state to another with one conditional UPDATE; true when this call
 * made the move (then the history, the coupon and the log follow), false when the order was
 * not in `from` (another request moved it first, or it never was).
 */
export const transition = async (
  strapi: Core.Strapi,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  actor: Actor,
  options: { note?: string | null; data?: Record<string, unknown>; where?: Record<string, unknown> } = {},
): Promise<boolean> => {
  if (!canMove(from, to)) throw new Error(`An order does not move from ${from} to ${to}`);
  const now = new Date();
  const { count } = (await q(strapi, UID.order).updateMany({
    where: { id, status: from, ...(options.where ?? {}) },
    data: { status: to, ...(to === 'paid' ? { paidAt: now } : {}), ...(options.data ?? {}) },
  })) as { count: number };
  if (count === 0) return false;
  const row = (await q(strapi, UID.order).findOne({
    where: { id },
    select: ['id', 'history'],
    populate: { coupon: { select: ['id'] } },
  })) as {
    history: unknown;
    coupon?: { id: number } | null;
  };
  const note = options.note ?? null;
  await q(strapi, UID.order).update({
    where: { id },
    data: { history: [...jsonArray<OrderHistoryEntry>(row.history), entry(to, actor, note, now)] },
  });
  const effect = couponEffect(from, to);
  if (row.coupon && effect === 'spend') await spendCoupon(strapi, row.coupon.id);
  if (row.coupon && effect === 'release') await releaseCoupon(strapi, row.coupon.id);
  if (from === 'pending' && to !== 'paid') {
    // The order's charges still waiting go with it.
    const status: PaymentStatus = to === 'expired' ? 'expired' : 'cancelled';
    const waiting = (await q(strapi, UID.payment).findMany({ where: { order: { id }, status: 'pending' }, select: ['id'] })) as Array<{
      id: number;
    }>;
    if (waiting.length > 0)
      await q(strapi, UID.payment).updateMany({
        where: { id: { $in: waiting.map((row) => row.id) }, status: 'pending' },
        data: { status },
      });
  }
  await logMove(strapi, id, to, actor, note);
  // The client's e-mail of the move (decision 109): only the call that made the move gets here, once.
  if (to === 'paid' || to === 'expired' || to === 'refunded') await tellOrder(strapi, id, to);
  return true;
};

/** Expires a pending order whose deadline passed (releasing its coupon); true when it did. */
export const expireOrder = (strapi: Core.Strapi, id: number, now = new Date()): Promise<boolean> =>
  transition(strapi, id, 'pending', 'expired', SYSTEM, { where: { expiresAt: { $lte: now } } });

/** Expires every pending order past its deadline (the sweeper's round); answers how many. */
export const sweepExpired = async (strapi: Core.Strapi, now = new Date()): Promise<number> => {
  const rows = (await q(strapi, UID.order).findMany({
    where: { status: 'pending', expiresAt: { $lte: now } },
    select: ['id'],
    limit: 500,
  })) as Array<{ id: number }>;
  let expired = 0;
  for (const row of rows) if (await expireOrder(strapi, row.id, now)) expired += 1;
  return expired;
};

// ---------------------------------------------------------------------------------------------
// Pricing from the database

interface EventRow extends PricedEvent {
  published: boolean | number | null;
  ticketOnly: boolean | number | null;
}
const EVENT_PRICE_COLUMNS = ['id', 'name', 'value', 'discount', 'installments', 'timezone', 'published', 'ticketOnly'];

const publishedEvent = async (strapi: Core.Strapi, id: number): Promise<EventRow> => {
  const row = (await q(strapi, UID.event).findOne({ where: { id, published: true }, select: EVENT_PRICE_COLUMNS })) as EventRow | null;
  if (!row) throw new ApiError(404, 'api.error.eventNotFound');
  return row;
};

/** What a client holds of an event through paid orders: the whole event (bought or granted) and lectures. */
export const ownedOf = async (strapi: Core.Strapi, clientId: number, eventId: number): Promise<Owned & { grant: boolean }> => {
  const orders = (await q(strapi, UID.order).findMany({
    where: { client: { id: clientId }, event: { id: eventId }, status: 'paid' },
    select: ['id', 'history'],
    populate: { items: { select: ['id'], populate: { lecture: { select: ['id'] } } } },
    limit: 1000,
  })) as Array<{ id: number; history: unknown; items?: Array<{ lecture?: { id: number } | null }> }>;
  let event = false;
  let grant = false;
  const lectureIds: number[] = [];
  for (const order of orders) {
    for (const item of order.items ?? []) {
      if (item.lecture) lectureIds.push(item.lecture.id);
      else {
        event = true;
        if (jsonArray<OrderHistoryEntry>(order.history)[0]?.by.kind === 'user') grant = true;
      }
    }
  }
  return { event, grant, lectureIds };
};

const toCart = (cart: CartInput): CartRequest => ({
  eventId: cart.eventId,
  all: cart.all,
  lectureIds: cart.lectureIds ?? [],
  couponCode: cart.couponCode ?? null,
});

/** A cart priced from the database for a client (null: a visitor, nothing owned). */
export const priceFor = async (strapi: Core.Strapi, clientId: number | null, input: CartInput, now = new Date()): Promise<PricedCart> => {
  const cart = toCart(input);
  const event = await publishedEvent(strapi, cart.eventId);
  const lectures = cart.all
    ? []
    : (
        (await q(strapi, UID.lecture).findMany({
          where: { id: { $in: [...new Set(cart.lectureIds)] } },
          select: ['id', 'name', 'value', 'discount'],
          populate: { room: { select: ['id'], populate: { event: { select: ['id'] } } } },
        })) as Array<{ id: number; name: string; value: Money; discount: Money; room?: { event?: { id: number } | null } | null }>
      ).map((row): PricedLecture => ({
        id: row.id,
        name: row.name,
        value: row.value,
        discount: row.discount,
        eventId: row.room?.event?.id ?? null,
      }));
  const owned = clientId ? await ownedOf(strapi, clientId, event.id) : { event: false, lectureIds: [] };
  let coupon: PricedCoupon | null = null;
  if (cart.couponCode) {
    const row = (await q(strapi, UID.coupon).findOne({
      where: { code: { $eqi: cart.couponCode } },
      select: ['id', 'code', 'value', 'percent', 'amount', 'reserved', 'expiresAt'],
      populate: { event: { select: ['id'] } },
    })) as (Omit<PricedCoupon, 'eventId'> & { event?: { id: number } | null }) | null;
    if (row) coupon = { ...row, expiresAt: row.expiresAt ? String(row.expiresAt).slice(0, 10) : null, eventId: row.event?.id ?? null };
  }
  return priceCart(cart, event, lectures, owned, coupon, now);
};

// ---------------------------------------------------------------------------------------------
// Orders

export interface Buyer {
  id: number;
  name: string;
  email: string;
}
const clientActor = (buyer: Buyer): Actor => ({ kind: 'client', id: buyer.id, name: buyer.name, email: buyer.email });
const minutesFromNow = (minutes: number, from = new Date()) => new Date(from.getTime() + minutes * 60_000);

/** Settles an order of total zero at once: a free payment, then pending → paid. */
const settleFree = async (strapi: Core.Strapi, orderId: number, actor: Actor, note: string | null, providerRef: string) => {
  const now = new Date();
  // The row and its order link in one transaction (issue 47, item 9): Strapi's create writes them apart.
  await strapi.db.transaction(() =>
    q(strapi, UID.payment).create({
      data: { order: orderId, provider: 'free', providerRef, method: 'free', status: 'approved', amount: 0, installments: 1, paidAt: now },
    }),
  );
  await transition(strapi, orderId, 'pending', 'paid', actor, { note, data: { method: 'free' } });
};

/**
 * Creates a pending order from a cart priced on the server (its coupon reserved first, in one
 * statement); an order of total zero is paid at once (method 'free').
 */
export const createOrder = async (strapi: Core.Strapi, buyer: Buyer, input: CartInput): Promise<number> => {
  const priced = await priceFor(strapi, buyer.id, input);
  if (priced.couponId !== null && !(await reserveCoupon(strapi, priced.couponId))) throw new ApiError(422, 'coupons.error.exhausted');
  const actor = clientActor(buyer);
  let orderId: number;
  try {
    orderId = await strapi.db.transaction(async () => {
      const row = (await q(strapi, UID.order).create({
        data: {
          client: buyer.id,
          event: priced.eventId,
          coupon: priced.couponId,
          couponCode: priced.couponCode,
          status: 'pending',
          subtotal: formatCents(priced.subtotalCents),
          discount: formatCents(priced.couponDiscountCents),
          total: formatCents(priced.totalCents),
          installments: priced.installments,
          history: [entry('pending', actor, null)],
          expiresAt: minutesFromNow(settings().payments.pixExpiresMinutes),
        },
        select: ['id'],
      })) as { id: number };
      for (const line of priced.lines)
        await q(strapi, UID.item).create({
          data: {
            order: row.id,
            event: line.eventId,
            lecture: line.lectureId,
            description: line.description.slice(0, 300),
            price: formatCents(line.priceCents),
            discount: formatCents(line.discountCents),
            quantity: 1,
          },
        });
      return row.id;
    });
  } catch (error) {
    if (priced.couponId !== null) await releaseCoupon(strapi, priced.couponId);
    throw error;
  }
  await logMove(strapi, orderId, 'pending', actor, null);
  if (priced.totalCents === 0) await settleFree(strapi, orderId, actor, null, 'zero-total');
  return orderId;
};

/** A staff grant: an order of the whole event paid at zero for a client (its history says who gave it). */
export const grantOrder = async (
  strapi: Core.Strapi,
  staff: Actor,
  eventId: number,
  clientId: number,
  note: string | null,
): Promise<number> => {
  const event = (await q(strapi, UID.event).findOne({ where: { id: eventId }, select: ['id', 'name'] })) as {
    id: number;
    name: string;
  } | null;
  if (!event) throw new ApiError(404, 'api.error.eventNotFound');
  if ((await q(strapi, UID.client).count({ where: { id: clientId, erasedAt: { $null: true } } })) === 0)
    throw new ApiError(404, 'api.error.notFound');
  if ((await ownedOf(strapi, clientId, eventId)).event) throw new ApiError(409, 'orders.error.alreadyOwned');
  const orderId = await strapi.db.transaction(async () => {
    const row = (await q(strapi, UID.order).create({
      data: {
        client: clientId,
        event: eventId,
        status: 'pending',
        subtotal: 0,
        discount: 0,
        total: 0,
        installments: 1,
        history: [entry('pending', staff, note)],
      },
      select: ['id'],
    })) as { id: number };
    await q(strapi, UID.item).create({
      data: { order: row.id, event: eventId, description: event.name.slice(0, 300), price: 0, discount: 0, quantity: 1 },
    });
    return row.id;
  });
  await logMove(strapi, orderId, 'pending', staff, note);
  await settleFree(strapi, orderId, staff, note, 'grant');
  return orderId;
};

const ownPending = async (strapi: Core.Strapi, buyer: Buyer, id: number): Promise<OrderRow> => {
  const row = await readOrder(strapi, id, buyer.id);
  if (!row) throw new ApiError(404, 'orders.error.notFound');
  if (row.status !== 'pending') throw new ApiError(409, 'orders.error.notPending');
  return row;
};

/** The client gives up a pending order (its coupon released). */
export const cancelOrder = async (strapi: Core.Strapi, buyer: Buyer, id: number): Promise<void> => {
  await ownPending(strapi, buyer, id);
  // Its charges can no longer be paid (at the provider too); one paid meanwhile pays the order instead.
  await cancelOtherCharges(strapi, id, null);
  if (!(await transition(strapi, id, 'pending', 'cancelled', clientActor(buyer)))) throw new ApiError(409, 'orders.error.notPending');
};

/**
 * Applies a charge's status, as the provider answered it, to its payment and order:
 * approved pays the order; declined, expired or cancelled (while pending) fails, expires or
 * cancels it unless another charge of it is still waiting; refunded or cancelled after it was
 * approved (a chargeback) refunds the order, and with it the access it gave. Each step is a
 * conditional update, so a repeated or late status changes nothing: 'pending' after
 * 'approved' is ignored.
 */
export const applyChargeResult = async (
  strapi: Core.Strapi,
  payment: PaymentRow & { order: { id: number } },
  result: ChargeResult,
  actor: Actor,
) => {
  const orderId = payment.order.id;
  const move = async (from: PaymentStatus, to: PaymentStatus, data: Record<string, unknown> = {}) =>
    (
      (await q(strapi, UID.payment).updateMany({ where: { id: payment.id, status: from }, data: { status: to, ...data } })) as {
        count: number;
      }
    ).count > 0;
  const card = {
    ...(result.cardBrand ? { cardBrand: result.cardBrand } : {}),
    ...(result.cardLast4 ? { cardLast4: result.cardLast4 } : {}),
  };
  for (const step of chargeMoves(result.status)) {
    const [from, to] = step.payment;
    const data = to === 'approved' ? { paidAt: result.paidAt ?? new Date(), ...card } : from === 'pending' ? card : {};
    if (!(await move(from, to, data))) continue;
    if (step.unlessOthersWait && (await q(strapi, UID.payment).count({ where: { order: { id: orderId }, status: 'pending' } })) > 0) return;
    const [orderFrom, orderTo] = step.order;
    const moved = await transition(strapi, orderId, orderFrom, orderTo, actor, {
      note: step.note ?? null,
      ...(orderTo === 'paid' ? { data: { method: payment.method } } : {}),
    });
    // Paid: the order's other charges still waiting can no longer be paid (issue 47, item 6).
    if (moved && orderTo === 'paid') await cancelOtherCharges(strapi, orderId, payment.id);
    if (!moved && orderTo === 'paid') {
      // This charge was approved when the order no longer waited: a late one (the order expired
      // or was cancelled) or a second one (another charge paid it). The money came in and goes back
      // by itself (issue 47, item 6); when the provider cannot refund it now, staff are told to.
      const order = (await q(strapi, UID.order).findOne({ where: { id: orderId }, select: ['status'] })) as { status: OrderStatus };
      const why =
        order.status === 'paid'
          ? `aprovado com o pedido já pago por outro pagamento (cobrança em dobro)`
          : `aprovado com o pedido ${STATUS_PT[order.status]}`;
      const refunded = await refundCharge(strapi, payment, result);
      await logActivity(strapi, {
        action: 'orders.latePayment',
        description: refunded
          ? `Pagamento ${payment.id} do pedido ${orderNumber(orderId)} ${why}: reembolsado automaticamente.`
          : `Pagamento ${payment.id} do pedido ${orderNumber(orderId)} ${why}: conferir e reembolsar.`,
      });
    }
    return;
  }
};

/**
 * Cancels an order's charges still waiting, at their provider and here, but `keep` (the newest, when
 * a new charge replaces them). A charge its provider says was paid meanwhile is applied as paid (a
 * late or double payment is then refunded by `applyChargeResult`); one the provider cannot be asked
 * about now stays pending and is logged, to be looked at.
 */
const cancelOtherCharges = async (strapi: Core.Strapi, orderId: number, keep: number | null): Promise<void> => {
  const waiting = (await q(strapi, UID.payment).findMany({
    where: { order: { id: orderId }, status: 'pending', ...(keep === null ? {} : { id: { $ne: keep } }) },
    select: PAYMENT_COLUMNS,
  })) as PaymentRow[];
  for (const payment of waiting) {
    const provider = payment.provider ? providerNamed(payment.provider) : null;
    let result: ChargeResult | null = null;
    try {
      result = provider && payment.providerRef ? await provider.cancel(payment.providerRef) : null;
    } catch (error) {
      strapi.log.warn(`[orders] cancelling payment ${payment.id}: ${(error as Error).message}`);
      await logActivity(strapi, {
        action: 'orders.chargeNotCancelled',
        description: `Pagamento ${payment.id} do pedido ${orderNumber(orderId)} não pôde ser cancelado no provedor: conferir.`,
      });
      continue;
    }
    if (result && result.status === 'approved') {
      await applyChargeResult(strapi, { ...payment, order: { id: orderId } }, result, providerActor(payment.provider ?? 'provider'));
      continue;
    }
    await q(strapi, UID.payment).updateMany({ where: { id: payment.id, status: 'pending' }, data: { status: 'cancelled' } });
  }
};

/**
 * An account's pending orders end with it (issue 47, item 7: an erased account's PIX must not stay
 * payable): their charges cancelled at the provider, the orders cancelled (their coupons released).
 */
export const cancelPendingOrdersOf = async (strapi: Core.Strapi, clientId: number, actor: Actor): Promise<number> => {
  const pending = (await q(strapi, UID.order).findMany({
    where: { client: { id: clientId }, status: 'pending' },
    select: ['id'],
  })) as Array<{ id: number }>;
  let cancelled = 0;
  for (const { id } of pending) {
    await cancelOtherCharges(strapi, id, null);
    if (await transition(strapi, id, 'pending', 'cancelled', actor, { note: 'Conta excluída a pedido do titular.' })) cancelled += 1;
  }
  return cancelled;
};

/** Returns one approved charge's money at its provider and marks it refunded; false when the provider could not. */
const refundCharge = async (strapi: Core.Strapi, payment: PaymentRow, result: ChargeResult): Promise<boolean> => {
  const provider = payment.provider ? providerNamed(payment.provider) : null;
  const ref = result.providerRef || payment.providerRef;
  if (!provider || !ref || payment.provider === 'free' || payment.provider === 'manual-pix') return false;
  try {
    await provider.refund(ref, toCents(payment.amount));
  } catch (error) {
    strapi.log.warn(`[orders] refunding payment ${payment.id}: ${(error as Error).message}`);
    return false;
  }
  await q(strapi, UID.payment).updateMany({ where: { id: payment.id, status: 'approved' }, data: { status: 'refunded' } });
  return true;
};

/** Starts paying a pending order: PIX (a code valid PIX_EXPIRES_MINUTES) or card (token and instalments). */
export const payOrder = async (strapi: Core.Strapi, buyer: Buyer, id: number, input: PayInput): Promise<void> => {
  const order = await ownPending(strapi, buyer, id);
  const provider = paymentProvider();
  if (!provider.methods.includes(input.method)) throw new ApiError(422, 'orders.error.methodUnavailable');
  const installments = input.method === 'card' ? input.installments : 1;
  if (installments > Math.max(1, order.installments ?? 1)) throw new ApiError(400, 'api.error.invalidBody');
  const amountCents = toCents(order.total);
  const expiresAt = minutesFromNow(settings().payments.pixExpiresMinutes);
  // The row and its order link in one transaction (issue 47, item 9): Strapi's create writes them apart,
  // and a crash between the two left a payment of no order.
  const payment = (await strapi.db.transaction(() =>
    q(strapi, UID.payment).create({
      data: {
        order: id,
        provider: provider.name,
        method: input.method,
        status: 'pending',
        amount: formatCents(amountCents),
        installments,
        expiresAt,
      },
      select: ['id'],
    }),
  )) as { id: number };
  const client = (await q(strapi, UID.client).findOne({ where: { id: buyer.id }, select: ['cpf'] })) as { cpf: string | null } | null;
  let result: ChargeResult;
  try {
    result = await provider.charge(
      {
        paymentId: payment.id,
        orderId: id,
        orderNumber: orderNumber(id),
        amountCents,
        description: `${orderNumber(id)} ${order.event?.name ?? ''}`.trim(),
        payer: {
          name: buyer.name,
          email: buyer.email,
          cpf: input.method === 'card' ? input.cpf : (client?.cpf?.replace(/\D/g, '') ?? null),
        },
        expiresAt,
        ...(input.method === 'card' ? { card: { token: input.cardToken, installments } } : {}),
      },
      input.method,
    );
  } catch (error) {
    await q(strapi, UID.payment).update({ where: { id: payment.id }, data: { status: 'cancelled' } });
    throw error instanceof ApiError ? error : new ApiError(502, 'payments.error.unavailable');
  }
  await q(strapi, UID.payment).update({
    where: { id: payment.id },
    data: { providerRef: result.providerRef, pixCode: result.pixCode, cardBrand: result.cardBrand, cardLast4: result.cardLast4 },
  });
  // A PIX to pay: its code, QR and expiry by e-mail (decision 109), before a quick approval's receipt.
  if (input.method === 'pix' && result.pixCode) await tellOrder(strapi, id, 'created', payment.id);
  // The order waits as long as its newest charge.
  await q(strapi, UID.order).updateMany({ where: { id, status: 'pending' }, data: { method: input.method, expiresAt } });
  // One live charge per order (issue 47, item 6): the older ones still waiting are cancelled, at the provider too.
  await cancelOtherCharges(strapi, id, payment.id);
  const row = (await q(strapi, UID.payment).findOne({
    where: { id: payment.id },
    select: PAYMENT_COLUMNS,
    populate: { order: { select: ['id'] } },
  })) as PaymentRow & {
    order: { id: number };
  };
  await applyChargeResult(strapi, row, result, providerActor(provider.name));
};

/**
 * A provider's notification (`POST /payments/webhook/:provider`): its signature checked (401
 * otherwise), then the charge's status asked of the provider itself and applied. A delivery
 * seen before changes nothing; neither does one about a charge that is not ours.
 */
export const handleNotification = async (strapi: Core.Strapi, name: string, notification: IncomingNotification): Promise<void> => {
  const provider: PaymentProvider | null = providerNamed(name);
  if (!provider) throw new ApiError(404, 'api.error.routeNotFound');
  const verified = provider.verifyNotification(notification);
  if (!verified) throw new ApiError(401, 'payments.error.invalidSignature');
  const find = async () =>
    (await q(strapi, UID.payment).findOne({
      where: { provider: provider.name, providerRef: verified.providerRef },
      select: [...PAYMENT_COLUMNS, 'deliveries'],
      populate: { order: { select: ['id'] } },
    })) as (PaymentRow & { order: { id: number } | null }) | null;
  let payment = await find();
  let result: ChargeResult | null = null;
  if (!payment) {
    // Not a charge we know by the provider's id: perhaps one whose answer never reached us (a
    // timeout, a dropped connection), whose row was given up without that id. The provider keeps
    // our payment id with the charge; such a row takes the charge back and moves on from it.
    try {
      result = await provider.fetchStatus(verified.providerRef);
    } catch (error) {
      // The provider does not know it either (a 4xx): not a charge of ours. Its trouble (5xx) is answered as such, to be delivered again.
      if (error instanceof ApiError && error.status < 500) return;
      throw error;
    }
    if (!result.paymentId) return;
    const adopted = (await q(strapi, UID.payment).updateMany({
      where: { id: result.paymentId, provider: provider.name, providerRef: { $null: true }, status: 'cancelled' },
      data: { providerRef: verified.providerRef, status: 'pending' },
    })) as { count: number };
    if (adopted.count === 0) return;
    payment = await find();
    if (!payment) return;
  }
  if (!payment.order) return;
  const deliveries = jsonArray<string>(payment.deliveries);
  if (!deliveries.includes(verified.deliveryId))
    await q(strapi, UID.payment).update({
      where: { id: payment.id },
      data: { deliveries: [...deliveries, verified.deliveryId].slice(-50) },
    });
  result ??= await provider.fetchStatus(verified.providerRef);
  await applyChargeResult(strapi, { ...payment, order: payment.order }, result, providerActor(provider.name));
};

/** Admin: a paid order's money returned through its provider; paid → refunded, access revoked. */
export const refundOrder = async (strapi: Core.Strapi, staff: Actor, id: number, note: string | null): Promise<void> => {
  const order = await readOrder(strapi, id);
  if (!order) throw new ApiError(404, 'orders.error.notFound');
  if (order.status !== 'paid') throw new ApiError(409, 'orders.error.notPaid');
  const payment = [...(order.payments ?? [])].reverse().find((row) => row.status === 'approved');
  if (payment && payment.provider && payment.provider !== 'free') {
    const provider = providerNamed(payment.provider);
    if (!provider) throw new ApiError(409, 'orders.error.methodUnavailable');
    if (!payment.providerRef) throw new ApiError(409, 'payments.error.notFound');
    try {
      await provider.refund(payment.providerRef, toCents(payment.amount));
    } catch (error) {
      throw error instanceof ApiError ? error : new ApiError(502, 'payments.error.unavailable');
    }
  }
  if (!(await transition(strapi, id, 'paid', 'refunded', staff, { note }))) throw new ApiError(409, 'orders.error.notPaid');
  if (payment) await q(strapi, UID.payment).updateMany({ where: { id: payment.id, status: 'approved' }, data: { status: 'refunded' } });
};

/** Admin: the organiser saw a manual PIX arrive: its payment approved, the order paid. */
export const confirmManualPix = async (strapi: Core.Strapi, staff: Actor, id: number, note: string | null): Promise<void> => {
  const order = await readOrder(strapi, id);
  if (!order) throw new ApiError(404, 'orders.error.notFound');
  if (order.status !== 'pending') throw new ApiError(409, 'orders.error.notPending');
  const payment = [...(order.payments ?? [])].reverse().find((row) => row.status === 'pending' && row.provider === 'manual-pix');
  if (!payment) throw new ApiError(409, 'orders.error.noManualPayment');
  const { count } = (await q(strapi, UID.payment).updateMany({
    where: { id: payment.id, status: 'pending' },
    data: { status: 'approved', paidAt: new Date() },
  })) as { count: number };
  if (count === 0 || !(await transition(strapi, id, 'pending', 'paid', staff, { note, data: { method: 'pix' } })))
    throw new ApiError(409, 'orders.error.notPending');
};

/**
 * The payment a sandbox confirmation names, with its provider's reference: a payment of the
 * payer's own order (`payerId`), or any for staff (`payerId` null). Issue 47, item 13: on a
 * demonstration site with the sandbox open, a visitor no longer approves another's charge.
 */
export const paymentRef = async (strapi: Core.Strapi, id: number, payerId: number | null): Promise<string | null> => {
  const where = { id, provider: 'sandbox', ...(payerId === null ? {} : { order: { client: { id: payerId } } }) };
  const row = (await q(strapi, UID.payment).findOne({ where, select: ['providerRef'] })) as {
    providerRef: string | null;
  } | null;
  return row?.providerRef ?? null;
};

/** Expiry sweeper: every minute, pending orders past their deadline expire (their coupons released). */
export const startSweeper = (strapi: Core.Strapi, everyMs = 60_000): (() => void) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpired(strapi)
      .catch((error: Error) => strapi.log.error(`[orders] expiry sweep failed: ${error.message}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
