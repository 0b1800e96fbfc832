import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type EventDashboard, type GeneralDashboard } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff } from '../test-utils';

beforeEach(() => signInStaff());

/** Serious and critical violations, and two landmarks of one name (axe 'landmark-unique', issue 56, item 14). */
const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'landmark-unique')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const general: GeneralDashboard = {
  range: { from: '2026-05-10', to: '2026-05-11', timeZone: 'America/Sao_Paulo' },
  onlineNow: 7,
  events: [
    { eventId: 3, name: 'Congresso de Medicina Intensiva', visits: 1200, uniqueVisitors: 340, paidOrders: 12, revenue: '2400.00' },
    { eventId: 4, name: 'Jornada de Pediatria', visits: 80, uniqueVisitors: 20, paidOrders: 0, revenue: '0.00' },
  ],
  clientsPerDay: [
    { day: '2026-05-10', clients: 15 },
    { day: '2026-05-11', clients: 4 },
  ],
  clientsInRange: 19,
  clientsTotal: 5000,
  sales: [{ eventId: 3, name: 'Congresso de Medicina Intensiva', paidOrders: 12, revenue: '2400.00' }],
  salesTotal: { paidOrders: 12, revenue: '2400.00' },
};

const hours = Array.from({ length: 24 }, (_, hour) => ({
  hour,
  visits: hour === 9 ? 30 : hour === 10 ? 12 : 0,
  uniqueVisitors: hour === 9 ? 9 : 0,
}));
const eventData: EventDashboard = {
  event: { id: 3, name: 'Congresso de Medicina Intensiva', startDate: '2026-05-10', endDate: '2026-05-11' },
  range: { from: '2026-05-10', to: '2026-05-11', timeZone: 'America/Sao_Paulo' },
  totals: { visits: 42, uniqueVisitors: 9, onlineNow: 2, watchMinutes: 4.5, contacts: 2, chats: 6 },
  perDay: [
    { day: '2026-05-10', visits: 30, uniqueVisitors: 9 },
    { day: '2026-05-11', visits: 12, uniqueVisitors: 3 },
  ],
  perHour: hours,
  halls: [
    { hall: 'hall-entrada', visits: 25, uniqueVisitors: 9, seconds: 1250 },
    { hall: 'hall-estandes-gold', visits: 9, uniqueVisitors: 5, seconds: 300 },
    { hall: 'salas/17', visits: 7, uniqueVisitors: 4, seconds: 600, name: 'Sala Órion', roomId: 17 },
    { hall: 'cbmi-2021', visits: 5, uniqueVisitors: 2, seconds: 60 },
    { hall: '/', visits: 3, uniqueVisitors: 3, seconds: 30, name: 'Congresso de Medicina Intensiva' },
    { hall: 'salas/99', visits: 1, uniqueVisitors: 1, seconds: 0 },
  ],
  stands: [
    {
      standId: 8,
      name: 'Estande Um',
      tier: 'master',
      visits: 10,
      uniqueVisitors: 6,
      contacts: 2,
      chats: 3,
      medianFirstResponseSeconds: 120,
    },
    {
      standId: 9,
      name: 'Estande Dois',
      tier: 'bronze',
      visits: 0,
      uniqueVisitors: 0,
      contacts: 0,
      chats: 0,
      medianFirstResponseSeconds: null,
    },
  ],
  lectures: [{ lectureId: 5, name: 'Sepse', room: 'Sala Azul', peakWatchers: 3, watchers: 3, minutes: 4, averageMinutes: 1.3 }],
  network: { attendees: 3, optIns: 2 },
  sales: {
    paidOrders: 3,
    revenue: '430.00',
    byItem: [{ item: 'Inscrição Congresso', quantity: 2, revenue: '400.00' }],
    byCoupon: [],
  },
};

describe('/cms/dashboard (decision 048)', () => {
  it('shows key figures, each chart with its table, and the range in the address', async () => {
    const seen = fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/dashboards/general': () => general });
    const router = renderBackoffice('/cms/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Painel' }, FIRST_LOAD);
    expect(router.state.location.pathname).toBe('/cms/dashboard');
    const online = await screen.findByText('Online agora');
    expect(online.nextElementSibling).toHaveTextContent('7');
    const charts = screen.getAllByRole('img');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Eventos mais visitados: 2 pontos; Visitantes únicos, máximo 340 em Congresso de Medicina Intensiva.',
      'Cadastros por dia: 2 pontos; Cadastros, máximo 15 em 10/05.',
    ]);
    const table = screen.getByRole('table', { name: 'Eventos com visitantes no período' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Congresso de Medicina Intensiva1.20034012R$ 2.400,00');
    expect(within(table).getByRole('link', { name: 'Congresso de Medicina Intensiva' })).toHaveAttribute(
      'href',
      '/cms/eventos/3/dashboard?from=2026-05-10&to=2026-05-11',
    );
    expect(screen.getByRole('table', { name: 'Cadastros por dia' })).toHaveTextContent('10/05/202615');
    expect(screen.getByLabelText('De')).toHaveValue('2026-05-10');
    expect(await violations()).toEqual([]);

    // A date field changes as a whole (the browser's picker).
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-05-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?to=2026-05-11&from=2026-05-01'));
    await waitFor(() => expect(seen.at(-1)?.params).toEqual({ from: '2026-05-01', to: '2026-05-11' }));
  });

  it('says when there is nothing in the range, and shows an error', async () => {
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/dashboards/general': () => ({ ...general, events: [], clientsPerDay: [], clientsInRange: 0, sales: [] }),
    });
    renderBackoffice('/cms/dashboard');
    expect(await screen.findAllByText('Sem dados no período.', {}, FIRST_LOAD)).toHaveLength(2);
    expect(screen.getByText('Nenhuma venda no período.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the server’s error', async () => {
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/dashboards/general': () => {
        throw new ApiError(400, 'api.error.invalidQuery');
      },
    });
    renderBackoffice('/cms/dashboard?from=2020-01-01&to=2026-01-01');
    expect(await screen.findByRole('alert', {}, FIRST_LOAD)).toBeInTheDocument();
  });
});

