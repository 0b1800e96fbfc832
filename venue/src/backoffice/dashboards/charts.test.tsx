import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInBackoffice } from '../test-utils';
import { BarChart, FigurePanel, FigureTable, LABEL_SIZE, LineChart, RankingChart, shortName } from './charts';

const longName = 'Guardião Segurança do Paciente e Qualidade Hospitalar';

describe('the dashboards charts', () => {
  it('cuts a long name to fit beside its bar, with an ellipsis', () => {
    expect(shortName('Lumen Imagem')).toBe('Lumen Imagem');
    expect(shortName(longName)).toBe('Guardião Segurança do Pac…');
    expect(shortName(longName).length).toBe(26);
  });

  it('draws a ranking as one row per name, each name once at the left of its bar, whole in its tooltip', async () => {
    const names = ['Ápice Educação Médica', 'Aurora Diagnósticos', longName, ...Array.from({ length: 9 }, (_, i) => `Estande ${i + 1}`)];
    renderInBackoffice(
      <RankingChart
        label="Estandes por visitas"
        series={[{ name: 'Visitas' }]}
        points={names.map((name, i) => ({ label: name, values: [120 - i * 10] }))}
      />,
    );
    const container = await screen.findByRole('img');
    const rows = [...container.querySelectorAll('g > g[aria-hidden="true"]')].filter((row) => row.querySelector('title'));
    expect(rows).toHaveLength(12);
    expect(rows.map((row) => row.querySelector('text')?.textContent)).toEqual(names.map((name) => shortName(name)));
    expect(rows[2].querySelector('title')?.textContent).toBe(`${longName}: 100`);
    // Rows one under the other: each name's vertical place is below the one before.
    const ys = rows.map((row) => Number(row.querySelector('rect')?.getAttribute('y')));
    expect(ys.every((y, i) => i === 0 || y > ys[i - 1])).toBe(true);
    // The longest bar is the first.
    const widths = rows.map((row) => Number(row.querySelector('rect')?.getAttribute('width')));
    expect(Math.max(...widths)).toBe(widths[0]);
  });

  it('marks whole numbers only on a count axis', async () => {
    renderInBackoffice(
      <BarChart
        label="Visitas por hora do dia"
        series={[{ name: 'Visitas' }]}
        points={[
          { label: '10h', values: [1] },
          { label: '11h', values: [0] },
        ]}
      />,
    );
    const container = await screen.findByRole('img');
    const ticks = [...container.querySelectorAll('.visx-axis-left text')].map((text) => text.textContent);
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.every((tick) => /^\d+$/.test(tick ?? ''))).toBe(true);
  });
});

describe('the charts’ labels (issue 56, item 8)', () => {
  it('writes every label at 12 px or more, the chart drawn at its own width (one unit a pixel)', async () => {
    renderInBackoffice(
      <>
        <BarChart label="Por hora" series={[{ name: 'Visitas' }]} points={[{ label: '10h', values: [3] }]} />
        <RankingChart label="Halls" series={[{ name: 'Visitas' }]} points={[{ label: 'Pavilhão Ouro', values: [12] }]} />
        <LineChart
          label="Por dia"
          series={[{ name: 'Visitas' }]}
          points={[
            { label: '10/05', values: [1] },
            { label: '11/05', values: [2] },
          ]}
        />
      </>,
    );
    const charts = await screen.findAllByRole('img');
    expect(charts).toHaveLength(3);
    for (const chart of charts) {
      // Not scaled: a 560-unit chart squeezed into a 500 px box read 10-unit labels at about 9 px.
      const [, , width] = (chart.getAttribute('viewBox') ?? '').split(' ').map(Number);
      expect(Number(chart.getAttribute('width'))).toBe(width);
      const texts = [...chart.querySelectorAll('text')];
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(Number(text.getAttribute('font-size')), text.textContent ?? '').toBeGreaterThanOrEqual(LABEL_SIZE);
    }
    expect(LABEL_SIZE).toBeGreaterThanOrEqual(12);
  });

  it('folds a figure’s table under its chart, open on demand from the keyboard', async () => {
    renderInBackoffice(
      <FigurePanel
        id="p"
        title="Halls por visitas"
        empty={false}
        emptyText="—"
        chart={<BarChart label="Halls" series={[{ name: 'Visitas' }]} points={[{ label: 'Hall', values: [3] }]} />}
        table={<FigureTable caption="Halls por visitas" columns={[{ label: 'Hall' }]} rows={[{ key: 1, cells: ['Hall'] }]} />}
      />,
    );
    const summary = await screen.findByText('Ver dados em tabela');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    // Reached with Tab (the browser opens it with Enter or Space: a native control).
    await userEvent.tab();
    expect(summary).toHaveFocus();
    await userEvent.click(summary);
    expect(details.open).toBe(true);
  });
});
