import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Order } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, type SeenRequest } from '../test-utils';
import { amazonia, buyer, congress, makeOrder, makePayment } from './fixtures';

const EVENTS = { rows: [congress, amazonia], count: 2 };

const paid = makeOrder();
const pendingCard = makeOrder({
  id: 6,
  number: 'PE-000006',
  status: 'pending',
  method: 'card',
  event: { id: amazonia.id, name: amazonia.name, slug: amazonia.slug },
  client: { id: 13, name: 'João Parcelado', email: 'joao@exemplo.com.br' },
  couponCode: null,
  couponDiscount: '0.00',
  subtotal: '120.00',
  total: '120.00',
  installments: 3,
  payments: [
    makePayment({
      id: 42,
      provider: 'mercadopago',
      method: 'card',
      status: 'pending',
      amount: '120.00',
      installments: 3,
      pixCode: null,
      expiresAt: null,
      cardBrand: 'visa',
      cardLast4: '4242',
      paidAt: null,
      createdAt: '2026-03-05T15:00:00.000Z',
    }),
  ],
  history: [{ at: '2026-03-05T15:00:00.000Z', status: 'pending', by: { kind: 'client', id: 13, name: 'João Parcelado' }, note: null }],
  createdAt: '2026-03-05T15:00:00.000Z',
  paidAt: null,
  expiresAt: null,
});
const manualPix = makeOrder({
  id: 7,
  number: 'PE-000007',
  status: 'pending',
  paidAt: null,
  expiresAt: '2026-03-06T12:30:00.000Z',
  payments: [makePayment({ id: 43, provider: 'manual-pix', status: 'pending', paidAt: null, expiresAt: '2026-03-06T12:30:00.000Z' })],
  history: [{ at: '2026-03-06T12:00:00.000Z', status: 'pending', by: { kind: 'client', id: buyer.id, name: buyer.name }, note: null }],
  createdAt: '2026-03-06T12:00:00.000Z',
});
const pendingSandboxPix = makeOrder({
  ...manualPix,
  id: 8,
  number: 'PE-000008',
  payments: [makePayment({ id: 44, provider: 'sandbox', status: 'pending', paidAt: null })],
});

beforeEach(() => signInStaff());

/** The orders' list requests the fake server saw, by their params. */
const listParams = (seen: SeenRequest[]) =>
  seen.filter((r) => r.method === 'GET' && r.url === '/api/cms/v1/orders').map((r) => r.params as Record<string, unknown>);

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** A server of one order that a refund or a confirmation changes (the list and the order both read it). */
const orderServer = (initial: Order, extra: Record<string, (request: SeenRequest) => unknown> = {}) => {
  let order = initial;
  const seen = fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/events': () => EVENTS,
    'GET /api/cms/v1/orders': () => ({ rows: [order], count: 1 }),
    [`GET /api/cms/v1/orders/${initial.id}`]: () => order,
    'GET /api/cms/v1/events/private/3': () => congress,
    'GET /api/cms/v1/events/private/4': () => amazonia,
    ...extra,
  });
  return { seen, set: (next: Order) => (order = next) };
};

