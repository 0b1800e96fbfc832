import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@plataforma/adapter';
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
import type { SponsorRow } from './api';
import { SponsorsSection } from './SponsorsSection';

const aurora: SponsorRow = {
  id: 7,
  eventId: 1,
  name: 'Aurora Saúde',
  type: 'premium',
  image: '/uploads/aurora.png',
  link: null,
  position: 2,
};
const lumen: SponsorRow = {
  id: 8,
  eventId: 1,
  name: 'Lumen',
  type: 'supporter',
  image: '/uploads/lumen.png',
  link: 'https://lumen.exemplo.com',
  position: 3,
};

const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;

beforeEach(() => {
  stubObjectUrls();
  signInStaff();
});

describe("the event editor's 'Patrocinadores' section", () => {
  it(
    "lists the event's sponsors (image, name, type, position) and adds one: the image is required",
    async () => {
      let rows = [aurora];
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/sponsors': () => ({ rows, count: rows.length }),
        'POST /api/cms/v1/sponsors': () => {
          rows = [aurora, lumen];
          return { data: lumen, msg: 'api.created', status: 201 };
        },
      });
      renderInBackoffice(<SponsorsSection event={null} eventId={1} />);
      const row = (await screen.findByRole('cell', { name: aurora.name }, FIRST_LOAD)).closest('tr') as HTMLElement;
      expect(seen.find((r) => r.url === '/api/cms/v1/sponsors')?.params).toMatchObject({ eventId: 1 });
      expect(within(row).getByRole('img', { name: 'Logo de Aurora Saúde' })).toHaveAttribute('src', aurora.image);
      expect(within(row).getByRole('cell', { name: 'Premium' })).toBeInTheDocument();
      expect(within(row).getByRole('cell', { name: '2' })).toBeInTheDocument();
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[↕▲▼]/g, ''))).toEqual([
        '',
        'Imagem',
        'Nome',
        'Tipo',
        'Posição',
        'Ações',
      ]);

      await userEvent.click(screen.getByRole('button', { name: 'Adicionar Patrocinador' }));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Patrocinador' });
      const type = within(dialog).getByLabelText(/^Tipo/);
      expect(
        within(type)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Master', 'Premium', 'Apoiador']);
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Lumen');
      await userEvent.selectOptions(type, 'supporter');
      await userEvent.type(within(dialog).getByLabelText(/^Link/), 'https://lumen.exemplo.com');
      await userEvent.type(within(dialog).getByLabelText(/^Posição/), '3');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByText('Escolha a imagem do patrocinador.')).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      await userEvent.upload(fileInput(dialog), new File(['png'], 'lumen.png', { type: 'image/png' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await screen.findByRole('cell', { name: 'Apoiador' })).toBeInTheDocument();
      const body = multipartFields(seen.find((r) => r.method === 'POST')?.data);
      expect(body).toMatchObject({ eventId: '1', name: 'Lumen', type: 'supporter', link: 'https://lumen.exemplo.com', position: '3' });
      expect((body.image as File).name).toBe('lumen.png');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    "edits a sponsor with its values, and a refused save shows the server's message in the form",
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/sponsors': () => ({ rows: [lumen], count: 1 }),
        'PUT /api/cms/v1/sponsors/8': () => {
          throw new ApiError(413, 'api.error.payloadTooLarge');
        },
      });
      renderInBackoffice(<SponsorsSection event={null} eventId={1} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Editar o patrocinador Lumen' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Patrocinador' });
      expect(within(dialog).getByLabelText(/^Tipo/)).toHaveValue('supporter');
      expect(within(dialog).getByLabelText(/^Link/)).toHaveValue(lumen.link);
      expect(within(dialog).getByLabelText(/^Posição/)).toHaveValue(3);
      expect(within(dialog).getByRole('img', { name: /Logo do patrocinador/ })).toHaveAttribute('src', lumen.image);
      await userEvent.clear(within(dialog).getByLabelText(/^Link/));
      await userEvent.type(within(dialog).getByLabelText(/^Link/), 'lumen sem endereço');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      // The contract's rule (an http(s) address) refuses it before any request.
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Confira os campos marcados: Link.');
      expect(within(dialog).getByLabelText(/^Link/)).toHaveAccessibleDescription(
        'Informe um endereço que comece com https:// (ou http://).',
      );
      expect(seen.some((r) => r.method === 'PUT')).toBe(false);

      await userEvent.clear(within(dialog).getByLabelText(/^Link/));
      await userEvent.upload(fileInput(dialog), new File(['png'], 'enorme.png', { type: 'image/png' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('O arquivo é grande demais.'));
      const body = multipartFields(seen.find((r) => r.method === 'PUT')?.data);
      // A cleared link is sent empty (the server clears it); the event is not sent on an update.
      expect(body).toMatchObject({ name: 'Lumen', type: 'supporter', link: '', position: '3' });
      expect(body).not.toHaveProperty('eventId');
      expect(screen.getByRole('dialog', { name: 'Editando Patrocinador' })).toBeInTheDocument();
    },
    TYPING_TEST_TIMEOUT,
  );
});
