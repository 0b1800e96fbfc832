import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Room } from '@plataforma/adapter';
import { makeEvent } from '../events/test-fixtures';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';

const event = makeEvent();
const room = (id: number, name: string, link: string | null = null): Room => ({ id, eventId: 3, name, link, slug: `${id}`, number: id });
const auditorium = room(5, 'Auditório Principal', 'https://meet.exemplo.com/auditorio');

beforeEach(() => signInStaff());

const serve = (rows: () => Room[], extra: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/events/private/3': () => event,
    'GET /api/cms/v1/rooms': () => ({ rows: rows(), count: rows().length }),
    ...extra,
  });

/** The 'Salas' panel of the editor. */
const panel = async () => screen.findByRole('region', { name: /^Salas/ }, FIRST_LOAD);

describe("the event editor's 'Salas' (SPEC §2.3)", () => {
  it('lists the event’s rooms with their edit action and the venue page of each', async () => {
    const seen = serve(() => [auditorium]);
    renderBackoffice('/cms/eventos/3/salas');
    const region = await panel();
    const row = (await within(region).findByRole('cell', { name: auditorium.name }, FIRST_LOAD)).closest('tr') as HTMLElement;
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'ID↕', 'Nome↕', 'Link', 'Ações']);
    expect(within(row).getByRole('cell', { name: auditorium.link ?? '' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Editar a sala Auditório Principal' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'ver no site: Auditório Principal (abre em nova aba)' })).toHaveAttribute(
      'href',
      '/plataforma/3/salas/5',
    );
    expect(seen.find((r) => r.url === '/api/cms/v1/rooms')?.params).toMatchObject({ eventId: 3, limit: 20, offset: 0 });
  });

  it(
    'creates a room with the keyboard only; the name is required and the link must be an address',
    async () => {
      let rows: Room[] = [];
      const seen = serve(() => rows, {
        'POST /api/cms/v1/rooms': () => {
          rows = [room(6, 'Sala 2')];
          return { data: rows[0], msg: 'api.created', status: 201 };
        },
      });
      renderBackoffice('/cms/eventos/3/salas');
      const region = await panel();
      expect(await within(region).findByText('Nenhuma sala cadastrada.', {}, FIRST_LOAD)).toBeInTheDocument();
      const add = within(region).getByRole('button', { name: 'Adicionar Sala' });
      for (let i = 0; i < 60 && document.activeElement !== add; i += 1) await userEvent.tab();
      expect(add).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Sala' });
      expect(dialog).toHaveTextContent('Campos marcados com * são obrigatórios.');
      expect(within(dialog).getByLabelText(/^Nome/)).toHaveFocus();
      expect(within(dialog).getByLabelText(/^Nome/)).toBeRequired();
      expect(within(dialog).getByLabelText(/^Link/)).not.toBeRequired();

      await userEvent.keyboard('{Enter}');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Confira os campos marcados: Nome.');
      expect(within(dialog).getByLabelText(/^Nome/)).toHaveAccessibleDescription('Preencha este campo.');
      await userEvent.keyboard('Sala 2');
      await userEvent.tab();
      await userEvent.keyboard('meet.exemplo.com');
      await userEvent.keyboard('{Enter}');
      expect(within(dialog).getByLabelText(/^Link/)).toHaveAttribute('aria-invalid', 'true');
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      await userEvent.clear(within(dialog).getByLabelText(/^Link/));
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await within(region).findByRole('cell', { name: 'Sala 2' })).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'POST')?.data).toEqual({ eventId: 3, name: 'Sala 2', link: null });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'edits a room from its action; the server’s refusal shows in the red alert',
    async () => {
      let refuse = true;
      const seen = serve(() => [auditorium], {
        'PUT /api/cms/v1/rooms/5': () => {
          if (refuse) throw new ApiError(409, 'api.error.conflict');
          return { data: { ...auditorium, name: 'Auditório A' }, msg: 'api.updated', status: 200 };
        },
      });
      renderBackoffice('/cms/eventos/3/salas');
      const region = await panel();
      await userEvent.click(await within(region).findByRole('button', { name: 'Editar a sala Auditório Principal' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Sala' });
      expect(within(dialog).getByLabelText(/^Link/)).toHaveValue(auditorium.link);
      expect(within(dialog).getByLabelText(/^Posição/)).toHaveValue('5');
      await userEvent.clear(within(dialog).getByLabelText(/^Nome/));
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Auditório A');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Já existe um registro com esses dados.');
      refuse = false;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Alterações salvas com sucesso.'));
      expect(seen.filter((r) => r.method === 'PUT').at(-1)?.data).toEqual({ name: 'Auditório A', link: auditorium.link, number: 5 });
    },
    TYPING_TEST_TIMEOUT,
  );

  it('deletes the selected room after the warning that names it', async () => {
    let rows = [auditorium, room(6, 'Sala 2')];
    const seen = serve(() => rows, {
      'DELETE /api/cms/v1/rooms': () => {
        rows = [room(6, 'Sala 2')];
        return { data: { ids: [5], count: 1 }, msg: 'api.deleted', status: 200 };
      },
    });
    renderBackoffice('/cms/eventos/3/salas');
    const region = await panel();
    await userEvent.click(await within(region).findByRole('checkbox', { name: 'Selecionar linha 5' }, FIRST_LOAD));
    await userEvent.click(within(region).getByRole('button', { name: 'Excluir selecionados' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Aviso' });
    expect(dialog).toHaveTextContent('Deseja realmente excluir a sala "Auditório Principal"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro excluído com sucesso.'));
    expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '5' });
    await waitFor(() => expect(within(region).queryByRole('cell', { name: auditorium.name })).toBeNull());
  });
});
