import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CanceledError, type AxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadAccept, type Media, type StaffUser } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { standFixture } from '../stands/fixtures';
import {
  admin,
  fakeServer,
  FIRST_LOAD,
  multipartFields,
  renderInBackoffice,
  signInStaff,
  stubObjectUrls,
  TYPING_TEST_TIMEOUT,
} from '../test-utils';
import { MediaSection } from './MediaSection';

const vitalis = standFixture();
const bronze = standFixture({ id: 4, name: 'Bronze Ltda', type: 'bronze' });
const folder: Media = {
  id: 9,
  standId: 3,
  title: 'Folder do lançamento',
  description: 'O folder em PDF.',
  type: 'DOCUMENT',
  file: { id: 90, url: '/uploads/folder.pdf', name: 'folder.pdf', mime: 'application/pdf', size: 1200, width: null, height: null },
};
const video: Media = {
  id: 10,
  standId: 3,
  title: 'Vídeo institucional',
  description: 'Dois minutos sobre a empresa.',
  type: 'VIDEO',
  file: { id: 91, url: '/uploads/institucional.mp4', name: 'institucional.mp4', mime: 'video/mp4', size: 9000, width: null, height: null },
};

/** The answers of a section with stands 3 and 4 of event 1, and these media of stand 3. */
const server = (medias: () => Media[], more: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/stands': () => ({ rows: [vitalis, bronze], count: 2 }),
    'GET /api/cms/v1/medias': () => ({ rows: medias(), count: medias().length }),
    ...more,
  });

const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;

beforeEach(() => {
  stubObjectUrls();
  signInStaff();
});

