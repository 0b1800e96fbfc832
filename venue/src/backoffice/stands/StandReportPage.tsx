import { useQuery } from '@tanstack/react-query';
import { AxisBottom } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  STAND_REPORT_FIGURES,
  STAND_REPORT_FORMATS,
  STAND_TIER_KEY,
  formatDateTime,
  type StandReport,
  type StandReportFigure,
  type StandReportFormat,
  type StandReportQuery,
  type StandType,
} from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from '../ui/Form';
import { PageHeader } from '../ui/PageHeader';
import { downloadStandReport, standReportQuery } from './api';

const Section = styled.section`
  margin-bottom: 28px;
  h2 {
    font-size: 1.2rem;
    margin: 0 0 12px;
  }
`;
const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: end;
  margin-bottom: 20px;
  label {
    display: grid;
    gap: 4px;
    font-weight: 600;
  }
  input {
    font: inherit;
    padding: 6px 8px;
  }
`;
const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
`;
const Side = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 24px;
  align-items: flex-start;
`;
const Table = styled.table`
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 6px 12px;
    border-bottom: 1px solid #d5d9e0;
  }
  td.n {
    text-align: right;
  }
  td.said {
    max-width: 40ch;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  td.said .more {
    display: block;
    color: #5b6475;
    font-size: 0.85rem;
  }
`;

/** A lead's last message on the screen: its first 280 characters (the exports carry it whole, decision 105). */
const SAID_MAX = 280;
const saidOf = (text: string): string => {
  const chars = [...text];
  return chars.length > SAID_MAX ? `${chars.slice(0, SAID_MAX).join('')}…` : text;
};

/** The figures drawn as bars (counts; the median is in seconds, on another scale: table only). */
const CHARTED: readonly StandReportFigure[] = STAND_REPORT_FIGURES.filter((key) => key !== 'medianFirstResponseSeconds');
const STAND_COLOUR = '#1f5fbf';
const TIER_COLOUR = '#9aa5b8';

const shown = (value: number | null) => (value === null ? '—' : value.toLocaleString('pt-BR'));
/** A count on the axis: pt-BR digits ('1.000'). */
const countLabel = (value: { valueOf(): number }) => Number(value).toLocaleString('pt-BR');
const LABEL_SIZE = 12;

/** Whether the report compares the stand with others: not when it is its tier's only stand (decision 103). */
export const compared = (report: StandReport): boolean => report.tierStands > 1;

/** The chart's keys: the stand's colour, and the others' average when there are others. */
const ChartLegend = ({ report }: { report: StandReport }) => {
  const { t } = useBackofficeTranslation();
  const items = [
    { colour: STAND_COLOUR, label: t('stands.report.legendStand', { name: report.stand.name }) },
    ...(compared(report) ? [{ colour: TIER_COLOUR, label: t('stands.report.legendOthers', { count: report.tierStands - 1 }) }] : []),
  ];
  return (
    <Legend aria-label={t('stands.report.legend')}>
      {items.map((item) => (
        <li key={item.colour}>
          <svg width="14" height="14" aria-hidden="true">
            <rect width="14" height="14" rx="2" fill={item.colour} />
          </svg>
          {item.label}
        </li>
      ))}
    </Legend>
  );
};

/** The stand's figures beside its tier's other stands' average, as horizontal bars (SVG, with the table beside it). */
const FiguresChart = ({ report, label }: { report: StandReport; label: string }) => {
  const { t } = useBackofficeTranslation();
  const others = compared(report);
  const width = 520;
  const left = 190;
  const height = CHARTED.length * 34 + 30;
  const y = scaleBand<string>({ domain: [...CHARTED], range: [0, height - 30], padding: 0.2 });
  const max = Math.max(
    1,
    ...CHARTED.flatMap((key) => [report.figures[key].value ?? 0, others ? (report.figures[key].tierAverage ?? 0) : 0]),
  );
  const x = scaleLinear<number>({ domain: [0, max], range: [0, width - left - 16], nice: true });
  // Counts: whole ticks only (no 0.5 visits), at most about five.
  const ticks = x.ticks(Math.min(5, Math.ceil(x.domain()[1]))).filter(Number.isInteger);
  const band = others ? y.bandwidth() / 2 : y.bandwidth();
  return (
    <svg width={width} height={height} role="img" aria-label={label}>
      <Group left={left}>
        {CHARTED.map((key) => (
          <Group key={key} top={y(key) ?? 0}>
            <text x={-8} y={others ? band : band / 2} textAnchor="end" dominantBaseline="middle" fontSize={LABEL_SIZE}>
              {t(`stands.report.figures.${key}`)}
            </text>
            <Bar x={0} y={0} width={x(report.figures[key].value ?? 0)} height={band} fill={STAND_COLOUR} />
            {others && <Bar x={0} y={band} width={x(report.figures[key].tierAverage ?? 0)} height={band} fill={TIER_COLOUR} />}
          </Group>
        ))}
        <AxisBottom
          top={height - 30}
          scale={x}
          tickValues={ticks}
          tickFormat={countLabel}
          tickLabelProps={{ fontSize: LABEL_SIZE, fill: 'currentColor', fontFamily: 'inherit', textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
};

/**
 * /cms/estandes/:standId/relatorio (attendant: their stands; admin: any, from the event editor's
 * stands): the exhibitor report (decision 049) over a range of the event's days, each figure
 * beside its tier's average, the leads who agreed, and the files to send to the sponsor.
 */
export const StandReportPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const standId = Number(useParams().standId);
  const [range, setRange] = useState<StandReportQuery>({});
  const [draft, setDraft] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<StandReportFormat | null>(null);
  const report = useQuery({ ...standReportQuery(standId, range), enabled: Number.isSafeInteger(standId) && standId > 0 });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange({ ...(draft.from ? { from: draft.from } : {}), ...(draft.to ? { to: draft.to } : {}) });
  };
  const download = async (format: StandReportFormat) => {
    setDownloadError(null);
    setDownloading(format);
    try {
      await downloadStandReport(standId, format, range);
    } catch (error) {
      setDownloadError(messageText((error as { msg?: string }).msg ?? 'api.error.unexpected'));
    } finally {
      setDownloading(null);
    }
  };

  const data = report.data;
  const title = data ? t('stands.report.titleOf', { name: data.stand.name }) : t('stands.report.title');
  const empty = data && data.figures.visits.value === 0 && data.leads.total === 0 && data.figures.contacts.value === 0;
  return (
    <>
      <PageHeader title={title}>
        <Button type="button" $variant="ghost" onClick={() => navigate(-1)}>
          {t('stands.detail.back')}
        </Button>
      </PageHeader>
      <Filters onSubmit={apply} aria-label={t('stands.report.range')}>
        <label>
          {t('stands.report.from')}
          <input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </label>
        <label>
          {t('stands.report.to')}
          <input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <Button type="submit">{t('stands.report.apply')}</Button>
        {STAND_REPORT_FORMATS.map((format) => (
          <Button
            key={format}
            type="button"
            $variant="ghost"
            disabled={downloading !== null || !data}
            onClick={() => void download(format)}
          >
            {t('stands.report.export', { format: format.toUpperCase() })}
          </Button>
        ))}
      </Filters>
      {downloadError && <ErrorAlert>{downloadError}</ErrorAlert>}
      {report.isPending ? (
        <Spinner label={t('stands.report.loading')} />
      ) : report.error ? (
        <ErrorAlert>{messageText(report.error.msg)}</ErrorAlert>
      ) : data ? (
        <>
          <p>
            {data.event.name} · {data.stand.type ? t(STAND_TIER_KEY[data.stand.type as StandType]) : '—'} ·{' '}
            {data.range.from || data.range.to
              ? t('stands.report.period', { from: data.range.from ?? '…', to: data.range.to ?? '…' })
              : t('stands.report.allTime')}{' '}
            · {compared(data) ? t('stands.report.otherStands', { count: data.tierStands - 1 }) : t('stands.report.aloneInTier')}
          </p>
          {empty && <p>{t('stands.report.empty')}</p>}
          <Section aria-labelledby="report-figures">
            <h2 id="report-figures">{t('stands.report.figuresTitle')}</h2>
            <Side>
              {/* Nothing to draw (the stand and its tier at 0): the text, not an empty frame; the table stays. */}
              {CHARTED.every((key) => !data.figures[key].value && !data.figures[key].tierAverage) ? (
                <p className="empty">{t('stands.report.noChartData')}</p>
              ) : (
                <div>
                  <FiguresChart
                    report={data}
                    label={
                      compared(data)
                        ? t('stands.report.chartLabel', { name: data.stand.name, count: data.tierStands - 1 })
                        : t('stands.report.chartLabelAlone', { name: data.stand.name })
                    }
                  />
                  <ChartLegend report={data} />
                </div>
              )}
              <Table>
                <thead>
                  <tr>
                    <th scope="col">{t('stands.report.figure')}</th>
                    <th scope="col">{t('stands.report.thisStand')}</th>
                    {compared(data) && <th scope="col">{t('stands.report.tierAverage')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {STAND_REPORT_FIGURES.map((key) => (
                    <tr key={key}>
                      <th scope="row">{t(`stands.report.figures.${key}`)}</th>
                      <td className="n">{shown(data.figures[key].value)}</td>
                      {compared(data) && <td className="n">{shown(data.figures[key].tierAverage)}</td>}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Side>
          </Section>
          <Section aria-labelledby="report-breakdown">
            <h2 id="report-breakdown">{t('stands.report.breakdownTitle')}</h2>
            <Table>
              <thead>
                <tr>
                  <th scope="col">{t('stands.report.item')}</th>
                  <th scope="col">{t('stands.report.count')}</th>
                </tr>
              </thead>
              <tbody>
                {[
                  ...data.media.map(
                    (row) => [t('stands.report.media', { title: row.title ?? t('stands.report.removed') }), row.count] as const,
                  ),
                  ...data.documents.map(
                    (row) => [t('stands.report.document', { title: row.title ?? t('stands.report.removed') }), row.count] as const,
                  ),
                  ...data.products.map(
                    (row) => [t('stands.report.product', { title: row.title ?? t('stands.report.removed') }), row.count] as const,
                  ),
                  ...data.social.map((row) => [t('stands.report.social', { network: row.network }), row.count] as const),
                ].map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td className="n">{shown(value)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section aria-labelledby="report-leads">
            <h2 id="report-leads">{t('stands.report.leadsTitle')}</h2>
            <p>
              {t('stands.report.leadsSummary', {
                total: data.leads.total,
                identified: data.leads.identified,
                anonymous: data.leads.anonymous,
              })}
            </p>
            {data.leads.rows.length === 0 ? (
              <p>{t('stands.report.noLeads')}</p>
            ) : (
              <Table>
                <thead>
                  <tr>
                    <th scope="col">{t('stands.report.lead.name')}</th>
                    <th scope="col">{t('stands.report.lead.email')}</th>
                    <th scope="col">{t('stands.report.lead.phone')}</th>
                    <th scope="col">{t('stands.report.lead.consent')}</th>
                    <th scope="col">{t('stands.report.lead.lastAt')}</th>
                    <th scope="col">{t('stands.report.lead.lastMessage')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.leads.rows.map((lead, index) => (
                    <tr key={`${lead.name}-${index}`}>
                      <td>{lead.name}</td>
                      <td>{lead.email ?? '—'}</td>
                      <td>{lead.phone ?? '—'}</td>
                      <td>{t(`stands.report.consent.${lead.consent}`)}</td>
                      <td>{formatDateTime(lead.lastAt, data.event.timezone)}</td>
                      <td className="said">
                        {lead.lastMessage === null ? '—' : saidOf(lead.lastMessage)}
                        {lead.contacts + lead.chatMessages > 1 && (
                          <span className="more">{t('stands.report.lead.written', { count: lead.contacts + lead.chatMessages })}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Section>
        </>
      ) : null}
    </>
  );
};
