import type { Core } from '@strapi/strapi';
import { certificatePaths, fillPath, formatCents, ORDER_PAGE, toCents } from '@plataforma/adapter';
import { orderNumber } from '../commerce/orders';
import { siteBase } from './confirmation';
import { queueEmail, type QueuedEmail } from './messages';
import type { OrderEmailData } from './templates/orders';
import { emailLanguage } from './texts';

/** The order transitions a client is told of by e-mail (decision 109). */
export type OrderEmailKind = 'created' | 'paid' | 'expired' | 'refunded';

type Money = number | string | null;
interface MailOrderRow {
  id: number;
  status: string;
  subtotal: Money;
  discount: Money;
  total: Money;
  couponCode: string | null;
  paidAt: string | Date | null;
  client?: { id: number; name: string; email: string; language: string | null; erasedAt: string | Date | null } | null;
  event?: { id: number; name: string; timezone: string | null } | null;
  items?: Array<{ description: string | null; price: Money; discount: Money }>;
  payments?: Array<{ id: number; method: string | null; pixCode: string | null; expiresAt: string | Date | null }>;
}

const wire = (value: Money) => formatCents(toCents(value));
const iso = (value: string | Date | null | undefined, fallback = new Date()) => new Date(value ?? fallback).toISOString();

/**
 * Queues the client's e-mail of an order's move, once (decision 109): its key is the order and
 * the kind (`order:12:paid`) — a 'created' one also names its charge, since each new PIX code is
 * news — so a webhook delivered twice, a second instance or a retried call stores nothing more.
 * In the client's language (PT when none), branded by the order's event. Answers null when there
 * is no one to write to (an erased account, a created without a PIX code).
 */
export const queueOrderEmail = async (
  strapi: Core.Strapi,
  orderId: number,
  kind: OrderEmailKind,
  paymentId: number | null = null,
): Promise<QueuedEmail | null> => {
  const row = (await strapi.db.query('api::order.order').findOne({
    where: { id: orderId },
    select: ['id', 'status', 'subtotal', 'discount', 'total', 'couponCode', 'paidAt'],
    populate: {
      client: { select: ['id', 'name', 'email', 'language', 'erasedAt'] },
      event: { select: ['id', 'name', 'timezone'] },
      items: { select: ['description', 'price', 'discount'], orderBy: { id: 'asc' } },
      payments: { select: ['id', 'method', 'pixCode', 'expiresAt'], orderBy: { id: 'asc' } },
    },
  })) as MailOrderRow | null;
  const client = row?.client;
  if (!row || !client || client.erasedAt || !client.email) return null;
  const base: OrderEmailData = {
    name: client.name,
    number: orderNumber(row.id),
    eventName: row.event?.name ?? '',
    items: (row.items ?? []).map((item) => ({
      description: item.description ?? '',
      total: formatCents(toCents(item.price) - toCents(item.discount)),
    })),
    subtotal: wire(row.subtotal),
    couponCode: row.couponCode ?? null,
    couponDiscount: wire(row.discount),
    total: wire(row.total),
    timezone: row.event?.timezone || 'America/Sao_Paulo',
    url: `${siteBase()}${fillPath(ORDER_PAGE, { orderId: row.id })}`,
  };
  const common = {
    to: client.email,
    name: client.name,
    language: emailLanguage(client.language),
    clientId: client.id,
    eventId: row.event?.id ?? null,
  };
  switch (kind) {
    case 'created': {
      const payment = (row.payments ?? []).find((one) => one.id === paymentId);
      if (!payment?.pixCode) return null;
      return queueEmail(strapi, {
        ...common,
        template: 'orderCreated',
        data: { ...base, pixCode: payment.pixCode, expiresAt: iso(payment.expiresAt) },
        dedupeKey: `order:${row.id}:created:${payment.id}`,
      });
    }
    case 'paid':
      return queueEmail(strapi, {
        ...common,
        template: 'orderPaid',
        data: { ...base, paidAt: iso(row.paidAt) },
        dedupeKey: `order:${row.id}:paid`,
      });
    case 'expired':
      return queueEmail(strapi, { ...common, template: 'orderExpired', data: base, dedupeKey: `order:${row.id}:expired` });
    case 'refunded':
      return queueEmail(strapi, { ...common, template: 'orderRefunded', data: base, dedupeKey: `order:${row.id}:refunded` });
  }
};

/**
 * Queues it after the move was made, never failing the move: the order is paid (or expired, or
 * refunded) whatever the mail does; a failure is logged (the move's transaction is not the
 * e-mail's — the coupon's statements run on the pool, decision 109).
 */
export const tellOrder = async (strapi: Core.Strapi, orderId: number, kind: OrderEmailKind, paymentId: number | null = null) => {
  try {
    await queueOrderEmail(strapi, orderId, kind, paymentId);
  } catch (error) {
    strapi.log.error(`[email] order ${orderNumber(orderId)} ${kind}: the e-mail could not be queued: ${(error as Error).message}`);
  }
};

/** The public page of a certificate (`/certificados/<code>`), where anyone verifies it and its holder downloads the PDF. */
export const certificateUrl = (code: string): string => `${siteBase()}${fillPath(certificatePaths.page, { code })}`;

/** Queues the holder's 'certificate issued' e-mail, once per certificate (`certificate:<id>:issued`). */
export const queueCertificateEmail = async (strapi: Core.Strapi, certificateId: number): Promise<QueuedEmail | null> => {
  const row = (await strapi.db.query('api::certificate.certificate').findOne({
    where: { id: certificateId },
    select: ['id', 'code', 'name', 'eventName'],
    populate: { client: { select: ['id', 'name', 'email', 'language', 'erasedAt'] }, event: { select: ['id', 'name'] } },
  })) as {
    id: number;
    code: string;
    name: string | null;
    eventName: string | null;
    client?: MailOrderRow['client'];
    event?: { id: number; name: string } | null;
  } | null;
  const client = row?.client;
  if (!row || !client || client.erasedAt || !client.email) return null;
  return queueEmail(strapi, {
    to: client.email,
    name: client.name,
    template: 'certificateIssued',
    data: {
      name: row.name || client.name,
      eventName: row.eventName || row.event?.name || '',
      code: row.code,
      url: certificateUrl(row.code),
    },
    language: emailLanguage(client.language),
    clientId: client.id,
    eventId: row.event?.id ?? null,
    dedupeKey: `certificate:${row.id}:issued`,
  });
};
