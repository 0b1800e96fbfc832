import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { DashboardExportFormat, EventDashboard } from '@plataforma/adapter';
import { idFromSlug } from '@plataforma/adapter/routes';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from '../ui/Form';
import { formatDay, formatReais } from '../ui/format';
import { PageHeader } from '../ui/PageHeader';
import { downloadEventDashboard, eventDashboardQuery, readRange } from './api';
import { BarChart, FigurePanel, FigureTable, Legend, LineChart, RankingChart } from './charts';
import { FigureCards } from './GeneralDashboardPage';
import { placeName } from './places';
import { RangeFields } from './RangeFields';

const Exports = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 16px;
`;

const n = (value: number) => value.toLocaleString('pt-BR');
const decimal = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** Seconds as '1 h 05 min', '12 min 30 s' or '45 s'. */
export const formatSeconds = (seconds: number): string => {
  const total = Math.round(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  if (h) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m) return `${m} min${s ? ` ${s} s` : ''}`;
  return `${s} s`;
};

const Dashboard = ({ data }: { data: EventDashboard }) => {
  const { t } = useBackofficeTranslation();
  const none = t('dashboards.empty');
  const dash = t('dashboards.none');
  const trafficSeries = [{ name: t('dashboards.columns.visits') }, { name: t('dashboards.columns.uniqueVisitors') }];
  const visitsSeries = [{ name: t('dashboards.columns.visits') }];
  const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}h`;
  const tier = (value: string | null) => (value ? t(`dashboards.tiers.${value}`, { defaultValue: value }) : dash);
  const trafficColumns = [
    { label: t('dashboards.columns.visits'), number: true },
    { label: t('dashboards.columns.uniqueVisitors'), number: true },
  ];
  return (
    <>
      <FigureCards
        items={[
          { label: t('dashboards.columns.visits'), value: n(data.totals.visits) },
          { label: t('dashboards.columns.uniqueVisitors'), value: n(data.totals.uniqueVisitors) },
          { label: t('dashboards.onlineNow'), value: n(data.totals.onlineNow) },
          { label: t('dashboards.event.watchMinutes'), value: decimal(data.totals.watchMinutes) },
          { label: t('dashboards.columns.contacts'), value: n(data.totals.contacts) },
          { label: t('dashboards.columns.chats'), value: n(data.totals.chats) },
          { label: t('dashboards.event.optIns'), value: `${n(data.network.optIns)} / ${n(data.network.attendees)}` },
          { label: t('dashboards.columns.revenue'), value: formatReais(data.sales.revenue) },
        ]}
      />
      <FigurePanel
        id="event-days"
        title={t('dashboards.event.perDay')}
        empty={data.totals.visits === 0}
        emptyText={none}
        chart={
          <>
            {/* One day is one point: a line would be a lone dot, bars read. */}
            {data.perDay.length === 1 ? (
              <BarChart
                label={t('dashboards.event.perDay')}
                series={trafficSeries}
                points={data.perDay.map((row) => ({ label: formatDay(row.day).slice(0, 5), values: [row.visits, row.uniqueVisitors] }))}
              />
            ) : (
              <LineChart
                label={t('dashboards.event.perDay')}
                series={trafficSeries}
                points={data.perDay.map((row) => ({ label: formatDay(row.day).slice(0, 5), values: [row.visits, row.uniqueVisitors] }))}
              />
            )}
            <Legend series={trafficSeries} />
          </>
        }
        table={
          <FigureTable
            caption={t('dashboards.event.perDay')}
            columns={[{ label: t('dashboards.columns.day') }, ...trafficColumns]}
            rows={data.perDay.map((row) => ({ key: row.day, cells: [formatDay(row.day), n(row.visits), n(row.uniqueVisitors)] }))}
          />
        }
      />
      <FigurePanel
        id="event-hours"
        title={t('dashboards.event.perHour')}
        empty={data.totals.visits === 0}
        emptyText={none}
        chart={
          <BarChart
            label={t('dashboards.event.perHour')}
            series={visitsSeries}
            points={data.perHour.map((row) => ({ label: hourLabel(row.hour), values: [row.visits] }))}
          />
        }
        table={
          <FigureTable
            caption={t('dashboards.event.perHour')}
            columns={[{ label: t('dashboards.columns.hour') }, ...trafficColumns]}
            rows={data.perHour.map((row) => ({ key: row.hour, cells: [hourLabel(row.hour), n(row.visits), n(row.uniqueVisitors)] }))}
          />
        }
      />
      <FigurePanel
        id="event-halls"
        title={t('dashboards.event.halls')}
        empty={data.halls.length === 0}
        emptyText={none}
        chart={
          <RankingChart
            label={t('dashboards.event.halls')}
            series={visitsSeries}
            points={data.halls.slice(0, 12).map((row) => ({ label: placeName(row, t), values: [row.visits] }))}
          />
        }
        table={
          <FigureTable
            caption={t('dashboards.event.halls')}
            columns={[
              { label: t('dashboards.columns.hall') },
              ...trafficColumns,
              { label: t('dashboards.columns.time'), number: true },
              { label: t('dashboards.columns.path') },
            ]}
            rows={data.halls.map((row) => ({
              key: row.hall,
              cells: [
                placeName(row, t),
                n(row.visits),
                n(row.uniqueVisitors),
                formatSeconds(row.seconds),
                <code key="path">{row.hall}</code>,
              ],
            }))}
          />
        }
      />
      <FigurePanel
        id="event-stands"
        title={t('dashboards.event.stands')}
        empty={data.stands.length === 0}
        emptyText={t('dashboards.event.noStands')}
        chart={
          <RankingChart
            label={t('dashboards.event.stands')}
            series={visitsSeries}
            points={data.stands.slice(0, 12).map((row) => ({ label: row.name, values: [row.visits] }))}
          />
        }
        table={
          <FigureTable
            caption={t('dashboards.event.stands')}
            columns={[
              { label: t('dashboards.columns.stand') },
              { label: t('dashboards.columns.tier') },
              ...trafficColumns,
              { label: t('dashboards.columns.contacts'), number: true },
              { label: t('dashboards.columns.chats'), number: true },
              { label: t('dashboards.columns.firstResponse'), number: true },
            ]}
            rows={data.stands.map((row) => ({
              key: row.standId,
              cells: [
                row.name,
                tier(row.tier),
                n(row.visits),
                n(row.uniqueVisitors),
                n(row.contacts),
                n(row.chats),
                row.medianFirstResponseSeconds === null ? dash : formatSeconds(row.medianFirstResponseSeconds),
              ],
            }))}
          />
        }
      />
      <FigurePanel
        id="event-lectures"
        title={t('dashboards.event.lectures')}
        empty={data.lectures.length === 0}
        emptyText={t('dashboards.event.noLectures')}
        chart={
          <RankingChart
            label={t('dashboards.event.lecturesChart')}
            series={[{ name: t('dashboards.columns.minutes') }]}
            points={data.lectures.slice(0, 12).map((row) => ({ label: row.name, values: [row.minutes] }))}
          />
        }
        table={
          <FigureTable
            caption={t('dashboards.event.lectures')}
            columns={[
              { label: t('dashboards.columns.lecture') },
              { label: t('dashboards.columns.room') },
              { label: t('dashboards.columns.peak'), number: true },
              { label: t('dashboards.columns.watchers'), number: true },
              { label: t('dashboards.columns.minutes'), number: true },
              { label: t('dashboards.columns.average'), number: true },
            ]}
            rows={data.lectures.map((row) => ({
              key: row.lectureId,
              cells: [row.name, row.room ?? dash, n(row.peakWatchers), n(row.watchers), decimal(row.minutes), decimal(row.averageMinutes)],
            }))}
          />
        }
      />
      <FigurePanel
        id="event-sales-items"
        title={t('dashboards.sales.byItem')}
        empty={data.sales.byItem.length === 0}
        emptyText={t('dashboards.sales.empty')}
        table={
          <FigureTable
            caption={t('dashboards.sales.byItem')}
            columns={[
              { label: t('dashboards.columns.item') },
              { label: t('dashboards.columns.quantity'), number: true },
              { label: t('dashboards.columns.revenue'), number: true },
            ]}
            rows={data.sales.byItem.map((row) => ({ key: row.item, cells: [row.item, n(row.quantity), formatReais(row.revenue)] }))}
          />
        }
      />
      <FigurePanel
        id="event-sales-coupons"
        title={t('dashboards.sales.byCoupon')}
        empty={data.sales.byCoupon.length === 0}
        emptyText={t('dashboards.sales.noCoupons')}
        table={
          <FigureTable
            caption={t('dashboards.sales.byCoupon')}
            columns={[
              { label: t('dashboards.columns.coupon') },
              { label: t('dashboards.columns.orders'), number: true },
              { label: t('dashboards.columns.discount'), number: true },
              { label: t('dashboards.columns.revenue'), number: true },
            ]}
            rows={data.sales.byCoupon.map((row) => ({
              key: row.coupon,
              cells: [row.coupon, n(row.orders), formatReais(row.discount), formatReais(row.revenue)],
            }))}
          />
        }
      />
    </>
  );
};

