import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Category } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';

beforeEach(() => signInStaff());

/** The ids a control's aria-describedby names, and the texts of those elements. */
const descriptions = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('a back-office form names the fields its schema refuses (issue 17)', () => {
  it(
    'marks an empty required field and a too-long one, each with its message, names them in the alert and focuses the first',
    async () => {
      const rows: Category[] = [];
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => ({ rows, count: rows.length }),
        'POST /api/cms/v1/categories': () => ({ data: { id: 1, name: 'Saúde', description: null }, msg: 'api.created', status: 201 }),
      });
      renderBackoffice('/cms/categorias');
      await userEvent.click(await screen.findByRole('button', { name: 'Adicionar Categoria' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Categoria' });
      const name = within(dialog).getByLabelText(/^Nome/);
      const description = within(dialog).getByLabelText(/^Descrição/);
      // The browser's maxLength stops typing past the limit; a pasted or stored text may still be longer.
      fireEvent.change(description, { target: { value: 'x'.repeat(2001) } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Confira os campos marcados: Nome, Descrição.');
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(descriptions(name)).toEqual(['Preencha este campo.']);
      expect(description).toHaveAttribute('aria-invalid', 'true');
      expect(descriptions(description)).toEqual(['Texto longo demais (máximo 2000 caracteres).']);
      expect(name).toHaveFocus();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      // Once submitted, a field is checked again as it changes: its mark goes when it is right.
      await userEvent.type(name, 'Saúde');
      await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid', 'true'));
      expect(name).not.toHaveAttribute('aria-describedby');
      expect(within(dialog).queryByText('Preencha este campo.')).toBeNull();
      expect(description).toHaveAttribute('aria-invalid', 'true');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'says an e-mail is not one, and marks the field that a server refusal names',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/users': () => ({ rows: [admin], count: 1 }),
        'POST /api/cms/v1/users': () => {
          throw new ApiError(400, 'users.error.phoneRequired');
        },
      });
      renderBackoffice('/cms/usuarios');
      await userEvent.click(await screen.findByRole('button', { name: 'Adicionar Usuário' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Usuário' });
      const email = within(dialog).getByLabelText(/^E-mail/);
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Carla Atendente');
      await userEvent.type(email, 'ana@');
      await userEvent.type(within(dialog).getByLabelText(/^Telefone/), '11987651234');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Confira os campos marcados: E-mail, Nível de permissão.');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(descriptions(email)).toEqual(['Informe um e-mail válido.']);
      expect(email).toHaveFocus();
      const role = within(dialog).getByLabelText(/^Nível de permissão/);
      expect(descriptions(role)).toEqual(['Preencha este campo.']);
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      await userEvent.clear(email);
      await userEvent.type(email, 'carla@exemplo.com.br');
      await userEvent.selectOptions(role, 'attendant');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      const phone = within(dialog).getByLabelText(/^Telefone/);
      await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
      expect(seen.some((r) => r.method === 'POST')).toBe(true);
      expect(descriptions(phone)).toContain(within(dialog).getByRole('alert').textContent);
      expect(phone).toHaveFocus();
    },
    TYPING_TEST_TIMEOUT,
  );
});
