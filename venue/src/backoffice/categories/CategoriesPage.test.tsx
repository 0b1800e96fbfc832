import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';

beforeEach(() => signInStaff());

const cardio: Category = { id: 1, name: 'Cardiologia', description: null };
const pediatria: Category = { id: 2, name: 'Pediatria', description: 'Congressos de pediatria' };

describe('/cms/categorias: deleting (SPEC §4)', () => {
  it(
    'names the one category selected, counts several, and deletes after the warning',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => ({ rows: [cardio, pediatria], count: 2 }),
        'DELETE /api/cms/v1/categories': () => ({ data: { ids: [1], count: 1 }, msg: 'api.deleted', status: 200 }),
      });
      renderBackoffice('/cms/categorias');
      const first = await screen.findByRole('checkbox', { name: 'Selecionar linha 1' }, FIRST_LOAD);
      const remove = screen.getByRole('button', { name: 'Excluir selecionados' });
      await userEvent.click(first);
      await userEvent.click(remove);
      let dialog = screen.getByRole('alertdialog');
      expect(dialog).toHaveTextContent('Aviso');
      expect(dialog).toHaveTextContent('Deseja realmente excluir a categoria "Cardiologia"?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Não' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

      await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar linha 2' }));
      await userEvent.click(remove);
      expect(screen.getByRole('alertdialog')).toHaveTextContent('Deseja realmente excluir as categorias selecionadas (2)?');
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Não' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar linha 2' }));

      await userEvent.click(remove);
      dialog = screen.getByRole('alertdialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro excluído com sucesso.'));
      expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '1' });
    },
    TYPING_TEST_TIMEOUT,
  );
});
