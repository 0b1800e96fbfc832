import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { useBackofficeTranslation } from '../i18n';

/**
 * A chart's width before its box is measured, and its height. The chart is drawn at its box's
 * width, one unit a pixel (decision 103): scaled into a narrower box, its 10-unit labels read
 * about 9 px.
 */
const WIDTH = 560;
const HEIGHT = 240;
/** The narrowest a chart is drawn: a narrower box scrolls it. */
const MIN_WIDTH = 320;
const MARGIN = { top: 12, right: 12, bottom: 44, left: 48 };
const COLORS = ['#0b6e99', '#c2410c'];
/** Every label of a chart, in pixels (issue 56: at least 12). */
export const LABEL_SIZE = 12;
const tickLabel = { fontSize: LABEL_SIZE, fill: 'currentColor', fontFamily: 'inherit' } as const;

/** The width of a chart's box, followed as it changes (the chart is drawn at it). */
const useBoxWidth = (): [RefObject<HTMLDivElement>, number] => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const measured = Math.round(box.getBoundingClientRect().width);
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, measured));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
};

const Box = styled.div`
  overflow-x: auto;
`;

const Svg = styled.svg`
  display: block;
  text {
    font-family: inherit;
  }
`;

export interface ChartPoint {
  /** The category's label (a day, an hour, a hall). */
  label: string;
  values: number[];
}

export interface ChartSeries {
  name: string;
}

/** What a chart says to a screen reader: its title, each series' total and highest point. */
export const useChartSummary = () => {
  const { t } = useBackofficeTranslation();
  return (title: string, points: readonly ChartPoint[], series: readonly ChartSeries[]): string => {
    if (points.length === 0 || points.every((point) => point.values.every((value) => value === 0)))
      return t('dashboards.chart.emptySummary', { title });
    const parts = series.map((one, index) => {
      const best = points.reduce((top, point) => ((point.values[index] ?? 0) > (top.values[index] ?? 0) ? point : top), points[0]);
      return t('dashboards.chart.seriesSummary', {
        name: one.name,
        max: (best.values[index] ?? 0).toLocaleString('pt-BR'),
        at: best.label,
      });
    });
    return t('dashboards.chart.summary', { title, count: points.length, series: parts.join('; ') });
  };
};

/** The figures are counts: ticks only at whole numbers (no 0,2 visits). */
const wholeTicks = (scale: { ticks(count?: number): number[] }, count = 4): number[] => scale.ticks(count).filter(Number.isInteger);
const count = (value: { valueOf(): number }) => Number(value).toLocaleString('pt-BR');

const tickLabels = (points: readonly ChartPoint[]) => {
  // At most ~12 labels under the axis: every n-th one.
  const step = Math.max(1, Math.ceil(points.length / 12));
  return points.filter((_, index) => index % step === 0).map((point) => point.label);
};

/** A counts chart's axes: whole counts at the left in pt-BR figures, the points' labels below. */
const CountAxes = ({
  y,
  x,
  height,
  points,
}: {
  y: ReturnType<typeof scaleLinear<number>>;
  x: ReturnType<typeof scaleBand<string>> | ReturnType<typeof scalePoint<string>>;
  height: number;
  points: readonly ChartPoint[];
}) => (
  <>
    <AxisLeft
      scale={y}
      tickValues={wholeTicks(y)}
      tickFormat={count}
      tickLabelProps={{ ...tickLabel, textAnchor: 'end', dx: '-0.25em', dy: '0.33em' }}
      aria-hidden="true"
    />
    <AxisBottom
      top={height}
      scale={x}
      tickValues={tickLabels(points)}
      tickLabelProps={{ ...tickLabel, textAnchor: 'middle' }}
      aria-hidden="true"
    />
  </>
);

