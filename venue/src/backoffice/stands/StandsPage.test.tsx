import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Media } from '@plataforma/adapter';
import {
  admin,
  attendantUser,
  fakeServer,
  FIRST_LOAD,
  multipartFields,
  renderBackoffice,
  signInStaff,
  stubObjectUrls,
  TYPING_TEST_TIMEOUT,
} from '../test-utils';
import { standFixture } from './fixtures';

const carla = attendantUser(2, 'Carla Atendente');
const vitalis = standFixture();
const folder: Media = {
  id: 9,
  standId: 3,
  title: 'Folder do lançamento',
  description: 'O folder em PDF.',
  type: 'DOCUMENT',
  file: { id: 90, url: '/uploads/folder.pdf', name: 'folder.pdf', mime: 'application/pdf', size: 1200, width: null, height: null },
};

beforeEach(() => stubObjectUrls());

describe('/cms/estandes (attendant, SPEC §2.3 stands page)', () => {
  it('shows the SPEC columns, and the empty text when the attendant has no stand', async () => {
    signInStaff(carla);
    fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      'GET /api/cms/v1/stands': () => ({ rows: [], count: 0 }),
    });
    renderBackoffice('/cms/estandes');
    expect(await screen.findByText('Para inserir um Estande, preencha os dados nos campos acima', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[↕▲▼]/g, ''))).toEqual([
      'ID',
      'Nome',
      'Subtítulo',
      'Descrição',
      'Tipo de Estande',
      'Ações',
    ]);
    expect(screen.queryByRole('button', { name: /Adicionar/ })).toBeNull();
  });

  it(
    'edits their stand with the image, name, subtitle and description only',
    async () => {
      signInStaff(carla);
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => carla,
        'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
        'PUT /api/cms/v1/stands/3': () => ({ data: vitalis, msg: 'api.updated', status: 200 }),
      });
      const router = renderBackoffice('/cms/estandes');
      await userEvent.click(await screen.findByRole('button', { name: 'Editar o estande Vitalis Farmacêutica' }, FIRST_LOAD));
      // The row's own click (open the page) did not happen: the modal opened instead.
      expect(router.state.location.pathname).toBe('/cms/estandes');
      const dialog = screen.getByRole('dialog', { name: 'Editando Estande' });
      expect(
        within(dialog)
          .getAllByRole('textbox')
          .map((field) => (field as HTMLInputElement).value),
      ).toEqual([vitalis.name, vitalis.subtitle, vitalis.description]);
      expect(within(dialog).queryByLabelText(/Tipo de Estande|Instagram|simpósio|Site/)).toBeNull();
      expect(within(dialog).getByRole('button', { name: /Fazer upload de imagem/ })).toBeInTheDocument();

      await userEvent.clear(within(dialog).getByLabelText(/^Subtítulo/));
      await userEvent.type(within(dialog).getByLabelText(/^Subtítulo/), 'Novidades a cada dia');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas com sucesso.'));
      // Only the fields an attendant may change (the image kept: no file, no removal flag).
      expect(multipartFields(seen.find((r) => r.method === 'PUT')?.data)).toEqual({
        name: vitalis.name,
        subtitle: 'Novidades a cada dia',
        description: vitalis.description,
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it("a row opens the stand's page: 'voltar para listagem', its name and its media, the stand preselected", async () => {
    signInStaff(carla);
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
      'GET /api/cms/v1/stands/3': () => vitalis,
      'GET /api/cms/v1/medias': () => ({ rows: [folder], count: 1 }),
    });
    const router = renderBackoffice('/cms/estandes');
    await userEvent.click(await screen.findByRole('cell', { name: vitalis.subtitle }, FIRST_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/estandes/3/midias'));
    expect(await screen.findByRole('heading', { level: 1, name: vitalis.name }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Estande/)).toHaveValue('3');
    expect(await screen.findByRole('cell', { name: folder.title })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/cms/v1/medias')?.params).toMatchObject({ standId: 3 });
    // The stands of the selector are the attendant's own (no event filter needed beyond the stand's).
    expect(seen.filter((r) => r.url === '/api/cms/v1/stands').at(-1)?.params).toMatchObject({ eventId: 1 });

    await userEvent.click(screen.getByRole('button', { name: 'voltar para listagem' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/estandes'));
  });

  it("another tab of the stand's page leads to its media", async () => {
    signInStaff(carla);
    fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
      'GET /api/cms/v1/stands/3': () => vitalis,
      'GET /api/cms/v1/medias': () => ({ rows: [], count: 0 }),
    });
    const router = renderBackoffice('/cms/estandes/3/outra');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/estandes/3/midias'), FIRST_LOAD);
    expect(await screen.findByText('Para inserir uma media, preencha os dados nos campos acima')).toBeInTheDocument();
  });

  it('an unknown or foreign stand answers 404: the page says so', async () => {
    signInStaff(carla);
    fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      'GET /api/cms/v1/stands/8': () => {
        throw new ApiError(404, 'api.error.standNotFound');
      },
    });
    renderBackoffice('/cms/estandes/8/midias');
    expect(await screen.findByText('Estande não encontrado.', {}, FIRST_LOAD)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'voltar para listagem' })).toBeInTheDocument();
  });

  it("the list is the attendant's: an admin is sent to 'não autorizado'", async () => {
    signInStaff();
    fakeServer({ 'GET /api/cms/v1/users/me': () => admin });
    renderBackoffice('/cms/estandes');
    expect(await screen.findByText('Você não está autorizado a entrar nessa página', {}, FIRST_LOAD)).toBeInTheDocument();
  });

  it("an admin opens any stand's chats (issue 56, item 2) and goes back to the event editor's stands", async () => {
    signInStaff();
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/stands/3': () => vitalis,
      'GET /api/cms/v1/stands/3/chats': () => ({ rows: [], count: 0 }),
      'GET /api/cms/v1/stands/3/contacts': () => ({ rows: [], count: 0 }),
    });
    const router = renderBackoffice('/cms/estandes/3/chats');
    expect(await screen.findByRole('heading', { name: vitalis.name }, FIRST_LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'voltar para listagem' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cms/eventos/${vitalis.eventId}/estandes`));
  });
});