describe('/cms/eventos/:id/dashboard (decision 048)', () => {
  it('shows the event’s figures with their tables, the exports, and passes axe', async () => {
    const seen = fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/dashboards/events/3': () => eventData });
    renderBackoffice('/cms/eventos/3/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Painel — Congresso de Medicina Intensiva' }, FIRST_LOAD);
    expect(seen.find((r) => r.url === '/api/cms/v1/dashboards/events/3')?.params).toEqual({});
    expect(screen.getAllByRole('img').map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Visitas por dia: 2 pontos; Visitas, máximo 30 em 10/05; Visitantes únicos, máximo 9 em 10/05.',
      'Visitas por hora do dia: 24 pontos; Visitas, máximo 30 em 09h.',
      'Halls por visitas: 6 pontos; Visitas, máximo 25 em Hall de entrada.',
      'Estandes por visitas: 2 pontos; Visitas, máximo 10 em Estande Um.',
      'Minutos assistidos por palestra: 1 pontos; Minutos assistidos, máximo 4 em Sepse.',
    ]);
    const stands = screen.getByRole('table', { name: 'Estandes por visitas' });
    expect(within(stands).getAllByRole('row')[1]).toHaveTextContent('Estande UmMaster106232 min');
    expect(within(stands).getAllByRole('row')[2]).toHaveTextContent('Estande DoisBronze0000—');
    // Places by their names (issue 56, item 8): the venue's for halls, the server's for rooms and the event.
    const halls = screen.getByRole('img', { name: /^Halls por visitas/ });
    expect([...halls.querySelectorAll('g > g[aria-hidden="true"] > text')].map((text) => text.textContent)).toEqual([
      'Hall de entrada',
      'Pavilhão Ouro',
      'Sala Órion',
      'Sobre o evento',
      'Congresso de Medicina Int…',
      'Sala 99 (não é mais do ev…',
    ]);
    const hallRows = within(screen.getByRole('table', { name: 'Halls por visitas' })).getAllByRole('row');
    expect(hallRows[1]).toHaveTextContent('Hall de entrada25920 min 50 shall-entrada');
    expect(hallRows[3]).toHaveTextContent('Sala Órion7410 minsalas/17');
    expect(hallRows[5]).toHaveTextContent('Congresso de Medicina Intensiva3330 s/');
    // Each chart's table is folded under it: 'Ver dados em tabela', closed until asked (a native disclosure).
    const folds = screen.getAllByText('Ver dados em tabela');
    expect(folds).toHaveLength(5);
    for (const fold of folds) {
      expect(fold.tagName).toBe('SUMMARY');
      expect(fold.closest('details')).not.toHaveAttribute('open');
    }
    await userEvent.click(folds[2]);
    expect(folds[2].closest('details')).toHaveAttribute('open');
    // The sales' tables have no chart: shown as they are.
    expect(screen.getByRole('table', { name: 'Vendas por item' }).closest('details')).toBeNull();
    expect(screen.getByRole('table', { name: 'Palestras por audiência' })).toHaveTextContent('SepseSala Azul3341,3');
    expect(screen.getByRole('table', { name: 'Vendas por item' })).toHaveTextContent('Inscrição Congresso2R$ 400,00');
    expect(screen.getByText('Nenhum cupom usado no período.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toBeEnabled();
    expect(screen.getByLabelText('Até')).toHaveValue('2026-05-11');
    expect(await violations()).toEqual([]);
  });

  it('draws a single day as bars (visits and visitors side by side), not a lone dot', async () => {
    const oneDay: EventDashboard = {
      ...eventData,
      range: { from: '2026-05-10', to: '2026-05-10', timeZone: 'America/Sao_Paulo' },
      perDay: [{ day: '2026-05-10', visits: 30, uniqueVisitors: 9 }],
    };
    fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/dashboards/events/3': () => oneDay });
    renderBackoffice('/cms/eventos/3/dashboard?from=2026-05-10&to=2026-05-10');
    const chart = await screen.findByRole('img', { name: /^Visitas por dia: 1 pontos/ }, FIRST_LOAD);
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(chart.querySelector('path')).toBeNull();
    expect(screen.getByRole('table', { name: 'Visitas por dia' })).toHaveTextContent('10/05/2026309');
  });

  it('draws days as lines when the range has several', async () => {
    fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/dashboards/events/3': () => eventData });
    renderBackoffice('/cms/eventos/3/dashboard');
    const chart = await screen.findByRole('img', { name: /^Visitas por dia: 2 pontos/ }, FIRST_LOAD);
    expect(chart.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(chart.querySelectorAll('rect')).toHaveLength(0);
  });

  it('answers an unknown event with its error', async () => {
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/dashboards/events/99': () => {
        throw new ApiError(404, 'api.error.notFound');
      },
    });
    renderBackoffice('/cms/eventos/99/dashboard');
    expect(await screen.findByRole('alert', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).toBeNull();
  });
});
