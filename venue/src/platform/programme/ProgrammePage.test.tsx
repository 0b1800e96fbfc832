import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type CmsLecture } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { cmsLectureFixture, eventFixture } from '../../testing/wire';
import { mockVenueApi, renderAt, signInFullVisitor, signInVisitor } from '../../testing/render';
import { AGENDA_TICK_MS } from './ProgrammePage';

const lecture = (
  id: number,
  name: string,
  startDate: string,
  startTime: string,
  endTime: string,
  room: { id: number; name: string },
  extra: Partial<CmsLecture> = {},
): CmsLecture =>
  cmsLectureFixture({
    id,
    name,
    startDate,
    startTime: `${startTime}:00`,
    endTime: `${endTime}:00`,
    room: { ...room, eventId: 1 },
    ...extra,
  });

const salaA = { id: 1, name: 'Auditório Principal' };
const salaB = { id: 2, name: 'Sala Sépsis' };
const ana = { id: 10, name: 'Ana Araújo' };
const bruno = { id: 11, name: 'Bruno Lima' };
const programme = [
  lecture(1, 'Abertura do congresso', '2026-11-26', '09:00', '10:00', salaA, { speakers: [ana] }),
  lecture(2, 'Ventilação protetora', '2026-11-26', '10:00', '11:00', salaA, { speakers: [bruno] }),
  lecture(3, 'Choque séptico', '2026-11-26', '09:30', '10:30', salaB, {
    speakers: [ana, bruno],
    value: '80.00',
    discount: '20.00',
    discountValue: '60.00',
    hasDiscount: true,
  }),
  lecture(4, 'Encerramento', '2026-11-27', '17:00', '18:00', salaA),
];

/** 09:40 in São Paulo on the first day. */
const AT_0940 = new Date('2026-11-26T12:40:00Z');

const serve = (rows: CmsLecture[]) => vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows, count: rows.length });

/** A lecture's row in its day (the 'Ao vivo agora' cards repeat the title). */
const rowOf = (name: string) =>
  screen
    .getAllByRole('heading', { level: 3, name })
    .map((heading) => heading.closest('li[data-state]'))
    .find(Boolean) as HTMLElement;

/** The signed-in visitor's stars as a server keeps them: listed, starred and unstarred. */
const serveStars = (initial: number[]) => {
  const stars = new Set(initial);
  return {
    list: vi.spyOn(api.site.agenda, 'list').mockImplementation(() => Promise.resolve({ lectureIds: [...stars] })),
    star: vi.spyOn(api.site.agenda, 'star').mockImplementation((lectureId) => {
      stars.add(lectureId);
      return Promise.resolve({ lectureId, starred: true });
    }),
    unstar: vi.spyOn(api.site.agenda, 'unstar').mockImplementation((lectureId) => {
      stars.delete(lectureId);
      return Promise.resolve({ lectureId, starred: false });
    }),
  };
};

mockVenueApi();

