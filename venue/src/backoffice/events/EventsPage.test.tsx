import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Event } from '@plataforma/adapter';
import { fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT, admin } from '../test-utils';
import { makeEvent, noDependents } from './test-fixtures';

const congress = makeEvent();
const free = makeEvent({ id: 4, name: 'Jornada Gratuita', value: '0.00', discount: '0.00', hasDiscount: false, discountValue: '0.00' });

beforeEach(() => signInStaff());

const list = (rows: Event[]) => () => ({ rows, count: rows.length });

describe('/cms/eventos (SPEC §2.3)', () => {
  it('lists the events: category, price in R$, discount, installments, thumbnail', async () => {
    fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/events': list([congress, free]) });
    const router = renderBackoffice('/cms/eventos');
    const row = (await screen.findByRole('cell', { name: congress.name }, FIRST_LOAD)).closest('tr') as HTMLElement;
    expect(router.state.location.pathname).toBe('/cms/eventos');
    expect(screen.getByRole('link', { name: 'Eventos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '',
      'ID↕',
      'Categoria',
      'Nome↕',
      'Descrição',
      'Imagem',
      'Preço',
      'Desconto',
      'Parcelas',
    ]);
    expect(within(row).getByRole('cell', { name: 'Congressos' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'R$ 150,00' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'R$ 30,00' })).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', '/uploads/miniatura.jpg');
    const freeRow = screen.getByRole('cell', { name: free.name }).closest('tr') as HTMLElement;
    expect(within(freeRow).getByRole('cell', { name: 'Gratuito' })).toBeInTheDocument();
    expect(within(freeRow).getByRole('cell', { name: '—' })).toBeInTheDocument();
  });

  it.each(['/cms', '/cms/nao-existe/nada'])(
    '%s takes an admin to /cms/eventos (SPEC §2.2), with Painel still first in the menu',
    async (path) => {
      fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/events': list([congress]) });
      const router = renderBackoffice(path);
      await screen.findByRole('cell', { name: congress.name }, FIRST_LOAD);
      expect(router.state.location.pathname).toBe('/cms/eventos');
      const menu = screen.getByRole('link', { name: 'Painel' }).closest('ul') as HTMLElement;
      expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('Painel');
    },
  );

  it(
    'searches, sorts and pages on the server, in the table and in the cards',
    async () => {
      const seen = fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/events': list([congress]) });
      renderBackoffice('/cms/eventos');
      await screen.findByRole('cell', { name: congress.name }, FIRST_LOAD);
      await userEvent.click(screen.getByRole('button', { name: 'Ordenar por Nome' }));
      await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ order: 'name:asc', limit: 20, offset: 0 }));
      await userEvent.type(screen.getByRole('searchbox', { name: 'Nome do evento' }), 'Congresso');
      await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ search: 'Congresso', order: 'name:asc' }));

      await userEvent.click(screen.getByRole('button', { name: 'Cards' }));
      expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
      const grid = screen.getByRole('list', { name: 'Eventos' });
      const card = within(grid).getByRole('link', { name: /Congresso de Medicina Intensiva/ });
      expect(card).toHaveAttribute('href', '/cms/eventos/3');
      expect(card).toHaveTextContent('Início em 12/11/2026');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'id:desc');
      await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ order: 'id:desc', search: 'Congresso' }));
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Linhas por página' }), '50');
      await waitFor(() => expect(seen.at(-1)?.params).toMatchObject({ limit: 50, offset: 0 }));
    },
    TYPING_TEST_TIMEOUT,
  );

  it('opens a row in the editor; the add button and the empty state lead to /cms/eventos/new', async () => {
    let rows: Event[] = [congress];
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => ({ rows, count: rows.length }),
      'GET /api/cms/v1/events/private/3': () => congress,
      'GET /api/cms/v1/categories': list([]),
    });
    const router = renderBackoffice('/cms/eventos');
    await userEvent.click(await screen.findByRole('cell', { name: congress.name }, FIRST_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos/3'));
    await screen.findByRole('heading', { level: 1, name: congress.name }, FIRST_LOAD);

    await userEvent.click(screen.getByRole('button', { name: 'voltar para listagem' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar Evento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos/new'));

    rows = [];
    await router.navigate('/cms/eventos');
    const create = await screen.findByRole('link', { name: 'Criar Evento' });
    expect(screen.getByText('Nenhum evento cadastrado ainda.')).toBeInTheDocument();
    await userEvent.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos/new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Adicionar Evento' })).toBeInTheDocument();
  });

  it('deletes the selected event after the warning that names it and what goes with it', async () => {
    let rows: Event[] = [congress, free];
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => ({ rows, count: rows.length }),
      'GET /api/cms/v1/events/3/dependents': () => ({ ...noDependents, rooms: 3, lectures: 12, stands: 8 }),
      'GET /api/cms/v1/events/4/dependents': () => ({ ...noDependents, rooms: 1 }),
      'DELETE /api/cms/v1/events': () => {
        rows = [free];
        return { data: { ids: [3], count: 1 }, msg: 'api.deleted', status: 200 };
      },
    });
    renderBackoffice('/cms/eventos');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar linha 3' }, FIRST_LOAD));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionados' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente excluir o evento "Congresso de Medicina Intensiva"? 3 salas, 12 palestras e 8 estandes serão excluídos junto.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Não' }));
    expect(seen.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar linha 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionados' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente excluir os eventos selecionados (2)? 4 salas, 12 palestras e 8 estandes serão excluídos junto.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Não' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar linha 4' }));

    await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionados' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro excluído com sucesso.'));
    expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '3' });
    await waitFor(() => expect(screen.queryByRole('cell', { name: congress.name })).toBeNull());
  });

  it(
    'shows the list’s error in the page',
    async () => {
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/events': () => {
          throw new ApiError(503, 'api.error.unavailable');
        },
      });
      renderBackoffice('/cms/eventos');
      expect(await screen.findByText('Serviço indisponível no momento. Tente novamente em instantes.', {})).toBeInTheDocument();
    },
    TYPING_TEST_TIMEOUT,
  );

  it('shows a refused delete as a warning toast; an event without dependents is named alone', async () => {
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': list([congress]),
      'GET /api/cms/v1/events/3/dependents': () => noDependents,
      'DELETE /api/cms/v1/events': () => {
        throw new ApiError(404, 'api.error.eventNotFound');
      },
    });
    renderBackoffice('/cms/eventos');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar linha 3' }, FIRST_LOAD));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionados' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
    expect(within(dialog).getByText(/^Deseja realmente/)).toHaveTextContent(
      /^Deseja realmente excluir o evento "Congresso de Medicina Intensiva"\?$/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Evento não encontrado.'));
    expect(screen.getAllByRole('alert').some((region) => region.textContent === 'Evento não encontrado.')).toBe(true);
  });
});
