import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { OrderStatus } from '@plataforma/adapter';
import { useBackofficeTranslation } from '../i18n';
import { eventOptionsQuery } from './api';

/** Each state's colours (text on a light tint, contrast above 4.5:1). */
const TONES: Record<OrderStatus, { background: string; color: string }> = {
  pending: { background: '#fff3d6', color: '#6b4600' },
  paid: { background: '#e3f4e8', color: '#14602f' },
  failed: { background: '#fde7e5', color: '#8f1e17' },
  expired: { background: '#eeeae7', color: '#4a433f' },
  cancelled: { background: '#eeeae7', color: '#4a433f' },
  refunded: { background: '#e4eefa', color: '#184c86' },
};

const Badge = styled.span<{ $status: OrderStatus }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 10px;
  font-size: 0.8rem;
  font-weight: 700;
  white-space: nowrap;
  background: ${({ $status }) => TONES[$status].background};
  color: ${({ $status }) => TONES[$status].color};
`;

/** An order's state as a coloured badge: 'Pendente', 'Pago', 'Recusado', 'Expirado', 'Cancelado', 'Reembolsado'. */
export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => {
  const { t } = useBackofficeTranslation();
  return <Badge $status={status}>{t(`orders.statuses.${status}`)}</Badge>;
};

/**
 * The time zone of an event of the orders (its dates show in it, issue 16): read from the events
 * the filter lists; none (formatDateTime's product zone) while they load or for an event beyond them.
 */
export const useEventZones = () => {
  const events = useQuery(eventOptionsQuery());
  const zones = new Map((events.data?.rows ?? []).map((event) => [event.id, event.timezone]));
  return { events, zoneOf: (eventId: number): string | undefined => zones.get(eventId) };
};