describe("the event editor's 'Mídia' section (SPEC §2.3)", () => {
  it("shows the 'Estande' selector with its hint, 'Adicionar Mídia' disabled until a stand is chosen, then its media", async () => {
    const seen = server(() => []);
    renderInBackoffice(<MediaSection event={null} eventId={1} />);
    const select = await screen.findByRole('combobox', { name: /^Estande/ }, FIRST_LOAD);
    expect(select).toHaveAccessibleDescription('selecione um estande para ver as suas mídias');
    expect(select).toHaveValue('');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toContain(vitalis.name),
    );
    expect(seen.find((r) => r.url === '/api/cms/v1/stands')?.params).toMatchObject({ eventId: 1 });
    expect(screen.getByRole('button', { name: 'Adicionar Mídia' })).toBeDisabled();
    expect(screen.queryByRole('table')).toBeNull();
    expect(seen.some((r) => r.url === '/api/cms/v1/medias')).toBe(false);

    await userEvent.selectOptions(select, String(vitalis.id));
    expect(await screen.findByText('Para inserir uma media, preencha os dados nos campos acima')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/cms/v1/medias')?.params).toMatchObject({ standId: 3 });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[↕▲▼]/g, ''))).toEqual([
      '',
      'Nome',
      'Descrição',
      'Tipo',
      'Ações',
    ]);
    expect(screen.getByRole('button', { name: 'Adicionar Mídia' })).toBeEnabled();
  });

  it(
    "adds a media: its own subtitle, the file required, previews of a video, a PDF and an image with 'Remover video' or 'Remover imagem'",
    async () => {
      let rows: Media[] = [];
      const seen = server(() => rows, {
        'POST /api/cms/v1/medias': () => {
          rows = [video];
          return { data: video, msg: 'api.created', status: 201 };
        },
      });
      renderInBackoffice(<MediaSection event={null} eventId={1} standId={3} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Adicionar Mídia' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Mídia' });
      expect(dialog).toHaveTextContent('preencha os dados necessários (campos marcados com * são obrigatórios)');
      expect(within(dialog).getByLabelText(/^Descrição/)).toHaveAttribute('rows', '3');
      // The contract's limits (mediaInputSchema), stopping over-long text while typing.
      expect(within(dialog).getByLabelText(/^Título/)).toHaveAttribute('maxlength', '200');
      expect(within(dialog).getByLabelText(/^Descrição/)).toHaveAttribute('maxlength', '5000');
      expect(fileInput(dialog)).toHaveAttribute('accept', uploadAccept('media'));
      await userEvent.type(within(dialog).getByLabelText(/^Título/), 'Vídeo institucional');
      await userEvent.type(within(dialog).getByLabelText(/^Descrição/), 'Dois minutos sobre a empresa.');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByText('Escolha o arquivo da mídia.')).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      await userEvent.upload(fileInput(dialog), new File(['pdf'], 'folder.pdf', { type: 'application/pdf' }));
      expect(within(dialog).getByTitle(/Pré-visualização/)).toHaveAttribute('src', 'blob:preview');
      expect(within(dialog).getByRole('button', { name: /Remover documento/ })).toBeInTheDocument();

      await userEvent.upload(fileInput(dialog), new File(['png'], 'foto.png', { type: 'image/png' }));
      expect(within(dialog).getByRole('img', { name: /Pré-visualização/ })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: /Remover imagem/ })).toBeInTheDocument();

      await userEvent.upload(fileInput(dialog), new File(['mp4'], 'institucional.mp4', { type: 'video/mp4' }));
      const player = dialog.querySelector('video');
      expect(player).toHaveAttribute('src', 'blob:preview');
      expect(player).toHaveAttribute('controls');
      expect(within(dialog).getByRole('button', { name: /Remover video/ })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: /Remover imagem/ })).toBeNull();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await screen.findByRole('cell', { name: video.title })).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'Vídeo' })).toBeInTheDocument();
      const body = multipartFields(seen.find((r) => r.method === 'POST')?.data);
      expect(body).toMatchObject({ standId: '3', title: 'Vídeo institucional', description: 'Dois minutos sobre a empresa.' });
      expect((body.file as File).name).toBe('institucional.mp4');
      expect(body).not.toHaveProperty('removeFile');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    "shows a big upload's real progress and cancels it: the request is aborted, the form says so and stays open",
    async () => {
      server(() => []);
      let progress: ((fraction: number) => void) | undefined;
      let aborted = false;
      const answer = vi.mocked(api.http.request).getMockImplementation();
      vi.mocked(api.http.request).mockImplementation(async (config: AxiosRequestConfig) => {
        if (config.method !== 'POST') return answer?.(config);
        progress = (fraction) =>
          config.onUploadProgress?.({ loaded: fraction * 200, total: 200, progress: fraction, bytes: 0, lengthComputable: true });
        return new Promise((_resolve, reject) => {
          (config.signal as AbortSignal).addEventListener('abort', () => {
            aborted = true;
            reject(new CanceledError());
          });
        });
      });
      renderInBackoffice(<MediaSection event={null} eventId={1} standId={3} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Adicionar Mídia' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Mídia' });
      await userEvent.type(within(dialog).getByLabelText(/^Título/), 'Palestra completa');
      await userEvent.type(within(dialog).getByLabelText(/^Descrição/), 'Duas horas.');
      await userEvent.upload(fileInput(dialog), new File(['mp4'], 'palestra.mp4', { type: 'video/mp4' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

      const bar = await within(dialog).findByRole('progressbar');
      expect(bar).toHaveAttribute('aria-valuenow', '0');
      progress?.(0.42);
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
      expect(within(dialog).getByRole('button', { name: 'Salvando…' })).toBeDisabled();

      await userEvent.click(within(bar.parentElement as HTMLElement).getByRole('button', { name: 'Cancelar' }));
      expect(aborted).toBe(true);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Envio cancelado.');
      expect(within(dialog).queryByRole('progressbar')).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Adicionar Mídia' })).toBeInTheDocument();
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'edits a media: its stored document previewed, removing it asks for another file, a new one replaces it',
    async () => {
      const seen = server(() => [folder], {
        'PUT /api/cms/v1/medias/9': () => ({ data: folder, msg: 'api.updated', status: 200 }),
      });
      renderInBackoffice(<MediaSection event={null} eventId={1} standId={3} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Editar a mídia Folder do lançamento' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Mídia' });
      expect(within(dialog).getByLabelText(/^Título/)).toHaveValue(folder.title);
      expect(within(dialog).getByTitle(/Pré-visualização/)).toHaveAttribute('src', folder.file?.url);

      await userEvent.click(within(dialog).getByRole('button', { name: /Remover documento/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      expect(await within(dialog).findByText('Escolha o arquivo da mídia.')).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'PUT')).toBe(false);

      await userEvent.upload(fileInput(dialog), new File(['png'], 'novo.png', { type: 'image/png' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas com sucesso.'));
      const body = multipartFields(seen.find((r) => r.method === 'PUT')?.data);
      expect(body).toMatchObject({ title: folder.title, description: folder.description });
      expect((body.file as File).name).toBe('novo.png');
      expect(body).not.toHaveProperty('standId');
      expect(body).not.toHaveProperty('removeFile');
    },
    TYPING_TEST_TIMEOUT,
  );

  it("a stored video shows its player and 'Remover video'; deleting asks 'Aviso' with the title", async () => {
    const seen = server(() => [video], {
      'DELETE /api/cms/v1/medias': () => ({ data: { ids: [10], count: 1 }, msg: 'api.deleted', status: 200 }),
    });
    renderInBackoffice(<MediaSection event={null} eventId={1} standId={3} />);
    await userEvent.click(await screen.findByRole('cell', { name: video.title }, FIRST_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Editando Mídia' });
    expect(dialog.querySelector('video')).toHaveAttribute('src', video.file?.url);
    expect(within(dialog).getByRole('button', { name: /Remover video/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar linha 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionados' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Aviso' });
    expect(confirm).toHaveTextContent('Deseja realmente excluir a mídia "Vídeo institucional"?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro excluído com sucesso.'));
    expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '10' });
  });

  it("an attendant's stand comes preselected from the route, among their own stands", async () => {
    const carla: StaffUser = { ...admin, id: 2, name: 'Carla Atendente', role: 'attendant', roleLabel: 'Atendente' };
    signInStaff(carla);
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
      'GET /api/cms/v1/medias': () => ({ rows: [folder], count: 1 }),
    });
    renderInBackoffice(<MediaSection event={null} eventId={1} standId={3} />);
    expect(await screen.findByRole('cell', { name: folder.title }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Estande/ })).toHaveValue('3');
    expect(screen.getByRole('cell', { name: 'Documento' })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/cms/v1/medias')?.params).toMatchObject({ standId: 3 });
  });
});
