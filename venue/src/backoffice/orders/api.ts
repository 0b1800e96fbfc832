import { useMutation } from '@tanstack/react-query';
import { LIST_LIMIT_MAX, orderFiltersSchema, orderPaths, type Order, type OrderStatus, type PaymentMethod } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { eventsListQuery } from '../events/api';
import type { TableQuery } from '../ui/DataTable';
import { resourceApi } from '../api';

/** 'Pedidos' (admin, decision 045): the orders are read only; refund, manual PIX and grant are their own calls. */
const orders = resourceApi<Order>(orderPaths.cms);

export const orderKeys = orders.keys;
/** One order with its items, payments and history. */
export const orderQuery = orders.oneQuery;

/** The list's filters beside the table state (each may be absent), as `orderFiltersSchema` reads them. */
export interface OrderFilters {
  status: OrderStatus | null;
  eventId: number | null;
  method: PaymentMethod | null;
  /** 'YYYY-MM-DD', the first and last day of the orders' creation. */
  from: string | null;
  to: string | null;
}

export const ORDER_FILTER_NAMES = ['status', 'eventId', 'method', 'from', 'to'] as const satisfies ReadonlyArray<keyof OrderFilters>;

/** The filters of the address (`?status=paid&eventId=3`): each one the contract's schema accepts, the others dropped. */
export const readOrderFilters = (params: URLSearchParams): OrderFilters => {
  const pick = <Name extends keyof OrderFilters>(name: Name): OrderFilters[Name] => {
    const raw = params.get(name);
    if (raw === null || raw === '') return null;
    const parsed = orderFiltersSchema.shape[name].safeParse(raw);
    return parsed.success && parsed.data !== undefined ? (parsed.data as OrderFilters[Name]) : null;
  };
  return { status: pick('status'), eventId: pick('eventId'), method: pick('method'), from: pick('from'), to: pick('to') };
};

/** The orders of a table state narrowed by the chosen filters (only those set go in the query). */
export const ordersListQuery = (query: TableQuery, filters: OrderFilters) =>
  orders.listQuery(
    query,
    Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string | number] => entry[1] !== null)),
  );

/** The events the filter and the grant offer, by name (their zones date the orders). */
export const eventOptionsQuery = () => eventsListQuery({ limit: LIST_LIMIT_MAX, offset: 0, order: { field: 'name', direction: 'asc' } });

/** Refunds a paid order (the note goes to its history); reloads the list and the order. */
export const useRefundOrder = () => {
  const reload = orders.useInvalidate();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string | null }) => api.cms.orders.refund(id, { note }),
    onSuccess: reload,
  });
};

/** Confirms a manual PIX's receipt: the pending order is paid. */
export const useConfirmPix = () => {
  const reload = orders.useInvalidate();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string | null }) => api.cms.orders.confirm(id, { note }),
    onSuccess: reload,
  });
};

/** Gives a client a place in an event: an order paid at zero. */
export const useGrantAccess = () => {
  const reload = orders.useInvalidate();
  return useMutation({
    mutationFn: (input: { eventId: number; clientId: number; note: string | null }) => api.cms.orders.grant(input),
    onSuccess: reload,
  });
};
