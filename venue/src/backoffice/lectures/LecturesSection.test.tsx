import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type CmsLecture, type MessageKey, type Room, type Speaker } from '@plataforma/adapter';
import { i18n } from '../../shared/i18n';
import { makeEvent } from '../events/test-fixtures';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';
import { cmsLectureFixture } from '../../testing/wire';

const OVERLAP = 'lectures.error.overlap' as MessageKey;
const OVERLAP_TEXT = 'Já existe uma palestra nesta sala nesse dia e horário.';

const event = makeEvent();
const room = (id: number, name: string): Room => ({ id, eventId: 3, name, link: null, slug: String(id), number: id });
const rooms = [room(5, 'Auditório Principal'), room(6, 'Sala 2')];
const speaker = (id: number, name: string): Speaker => ({
  id,
  eventId: 3,
  name,
  title: null,
  description: null,
  image: null,
  lectures: [],
});
const speakers = [speaker(7, 'Dra. Ana Lima'), speaker(8, 'Dr. Bruno Reis')];
const lecture = (overrides: Partial<CmsLecture> = {}): CmsLecture =>
  cmsLectureFixture({
    id: 11,
    name: 'Ventilação mecânica',
    startDate: '2026-11-12',
    formattedStartDate: '12/11/2026',
    startTime: '09:00:00',
    endTime: '10:00:00',
    videoId: 'https://www.youtube.com/watch?v=abc',
    value: '50.00',
    discount: '10.00',
    discountValue: '40.00',
    hasDiscount: true,
    room: { id: 5, name: 'Auditório Principal', eventId: 3 },
    speakers: [
      { id: 7, name: 'Dra. Ana Lima' },
      { id: 8, name: 'Dr. Bruno Reis' },
    ],
    ...overrides,
  });

beforeAll(() => {
  // The server's message of an overlap (added to the pack with its route); the alert shows the pack's text of the key.
  if (!i18n.exists(OVERLAP)) i18n.addResource('pt', 'translation', OVERLAP, OVERLAP_TEXT);
});
beforeEach(() => signInStaff());

const serve = (rows: () => CmsLecture[], extra: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/events/private/3': () => event,
    'GET /api/cms/v1/rooms': () => ({ rows: rooms, count: rooms.length }),
    'GET /api/cms/v1/speakers': () => ({ rows: speakers, count: speakers.length }),
    'GET /api/cms/v1/lectures': () => ({ rows: rows(), count: rows().length }),
    ...extra,
  });

const panel = () => screen.findByRole('region', { name: /^Palestras/ }, FIRST_LOAD);

