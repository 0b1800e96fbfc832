import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { GeneralDashboard } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from '../ui/Form';
import { formatDay, formatReais } from '../ui/format';
import { PageHeader } from '../ui/PageHeader';
import { generalDashboardQuery, readRange } from './api';
import { FigurePanel, FigureTable, Legend, LineChart, RankingChart } from './charts';
import { RangeFields } from './RangeFields';

const Cards = styled.dl`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  margin: 0 0 20px;
  div {
    background: #fff;
    border-radius: 12px;
    box-shadow: 0 2px 10px rgba(29, 26, 24, 0.06);
    padding: 16px 20px;
  }
  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.6rem;
    font-weight: 700;
  }
`;

/** Key figures as a description list (a term and its value). */
export const FigureCards = ({ items }: { items: ReadonlyArray<{ label: string; value: string }> }) => (
  <Cards>
    {items.map((item) => (
      <div key={item.label}>
        <dt>{item.label}</dt>
        <dd>{item.value}</dd>
      </div>
    ))}
  </Cards>
);

const n = (value: number) => value.toLocaleString('pt-BR');

const General = ({ data }: { data: GeneralDashboard }) => {
  const { t } = useBackofficeTranslation();
  const none = t('dashboards.empty');
  const top = data.events.slice(0, 10);
  const clientSeries = [{ name: t('dashboards.general.clients') }];
  const topSeries = [{ name: t('dashboards.columns.uniqueVisitors') }];
  return (
    <>
      <FigureCards
        items={[
          { label: t('dashboards.onlineNow'), value: n(data.onlineNow) },
          { label: t('dashboards.general.eventsWithVisitors'), value: n(data.events.length) },
          { label: t('dashboards.general.clientsInRange'), value: n(data.clientsInRange) },
          { label: t('dashboards.general.clientsTotal'), value: n(data.clientsTotal) },
          { label: t('dashboards.columns.paidOrders'), value: n(data.salesTotal.paidOrders) },
          { label: t('dashboards.columns.revenue'), value: formatReais(data.salesTotal.revenue) },
        ]}
      />
      <FigurePanel
        id="general-top"
        title={t('dashboards.general.topEvents')}
        empty={data.events.length === 0}
        emptyText={none}
        chart={
          <RankingChart
            label={t('dashboards.general.topEvents')}
            series={topSeries}
            points={top.map((row) => ({ label: row.name, values: [row.uniqueVisitors] }))}
          />
        }
        table={
          <FigureTable
            caption={t('dashboards.general.events')}
            columns={[
              { label: t('dashboards.columns.event') },
              { label: t('dashboards.columns.visits'), number: true },
              { label: t('dashboards.columns.uniqueVisitors'), number: true },
              { label: t('dashboards.columns.paidOrders'), number: true },
              { label: t('dashboards.columns.revenue'), number: true },
            ]}
            rows={data.events.map((row) => ({
              key: row.eventId,
              cells: [
                <Link key="name" to={`/cms/eventos/${row.eventId}/dashboard?from=${data.range.from}&to=${data.range.to}`}>
                  {row.name}
                </Link>,
                n(row.visits),
                n(row.uniqueVisitors),
                n(row.paidOrders),
                formatReais(row.revenue),
              ],
            }))}
          />
        }
      />
      <FigurePanel
        id="general-clients"
        title={t('dashboards.general.clientsOverTime')}
        empty={data.clientsInRange === 0}
        emptyText={none}
        chart={
          <>
            <LineChart
              label={t('dashboards.general.clientsOverTime')}
              series={clientSeries}
              points={data.clientsPerDay.map((row) => ({ label: formatDay(row.day).slice(0, 5), values: [row.clients] }))}
            />
            <Legend series={clientSeries} />
          </>
        }
        table={
          <FigureTable
            caption={t('dashboards.general.clientsOverTime')}
            columns={[{ label: t('dashboards.columns.day') }, { label: t('dashboards.general.clients'), number: true }]}
            rows={data.clientsPerDay.map((row) => ({ key: row.day, cells: [formatDay(row.day), n(row.clients)] }))}
          />
        }
      />
      <FigurePanel
        id="general-sales"
        title={t('dashboards.sales.title')}
        empty={data.sales.length === 0}
        emptyText={t('dashboards.sales.empty')}
        table={
          <FigureTable
            caption={t('dashboards.sales.byEvent')}
            columns={[
              { label: t('dashboards.columns.event') },
              { label: t('dashboards.columns.paidOrders'), number: true },
              { label: t('dashboards.columns.revenue'), number: true },
            ]}
            rows={data.sales.map((row) => ({ key: row.eventId, cells: [row.name, n(row.paidOrders), formatReais(row.revenue)] }))}
          />
        }
      />
    </>
  );
};

/**
 * /cms/dashboard, 'Painel' (admin, decision 048): first in the admins' menu (their home is /cms/eventos, decision 097). Who is online now, every
 * event's visitors in the range, accounts created per day, and the paid orders per event. Each
 * chart has its table beside it; the range is kept in the address.
 */
export const GeneralDashboardPage = () => {
  const { t } = useBackofficeTranslation();
  const [params] = useSearchParams();
  const dashboard = useQuery(generalDashboardQuery(readRange(params)));
  return (
    <>
      <PageHeader title={t('dashboards.general.title')} />
      <RangeFields range={dashboard.data?.range} />
      {dashboard.isPending ? (
        <Spinner label={t('table.loading')} />
      ) : dashboard.error ? (
        <ErrorAlert>{messageText(dashboard.error.msg)}</ErrorAlert>
      ) : (
        <General data={dashboard.data} />
      )}
    </>
  );
};