/** Bars: one per point, or side by side per series when there are several (each point's values in order). */
export const BarChart = ({ label, points, series }: { label: string; points: readonly ChartPoint[]; series: readonly ChartSeries[] }) => {
  const summary = useChartSummary()(label, points, series);
  const [box, width] = useBoxWidth();
  const inner = { width: width - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const x = scaleBand<string>({ domain: points.map((point) => point.label), range: [0, inner.width], padding: 0.2 });
  const drawn = Math.max(1, series.length);
  const side = scaleBand<number>({
    domain: Array.from({ length: drawn }, (_, index) => index),
    range: [0, x.bandwidth()],
    padding: drawn > 1 ? 0.05 : 0,
  });
  const max = Math.max(1, ...points.flatMap((point) => point.values.slice(0, drawn)));
  const y = scaleLinear<number>({ domain: [0, max], range: [inner.height, 0], nice: true });
  return (
    <Box ref={box}>
      <Svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={summary}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {points.flatMap((point) =>
            Array.from({ length: drawn }, (_, index) => {
              const value = point.values[index] ?? 0;
              const top = y(value) ?? 0;
              return (
                <Bar
                  key={`${point.label}-${index}`}
                  x={(x(point.label) ?? 0) + (side(index) ?? 0)}
                  y={top}
                  width={side.bandwidth()}
                  height={Math.max(0, inner.height - top)}
                  fill={COLORS[index % COLORS.length]}
                  aria-hidden="true"
                />
              );
            }),
          )}
          <CountAxes y={y} x={x} height={inner.height} points={points} />
        </Group>
      </Svg>
    </Box>
  );
};

/** A ranking's bar per row and the room its name has at the left (pixels). */
const ROW = 26;
const NAME_WIDTH = 190;
const NAME_CHARS = 26;

/** A name cut to what fits beside its bar, with an ellipsis; the whole name stays in its tooltip and in the table. */
export const shortName = (name: string, chars = NAME_CHARS): string =>
  name.length <= chars ? name : `${name.slice(0, chars - 1).trimEnd()}…`;

/**
 * A ranking (halls, stands, lectures, events): horizontal bars, one row per name in the order
 * given, each name at the left of its bar, cut to fit with its whole name as a tooltip. Names
 * under a vertical bar chart ran into each other from a handful on.
 */
export const RankingChart = ({
  label,
  points,
  series,
}: {
  label: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
}) => {
  const summary = useChartSummary()(label, points, series);
  const [box, width] = useBoxWidth();
  const margin = { top: 8, right: 24, bottom: 32, left: NAME_WIDTH };
  const inner = { width: width - margin.left - margin.right, height: Math.max(1, points.length) * ROW };
  const height = inner.height + margin.top + margin.bottom;
  const keys = points.map((_, index) => `${index}`);
  const y = scaleBand<string>({ domain: keys, range: [0, inner.height], padding: 0.25 });
  const max = Math.max(1, ...points.map((point) => point.values[0] ?? 0));
  const x = scaleLinear<number>({ domain: [0, max], range: [0, inner.width], nice: true });
  return (
    <Box ref={box}>
      <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        <Group left={margin.left} top={margin.top}>
          {points.map((point, index) => {
            const top = y(keys[index]) ?? 0;
            return (
              <g key={keys[index]} aria-hidden="true">
                <title>{`${point.label}: ${(point.values[0] ?? 0).toLocaleString('pt-BR')}`}</title>
                <text x={-8} y={top + y.bandwidth() / 2} dy="0.35em" textAnchor="end" fontSize={LABEL_SIZE} fill="currentColor">
                  {shortName(point.label)}
                </text>
                <Bar x={0} y={top} width={Math.max(0, x(point.values[0] ?? 0) ?? 0)} height={y.bandwidth()} fill={COLORS[0]} />
              </g>
            );
          })}
          <AxisLeft scale={y} tickValues={[]} hideTicks aria-hidden="true" />
          <AxisBottom
            top={inner.height}
            scale={x}
            tickValues={wholeTicks(x)}
            tickFormat={count}
            tickLabelProps={{ ...tickLabel, textAnchor: 'middle' }}
            aria-hidden="true"
          />
        </Group>
      </Svg>
    </Box>
  );
};

/** Lines, one per series (the values of each point in order). */
export const LineChart = ({ label, points, series }: { label: string; points: readonly ChartPoint[]; series: readonly ChartSeries[] }) => {
  const summary = useChartSummary()(label, points, series);
  const [box, width] = useBoxWidth();
  const inner = { width: width - MARGIN.left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const x = scalePoint<string>({ domain: points.map((point) => point.label), range: [0, inner.width], padding: 0.5 });
  const max = Math.max(1, ...points.flatMap((point) => point.values));
  const y = scaleLinear<number>({ domain: [0, max], range: [inner.height, 0], nice: true });
  return (
    <Box ref={box}>
      <Svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={summary}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {series.map((one, index) => (
            <LinePath
              key={one.name}
              data={[...points]}
              x={(point) => x(point.label) ?? 0}
              y={(point) => y(point.values[index] ?? 0) ?? 0}
              stroke={COLORS[index % COLORS.length]}
              strokeWidth={2}
              strokeDasharray={index ? '6 4' : undefined}
              aria-hidden="true"
            />
          ))}
          <CountAxes y={y} x={x} height={inner.height} points={points} />
        </Group>
      </Svg>
    </Box>
  );
};

/** The series' keys under a line chart (colour and dash as drawn). */
export const Legend = ({ series }: { series: readonly ChartSeries[] }) => (
  <LegendList aria-hidden="true">
    {series.map((one, index) => (
      <li key={one.name}>
        <svg width="24" height="8">
          <line
            x1="0"
            y1="4"
            x2="24"
            y2="4"
            stroke={COLORS[index % COLORS.length]}
            strokeWidth="2"
            strokeDasharray={index ? '6 4' : undefined}
          />
        </svg>
        {one.name}
      </li>
    ))}
  </LegendList>
);

const LegendList = styled.ul`
  display: flex;
  gap: 16px;
  list-style: none;
  margin: 4px 0 0;
  padding: 0;
  font-size: 0.85rem;
  li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
  max-height: 360px;
  overflow-y: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 8px;
  }
  th,
  td {
    padding: 6px 10px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  .number {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

export interface TableColumn {
  label: string;
  number?: boolean;
}

/** A figure's table: a real table with its caption, copyable as it stands. */
export const FigureTable = ({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly TableColumn[];
  rows: ReadonlyArray<{ key: string | number; cells: ReactNode[] }>;
}) => {
  const { t } = useBackofficeTranslation();
  return (
    // A long table scrolls in its box: the box takes the keyboard's focus so it scrolls without a mouse.
    // Its name is not the panel's: two regions of one name are axe's 'landmark-unique' (issue 56, item 14).
    <Scroll tabIndex={0} role="region" aria-label={t('dashboards.chart.tableRegion', { caption })}>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.number ? 'number' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={columns[index]?.label ?? index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[index]?.label ?? index} className={columns[index]?.number ? 'number' : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
};

export const Panel = styled.section`
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

/** A chart's table folded under it: 'Ver dados em tabela' opens it (a native disclosure, keyboard and screen readers included). */
const Fold = styled.details`
  margin-top: 12px;
  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.primary};
    padding: 4px 0;
    width: fit-content;
  }
  summary:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
  &[open] summary {
    margin-bottom: 8px;
  }
`;

/** A chart's table, folded: the tables doubled the page's length (issue 56). */
export const FoldedTable = ({ children }: { children: ReactNode }) => {
  const { t } = useBackofficeTranslation();
  return (
    <Fold>
      <summary>{t('dashboards.chart.showTable')}</summary>
      {children}
    </Fold>
  );
};

/** A panel's heading, then the empty text, or its chart with its table folded under it, or its table alone. */
export const FigurePanel = ({
  id,
  title,
  empty,
  emptyText,
  chart,
  table,
}: {
  id: string;
  title: string;
  empty: boolean;
  emptyText: string;
  chart?: ReactNode;
  table: ReactNode;
}) => (
  <Panel aria-labelledby={id}>
    <h2 id={id}>{title}</h2>
    {empty ? (
      <p className="empty">{emptyText}</p>
    ) : chart ? (
      <>
        {chart}
        <FoldedTable>{table}</FoldedTable>
      </>
    ) : (
      table
    )}
  </Panel>
);
