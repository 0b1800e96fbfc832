import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime, type Order, type OrderHistoryEntry, type Payment } from '@plataforma/adapter';
import { idFromSlug } from '@plataforma/adapter/routes';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { eventQuery } from '../events/api';
import { useBackofficeTranslation } from '../i18n';
import { DetailList, type DetailRow } from '../ui/DetailList';
import { ErrorAlert } from '../ui/Form';
import { formatReais } from '../ui/format';
import { PageHeader } from '../ui/PageHeader';
import { orderQuery, useConfirmPix, useRefundOrder } from './api';
import { OrderActionModal } from './OrderActionModal';
import { OrderStatusBadge } from './OrderStatus';

const Section = styled.section`
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 2px 10px rgba(29, 26, 24, 0.06);
  padding: 20px 24px;
  margin-bottom: 20px;
  h2 {
    margin: 0 0 16px;
    font-size: 1.15rem;
  }
  p.empty {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th,
  td {
    padding: 10px 12px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    font-size: 0.82rem;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  td.amount,
  th.amount {
    text-align: right;
    white-space: nowrap;
  }
  tfoot th {
    text-transform: none;
    letter-spacing: 0;
    font-size: 0.95rem;
    color: inherit;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A small table of the order's page: a caption for readers, its headers, its rows (each a list of cells). */
const RowsTable = ({
  caption,
  headers,
  rows,
  footer,
}: {
  caption: string;
  headers: ReadonlyArray<{ label: string; amount?: boolean }>;
  rows: ReadonlyArray<{ key: string | number; cells: ReactNode[] }>;
  footer?: ReactNode;
}) => (
  <Scroll>
    <Table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header.label} scope="col" className={header.amount ? 'amount' : undefined}>
              {header.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) => (
              <td key={headers[index]?.label ?? index} className={headers[index]?.amount ? 'amount' : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </Table>
  </Scroll>
);

/** The action a pending order whose last charge is the organiser's own PIX key waits for. */
export const awaitsManualPix = (order: Order): boolean => order.status === 'pending' && order.payments.at(-1)?.provider === 'manual-pix';

type Action = 'refund' | 'confirm';

/**
 * The body of /cms/pedidos/:orderId: the order's facts, its items with the coupon and totals,
 * its payments and its history; 'Reembolsar' on a paid order and 'Confirmar recebimento do PIX'
 * on a pending manual PIX, each after its confirmation.
 */
const OrderDetail = ({ order, zone }: { order: Order; zone: string | undefined }) => {
  const { t } = useBackofficeTranslation();
  const refund = useRefundOrder();
  const confirmPix = useConfirmPix();
  const [action, setAction] = useState<Action | null>(null);
  const none = t('orders.none');
  const at = (value: string | null) => (value ? formatDateTime(value, zone) : none);
  const amount = formatReais(order.total);

  const facts: DetailRow[] = [
    { label: t('orders.columns.status'), value: <OrderStatusBadge status={order.status} /> },
    {
      label: t('orders.columns.client'),
      value: (
        <>
          {order.client.name} (<a href={`mailto:${order.client.email}`}>{order.client.email}</a>)
        </>
      ),
    },
    { label: t('orders.columns.event'), value: order.event.name },
    { label: t('orders.columns.method'), value: order.method ? t(`orders.methods.${order.method}`) : none },
    { label: t('orders.columns.createdAt'), value: at(order.createdAt) },
    { label: t('orders.detail.paidAt'), value: at(order.paidAt) },
    ...(order.status === 'pending' ? [{ label: t('orders.detail.expiresAt'), value: at(order.expiresAt) }] : []),
  ];

  const card = (payment: Payment) =>
    payment.cardLast4 ? t('orders.payments.cardOf', { brand: payment.cardBrand ?? '', last4: payment.cardLast4 }).trim() : none;
  const who = (by: OrderHistoryEntry['by']) =>
    by.name
      ? t('orders.history.byNamed', { kind: t(`orders.history.kinds.${by.kind}`), name: by.name })
      : t(`orders.history.kinds.${by.kind}`);

  return (
    <>
      <PageHeader title={t('orders.detail.title', { number: order.number })}>
        <Actions>
          {order.status === 'paid' && (
            <Button type="button" onClick={() => setAction('refund')}>
              {t('orders.refund.action')}
            </Button>
          )}
          {awaitsManualPix(order) && (
            <Button type="button" onClick={() => setAction('confirm')}>
              {t('orders.confirmPix.action')}
            </Button>
          )}
        </Actions>
      </PageHeader>
      <Section aria-labelledby="order-facts">
        <h2 id="order-facts">{t('orders.detail.facts')}</h2>
        <DetailList rows={facts} />
      </Section>
      <Section aria-labelledby="order-items">
        <h2 id="order-items">{t('orders.detail.items')}</h2>
        <RowsTable
          caption={t('orders.detail.items')}
          headers={[
            { label: t('orders.items.description') },
            { label: t('orders.items.kind') },
            { label: t('orders.items.price'), amount: true },
            { label: t('orders.items.discount'), amount: true },
            { label: t('orders.items.total'), amount: true },
          ]}
          rows={order.items.map((item, index) => ({
            key: item.id ?? `item-${index}`,
            cells: [
              item.description,
              t(`orders.items.kinds.${item.kind}`),
              formatReais(item.price),
              formatReais(item.discount),
              formatReais(item.total),
            ],
          }))}
          footer={
            <>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('orders.totals.subtotal')}
                </th>
                <td className="amount">{formatReais(order.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={4}>
                  {order.couponCode ? t('orders.totals.couponOf', { code: order.couponCode }) : t('orders.totals.noCoupon')}
                </th>
                <td className="amount">{order.couponCode ? `− ${formatReais(order.couponDiscount)}` : none}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('orders.totals.total')}
                </th>
                <td className="amount">
                  <strong>{amount}</strong>
                </td>
              </tr>
            </>
          }
        />
      </Section>
      <Section aria-labelledby="order-payments">
        <h2 id="order-payments">{t('orders.detail.payments')}</h2>
        {order.payments.length === 0 ? (
          <p className="empty">{t('orders.payments.empty')}</p>
        ) : (
          <RowsTable
            caption={t('orders.detail.payments')}
            headers={[
              { label: t('orders.payments.createdAt') },
              { label: t('orders.payments.provider') },
              { label: t('orders.payments.method') },
              { label: t('orders.payments.status') },
              { label: t('orders.payments.amount'), amount: true },
              { label: t('orders.payments.installments') },
              { label: t('orders.payments.card') },
              { label: t('orders.payments.pixExpiry') },
              { label: t('orders.payments.paidAt') },
            ]}
            rows={order.payments.map((payment) => ({
              key: payment.id,
              cells: [
                at(payment.createdAt),
                t(`orders.providers.${payment.provider}`),
                t(`orders.methods.${payment.method}`),
                t(`orders.paymentStatuses.${payment.status}`),
                formatReais(payment.amount),
                t('orders.payments.installmentsOf', { n: payment.installments }),
                card(payment),
                payment.method === 'pix' ? at(payment.expiresAt) : none,
                at(payment.paidAt),
              ],
            }))}
          />
        )}
      </Section>
      <Section aria-labelledby="order-history">
        <h2 id="order-history">{t('orders.detail.history')}</h2>
        {order.history.length === 0 ? (
          <p className="empty">{t('orders.history.empty')}</p>
        ) : (
          <RowsTable
            caption={t('orders.detail.history')}
            headers={[
              { label: t('orders.history.at') },
              { label: t('orders.history.status') },
              { label: t('orders.history.by') },
              { label: t('orders.history.note') },
            ]}
            rows={order.history.map((entry, index) => ({
              key: `${entry.at}-${index}`,
              cells: [at(entry.at), <OrderStatusBadge key="status" status={entry.status} />, who(entry.by), entry.note ?? none],
            }))}
          />
        )}
      </Section>
      {action === 'refund' && (
        <OrderActionModal
          title={t('orders.refund.title')}
          text={t('orders.refund.text', { number: order.number, amount })}
          confirmLabel={t('orders.refund.confirm')}
          onConfirm={(note) => refund.mutateAsync({ id: order.id, note })}
          onClose={() => setAction(null)}
        />
      )}
      {action === 'confirm' && (
        <OrderActionModal
          title={t('orders.confirmPix.title')}
          text={t('orders.confirmPix.text', { number: order.number, amount })}
          confirmLabel={t('orders.confirmPix.confirm')}
          onConfirm={(note) => confirmPix.mutateAsync({ id: order.id, note })}
          onClose={() => setAction(null)}
        />
      )}
    </>
  );
};

/**
 * /cms/pedidos/:orderId (admin, decision 045): one order, reached from the list ('voltar para
 * listagem' goes back to the list as it was: its page, search and filters).
 */
export const OrderDetailPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const orderId = idFromSlug(params.orderId);
  const order = useQuery({ ...orderQuery(orderId ?? 0), enabled: orderId !== null });
  // The order's dates in its event's zone (the product's until the event is read, or if it is gone).
  const event = useQuery({ ...eventQuery(order.data?.event.id ?? 0), enabled: order.data !== undefined });
  const back = (location.state as { back?: unknown } | null)?.back;

  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => navigate(typeof back === 'string' ? back : '/cms/pedidos')}>
        {t('orders.detail.back')}
      </Button>
      {orderId === null ? (
        <ErrorAlert>{messageText('api.error.notFound')}</ErrorAlert>
      ) : order.isPending ? (
        <Spinner label={t('table.loading')} />
      ) : order.error ? (
        <ErrorAlert>{messageText(order.error.msg)}</ErrorAlert>
      ) : (
        <OrderDetail order={order.data} zone={event.data?.timezone} />
      )}
    </>
  );
};
