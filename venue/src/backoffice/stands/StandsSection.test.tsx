import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type StandAttendant } from '@plataforma/adapter';
import { useAppState } from '../../shared/state/store';
import {
  admin,
  attendantUser,
  fakeServer,
  FIRST_LOAD,
  multipartFields as sent,
  renderBackoffice,
  renderInBackoffice,
  signInStaff,
  stubObjectUrls,
  TYPING_TEST_TIMEOUT,
} from '../test-utils';
import { makeEvent } from '../events/test-fixtures';
import { standFixture } from './fixtures';
import { StandsSection } from './StandsSection';

const vitalis = standFixture();
const bronze = standFixture({ id: 4, name: 'Bronze Ltda', type: 'bronze', symposium: null, image: '/uploads/bronze.png' });

const carla = attendantUser(2, 'Carla Atendente');
const bruno = attendantUser(5, 'Bruno Atendente');
const assigned: StandAttendant = { id: 40, standId: 3, user: { id: carla.id, name: carla.name, email: carla.email, phone: '11987654321' } };

beforeEach(() => stubObjectUrls());

describe("the event editor's 'Estandes' section (SPEC §2.3)", () => {
  it(
    'lists the event stands with their actions; adding one needs the image, defaults to master and shows the symposium only for master',
    async () => {
      signInStaff();
      let rows = [vitalis];
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/stands': () => ({ rows, count: rows.length }),
        'POST /api/cms/v1/stands': () => {
          rows = [vitalis, bronze];
          return { data: bronze, msg: 'api.created', status: 201 };
        },
      });
      renderInBackoffice(<StandsSection event={null} eventId={1} />);
      const row = (await screen.findByRole('cell', { name: vitalis.name }, FIRST_LOAD)).closest('tr') as HTMLElement;
      expect(seen.find((r) => r.url === '/api/cms/v1/stands')?.params).toMatchObject({ eventId: 1 });
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        '',
        expect.stringContaining('ID'),
        expect.stringContaining('Nome'),
        'Subtítulo',
        'Descrição',
        expect.stringContaining('Tipo de Estande'),
        'Ações',
      ]);
      expect(within(row).getByRole('cell', { name: 'MASTER' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Editar o estande Vitalis Farmacêutica' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Gerenciar os atendentes do estande Vitalis Farmacêutica' })).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: /ver no site/ })).toHaveAttribute(
        'href',
        '/plataforma/1/estande/3-vitalis-farmaceutica',
      );
      expect(within(row).queryByRole('link', { name: /chats/ })).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Adicionar Estande' }));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Estande' });
      expect(within(dialog).getByLabelText(/^Tipo de Estande/)).toHaveValue('master');
      expect(within(dialog).getByLabelText(/^Link do simpósio/)).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Bronze Ltda');
      await userEvent.type(within(dialog).getByLabelText(/^Subtítulo/), 'Sempre perto');
      await userEvent.type(within(dialog).getByLabelText(/^Descrição/), 'Produtos para o dia a dia.');
      await userEvent.selectOptions(within(dialog).getByLabelText(/^Tipo de Estande/), 'bronze');
      expect(within(dialog).queryByLabelText(/^Link do simpósio/)).toBeNull();

      // No image yet: the field says so and nothing is sent.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByText('Escolha a imagem do estande.')).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      const image = new File(['png'], 'bronze.png', { type: 'image/png' });
      await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, image);
      expect(within(dialog).getByRole('img', { name: /Imagem do estande/ })).toHaveAttribute('src', 'blob:preview');
      expect(within(dialog).getByRole('button', { name: /Remover imagem/ })).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await screen.findByRole('cell', { name: 'Bronze Ltda' })).toBeInTheDocument();
      const body = sent(seen.find((r) => r.method === 'POST')?.data);
      expect(body).toMatchObject({
        eventId: '1',
        name: 'Bronze Ltda',
        subtitle: 'Sempre perto',
        description: 'Produtos para o dia a dia.',
        type: 'bronze',
        // Another type than master clears the symposium; blank links are sent empty (cleared).
        symposium: '',
        facebook: '',
      });
      expect(body.image).toBeInstanceOf(File);
      expect((body.image as File).name).toBe('bronze.png');
      expect(body).not.toHaveProperty('removeImage');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'edits a stand: its values, removing the image asks for another, a replaced image is sent',
    async () => {
      signInStaff();
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
        'PUT /api/cms/v1/stands/3': () => ({ data: vitalis, msg: 'api.updated', status: 200 }),
      });
      renderInBackoffice(<StandsSection event={null} eventId={1} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Editar o estande Vitalis Farmacêutica' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Estande' });
      expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue(vitalis.name);
      expect(within(dialog).getByLabelText(/^Instagram/)).toHaveValue(vitalis.instagram);
      expect(within(dialog).getByLabelText(/^Link do simpósio/)).toHaveValue(vitalis.symposium);
      expect(within(dialog).getByRole('img', { name: /Imagem do estande/ })).toHaveAttribute('src', vitalis.image);

      await userEvent.click(within(dialog).getByRole('button', { name: /Remover imagem/ }));
      expect(within(dialog).queryByRole('img')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      expect(await within(dialog).findByText('Escolha a imagem do estande.')).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'PUT')).toBe(false);

      await userEvent.upload(
        dialog.querySelector('input[type="file"]') as HTMLInputElement,
        new File(['gif'], 'novo.gif', { type: 'image/gif' }),
      );
      await userEvent.clear(within(dialog).getByLabelText(/^Nome/));
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Vitalis S.A.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas com sucesso.'));
      const body = sent(seen.find((r) => r.method === 'PUT')?.data);
      expect(body).toMatchObject({ name: 'Vitalis S.A.', type: 'master', symposium: vitalis.symposium, website: vitalis.website });
      expect((body.image as File).name).toBe('novo.gif');
      // A new file replaces the old one: no removal flag, and the event is not sent again.
      expect(body).not.toHaveProperty('removeImage');
      expect(body).not.toHaveProperty('eventId');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    "manages a stand's attendants: only attendants not yet assigned, 'Adicionar' once one is picked, removal",
    async () => {
      signInStaff();
      let attendants = [assigned];
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
        'GET /api/cms/v1/stands/3/attendants': () => ({ rows: attendants, count: attendants.length }),
        'GET /api/cms/v1/users': ({ params }) =>
          (params as { search?: string }).search === 'carla' ? { rows: [carla], count: 1 } : { rows: [admin, carla, bruno], count: 3 },
        'POST /api/cms/v1/stands/3/attendants': () => {
          const row: StandAttendant = { id: 41, standId: 3, user: { id: bruno.id, name: bruno.name, email: bruno.email, phone: null } };
          attendants = [assigned, row];
          return { data: row, msg: 'api.created', status: 201 };
        },
        'DELETE /api/cms/v1/stands/3/attendants': () => {
          throw new ApiError(404, 'api.error.notFound');
        },
      });
      renderInBackoffice(<StandsSection event={null} eventId={1} />);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Gerenciar os atendentes do estande Vitalis Farmacêutica' }, FIRST_LOAD),
      );
      const dialog = screen.getByRole('dialog', { name: 'Atendentes do estande' });
      const table = await within(dialog).findByRole('table', { name: 'Atendentes deste estande' });
      expect(within(table).getByRole('row', { name: /Carla Atendente carla@exemplo.com.br \(11\) 9 8765-4321/ })).toBeInTheDocument();

      const add = within(dialog).getByRole('button', { name: 'Adicionar' });
      expect(add).toBeDisabled();
      const field = within(dialog).getByRole('combobox', { name: 'Atendente' });
      // Carla is the one match, and she is assigned already: no option, a note says so.
      await userEvent.type(field, 'carla');
      expect(await within(dialog).findByText('Nenhum atendente disponível para essa busca.')).toBeInTheDocument();
      expect(within(dialog).queryByRole('listbox')).toBeNull();
      expect(field).toHaveAttribute('aria-expanded', 'false');
      await userEvent.clear(field);
      await userEvent.type(field, 'aten');
      const list = await within(dialog).findByRole('listbox');
      // Carla is assigned already and Ana is an admin: Bruno only.
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([`${bruno.name}${bruno.email}`]);
      await waitFor(() => expect(seen.filter((r) => r.url === '/api/cms/v1/users').at(-1)?.params).toMatchObject({ search: 'aten' }));
      expect(add).toBeDisabled();

      await userEvent.keyboard('{ArrowDown}{Enter}');
      expect(field).toHaveValue(bruno.name);
      expect(add).toBeEnabled();
      await userEvent.click(add);
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro criado com sucesso.'));
      expect(seen.find((r) => r.method === 'POST')?.data).toEqual({ userId: bruno.id });
      expect(await within(table).findByRole('cell', { name: bruno.email })).toBeInTheDocument();
      expect(within(dialog).getByRole('combobox', { name: 'Atendente' })).toHaveValue('');
      expect(within(dialog).getByRole('button', { name: 'Adicionar' })).toBeDisabled();

      // A refused removal: a warning toast with the looked-up text, the row stays.
      await userEvent.click(within(table).getByRole('button', { name: 'Remover Carla Atendente deste estande' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro não encontrado.'));
      expect(useAppState.getState().toast.type).toBe('warning');
      expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '40' });
      expect(within(table).getByRole('cell', { name: carla.email })).toBeInTheDocument();
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    "removes an attendant, and deletes the selected stand after 'Aviso' naming it",
    async () => {
      signInStaff();
      let attendants = [assigned];
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
        'GET /api/cms/v1/stands/3/attendants': () => ({ rows: attendants, count: attendants.length }),
        'DELETE /api/cms/v1/stands/3/attendants': () => {
          attendants = [];
          return { data: { ids: [40], count: 1 }, msg: 'api.deleted', status: 200 };
        },
        'DELETE /api/cms/v1/stands': () => ({ data: { ids: [3], count: 1 }, msg: 'api.deleted', status: 200 }),
      });
      renderInBackoffice(<StandsSection event={null} eventId={1} />);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Gerenciar os atendentes do estande Vitalis Farmacêutica' }, FIRST_LOAD),
      );
      const dialog = screen.getByRole('dialog', { name: 'Atendentes do estande' });
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Remover Carla Atendente deste estande' }));
      expect(await within(dialog).findByText('Nenhum atendente neste estande.')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Registro excluído com sucesso.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));

      await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar linha 3' }));
      await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionados' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Aviso' });
      expect(confirm).toHaveTextContent('Deseja realmente excluir o estande "Vitalis Farmacêutica"?');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(seen.find((r) => r.url === '/api/cms/v1/stands' && r.method === 'DELETE')?.params).toEqual({ ids: '3' }));
    },
    TYPING_TEST_TIMEOUT,
  );

  it("an attendant sees only their stands' chats: no add, edit, attendants or delete", async () => {
    signInStaff(carla);
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      // The server answers an attendant with their own stands only.
      'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
    });
    const router = renderInBackoffice(<StandsSection event={null} eventId={1} />);
    const row = (await screen.findByRole('cell', { name: vitalis.name }, FIRST_LOAD)).closest('tr') as HTMLElement;
    expect(seen.find((r) => r.url === '/api/cms/v1/stands')?.params).toMatchObject({ eventId: 1 });
    const chats = within(row).getByRole('link', { name: 'Conversas de Vitalis Farmacêutica' });
    expect(chats).toHaveTextContent('Conversas');
    expect(within(row).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Adicionar|Editar|atendentes|Excluir/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(chats);
    expect(router.state.location.pathname).toBe('/cms/estandes/3/chats');
  });

  it("is not shown on a stand's own page (a standId in the route)", async () => {
    signInStaff();
    const seen = fakeServer({ 'GET /api/cms/v1/users/me': () => admin });
    renderInBackoffice(<StandsSection event={null} eventId={1} standId={3} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table')).toBeNull();
    expect(seen.some((r) => r.url === '/api/cms/v1/stands')).toBe(false);
  });
});

