import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime, ORDER_STATUSES, orderOrder, PAYMENT_METHODS, type Order } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { DataTable, type Column, type TableQuery } from '../ui/DataTable';
import { SelectField, TextField } from '../ui/Form';
import { formatReais } from '../ui/format';
import { PageHeader } from '../ui/PageHeader';
import { ORDER_FILTER_NAMES, ordersListQuery, readOrderFilters, type OrderFilters } from './api';
import { GrantModal } from './GrantModal';
import { OrderStatusBadge, useEventZones } from './OrderStatus';

/**
 * The filters wrap onto as many rows as the width needs. Each shrinks below its widest option
 * (a long event name would otherwise push its select over the next one's); the event's, whose
 * options are the longest, takes twice the share of the row.
 */
const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 16px;
  align-items: flex-end;
  > * {
    flex: 1 1 160px;
    min-width: 0;
  }
  > .event {
    flex: 2 1 240px;
  }
  select,
  input {
    width: 100%;
    min-width: 0;
    text-overflow: ellipsis;
  }
`;

const Client = styled.span`
  display: block;
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const sortable = (field: string) => (orderOrder.orderFields as readonly string[]).includes(field);

/**
 * /cms/pedidos (admin, decision 045): the orders, server-paged, newest first; searched, sorted by
 * the contract's order fields and filtered by state, event, payment method and creation dates
 * (each filter kept in the address beside the table's state). A row opens the order; 'Conceder
 * acesso' gives a client a place in an event.
 */
export const OrdersPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [granting, setGranting] = useState(false);
  const { events, zoneOf } = useEventZones();
  const filters = readOrderFilters(params);
  const { status, eventId, method, from, to } = filters;
  const stable = useMemo<OrderFilters>(() => ({ status, eventId, method, from, to }), [status, eventId, method, from, to]);
  const listQuery = useCallback((query: TableQuery) => ordersListQuery(query, stable), [stable]);
  const filtered = ORDER_FILTER_NAMES.some((name) => filters[name] !== null);

  /** A new filter starts the list at its first page. */
  const setFilter = (changes: Partial<Record<keyof OrderFilters, string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: Column<Order>[] = [
    { key: 'id', label: t('orders.columns.number'), sortable: sortable('id'), render: (order) => order.number },
    {
      key: 'client',
      label: t('orders.columns.client'),
      render: (order) => (
        <Client>
          {order.client.name}
          <small>{order.client.email}</small>
        </Client>
      ),
    },
    { key: 'event', label: t('orders.columns.event'), secondary: true, render: (order) => order.event.name },
    { key: 'total', label: t('orders.columns.total'), sortable: sortable('total'), render: (order) => formatReais(order.total) },
    {
      key: 'method',
      label: t('orders.columns.method'),
      secondary: true,
      render: (order) => (order.method ? t(`orders.methods.${order.method}`) : t('orders.none')),
    },
    {
      key: 'status',
      label: t('orders.columns.status'),
      sortable: sortable('status'),
      render: (order) => <OrderStatusBadge status={order.status} />,
    },
    {
      key: 'createdAt',
      label: t('orders.columns.createdAt'),
      sortable: sortable('createdAt'),
      render: (order) => formatDateTime(order.createdAt, zoneOf(order.event.id)),
    },
  ];

  const eventRows = events.data?.rows ?? [];
  const knownEvent = eventId === null || eventRows.some((event) => event.id === eventId);

  return (
    <>
      <PageHeader title={t('orders.title')} />
      <Filters>
        <SelectField
          label={t('orders.filters.status')}
          value={status ?? ''}
          onChange={(event) => setFilter({ status: event.target.value })}
        >
          <option value="">{t('orders.filters.allStatuses')}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`orders.statuses.${value}`)}
            </option>
          ))}
        </SelectField>
        <div className="event">
          <SelectField
            label={t('orders.filters.event')}
            value={eventId === null ? '' : String(eventId)}
            onChange={(event) => setFilter({ eventId: event.target.value })}
            hint={events.error ? messageText(events.error.msg) : undefined}
            aria-busy={events.isFetching}
          >
            <option value="">{t('orders.filters.allEvents')}</option>
            {!knownEvent && <option value={String(eventId)}>{events.isPending ? t('table.loading') : `#${eventId}`}</option>}
            {eventRows.map((event) => (
              <option key={event.id} value={String(event.id)}>
                {event.name}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          label={t('orders.filters.method')}
          value={method ?? ''}
          onChange={(event) => setFilter({ method: event.target.value })}
        >
          <option value="">{t('orders.filters.allMethods')}</option>
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {t(`orders.methods.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('orders.filters.from')}
          type="date"
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(event) => setFilter({ from: event.target.value })}
        />
        <TextField
          label={t('orders.filters.to')}
          type="date"
          value={to ?? ''}
          min={from ?? undefined}
          onChange={(event) => setFilter({ to: event.target.value })}
        />
      </Filters>
      <DataTable
        caption={t('orders.title')}
        listQuery={listQuery}
        columns={columns}
        searchPlaceholder={t('orders.search')}
        emptyText={filtered ? t('orders.emptyFiltered') : t('orders.empty')}
        onRowClick={(order) =>
          navigate(`/cms/pedidos/${order.id}`, {
            state: { back: params.toString() ? `/cms/pedidos?${params.toString()}` : '/cms/pedidos' },
          })
        }
        toolbar={() => (
          <>
            {filtered && (
              <Button
                type="button"
                $variant="ghost"
                onClick={() => setFilter(Object.fromEntries(ORDER_FILTER_NAMES.map((name) => [name, null])))}
              >
                {t('orders.filters.clear')}
              </Button>
            )}
            <Button type="button" onClick={() => setGranting(true)}>
              {t('orders.grant.action')}
            </Button>
          </>
        )}
      />
      {granting && <GrantModal onClose={() => setGranting(false)} />}
    </>
  );
};
