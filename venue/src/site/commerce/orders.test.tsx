import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { mockVenueApi, renderAt } from '../../testing/render';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { orderFixture, pixPayment } from './fixtures';

mockVenueApi();

const full = { id: 7, name: 'Ana Souza', email: 'ana@exemplo.com.br', soft: false };

const seriousViolations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
};

const paidOrder = orderFixture({
  id: 6,
  number: 'PE-000006',
  status: 'paid',
  method: 'pix',
  payments: [pixPayment({ status: 'approved', paidAt: '2026-11-27T10:05:00.000Z', createdAt: '2026-11-27T10:01:00.000Z' })],
  history: [
    { at: '2026-11-27T10:00:00.000Z', status: 'pending', by: { kind: 'client', id: 7, name: 'Ana Souza' }, note: null },
    { at: '2026-11-27T10:05:00.000Z', status: 'paid', by: { kind: 'provider', id: null, name: null }, note: null },
  ],
  paidAt: '2026-11-27T10:05:00.000Z',
});

describe('Meus pedidos', () => {
  it('sends a soft session to sign in with the password first', async () => {
    useAppState.getState().signIn({ ...full, soft: true }, 'client', 'tk-soft');
    const router = renderAt('/meus-pedidos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(router.state.location.search).toBe('?voltar=%2Fmeus-pedidos');
  });

  it('says when there is no order yet', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    vi.spyOn(api.site.orders, 'list').mockResolvedValue({ rows: [], count: 0 });
    renderAt('/meus-pedidos');
    expect(await screen.findByText('Você ainda não fez nenhum pedido.')).toBeInTheDocument();
  });

  it('lists the orders with number, event, date, total and state in Portuguese', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    const list = vi.spyOn(api.site.orders, 'list').mockResolvedValue({ rows: [paidOrder, orderFixture()], count: 2 });
    renderAt('/meus-pedidos');
    const table = await screen.findByRole('table', { name: 'Meus pedidos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['PE-000006', 'Congresso Brasileiro Virtual', '27/11/2026 07:00', 'R$ 63,00', 'Pago'],
      ['PE-000005', 'Congresso Brasileiro Virtual', '27/11/2026 07:00', 'R$ 63,00', 'Pendente'],
    ]);
    expect(list).toHaveBeenCalledWith({ offset: 0, limit: 20, order: { field: 'createdAt', direction: 'desc' } });
    expect(within(rows[0]).getByRole('link', { name: 'Ver o pedido PE-000006' })).toHaveAttribute('href', '/meus-pedidos/6');
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows a paid order’s items, payments and history, and prints its receipt', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    vi.spyOn(api.site.orders, 'get').mockResolvedValue(paidOrder);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAt('/meus-pedidos/6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recibo do pedido PE-000006' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ventilação protetora' })).toBeInTheDocument();
    expect(screen.getByText('Cupom DEMO10')).toBeInTheDocument();
    expect(screen.getByText(/^PIX · R\$ 63,00 · aprovado/)).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Histórico' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['27/11/2026 07:00 · Pendente · por você', '27/11/2026 07:05 · Pago · pelo meio de pagamento']);
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir recibo' }));
    expect(print).toHaveBeenCalled();
    expect(await seriousViolations()).toEqual([]);
  });

  it('offers “Pagar” for a pending order and cancels it after the confirmation', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    let cancelled = false;
    vi.spyOn(api.site.orders, 'get').mockImplementation(async () => (cancelled ? orderFixture({ status: 'cancelled' }) : orderFixture()));
    const cancel = vi.spyOn(api.site.orders, 'cancel').mockImplementation(async () => {
      cancelled = true;
      return orderFixture({ status: 'cancelled' });
    });
    renderAt('/meus-pedidos/5');
    expect(await screen.findByRole('link', { name: 'Pagar' })).toHaveAttribute('href', '/checkout/1?pedido=5');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar pedido' });
    expect(dialog).toHaveTextContent('Cancelar o pedido PE-000005? O código PIX deixa de valer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(cancel).toHaveBeenCalledWith(5);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Pedido PE-000005 cancelado.');
    expect(await screen.findByText('Cancelado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