describe('/cms/pedidos: the orders (decision 045)', () => {
  it('lists the orders with number, client, event, total, method, state and date in the event’s zone', async () => {
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => EVENTS,
      'GET /api/cms/v1/orders': () => ({ rows: [paid, pendingCard], count: 2 }),
    });
    renderBackoffice('/cms/pedidos');
    expect(await screen.findByRole('cell', { name: 'PE-000005' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Pedidos' })).toHaveAttribute('aria-current', 'page');

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↑↓↕▲▼]/g, '').trim());
    expect(headers).toEqual(['Número', 'Cliente', 'Evento', 'Total', 'Pagamento', 'Situação', 'Data']);
    // The contract's order fields are the sortable columns.
    expect(screen.getByRole('button', { name: /Total/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cliente/ })).toBeNull();

    const [, first, second] = screen.getAllByRole('row');
    expect(cells(first)).toEqual([
      'PE-000005',
      'Marta Compradoramarta@exemplo.com.br',
      'Congresso de Medicina Intensiva',
      'R$ 110,00',
      'PIX',
      'Pago',
      '04-03-2026 10:05',
    ]);
    // Manaus is an hour behind São Paulo: the order of its event shows its own clock.
    await waitFor(() => expect(cells(second).at(-1)).toBe('05-03-2026 11:00'));
    expect(cells(second)).toEqual([
      'PE-000006',
      'João Parceladojoao@exemplo.com.br',
      'Jornada Amazônica',
      'R$ 120,00',
      'Cartão',
      'Pendente',
      '05-03-2026 11:00',
    ]);
    expect(listParams(seen)[0]).toEqual({ limit: 20, offset: 0 });
    expect(screen.getByRole('button', { name: 'Conceder acesso' })).toBeInTheDocument();
  });

  it('asks again with each filter and the order as the contract reads them, starting at the first page', async () => {
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => EVENTS,
      'GET /api/cms/v1/orders': () => ({ rows: [paid], count: 1 }),
    });
    // A filter the contract refuses in the address is left out of the query.
    const router = renderBackoffice('/cms/pedidos?status=bogus&page=2');
    await screen.findByRole('cell', { name: 'PE-000005' }, FIRST_LOAD);
    expect(listParams(seen)[0]).toEqual({ limit: 20, offset: 20 });
    expect(screen.getByLabelText('Situação')).toHaveValue('');

    expect(
      within(screen.getByLabelText('Situação'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas as situações', 'Pendente', 'Pago', 'Recusado', 'Expirado', 'Cancelado', 'Reembolsado']);
    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'Pago');
    await waitFor(() => expect(listParams(seen).at(-1)).toEqual({ status: 'paid', limit: 20, offset: 0 }));

    const events = screen.getByLabelText('Evento');
    await waitFor(() => expect(within(events).getByRole('option', { name: 'Jornada Amazônica' })).toBeInTheDocument());
    await userEvent.selectOptions(events, 'Jornada Amazônica');
    await waitFor(() => expect(listParams(seen).at(-1)).toEqual({ status: 'paid', eventId: 4, limit: 20, offset: 0 }));

    expect(
      within(screen.getByLabelText('Pagamento'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas as formas', 'PIX', 'Cartão', 'Gratuito']);
    await userEvent.selectOptions(screen.getByLabelText('Pagamento'), 'Cartão');
    fireEvent.change(screen.getByLabelText('Criados a partir de'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Criados até'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(listParams(seen).at(-1)).toEqual({
        status: 'paid',
        eventId: 4,
        method: 'card',
        from: '2026-03-01',
        to: '2026-03-31',
        limit: 20,
        offset: 0,
      }),
    );
    expect(router.state.location.search).toContain('from=2026-03-01');

    await userEvent.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(listParams(seen).at(-1)).toMatchObject({ order: 'total:asc', method: 'card' }));

    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(listParams(seen).at(-1)).toEqual({ order: 'total:asc', limit: 20, offset: 0 }));
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
  });

  it('says so when nothing matches, and shows a refused filter', async () => {
    let fail = false;
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => EVENTS,
      'GET /api/cms/v1/orders': () => {
        if (fail) throw new ApiError(400, 'api.error.invalidFilter');
        return { rows: [], count: 0 };
      },
    });
    const router = renderBackoffice('/cms/pedidos');
    expect(await screen.findByRole('cell', { name: 'Nenhum pedido ainda.' }, FIRST_LOAD)).toBeInTheDocument();
    await router.navigate('/cms/pedidos?status=refunded');
    expect(await screen.findByRole('cell', { name: 'Nenhum pedido com estes filtros.' })).toBeInTheDocument();
    fail = true;
    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'Expirado');
    expect(await screen.findByText('Filtro inválido.')).toHaveAttribute('role', 'alert');
  });

  it('opens an order from its row: items, coupon, totals, payments and history', async () => {
    orderServer(pendingCard);
    const router = renderBackoffice('/cms/pedidos?status=pending');
    const row = (await screen.findByRole('cell', { name: 'PE-000006' }, FIRST_LOAD)).closest('tr') as HTMLElement;
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido PE-000006' }, FIRST_LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cms/pedidos/6');

    const payments = screen.getByRole('table', { name: 'Pagamentos' });
    const [, charge] = within(payments).getAllByRole('row');
    // In the event's zone once the event is read (Manaus, an hour behind São Paulo).
    await waitFor(() => expect(cells(charge)[0]).toBe('05-03-2026 11:00'));
    expect(cells(charge)).toEqual([
      '05-03-2026 11:00',
      'Mercado Pago',
      'Cartão',
      'Pendente',
      'R$ 120,00',
      '3x',
      'visa final 4242',
      '—',
      '—',
    ]);
    expect(screen.getByRole('table', { name: 'Itens' })).toHaveTextContent('Sem cupom');
    // A pending card order is neither refunded nor confirmed by hand.
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirmar recebimento do PIX' })).toBeNull();

    // Back to the list as it was.
    await userEvent.click(screen.getByRole('button', { name: 'voltar para listagem' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    expect(router.state.location.pathname).toBe('/cms/pedidos');
  });

  it('shows a paid order’s items with the coupon, its PIX and who moved it when', async () => {
    orderServer(paid);
    renderBackoffice('/cms/pedidos/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido PE-000005' }, FIRST_LOAD)).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Resumo' });
    expect(within(facts).getByText('Pago')).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: 'marta@exemplo.com.br' })).toHaveAttribute('href', 'mailto:marta@exemplo.com.br');
    expect(within(facts).getByText('04-03-2026 10:10')).toBeInTheDocument();

    const items = screen.getByRole('table', { name: 'Itens' });
    const itemRows = within(items).getAllByRole('row');
    expect(cells(itemRows[1])).toEqual([
      'Congresso de Medicina Intensiva (evento inteiro)',
      'Evento inteiro',
      'R$ 150,00',
      'R$ 30,00',
      'R$ 120,00',
    ]);
    expect(within(items).getByRole('rowheader', { name: 'Subtotal' }).nextElementSibling).toHaveTextContent('R$ 120,00');
    expect(within(items).getByRole('rowheader', { name: 'Cupom CBVMI10' }).nextElementSibling).toHaveTextContent('− R$ 10,00');
    expect(within(items).getByRole('rowheader', { name: 'Total' }).nextElementSibling).toHaveTextContent('R$ 110,00');

    const [, pix] = within(screen.getByRole('table', { name: 'Pagamentos' })).getAllByRole('row');
    expect(cells(pix)).toEqual([
      '04-03-2026 10:05',
      'Sandbox (testes)',
      'PIX',
      'Aprovado',
      'R$ 110,00',
      '1x',
      '—',
      '04-03-2026 10:35',
      '04-03-2026 10:10',
    ]);

    const history = within(screen.getByRole('table', { name: 'Histórico' })).getAllByRole('row');
    expect(history.slice(1).map(cells)).toEqual([
      ['04-03-2026 10:05', 'Pendente', 'Cliente: Marta Compradora', '—'],
      ['04-03-2026 10:10', 'Pago', 'Provedor de pagamento: sandbox', 'PIX aprovado'],
    ]);
  });

  it('refunds a paid order after a confirmation naming its number and amount; a refusal shows its text', async () => {
    let refuse = true;
    const server = orderServer(paid, {
      'POST /api/cms/v1/orders/5/refund': () => {
        if (refuse) throw new ApiError(409, 'api.error.conflict');
        const refunded = makeOrder({
          status: 'refunded',
          history: [
            ...paid.history,
            {
              at: '2026-03-07T12:00:00.000Z',
              status: 'refunded',
              by: { kind: 'user', id: admin.id, name: admin.name },
              note: 'Desistência',
            },
          ],
        });
        server.set(refunded);
        return { data: refunded, msg: 'api.updated', status: 200 };
      },
    });
    renderBackoffice('/cms/pedidos/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Reembolsar' }, FIRST_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Reembolsar pedido' });
    expect(dialog).toHaveTextContent('Deseja reembolsar o pedido PE-000005 de R$ 110,00? O cliente perde o acesso que o pedido dava.');
    // Nothing is sent before the confirmation.
    expect(server.seen.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Já existe um registro com esses dados.');
    expect(screen.getByRole('dialog', { name: 'Reembolsar pedido' })).toBeInTheDocument();

    refuse = false;
    await userEvent.type(within(dialog).getByLabelText('Observação'), '  Desistência ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = server.seen.filter((r) => r.method === 'POST' && r.url === '/api/cms/v1/orders/5/refund');
    expect(posts.at(-1)?.data).toEqual({ note: 'Desistência' });
    expect(screen.getByTestId('toast')).toHaveTextContent('Alterações salvas com sucesso.');

    // The order is read again: refunded, with the admin's move in its history, and no refund left.
    const facts = screen.getByRole('region', { name: 'Resumo' });
    expect(await within(facts).findByText('Reembolsado')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Histórico' })).toHaveTextContent('Equipe: Ana AdminDesistência');
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  });

  it('does not offer "Confirmar recebimento do PIX" on a pending PIX of another provider', async () => {
    const sandbox = orderServer(pendingSandboxPix);
    renderBackoffice('/cms/pedidos/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido PE-000008' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar recebimento do PIX' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    expect(sandbox.seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('confirms a manual PIX after its confirmation', async () => {
    const server = orderServer(manualPix, {
      'POST /api/cms/v1/orders/7/confirm': () => {
        const confirmed = makeOrder({ ...manualPix, status: 'paid', paidAt: '2026-03-06T12:20:00.000Z' });
        server.set(confirmed);
        return { data: confirmed, msg: 'api.updated', status: 200 };
      },
    });
    renderBackoffice('/cms/pedidos/7');
    const facts = await screen.findByRole('region', { name: 'Resumo' }, FIRST_LOAD);
    expect(within(facts).getByText('Prazo para pagar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar recebimento do PIX' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar recebimento do PIX' });
    expect(dialog).toHaveTextContent('Confirma que o PIX de R$ 110,00 do pedido PE-000007 chegou à conta da organização?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.seen.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/cms/v1/orders/7/confirm', data: { note: null } });
    expect(await within(facts).findByText('Pago')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar recebimento do PIX' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reembolsar' })).toBeInTheDocument();
  });

  it('says when the order does not exist', async () => {
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => EVENTS,
      'GET /api/cms/v1/orders/99': () => {
        throw new ApiError(404, 'api.error.notFound');
      },
    });
    renderBackoffice('/cms/pedidos/99');
    expect(await screen.findByText('Registro não encontrado.', {}, FIRST_LOAD)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('grants a client a place: an event and a client searched by name or e-mail, posting {eventId, clientId}', async () => {
    const granted = makeOrder({ id: 9, number: 'PE-000009', method: 'free', total: '0.00', couponCode: null, payments: [] });
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => EVENTS,
      'GET /api/cms/v1/orders': () => ({ rows: [paid], count: 1 }),
      'GET /api/cms/v1/clients': ({ params }) => {
        const { search } = params as { search?: string };
        return search && !'marta'.startsWith(search.toLowerCase().slice(0, 5)) ? { rows: [], count: 0 } : { rows: [buyer], count: 1 };
      },
      'POST /api/cms/v1/orders/grant': () => ({ data: granted, msg: 'api.created', status: 201 }),
    });
    renderBackoffice('/cms/pedidos');
    await screen.findByRole('cell', { name: 'PE-000005' }, FIRST_LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Conceder acesso' }));
    const dialog = screen.getByRole('dialog', { name: 'Conceder acesso' });
    const submit = within(dialog).getByRole('button', { name: 'Conceder' });
    expect(submit).toBeDisabled();

    const event = within(dialog).getByLabelText(/^Evento/);
    await waitFor(() => expect(within(event).getByRole('option', { name: 'Congresso de Medicina Intensiva' })).toBeInTheDocument());
    await userEvent.selectOptions(event, 'Congresso de Medicina Intensiva');
    expect(submit).toBeDisabled();

    const client = within(dialog).getByRole('combobox', { name: /^Cliente/ });
    await userEvent.type(client, 'marta');
    // The search goes after a pause in typing.
    await waitFor(() =>
      expect(seen.filter((r) => r.url === '/api/cms/v1/clients').at(-1)?.params).toMatchObject({ search: 'marta', order: 'name:asc' }),
    );
    const option = await within(dialog).findByRole('option', { name: /Marta Compradora/ });
    expect(option).toHaveTextContent('marta@exemplo.com.br');
    await userEvent.click(option);
    expect(client).toHaveValue('Marta Compradora');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/cms/v1/orders/grant',
      data: { eventId: congress.id, clientId: buyer.id, note: null },
    });
    expect(screen.getByTestId('toast')).toHaveTextContent('Registro criado com sucesso.');
    // The list is read again.
    await waitFor(() => expect(listParams(seen).length).toBeGreaterThan(1));
  });
});
