import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInBackoffice } from '../test-utils';
import { BarChart, RankingChart, shortName } from './charts';

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
