import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiError, CmsLecture, Event, EventAccess, Lecture, LectureAccess } from '@plataforma/adapter';
import { toCents } from '@plataforma/adapter/money';
import { api } from '../api';

/**
 * Who may enter what (decision 045), in a module of its own: the venue's protected pages ask it
 * from the first load (RequireClient), so it carries nothing else of commerce.
 */

/** Query keys of commerce: quotes, orders and what a client may enter or watch. */
export const commerceKeys = {
  all: ['commerce'] as const,
  quote: (cart: unknown) => [...commerceKeys.all, 'quote', cart] as const,
  orders: () => [...commerceKeys.all, 'orders'] as const,
  ordersPage: (offset: number, limit: number) => [...commerceKeys.orders(), 'list', offset, limit] as const,
  order: (id: number | null) => [...commerceKeys.orders(), 'one', id] as const,
  access: () => [...commerceKeys.all, 'access'] as const,
  paymentConfig: () => [...commerceKeys.all, 'payment-config'] as const,
  eventAccess: (eventId: number | null) => [...commerceKeys.access(), 'event', eventId] as const,
  lectureAccess: (lectureId: number | null) => [...commerceKeys.access(), 'lecture', lectureId] as const,
};

/** The event's `ticketOnly` flag (added to the event by the commerce server; read as absent = 0 until then). */
export const isTicketOnly = (event: Pick<Event, 'value'> & { ticketOnly?: number | boolean | null }): boolean =>
  (event.ticketOnly === 1 || event.ticketOnly === true) && toCents(event.value) > 0;

/** A lecture with a price of its own (value or discounted value above zero). */
export const hasPrice = (lecture: Pick<Lecture | CmsLecture, 'value' | 'discountValue'>): boolean =>
  toCents(lecture.value) > 0 || toCents(lecture.discountValue) > 0;

/** Whether the signed-in client may enter a ticket-only event; asked only with a client signed in. */
export const eventAccessQuery = (eventId: number | null, enabled = true) =>
  queryOptions<EventAccess, ApiError>({
    queryKey: commerceKeys.eventAccess(eventId),
    queryFn: () => api.site.orders.access(eventId as number),
    enabled: eventId !== null && enabled,
    staleTime: 30_000,
    retry: false,
  });

export const useEventAccess = (eventId: number | null, enabled = true) => useQuery(eventAccessQuery(eventId, enabled));

/** Whether the signed-in client may watch a priced lecture, and its video when so. */
export const lectureAccessQuery = (lectureId: number | null, enabled = true) =>
  queryOptions<LectureAccess, ApiError>({
    queryKey: commerceKeys.lectureAccess(lectureId),
    queryFn: () => api.site.lectures.subscribed(lectureId as number),
    enabled: lectureId !== null && enabled,
    staleTime: 30_000,
    retry: false,
  });

export const useLectureAccess = (lectureId: number | null, enabled = true) => useQuery(lectureAccessQuery(lectureId, enabled));

/** The checkout of an event's cart; `pedido` names a pending order being paid. */
export const checkoutPath = (eventId: number, orderId?: number): string => `/checkout/${eventId}${orderId ? `?pedido=${orderId}` : ''}`;
