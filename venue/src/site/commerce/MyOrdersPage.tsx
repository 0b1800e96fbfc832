import '../../shared/i18n/site';
import '../../shared/commerce/texts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { ORDERS_PAGE_SIZE, useMyOrders } from '../../shared/commerce/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { GhostButton, Panel, StatusBadge, useMoment, useMoney } from './ui';
import { darkTable } from '../../shared/ui/darkStyles';

export const OrdersTable = styled.table`
  ${darkTable}
  th,
  td {
    vertical-align: top;
  }
  .amount {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  a {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  @media (max-width: 639px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr {
      display: grid;
      grid-template-columns: 1fr auto;
      padding: 10px 0;
      border-bottom: 1px solid rgba(255, 255, 255, 0.12);
    }
    td {
      border: 0;
      padding: 2px 4px;
    }
  }
`;

/** A full client's own page: a soft session or none is sent to sign in with the password first, and comes back. */
export const useFullClient = (back: string) => {
  const client = useAppState((state) => state.auth.currentClient);
  return {
    client: client && !client.soft ? client : null,
    redirect: <Navigate to={`/entrar?voltar=${encodeURIComponent(back)}`} replace />,
  };
};

/** `/meus-pedidos`: the client's orders, newest first — number, event, date, total and state; each opens its detail. */
export const MyOrdersPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('commerce.orders.title'));
  const { client, redirect } = useFullClient('/meus-pedidos');
  const [offset, setOffset] = useState(0);
  const orders = useMyOrders(offset, ORDERS_PAGE_SIZE, client !== null);
  const money = useMoney();
  const moment = useMoment();
  if (!client) return redirect;
  const count = orders.data?.count ?? 0;

  return (
    <ScreenPage $width={960}>
      <div className="wrap">
        <h1>{t('commerce.orders.title')}</h1>
        <p className="intro">{t('commerce.orders.intro')}</p>
        <Panel aria-busy={orders.isFetching}>
          {orders.isError ? (
            <p role="alert">
              {messageText(orders.error.msg)}{' '}
              <Button type="button" onClick={() => void orders.refetch()}>
                {t('common.retry')}
              </Button>
            </p>
          ) : !orders.data ? (
            <Spinner size={32} label={t('common.loading')} />
          ) : orders.data.rows.length === 0 ? (
            <p>
              {t('commerce.orders.empty')} <Link to="/eventos">{t('site.event.seeAll')}</Link>
            </p>
          ) : (
            <OrdersTable>
              <caption className="visually-hidden">{t('commerce.orders.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('commerce.orders.number')}</th>
                  <th scope="col">{t('commerce.orders.event')}</th>
                  <th scope="col">{t('commerce.orders.date')}</th>
                  <th scope="col" className="amount">
                    {t('commerce.review.total')}
                  </th>
                  <th scope="col">{t('commerce.orders.status')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.rows.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={`/meus-pedidos/${order.id}`} aria-label={t('commerce.orders.open', { number: order.number })}>
                        {order.number}
                      </Link>
                    </td>
                    <td>{order.event.name}</td>
                    <td>{moment(order.createdAt)}</td>
                    <td className="amount">{money(order.total)}</td>
                    <td>
                      <StatusBadge status={order.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </OrdersTable>
          )}
          {count > ORDERS_PAGE_SIZE && (
            <div className="actions">
              <GhostButton type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - ORDERS_PAGE_SIZE))}>
                {t('site.catalogue.previous')}
              </GhostButton>
              <GhostButton type="button" disabled={offset + ORDERS_PAGE_SIZE >= count} onClick={() => setOffset(offset + ORDERS_PAGE_SIZE)}>
                {t('site.catalogue.next')}
              </GhostButton>
            </div>
          )}
        </Panel>
      </div>
    </ScreenPage>
  );
};