describe('Programação', () => {
  it('opens on today: the lectures on now under “Ao vivo agora”, the next one of a room “Em breve”, and the links to watch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(AT_0940);
    const calls = serve(programme);
    renderAt('/plataforma/1-congresso/programacao');

    const live = await screen.findByRole('region', { name: 'Ao vivo agora' });
    expect(calls).toHaveBeenCalledWith(1);
    expect(
      within(live)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Abertura do congresso', 'Choque séptico']);
    expect(within(live).getByRole('link', { name: 'Assistir: Abertura do congresso' })).toHaveAttribute(
      'href',
      '/plataforma/1-congresso/salas/1',
    );
    expect(
      screen.getByText(/Congresso Brasileiro Virtual: todas as palestras, por dia e horário \(Horário Padrão de Brasília\)/i),
    ).toBeInTheDocument();

    // Today only (the day filter opens on it): three lectures, the last day's closing not among them.
    const day = screen.getByRole('region', { name: 'quinta-feira, 26 de novembro de 2026' });
    expect(
      within(day)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Abertura do congresso', 'Choque séptico', 'Ventilação protetora']);
    expect(screen.queryByText('Encerramento')).toBeNull();
    expect(screen.getByText('3 palestras')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dia' })).toHaveValue('2026-11-26');

    expect(within(rowOf('Abertura do congresso')).getByText('Ao vivo')).toBeInTheDocument();
    expect(within(rowOf('Ventilação protetora')).getByText('Em breve')).toBeInTheDocument();
    expect(within(rowOf('Ventilação protetora')).getByText('Com Bruno Lima')).toBeInTheDocument();
    expect(within(rowOf('Ventilação protetora')).getByRole('link', { name: /Programação da sala Auditório Principal/ })).toHaveAttribute(
      'href',
      '/plataforma/1-congresso/congresso/salas/1',
    );
    expect(within(rowOf('Choque séptico')).getByText('De R$ 80,00')).toBeInTheDocument();
    expect(within(rowOf('Choque séptico')).getByText('Por R$ 60,00')).toBeInTheDocument();
    // Issue 49, item 5: a lecture not on now goes into the visitor's own calendar as an .ics; a live one is watched instead.
    const toCalendar = within(rowOf('Ventilação protetora')).getByRole('link', {
      name: 'Adicionar à agenda do celular ou computador (arquivo .ics): Ventilação protetora',
    });
    expect(toCalendar).toHaveTextContent('Adicionar à agenda');
    expect(toCalendar).toHaveAttribute('href', '/api/site/v1/lectures/2/calendar.ics?lang=pt');
    expect(toCalendar).toHaveAttribute('download');
    expect(within(rowOf('Abertura do congresso')).queryByRole('link', { name: /arquivo \.ics/ })).toBeNull();
  });

  it('moves the marks on as the clock runs, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(AT_0940);
    const calls = serve(programme);
    renderAt('/plataforma/1/programacao');
    await screen.findByRole('region', { name: 'Ao vivo agora' });
    expect(within(rowOf('Ventilação protetora')).getByText('Em breve')).toBeInTheDocument();

    // 10:00:10: the opening is over, the ventilation talk is on.
    vi.setSystemTime(new Date('2026-11-26T13:00:10Z'));
    await act(() => vi.advanceTimersByTimeAsync(AGENDA_TICK_MS));
    expect(within(rowOf('Ventilação protetora')).getByText('Ao vivo')).toBeInTheDocument();
    expect(within(rowOf('Abertura do congresso')).queryByText(/Ao vivo|Em breve/)).toBeNull();
    const live = screen.getByRole('region', { name: 'Ao vivo agora' });
    expect(
      within(live)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Ventilação protetora', 'Choque séptico']);

    // 18:30: nothing on any more; the section goes away.
    vi.setSystemTime(new Date('2026-11-26T21:30:00Z'));
    await act(() => vi.advanceTimersByTimeAsync(AGENDA_TICK_MS));
    expect(screen.queryByRole('region', { name: 'Ao vivo agora' })).toBeNull();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('filters by day, room, speaker and words, keeps them in the address, says when nothing matches and clears', async () => {
    vi.setSystemTime(new Date('2026-12-10T12:00:00Z'));
    serve(programme);
    const router = renderAt('/plataforma/1/programacao');
    // After the event: every day.
    await screen.findByText('4 palestras');
    expect(screen.getByRole('combobox', { name: 'Dia' })).toHaveValue('todos');
    expect(screen.queryByRole('region', { name: 'Ao vivo agora' })).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sala' }), 'Auditório Principal');
    expect(await screen.findByText('3 palestras')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sala=1');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Palestrante' }), 'Ana Araújo');
    expect(await screen.findByText('1 palestra')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sala=1&palestrante=10');

    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar palestra, palestrante ou sala' }), 'SEPSIS');
    // The room's name matches without its accent.
    await waitFor(() => expect(router.state.location.search).toBe('?dia=todos&busca=SEPSIS'));
    expect(await screen.findByText('1 palestra')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Choque séptico' })).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'cardiologia' } });
    await waitFor(() => expect(router.state.location.search).toBe('?dia=todos&busca=cardiologia'));
    const empty = await screen.findByText('Nenhuma palestra com esses filtros.');
    await userEvent.click(within(empty.parentElement as HTMLElement).getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByText('4 palestras')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('a filter chosen while the search waits keeps both, and “Limpar filtros” right after typing stays cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-10T12:00:00Z'));
    serve(programme);
    const router = renderAt('/plataforma/1/programacao');
    await screen.findByText('4 palestras');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'choque' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sala' }), { target: { value: '2' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(router.state.location.search).toBe('?sala=2&busca=choque');
    expect(await screen.findByText('1 palestra')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'choques' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Limpar filtros' })[0]);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(router.state.location.search).toBe('?dia=todos');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('opens a shared link on its filters, and offers the event’s own programme link when staff set one', async () => {
    vi.spyOn(api.site.events, 'get').mockResolvedValue(
      eventFixture({ venue: { ...eventFixture().venue, programmeLink: 'https://exemplo.com.br/grade' } }),
    );
    serve(programme);
    renderAt('/plataforma/1/programacao?dia=2026-11-27');
    expect(await screen.findByText('1 palestra')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Encerramento' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Grade no site do evento/ })).toHaveAttribute('href', 'https://exemplo.com.br/grade');
  });

  it('says when the programme is not published yet, and reaches the page from the navigation bar', async () => {
    serve([]);
    renderAt('/plataforma/1/hall-entrada');
    const nav = await screen.findByRole('navigation', { name: 'Navegação do evento' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Programação' }));
    expect(await screen.findByText('A programação ainda não foi publicada.')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Programação' })).toHaveAttribute('aria-current', 'page');
  });

  it('a failed call says so and tries again', async () => {
    const calls = vi
      .spyOn(api.site.lectures, 'event')
      .mockRejectedValueOnce(new ApiError(404, 'api.error.eventNotFound'))
      .mockResolvedValue({ rows: programme, count: programme.length });
    renderAt('/plataforma/1/programacao?dia=todos');
    expect(await screen.findByText('Evento não encontrado.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('4 palestras')).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('has no serious or critical axe violation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(AT_0940);
    serve(programme);
    renderAt('/plataforma/1/programacao');
    await screen.findByRole('region', { name: 'Ao vivo agora' });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  describe('Minha agenda', () => {
    it('a signed-in visitor stars and unstars a lecture at once (aria-pressed), and the calls follow', async () => {
      signInFullVisitor();
      serve(programme);
      const { list, star, unstar } = serveStars([2]);
      renderAt('/plataforma/1/programacao?dia=todos');

      const starredOne = await screen.findByRole('button', { name: 'Remover da minha agenda: Ventilação protetora' });
      expect(starredOne).toHaveAttribute('aria-pressed', 'true');
      expect(list).toHaveBeenCalledWith(1);
      const other = screen.getByRole('button', { name: 'Adicionar à minha agenda: Abertura do congresso' });
      expect(other).toHaveAttribute('aria-pressed', 'false');

      await userEvent.click(other);
      expect(await screen.findByRole('button', { name: 'Remover da minha agenda: Abertura do congresso' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(star).toHaveBeenCalledWith(1);

      await userEvent.click(starredOne);
      expect(await screen.findByRole('button', { name: 'Adicionar à minha agenda: Ventilação protetora' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(unstar).toHaveBeenCalledWith(2);
    });

    it('a refused star goes back and says so in a toast', async () => {
      signInFullVisitor();
      serve(programme);
      vi.spyOn(api.site.agenda, 'list').mockResolvedValue({ lectureIds: [] });
      vi.spyOn(api.site.agenda, 'star').mockRejectedValue(new ApiError(500, 'api.error.internal'));
      renderAt('/plataforma/1/programacao?dia=todos');

      await userEvent.click(await screen.findByRole('button', { name: 'Adicionar à minha agenda: Encerramento' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível adicionar a palestra à sua agenda. Tente de novo.');
      expect(screen.getByRole('button', { name: 'Adicionar à minha agenda: Encerramento' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('filters on the starred lectures of every day, kept in the address, with an empty state', async () => {
      signInFullVisitor();
      serve(programme);
      serveStars([4, 3]);
      const router = renderAt('/plataforma/1/programacao');

      const mine = await screen.findByRole('checkbox', { name: 'Minha agenda' });
      expect(mine).not.toBeChecked();
      await userEvent.click(mine);
      expect(router.state.location.search).toBe('?minha=1');
      expect(await screen.findByText('2 palestras')).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Choque séptico', 'Encerramento']);

      // Unstarring the last ones leaves the empty state, which leads back to the whole programme.
      await userEvent.click(screen.getByRole('button', { name: 'Remover da minha agenda: Choque séptico' }));
      await userEvent.click(screen.getByRole('button', { name: 'Remover da minha agenda: Encerramento' }));
      expect(
        await screen.findByText('Você ainda não marcou palestras. Toque na estrela de uma palestra para incluí-la na sua agenda.'),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Ver toda a programação' }));
      expect(router.state.location.search).toBe('');
      expect(screen.getByRole('checkbox', { name: 'Minha agenda' })).not.toBeChecked();
    });

    it('a visitor not signed in sees no filter, asks for nothing, and the star leads to the sign-in and back', async () => {
      serve(programme);
      const list = vi.spyOn(api.site.agenda, 'list');
      const router = renderAt('/plataforma/1/programacao?dia=todos&minha=1');

      const starButton = await screen.findByRole('button', { name: 'Adicionar à minha agenda: Abertura do congresso' });
      expect(screen.getByText('4 palestras')).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'Minha agenda' })).not.toBeInTheDocument();
      expect(starButton).toHaveAttribute('aria-pressed', 'false');
      await userEvent.click(starButton);
      expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada');
      expect(router.state.location.state).toEqual({
        from: { pathname: '/plataforma/1/programacao', search: '?dia=todos&minha=1', hash: '' },
      });
      expect(list).not.toHaveBeenCalled();
    });

    it('a soft session (an e-mail only) asks for no stars, and its star leads to the password sign-in and back (decision 101)', async () => {
      signInVisitor();
      serve(programme);
      const list = vi.spyOn(api.site.agenda, 'list');
      const star = vi.spyOn(api.site.agenda, 'star');
      const router = renderAt('/plataforma/1/programacao?dia=todos');
      const starButton = await screen.findByRole('button', { name: 'Adicionar à minha agenda: Abertura do congresso' });
      await userEvent.click(starButton);
      // The sign-in page is a lazy route: the address changes once it has loaded.
      await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
      expect(router.state.location.search).toBe(`?voltar=${encodeURIComponent('/plataforma/1/programacao?dia=todos')}&motivo=marcas`);
      expect(await screen.findByText('Para guardar a sua agenda e os seus favoritos, entre com a sua senha.')).toBeInTheDocument();
      expect(list).not.toHaveBeenCalled();
      expect(star).not.toHaveBeenCalled();
    });
  });
});