/**
 * /cms/eventos/:eventId/dashboard (admin, decision 048): one event's figures in its zone for a
 * range of days (the event's dates by default): visitors per day and hour, halls, stands,
 * lectures, network and sales, each chart beside its table; 'Exportar CSV' and 'Exportar XLSX'.
 */
export const EventDashboardPage = () => {
  const { t } = useBackofficeTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const eventId = idFromSlug(params.eventId);
  const dashboard = useQuery({ ...eventDashboardQuery(eventId ?? 0, readRange(search)), enabled: eventId !== null });
  const [exporting, setExporting] = useState<DashboardExportFormat | null>(null);
  const [exportError, setExportError] = useState(false);
  const data = dashboard.data;
  const download = async (format: DashboardExportFormat) => {
    if (!data || eventId === null) return;
    setExporting(format);
    setExportError(false);
    try {
      await downloadEventDashboard(eventId, format, data.range);
    } catch {
      setExportError(true);
    } finally {
      setExporting(null);
    }
  };
  return (
    <>
      <PageHeader title={data ? t('dashboards.event.titleOf', { name: data.event.name }) : t('dashboards.event.title')}>
        {eventId !== null && <Link to={`/cms/eventos/${eventId}`}>{t('dashboards.event.editor')}</Link>}
      </PageHeader>
      <RangeFields range={data?.range} />
      {data && (
        <Exports>
          <Button type="button" $variant="ghost" disabled={exporting !== null} onClick={() => void download('csv')}>
            {t('dashboards.export.csv')}
          </Button>
          <Button type="button" $variant="ghost" disabled={exporting !== null} onClick={() => void download('xlsx')}>
            {t('dashboards.export.xlsx')}
          </Button>
        </Exports>
      )}
      {exportError && <ErrorAlert>{t('dashboards.export.failed')}</ErrorAlert>}
      {eventId === null ? (
        <ErrorAlert>{messageText('api.error.notFound')}</ErrorAlert>
      ) : dashboard.isPending ? (
        <Spinner label={t('table.loading')} />
      ) : dashboard.error ? (
        <ErrorAlert>{messageText(dashboard.error.msg)}</ErrorAlert>
      ) : (
        data && <Dashboard data={data} />
      )}
    </>
  );
};