describe("the event editor's sections of stands, media, sponsors and products (SPEC §2.3)", () => {
  it('opens each by its tab in the accordion, with the event given', async () => {
    signInStaff();
    const event = makeEvent({ id: 3 });
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events/private/3': () => event,
      'GET /api/cms/v1/stands': () => ({ rows: [standFixture({ eventId: 3 })], count: 1 }),
      'GET /api/cms/v1/sponsors': () => ({ rows: [], count: 0 }),
    });
    const router = renderBackoffice('/cms/eventos/3/estandes');
    expect(await screen.findByRole('cell', { name: vitalis.name }, FIRST_LOAD)).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/cms/v1/stands')?.params).toMatchObject({ eventId: 3 });
    expect(screen.getByRole('link', { name: /ver no site: Vitalis/ })).toHaveAttribute(
      'href',
      '/plataforma/3/estande/3-vitalis-farmaceutica',
    );

    await userEvent.click(screen.getByRole('button', { name: /^Mídia/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos/3/midias'));
    expect(await screen.findByRole('combobox', { name: /^Estande/ }, FIRST_LOAD)).toHaveAccessibleDescription(
      'selecione um estande para ver as suas mídias',
    );
    expect(screen.getByRole('button', { name: 'Adicionar Mídia' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /^Produtos e serviços/ }));
    expect(await screen.findByRole('combobox', { name: /^Estande/ }, FIRST_LOAD)).toHaveAccessibleDescription(
      'selecione um estande para ver os seus produtos e serviços',
    );

    await userEvent.click(screen.getByRole('button', { name: /^Patrocinadores/ }));
    expect(await screen.findByRole('button', { name: 'Adicionar Patrocinador' }, FIRST_LOAD)).toBeInTheDocument();
    // The button is drawn before the list's request leaves (CI on a loaded machine saw it first): wait for the request.
    await waitFor(() => expect(seen.find((r) => r.url === '/api/cms/v1/sponsors')?.params).toMatchObject({ eventId: 3 }), FIRST_LOAD);
  });
});
