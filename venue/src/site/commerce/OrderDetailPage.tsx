import '../../shared/commerce/texts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { toCents } from '@plataforma/adapter/money';
import { idFromSlug } from '@plataforma/adapter/routes';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { checkoutPath, useCancelOrder, useOrder } from '../../shared/commerce/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Spinner } from '../../shared/ui/Spinner';
import { cartFromOrder } from './DoneStep';
import { OrdersTable, useFullClient } from './MyOrdersPage';
import { Panel, StatusBadge, Totals, useMoment, useMoney } from './ui';

/** Printing the receipt: only the receipt, black on white, without the site's header, footer and buttons. */
const Receipt = styled.div`
  display: grid;
  gap: 20px;
  @media print {
    color: #000;
    background: #fff;
    section {
      background: #fff !important;
      border-color: #999 !important;
      color: #000;
    }
    h1,
    h2,
    dt,
    th,
    .muted,
    a {
      color: #000 !important;
    }
    .no-print {
      display: none !important;
    }
  }
`;

/** While the detail is on screen, printing leaves out the site's header and footer and prints black on white. */
const PrintStyle = createGlobalStyle`
  @media print {
    body > #root header,
    body > #root footer {
      display: none !important;
    }
    body.platform {
      background: #fff !important;
      color: #000 !important;
    }
  }
`;

/**
 * `/meus-pedidos/{id}`: one order — its items, totals, payments and state history; a paid order's
 * receipt to print; a pending one to pay ('Pagar', back to the checkout's payment step) or to
 * cancel (after a confirmation).
 */
export const OrderDetailPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = idFromSlug(useParams().orderId);
  const { client, redirect } = useFullClient(`/meus-pedidos/${id ?? ''}`);
  const order = useOrder(client ? id : null);
  const cancel = useCancelOrder();
  const money = useMoney();
  const moment = useMoment();
  useDocumentTitle(order.data ? t('commerce.orders.detailTitle', { number: order.data.number }) : t('commerce.orders.title'));
  if (!client) return redirect;

  const askCancel = () => {
    if (!order.data) return;
    const { number } = order.data;
    useAppState.getState().openDialog({
      header: t('commerce.orders.cancelTitle'),
      body: t('commerce.orders.cancelBody', { number }),
      positiveLabel: t('commerce.orders.cancelConfirm'),
      negativeLabel: t('commerce.orders.cancelKeep'),
      onPositive: async () => {
        try {
          await cancel.mutateAsync(id as number);
          useAppState.getState().showToast(t('commerce.orders.cancelled', { number }), 'success');
        } catch (error) {
          useAppState.getState().showToast(messageText((error as { msg?: string }).msg), 'error');
        }
      },
    });
  };

  const data = order.data;
  return (
    <ScreenPage $width={960}>
      <PrintStyle />
      <div className="wrap">
        <p className="no-print">
          <Link to="/meus-pedidos">← {t('commerce.orders.title')}</Link>
        </p>
        {order.isError ? (
          <>
            <h1>{t('commerce.orders.title')}</h1>
            <p role="alert">{messageText(order.error.msg)}</p>
          </>
        ) : !data ? (
          <Spinner size={32} label={t('common.loading')} />
        ) : (
          <Receipt>
            <div>
              <h1>
                {data.status === 'paid'
                  ? t('commerce.receipt.title', { number: data.number })
                  : t('commerce.orders.detailTitle', { number: data.number })}
              </h1>
              <p>
                <StatusBadge status={data.status} /> <span className="muted">{moment(data.createdAt)}</span>
              </p>
            </div>
            <Panel aria-labelledby="order-items">
              <h2 id="order-items">{data.event.name}</h2>
              <OrdersTable>
                <caption className="visually-hidden">{t('commerce.review.items')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('commerce.orders.item')}</th>
                    <th scope="col" className="amount">
                      {t('commerce.orders.price')}
                    </th>
                    <th scope="col" className="amount">
                      {t('commerce.orders.discount')}
                    </th>
                    <th scope="col" className="amount">
                      {t('commerce.review.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={`${item.kind}-${item.lectureId ?? item.eventId}`}>
                      <td>{item.description}</td>
                      <td className="amount">{money(item.price)}</td>
                      <td className="amount">{toCents(item.discount) > 0 ? `− ${money(item.discount)}` : '—'}</td>
                      <td className="amount">{money(item.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </OrdersTable>
              <Totals>
                <dt>{t('commerce.review.subtotal')}</dt>
                <dd>{money(data.subtotal)}</dd>
                {data.couponCode && (
                  <>
                    <dt>{t('commerce.review.coupon', { code: data.couponCode })}</dt>
                    <dd>− {money(data.couponDiscount)}</dd>
                  </>
                )}
                <dt className="total">{t('commerce.review.total')}</dt>
                <dd className="total">{money(data.total)}</dd>
              </Totals>
              <p className="muted">{t('commerce.receipt.buyer', { name: data.client.name, email: data.client.email })}</p>
            </Panel>

            <Panel aria-labelledby="order-payments">
              <h2 id="order-payments">{t('commerce.orders.payments')}</h2>
              {data.payments.length === 0 ? (
                <p className="muted">{t('commerce.orders.noPayments')}</p>
              ) : (
                <ul style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 6 }}>
                  {data.payments.map((payment) => (
                    <li key={payment.id}>
                      {t(`commerce.method.${payment.method}`)}
                      {payment.cardBrand && payment.cardLast4 ? ` (${payment.cardBrand} •••• ${payment.cardLast4})` : ''}
                      {payment.installments > 1 ? ` · ${t('commerce.orders.inInstalments', { count: payment.installments })}` : ''} ·{' '}
                      {money(payment.amount)} · {t(`commerce.paymentStatus.${payment.status}`)} ·{' '}
                      {moment(payment.paidAt ?? payment.createdAt)}
                    </li>
                  ))}
                </ul>
              )}
            </Panel>

            <Panel aria-labelledby="order-history" className="no-print">
              <h2 id="order-history">{t('commerce.orders.history')}</h2>
              <ol style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 6 }}>
                {data.history.map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    {moment(entry.at)} · {t(`commerce.status.${entry.status}`)} · {t(`commerce.orders.by.${entry.by.kind}`)}
                    {entry.note ? ` · ${entry.note}` : ''}
                  </li>
                ))}
              </ol>
            </Panel>

            <div className="actions no-print" style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
              {data.status === 'paid' && (
                <Button type="button" onClick={() => window.print()}>
                  {t('commerce.receipt.print')}
                </Button>
              )}
              {data.status === 'pending' && (
                <>
                  <LinkButton to={checkoutPath(data.event.id, data.id)}>{t('commerce.orders.pay')}</LinkButton>
                  <Button type="button" $variant="danger" onClick={askCancel} disabled={cancel.isPending}>
                    {t('commerce.orders.cancel')}
                  </Button>
                </>
              )}
              {(data.status === 'failed' || data.status === 'expired' || data.status === 'cancelled') && (
                <Button
                  type="button"
                  onClick={() => {
                    cartFromOrder(data);
                    navigate(checkoutPath(data.event.id));
                  }}
                >
                  {t('commerce.failed.retry')}
                </Button>
              )}
            </div>
          </Receipt>
        )}
      </div>
    </ScreenPage>
  );
};
