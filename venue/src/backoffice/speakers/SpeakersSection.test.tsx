import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Speaker } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { formEntries, makeEvent } from '../events/test-fixtures';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';

const event = makeEvent();
const ana: Speaker = {
  id: 7,
  eventId: 3,
  name: 'Dra. Ana Lima',
  title: 'Médica intensivista',
  description: 'Coordena a UTI adulto.',
  image: '/uploads/ana.jpg',
  lectures: [
    { id: 11, name: 'Ventilação mecânica' },
    { id: 12, name: 'Sepse' },
  ],
};

beforeEach(() => {
  signInStaff();
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const serve = (rows: () => Speaker[], extra: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/events/private/3': () => event,
    'GET /api/cms/v1/speakers': () => ({ rows: rows(), count: rows().length }),
    ...extra,
  });

const panel = () => screen.findByRole('region', { name: /^Palestrantes/ }, FIRST_LOAD);
const photoInput = (dialog: HTMLElement) =>
  within(dialog).getByRole('group', { name: /^Foto/ }).querySelector('input[type=file]') as HTMLInputElement;

describe("the event editor's 'Palestrantes'", () => {
  it('lists the speakers with photo, title and their lectures', async () => {
    const seen = serve(() => [ana]);
    renderBackoffice('/cms/eventos/3/palestrantes');
    const region = await panel();
    const row = (await within(region).findByRole('cell', { name: ana.name }, FIRST_LOAD)).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Foto de Dra. Ana Lima' })).toHaveAttribute('src', '/uploads/ana.jpg');
    expect(within(row).getByRole('cell', { name: 'Médica intensivista' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Ventilação mecânica, Sepse' })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/cms/v1/speakers')?.params).toMatchObject({ eventId: 3 });
  });

  it(
    'adds a speaker with a photo (multipart, with the progress) and one without; the name is required',
    async () => {
      let rows: Speaker[] = [];
      const seen = serve(() => rows, {
        'POST /api/cms/v1/speakers': () => {
          rows = [ana];
          return { data: ana, msg: 'api.created', status: 201 };
        },
      });
      // Holds the multipart save until the test lets it go, after half of it was sent.
      const mock = vi.mocked(api.http.request);
      const answer = mock.getMockImplementation();
      let release: () => void = () => undefined;
      mock.mockImplementation(async (config: AxiosRequestConfig) => {
        if (config.data instanceof FormData) {
          config.onUploadProgress?.({ loaded: 3, total: 4, progress: 0.75, bytes: 3, lengthComputable: true });
          await new Promise<void>((resolve) => (release = resolve));
        }
        return answer!(config);
      });

      renderBackoffice('/cms/eventos/3/palestrantes');
      const region = await panel();
      await userEvent.click(await within(region).findByRole('button', { name: 'Adicionar Palestrante' }, FIRST_LOAD));
      let dialog = screen.getByRole('dialog', { name: 'Adicionar Palestrante' });
      expect(within(dialog).getByRole('group', { name: /^Foto/ })).toHaveTextContent('Opcional. Somente imagens.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Confira os campos marcados: Nome.');

      await userEvent.upload(photoInput(dialog), new File(['x'], 'ana.png', { type: 'image/png' }));
      expect(within(dialog).getByRole('img', { name: 'Pré-visualização: Foto' })).toHaveAttribute('src', 'blob:ana.png');
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), ana.name);
      await userEvent.type(within(dialog).getByLabelText(/^Título/), ana.title ?? '');
      await userEvent.type(within(dialog).getByLabelText(/^Descrição/), ana.description ?? '');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
      act(() => release());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro criado com sucesso.'));
      expect(formEntries(seen.find((r) => r.method === 'POST')?.data)).toEqual({
        eventId: '3',
        name: ana.name,
        title: ana.title,
        description: ana.description,
        image: 'file:ana.png',
      });

      await userEvent.click(within(region).getByRole('button', { name: 'Adicionar Palestrante' }));
      dialog = screen.getByRole('dialog', { name: 'Adicionar Palestrante' });
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Dr. Bruno Reis');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      act(() => release());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(formEntries(seen.filter((r) => r.method === 'POST').at(-1)?.data)).toEqual({
        eventId: '3',
        name: 'Dr. Bruno Reis',
        title: '',
        description: '',
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'removes a speaker’s photo, shows a refusal in the red alert, and deletes after the warning',
    async () => {
      let refuse = true;
      let rows = [ana];
      const seen = serve(() => rows, {
        'PUT /api/cms/v1/speakers/7': () => {
          if (refuse) throw new ApiError(413, 'api.error.payloadTooLarge');
          return { data: { ...ana, image: null }, msg: 'api.updated', status: 200 };
        },
        'DELETE /api/cms/v1/speakers': () => {
          rows = [];
          return { data: { ids: [7], count: 1 }, msg: 'api.deleted', status: 200 };
        },
      });
      renderBackoffice('/cms/eventos/3/palestrantes');
      const region = await panel();
      await userEvent.click(await within(region).findByRole('cell', { name: ana.name }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Palestrante' });
      expect(within(dialog).getByRole('img', { name: 'Pré-visualização: Foto' })).toHaveAttribute('src', '/uploads/ana.jpg');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remover imagem: Foto' }));
      expect(within(dialog).queryByRole('img')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('O arquivo é grande demais.');
      refuse = false;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(formEntries(seen.filter((r) => r.method === 'PUT').at(-1)?.data)).toEqual({
        name: ana.name,
        title: ana.title,
        description: ana.description,
        removeImage: '1',
      });

      await userEvent.click(within(region).getByRole('checkbox', { name: 'Selecionar linha 7' }));
      await userEvent.click(within(region).getByRole('button', { name: 'Excluir selecionados' }));
      const warning = screen.getByRole('alertdialog', { name: 'Aviso' });
      expect(warning).toHaveTextContent('Deseja realmente excluir o palestrante "Dra. Ana Lima"?');
      await userEvent.click(within(warning).getByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro excluído com sucesso.'));
      expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '7' });
    },
    TYPING_TEST_TIMEOUT,
  );
});
