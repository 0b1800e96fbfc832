import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';
import { clientProfileFixture } from '../../testing/wire';

const ana = clientProfileFixture({
  cpf: '52998224725',
  postalCode: '01310100',
  address: 'Av. Paulista, 1000',
  state: 'RJ',
  city: 'Niterói',
  ddi: '351',
  ddd: '11',
  phone: '987654321',
});

beforeEach(() => signInStaff());

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

describe('/cms/clientes (SPEC §2.3, §5)', () => {
  it(
    'lists the clients with the columns of SPEC, the phone without its country code',
    async () => {
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/clients': () => ({ rows: [ana], count: 1 }),
      });
      renderBackoffice('/cms/clientes');
      expect(await screen.findByRole('cell', { name: ana.email }, FIRST_LOAD)).toBeInTheDocument();
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↑↓↕▲▼]/g, '').trim());
      expect(headers.filter(Boolean)).toEqual(['#', 'Nome', 'Email', 'Telefone', 'Endereço', 'CEP', 'Cidade', 'Estado', 'Criado em']);
      expect(screen.getByRole('cell', { name: '(11) 9 8765-4321' })).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: '01310-100' })).toBeInTheDocument();
      expect(screen.queryByRole('cell', { name: '351' })).toBeNull();
      expect(screen.getByPlaceholderText('Nome do cliente')).toBeInTheDocument();
      const menu = screen.getByRole('navigation');
      const entries = within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent);
      expect(entries).toEqual([
        'Painel',
        'Eventos',
        'Categorias',
        'Clientes',
        'Pedidos',
        'Contatos',
        'Usuários',
        'Atividades',
        'Idioma',
        'E-mails',
        'Tarefas',
        'Páginas do site',
      ]);
      expect(screen.getByRole('button', { name: 'Importar planilha' })).toBeInTheDocument();
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'adds a client: masks, the state then its cities (capital first), the country code, the server refusal as a red alert',
    async () => {
      let refuse = true;
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/clients': () => ({ rows: [ana], count: 1 }),
        'POST /api/cms/v1/clients': () => {
          if (refuse) throw new ApiError(409, 'clients.error.emailTaken');
          return { data: { ...ana, id: 8 }, msg: 'api.created', status: 201 };
        },
      });
      renderBackoffice('/cms/clientes');
      await screen.findByRole('cell', { name: ana.email }, FIRST_LOAD);
      await userEvent.click(screen.getByRole('button', { name: 'Adicionar Cliente' }));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Cliente' });
      await userEvent.type(field(dialog, /^Nome/), 'Bruno Lima');
      await userEvent.type(field(dialog, /^E-mail/), 'bruno@exemplo.com.br');
      await userEvent.type(field(dialog, /^CPF/), '529.982.247-25x');
      expect(field(dialog, /^CPF/)).toHaveValue('52998224725');
      await userEvent.type(field(dialog, /^Telefone/), '21912345678');
      expect(field(dialog, /^Telefone/)).toHaveValue('(21) 9 1234-5678');
      await userEvent.type(field(dialog, /^CEP/), '24020005');
      expect(field(dialog, /^CEP/)).toHaveValue('24020-005');
      expect(field(dialog, /^Código do país/)).toHaveValue('55');
      expect(within(field(dialog, /^Código do país/)).getByRole('option', { name: 'Portugal (+351)' })).toBeInTheDocument();

      const state = field(dialog, /^Estado/);
      const city = field(dialog, /^Cidade/);
      expect(state).toHaveValue('');
      expect(within(state).getAllByRole('option')[0]).toHaveTextContent('Selecione um estado');
      expect(city).toBeDisabled();
      await userEvent.selectOptions(state, 'SP');
      expect(city).toBeEnabled();
      expect(within(city).getAllByRole('option')[1]).toHaveTextContent('São Paulo');
      expect(within(city).queryByRole('option', { name: 'Niterói' })).toBeNull();
      await userEvent.selectOptions(city, 'Campinas');
      // Another state clears the city and lists its own.
      await userEvent.selectOptions(state, 'RJ');
      expect(city).toHaveValue('');
      expect(within(city).getAllByRole('option')[1]).toHaveTextContent('Rio de Janeiro');
      await userEvent.selectOptions(city, 'Niterói');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Já existe um cliente com este e-mail.');
      refuse = false;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro criado com sucesso.'));
      expect(seen.filter((r) => r.method === 'POST').at(-1)?.data).toEqual({
        name: 'Bruno Lima',
        email: 'bruno@exemplo.com.br',
        cpf: '52998224725',
        ddi: '55',
        phone: '21912345678',
        postalCode: '24020005',
        address: '',
        state: 'RJ',
        city: 'Niterói',
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'opens a row as Editando Cliente with its values masked; Adicionar Cliente then starts empty',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/clients': () => ({ rows: [ana], count: 1 }),
        'PUT /api/cms/v1/clients/7': () => ({ data: ana, msg: 'api.updated', status: 200 }),
      });
      renderBackoffice('/cms/clientes');
      await userEvent.click(await screen.findByRole('cell', { name: ana.email }, FIRST_LOAD));
      let dialog = screen.getByRole('dialog', { name: 'Editando Cliente' });
      expect(field(dialog, /^Nome/)).toHaveValue('Ana Souza');
      expect(field(dialog, /^Telefone/)).toHaveValue('(11) 9 8765-4321');
      expect(field(dialog, /^CEP/)).toHaveValue('01310-100');
      expect(field(dialog, /^Código do país/)).toHaveValue('351');
      expect(field(dialog, /^Estado/)).toHaveValue('RJ');
      expect(field(dialog, /^Cidade/)).toHaveValue('Niterói');
      await userEvent.keyboard('{Escape}');

      await userEvent.click(screen.getByRole('button', { name: 'Adicionar Cliente' }));
      dialog = screen.getByRole('dialog', { name: 'Adicionar Cliente' });
      for (const label of [/^Nome/, /^E-mail/, /^CPF/, /^Telefone/, /^CEP/, /^Endereço/, /^Estado/, /^Cidade/]) {
        expect(field(dialog, label), String(label)).toHaveValue('');
      }
      expect(field(dialog, /^Código do país/)).toHaveValue('55');
      expect(field(dialog, /^Cidade/)).toBeDisabled();
      await userEvent.keyboard('{Escape}');

      await userEvent.click(screen.getByRole('cell', { name: ana.email }));
      dialog = screen.getByRole('dialog', { name: 'Editando Cliente' });
      await userEvent.clear(field(dialog, /^Nome/));
      await userEvent.type(field(dialog, /^Nome/), 'Ana S.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(seen.find((r) => r.method === 'PUT')?.data).toMatchObject({
        name: 'Ana S.',
        ddi: '351',
        phone: '11987654321',
        city: 'Niterói',
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it('deletes the selected clients after the warning', async () => {
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/clients': () => ({ rows: [ana], count: 1 }),
      'DELETE /api/cms/v1/clients': () => ({ data: { ids: [7], count: 1 }, msg: 'api.deleted', status: 200 }),
    });
    renderBackoffice('/cms/clientes');
    const row = await screen.findByRole('checkbox', { name: 'Selecionar linha 7' }, FIRST_LOAD);
    const remove = screen.getByRole('button', { name: 'Excluir selecionados' });
    expect(remove).toBeDisabled();
    await userEvent.click(row);
    await userEvent.click(remove);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Aviso');
    // One row: named as SPEC §4 shows.
    expect(dialog).toHaveTextContent('Deseja realmente excluir o cliente "Ana Souza"?');
    expect(seen.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro excluído com sucesso.'));
    expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '7' });
  });

  it(
    'exports the searched and sorted table as CSV and XLSX',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/clients': () => ({ rows: [ana], count: 1 }),
        'GET /api/cms/v1/clients/export': () => 'arquivo',
      });
      const createObjectURL = vi.fn(() => 'blob:clientes');
      const revokeObjectURL = vi.fn();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });
      const router = renderBackoffice('/cms/clientes');
      await screen.findByRole('cell', { name: ana.email }, FIRST_LOAD);
      // The table's search and order live in its URL.
      await router.navigate('/cms/clientes?search=ana&order=name:desc');
      await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      await userEvent.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
      await waitFor(() => expect(clicked).toHaveLength(2));
      expect(seen.filter((r) => r.url === '/api/cms/v1/clients/export').map((r) => r.params)).toEqual([
        { format: 'csv', search: 'ana', order: 'name:desc' },
        { format: 'xlsx', search: 'ana', order: 'name:desc' },
      ]);
      expect(clicked[0]).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(clicked[1]).toMatch(/\.xlsx$/);
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:clientes');
    },
    TYPING_TEST_TIMEOUT,
  );
});
