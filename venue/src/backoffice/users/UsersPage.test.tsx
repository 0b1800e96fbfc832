import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffUser } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';

const carla: StaffUser = { ...admin, id: 2, name: 'Carla Atendente', email: 'carla@exemplo.com.br', role: 'attendant', loginLocked: true };

beforeEach(() => signInStaff());

describe('/cms/usuarios (SPEC §2.3)', () => {
  it(
    'adds a user: phone mask, no role until one is picked, the toast and the reloaded table',
    async () => {
      let rows = [admin];
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/users': () => ({ rows, count: rows.length }),
        'POST /api/cms/v1/users': () => {
          rows = [admin, carla];
          return { data: carla, msg: 'api.created', status: 201 };
        },
      });
      renderBackoffice('/cms/usuarios');
      expect(await screen.findByRole('cell', { name: admin.email }, FIRST_LOAD)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Adicionar Usuário' }));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Usuário' });
      expect(within(dialog).getByLabelText(/^Nome/)).toHaveFocus();
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Carla Atendente');
      await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'Carla@Exemplo.com.br');
      await userEvent.type(within(dialog).getByLabelText(/^Telefone/), '11987651234');
      expect(within(dialog).getByLabelText(/^Telefone/)).toHaveValue('(11) 9 8765-1234');
      expect(within(dialog).getByLabelText(/^Nível de permissão/)).toHaveValue('');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Confira os campos marcados: Nível de permissão.');
      expect(within(dialog).getByLabelText(/^Nível de permissão/)).toHaveFocus();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      await userEvent.selectOptions(within(dialog).getByLabelText(/^Nível de permissão/), 'attendant');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await screen.findByRole('cell', { name: carla.email })).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'POST')?.data).toEqual({
        name: 'Carla Atendente',
        email: 'carla@exemplo.com.br',
        ddi: '55',
        phone: '11987651234',
        role: 'attendant',
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'edits a row it opens, unlocks a locked login, and Escape closes the modal',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/users': () => ({ rows: [admin, carla], count: 2 }),
        'PUT /api/cms/v1/users/2': () => ({ data: { ...carla, loginLocked: false }, msg: 'api.updated', status: 200 }),
      });
      renderBackoffice('/cms/usuarios');
      await userEvent.click(await screen.findByRole('cell', { name: carla.email }, FIRST_LOAD));
      let dialog = screen.getByRole('dialog', { name: 'Editando Usuário' });
      expect(within(dialog).getByLabelText(/^Telefone/)).toHaveValue('(11) 9 8765-4321');
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();

      await userEvent.click(screen.getByRole('cell', { name: carla.email }));
      dialog = screen.getByRole('dialog', { name: 'Editando Usuário' });
      expect(within(dialog).getByRole('button', { name: 'Desbloquear acesso' })).toHaveFocus();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Desbloquear acesso' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas com sucesso.'));
      expect(seen.find((r) => r.method === 'PUT')?.data).toEqual({
        name: carla.name,
        email: carla.email,
        ddi: '55',
        phone: '11987654321',
        role: 'attendant',
        loginLocked: false,
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'deletes the selected rows after the warning',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/users': () => ({ rows: [admin, carla], count: 2 }),
        'DELETE /api/cms/v1/users': () => ({ data: { ids: [2], count: 1 }, msg: 'api.deleted', status: 200 }),
      });
      renderBackoffice('/cms/usuarios');
      const row = await screen.findByRole('checkbox', { name: 'Selecionar linha 2' }, FIRST_LOAD);
      const remove = screen.getByRole('button', { name: 'Excluir selecionados' });
      expect(remove).toBeDisabled();
      await userEvent.click(row);
      await userEvent.click(remove);
      const dialog = screen.getByRole('alertdialog');
      // One row: named as SPEC §4 shows.
      expect(dialog).toHaveTextContent('Deseja realmente excluir o usuário "Carla Atendente"?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro excluído com sucesso.'));
      expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '2' });
      expect(seen.filter((r) => r.url === '/api/cms/v1/users' && r.method === 'GET').length).toBeGreaterThan(1);
    },
    TYPING_TEST_TIMEOUT,
  );
});
