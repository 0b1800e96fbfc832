import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, STAND_REPORT_FIGURES, type StandReport } from '@plataforma/adapter';
import { admin, attendantUser, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, stubObjectUrls } from '../test-utils';

const carla = attendantUser(2, 'Carla Atendente');

const figures = Object.fromEntries(STAND_REPORT_FIGURES.map((key) => [key, { value: 0, tierAverage: 0 }])) as StandReport['figures'];
const report: StandReport = {
  stand: { id: 3, name: 'Vitalis Farmacêutica', type: 'master' },
  event: { id: 1, name: 'Congresso Paulista', timezone: 'America/Sao_Paulo' },
  range: { from: null, to: null },
  tierStands: 3,
  figures: {
    ...figures,
    visits: { value: 4, tierAverage: 2 },
    uniqueVisitors: { value: 2, tierAverage: 0.67 },
    medianFirstResponseSeconds: { value: 300, tierAverage: 210 },
    leads: { value: 6, tierAverage: 3 },
  },
  media: [{ mediaId: 5, title: 'Vídeo institucional', count: 2 }],
  documents: [],
  products: [{ productId: 7, title: 'Monitor cardíaco', count: 2 }],
  social: [{ network: 'instagram', count: 2 }],
  leads: {
    total: 6,
    identified: 1,
    anonymous: 5,
    bySource: { contact: 1, chat: 4, click: 4 },
    rows: [
      {
        name: 'Ana Contato',
        email: 'ana@exemplo.com.br',
        phone: '21999990001',
        consent: 'contact',
        contacts: 1,
        chatMessages: 2,
        clicks: 0,
        lastAt: '2026-05-11T20:00:00.000Z',
        lastMessage: 'Ainda aguardo a proposta.\nPodem ligar à tarde?',
      },
    ],
  },
};

beforeEach(() => stubObjectUrls());

/** The serious and critical axe violations of the page (colour contrast needs a real layout). */
const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
};