describe("the event editor's 'Palestras'", () => {
  it('lists the lectures by day and hour with room, speakers and price, and filters them by room', async () => {
    const seen = serve(() => [
      lecture(),
      lecture({ id: 12, name: 'Sepse', value: '0.00', discount: '0.00', hasDiscount: false, speakers: [] }),
    ]);
    renderBackoffice('/cms/eventos/3/palestras');
    const region = await panel();
    const row = (await within(region).findByRole('cell', { name: 'Ventilação mecânica' }, FIRST_LOAD)).closest('tr') as HTMLElement;
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Dia↕', 'Horário↕', 'Sala', 'Nome↕', 'Palestrantes', 'Preço']);
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '',
      '12/11/2026',
      '09:00–10:00',
      'Auditório Principal',
      'Ventilação mecânica',
      'Dra. Ana Lima, Dr. Bruno Reis',
      'R$ 40,00 (R$ 50,00)',
    ]);
    expect(
      within(within(region).getByRole('cell', { name: 'Sepse' }).closest('tr') as HTMLElement).getByRole('cell', { name: 'Gratuita' }),
    ).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/cms/v1/lectures')?.params).toMatchObject({ eventId: 3 });

    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Sala' }), 'Sala 2');
    await waitFor(() =>
      expect(seen.filter((r) => r.url === '/api/cms/v1/lectures').at(-1)?.params).toMatchObject({ eventId: 3, roomId: 6 }),
    );
  });

  it(
    'adds a lecture: end after start, the speakers ticked, the embed markup kept; the overlap refusal shows in the alert',
    async () => {
      let rows: CmsLecture[] = [];
      let overlap = true;
      const seen = serve(() => rows, {
        'POST /api/cms/v1/lectures': () => {
          if (overlap) throw new ApiError(409, OVERLAP);
          rows = [lecture({ id: 13, name: 'Abertura' })];
          return { data: rows[0], msg: 'api.created', status: 201 };
        },
      });
      renderBackoffice('/cms/eventos/3/palestras');
      const region = await panel();
      await userEvent.click(await within(region).findByRole('button', { name: 'Adicionar Palestra' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Palestra' });
      await userEvent.selectOptions(within(dialog).getByLabelText(/^Sala/), 'Auditório Principal');
      await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Abertura');
      fireEvent.change(within(dialog).getByLabelText(/^Data/), { target: { value: '2026-11-12' } });
      fireEvent.change(within(dialog).getByLabelText(/^Início/), { target: { value: '11:00' } });
      fireEvent.change(within(dialog).getByLabelText(/^Término/), { target: { value: '10:00' } });
      const embed = '<iframe src="https://player.vimeo.com/video/123"></iframe>';
      fireEvent.change(within(dialog).getByLabelText(/^Link do vídeo ou código de incorporação/), { target: { value: embed } });
      expect(within(dialog).getByLabelText(/^Link do vídeo/)).toHaveAccessibleDescription(
        'Cole o link do YouTube ou do Vimeo, ou o código de incorporação (embed) do player.',
      );
      await userEvent.type(within(dialog).getByLabelText(/^Valor/), '50');
      const speakersBox = within(dialog).getByRole('group', { name: 'Palestrantes' });
      await userEvent.click(await within(speakersBox).findByRole('checkbox', { name: 'Dr. Bruno Reis' }));

      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('O término deve ser depois do início.');
      expect(within(dialog).getByLabelText(/^Término/)).toHaveAttribute('aria-invalid', 'true');
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      fireEvent.change(within(dialog).getByLabelText(/^Término/), { target: { value: '12:00' } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(OVERLAP_TEXT));

      overlap = false;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await within(region).findByRole('cell', { name: 'Abertura' })).toBeInTheDocument();
      expect(seen.filter((r) => r.method === 'POST').at(-1)?.data).toEqual({
        roomId: 5,
        name: 'Abertura',
        startDate: '2026-11-12',
        startTime: '11:00',
        endTime: '12:00',
        videoId: embed,
        value: '50.00',
        speakerIds: [8],
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'edits a lecture with its speakers, and deletes one after the warning',
    async () => {
      let rows = [lecture()];
      const seen = serve(() => rows, {
        'PUT /api/cms/v1/lectures/11': () => ({
          data: lecture({ speakers: [{ id: 8, name: 'Dr. Bruno Reis' }] }),
          msg: 'api.updated',
          status: 200,
        }),
        'DELETE /api/cms/v1/lectures': () => {
          rows = [];
          return { data: { ids: [11], count: 1 }, msg: 'api.deleted', status: 200 };
        },
      });
      renderBackoffice('/cms/eventos/3/palestras');
      const region = await panel();
      await userEvent.click(await within(region).findByRole('cell', { name: 'Ventilação mecânica' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Palestra' });
      expect(within(dialog).getByLabelText(/^Sala/)).toHaveValue('5');
      expect(within(dialog).getByLabelText(/^Início/)).toHaveValue('09:00');
      expect(within(dialog).getByLabelText(/^Valor/)).toHaveValue('50,00');
      const ana = await within(dialog).findByRole('checkbox', { name: 'Dra. Ana Lima' });
      expect(ana).toBeChecked();
      await userEvent.click(ana);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(seen.find((r) => r.method === 'PUT')?.data).toMatchObject({
        roomId: 5,
        startTime: '09:00',
        endTime: '10:00',
        value: '50.00',
        discount: '10.00',
        speakerIds: [8],
      });

      await userEvent.click(within(region).getByRole('checkbox', { name: 'Selecionar linha 11' }));
      await userEvent.click(within(region).getByRole('button', { name: 'Excluir selecionados' }));
      const warning = screen.getByRole('alertdialog', { name: 'Aviso' });
      expect(warning).toHaveTextContent('Deseja realmente excluir a palestra "Ventilação mecânica"?');
      await userEvent.click(within(warning).getByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro excluído com sucesso.'));
      expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '11' });
    },
    TYPING_TEST_TIMEOUT,
  );
});
