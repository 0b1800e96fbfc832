import '../../shared/commerce/texts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { OrderStatus } from '@plataforma/adapter';
import { formatDateTime } from '@plataforma/adapter/dates';
import { numericDateInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { formatAmount } from '../../shared/commerce/price';

/** An amount of the wire in reais, as the visitor's language writes it ('R$ 1.200,00'): charges are always in BRL. */
export const useMoney = () => {
  const language = useAppState((state) => state.language);
  return (value: string) => formatAmount(value, 'R$', language);
};

/** A moment of an order ('01/12/2026 14:30' in the product's zone; '1.12.2026 14:30' in German), with slashes like every other date of the site (issue 56). */
export const useMoment = () => {
  const language = useAppState((state) => state.language);
  return (value: string | null | undefined) => numericDateInWords(formatDateTime(value), language);
};

/** A card of the checkout and of 'Meus pedidos': dark, rounded, its title on top. */
export const Panel = styled.section`
  display: grid;
  gap: 16px;
  padding: clamp(18px, 3vw, 28px);
  border-radius: 16px;
  background: rgba(22, 14, 9, 0.92);
  border: 1px solid rgba(255, 182, 140, 0.2);
  h2 {
    margin: 0;
    font-size: 1.2rem;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  p {
    margin: 0;
    line-height: 1.5;
  }
  .muted {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
  }
`;

/** Totals as a definition list: label left, amount right; the last line (total) bold. */
export const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 16px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-size: 1.2rem;
    font-weight: 800;
    color: ${({ theme }) => theme.colors.platformText};
  }
`;

const BADGE_COLOURS: Record<OrderStatus, string> = {
  pending: '#8a5a00',
  paid: '#1b7a3d',
  failed: '#b3261e',
  expired: '#5f5752',
  cancelled: '#5f5752',
  refunded: '#1f5fa8',
};

const Badge = styled.span<{ $status: OrderStatus }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${({ $status }) => BADGE_COLOURS[$status]};
  color: #fff;
  font-size: 0.85rem;
  font-weight: 700;
  white-space: nowrap;
`;

/** An order's state in Portuguese (or the visitor's language): Pendente, Pago, Recusado, Expirado, Cancelado, Reembolsado. */
export const StatusBadge = ({ status }: { status: OrderStatus }) => {
  const { t } = useTranslation();
  return <Badge $status={status}>{t(`commerce.status.${status}`)}</Badge>;
};

/** The page column of the commerce screens. */
export const Column = ({ children, width = 860 }: { children: ReactNode; width?: number }) => (
  <div style={{ maxWidth: width, margin: '0 auto', display: 'grid', gap: 20 }}>{children}</div>
);

/** The outlined button on the dark venue: the light accent, readable on the dark panels (the stock ghost is for light surfaces). */
export const GhostButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  && {
    color: ${({ theme }) => theme.colors.primaryLight};
    border-color: ${({ theme }) => theme.colors.primaryLight};
  }
  &&:hover:not(:disabled) {
    background: rgba(255, 182, 140, 0.12);
  }
`;