describe('/cms/estandes/:standId/relatorio (decision 049)', () => {
  it('shows each figure beside its tier average, the chart with its table, the leads who agreed', async () => {
    signInStaff(carla);
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      'GET /api/cms/v1/dashboards/stands/3': () => report,
    });
    renderBackoffice('/cms/estandes/3/relatorio');
    expect(await screen.findByRole('heading', { name: 'Relatório do estande Vitalis Farmacêutica' }, FIRST_LOAD)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Indicadores do estande Vitalis Farmacêutica (azul) e a média dos outros 2 do seu nível (cinza)' }),
    ).toBeInTheDocument();
    const visits = screen.getByRole('rowheader', { name: 'Visitas' }).closest('tr') as HTMLElement;
    expect(
      within(visits)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '2']);
    const median = screen.getByRole('rowheader', { name: 'Mediana da primeira resposta (s)' }).closest('tr') as HTMLElement;
    expect(
      within(median)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['300', '210']);
    expect(screen.getByText(/comparado com 2 outros estandes do nível \(este fora da média\)/)).toBeInTheDocument();
    // The chart's legend (issue 56): which colour is the stand, which the others' average.
    const legend = screen.getByRole('list', { name: 'Legenda do gráfico' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Vitalis Farmacêutica', 'Média dos outros 2 estandes do nível']);
    expect(screen.getByRole('rowheader', { name: 'Mídia: Vídeo institucional' })).toBeInTheDocument();
    expect(screen.getByText('6 no total: 1 identificados, 5 sem identificação (contados, sem dados).')).toBeInTheDocument();
    const lead = screen.getByRole('cell', { name: 'Ana Contato' }).closest('tr') as HTMLElement;
    expect(
      within(lead)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Ana Contato',
      'ana@exemplo.com.br',
      '21999990001',
      'Pediu contato',
      '11-05-2026 17:00',
      'Ainda aguardo a proposta.\nPodem ligar à tarde?3 mensagens no total',
    ]);
    // What the lead wrote last, with how many they wrote (decision 105).
    expect(screen.getByRole('columnheader', { name: 'Última mensagem' })).toBeInTheDocument();
    expect(within(lead).getByText('3 mensagens no total')).toBeInTheDocument();
    expect(await violations()).toEqual([]);

    // A range asks again with it.
    await userEvent.type(screen.getByLabelText('De'), '2026-05-10');
    await userEvent.type(screen.getByLabelText('Até'), '2026-05-11');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(seen.filter((r) => r.url === '/api/cms/v1/dashboards/stands/3').map((r) => r.params)).toContainEqual({
        from: '2026-05-10',
        to: '2026-05-11',
      }),
    );

    // The PDF for the sponsor, of the same range.
    await userEvent.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    await waitFor(() =>
      expect(seen.find((r) => r.url === '/api/cms/v1/dashboards/stands/3/export')?.params).toEqual({
        format: 'pdf',
        from: '2026-05-10',
        to: '2026-05-11',
      }),
    );
  });

  it('says when nothing happened, and shows the server’s refusal', async () => {
    signInStaff(admin);
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/dashboards/stands/3': () => ({
        ...report,
        figures,
        media: [],
        products: [],
        social: [],
        leads: { ...report.leads, total: 0, identified: 0, anonymous: 0, rows: [] },
      }),
      'GET /api/cms/v1/dashboards/stands/4': () => {
        throw new ApiError(403, 'api.error.forbidden');
      },
    });
    const router = renderBackoffice('/cms/estandes/3/relatorio');
    expect(await screen.findByText('Nenhuma visita, contato ou lead neste período.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Nenhum lead identificado neste período.')).toBeInTheDocument();
    // No chart frame of empty bars: the text instead, and the table of figures still there.
    expect(screen.queryByRole('img', { name: /^Indicadores do estande/ })).toBeNull();
    expect(screen.getByText('Sem dados no período.')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Média dos outros do nível' })).toBeInTheDocument();
    expect(screen.getAllByRole('row').length).toBeGreaterThan(STAND_REPORT_FIGURES.length);
    expect(await violations()).toEqual([]);
    await router.navigate('/cms/estandes/4/relatorio');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('compares a tier’s only stand with nothing, ticks whole counts in pt-BR, names a chat answered', async () => {
    signInStaff(carla);
    const alone: StandReport = {
      ...report,
      tierStands: 1,
      figures: {
        ...Object.fromEntries(STAND_REPORT_FIGURES.map((key) => [key, { value: 0, tierAverage: null }])),
        visits: { value: 2500, tierAverage: null },
        medianFirstResponseSeconds: { value: 12, tierAverage: null },
      } as StandReport['figures'],
      leads: {
        ...report.leads,
        rows: [
          {
            ...report.leads.rows[0],
            name: 'Gil Oculto',
            email: null,
            phone: null,
            consent: 'conversation',
            contacts: 0,
            chatMessages: 1,
            lastMessage: 'x'.repeat(300),
          },
        ],
      },
    };
    fakeServer({ 'GET /api/cms/v1/users/me': () => carla, 'GET /api/cms/v1/dashboards/stands/3': () => alone });
    renderBackoffice('/cms/estandes/3/relatorio');
    const chart = await screen.findByRole('img', { name: 'Indicadores do estande Vitalis Farmacêutica, único do seu nível' }, FIRST_LOAD);
    expect(screen.getByText(/único estande do nível: sem comparação/)).toBeInTheDocument();
    // No average column, no grey bars, a legend of the stand alone.
    expect(screen.queryByRole('columnheader', { name: /Média/ })).toBeNull();
    const median = screen.getByRole('rowheader', { name: 'Mediana da primeira resposta (s)' }).closest('tr') as HTMLElement;
    expect(
      within(median)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12']);
    expect([...chart.querySelectorAll('rect')].every((bar) => bar.getAttribute('fill') === '#1f5fbf')).toBe(true);
    const legend = screen.getByRole('list', { name: 'Legenda do gráfico' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Vitalis Farmacêutica']);
    // Counts on the axis: whole, in pt-BR ('2.500', never '2,500' or '0.5'), labels 12 px.
    const ticks = [...chart.querySelectorAll('.visx-axis-bottom text')];
    expect(ticks.map((tick) => tick.textContent)).toEqual(['0', '500', '1.000', '1.500', '2.000', '2.500']);
    for (const tick of ticks) expect(Number(tick.getAttribute('font-size'))).toBeGreaterThanOrEqual(12);
    const lead = screen.getByRole('cell', { name: 'Gil Oculto' }).closest('tr') as HTMLElement;
    expect(
      within(lead)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Gil Oculto', '—', '—', 'Conversou no chat (só o nome)', '11-05-2026 17:00', `${'x'.repeat(280)}…`]);
    expect(await violations()).toEqual([]);
  });

  it('ticks a small count axis at whole numbers only', async () => {
    signInStaff(carla);
    const small: StandReport = {
      ...report,
      figures: {
        ...Object.fromEntries(STAND_REPORT_FIGURES.map((key) => [key, { value: 0, tierAverage: 0 }])),
        visits: { value: 1, tierAverage: 0.5 },
      } as StandReport['figures'],
    };
    fakeServer({ 'GET /api/cms/v1/users/me': () => carla, 'GET /api/cms/v1/dashboards/stands/3': () => small });
    renderBackoffice('/cms/estandes/3/relatorio');
    const chart = await screen.findByRole('img', { name: /^Indicadores do estande/ }, FIRST_LOAD);
    expect([...chart.querySelectorAll('.visx-axis-bottom text')].map((tick) => tick.textContent)).toEqual(['0', '1']);
  });
});
