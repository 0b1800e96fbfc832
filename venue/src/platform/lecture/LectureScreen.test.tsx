import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Lecture } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { eventFixture, lectureFixture } from '../../testing/wire';
import { pageViewAnswer, renderAt } from '../../testing/render';
import { playerOf } from './RoomByDate';

const lecture = (id: number, name: string, startTime: string, endTime: string, videoId: string | null = null): Lecture =>
  lectureFixture({
    id,
    name,
    startDate: '2026-11-22',
    formattedStartDate: '22/11/2026',
    startTime,
    endTime,
    videoId,
    room: { id: 1, name: 'Auditório', eventId: 1 },
  });

beforeEach(() => {
  vi.spyOn(api.site.pageViews, 'create').mockResolvedValue(pageViewAnswer);
  vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
  vi.spyOn(api.site.rooms, 'get').mockResolvedValue({ id: 1, eventId: 1, name: 'Auditório', link: null, slug: 'auditorio', number: 1 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the lecture screen (SPEC §2.4)', () => {
  it("plays the current lecture in the event's time zone and switches to the next message when it ends, without asking again", async () => {
    // 10:59:50 in São Paulo (13:59:50 UTC), whatever zone this machine is in.
    vi.useFakeTimers({
      now: Date.parse('2026-11-22T13:59:50Z'),
      shouldAdvanceTime: false,
      toFake: ['setInterval', 'clearInterval', 'Date'],
    });
    const me = vi.spyOn(api.site.lectures, 'me').mockResolvedValue({
      rows: [
        lecture(1, 'Sepse', '10:00:00', '11:00:00', 'https://www.youtube.com/watch?v=abc123&t=30'),
        lecture(2, 'Ventilação', '14:00:00', '15:00:00'),
      ],
      count: 2,
    });
    renderAt('/plataforma/1/salas/1');
    // The screen is a lazy chunk: on a busy machine its first import takes seconds (the default
    // wait of test-setup.ts covers it; setInterval is faked, so findBy re-checks on DOM changes).
    const frame = await screen.findByTitle('Sepse');
    expect(frame).toHaveAttribute('src', expect.stringMatching(/^https:\/\/www\.youtube\.com\/embed\/abc123\?autoplay=1/));
    // Beside 'A seguir', the next lecture's .ics too.
    expect(screen.getByRole('link', { name: /^Adicionar à agenda .*: Ventilação$/ })).toBeInTheDocument();
    expect(me).toHaveBeenCalledWith({ roomId: 1, startDate: '2026-11-22' });
    // And the day before: a lecture begun before midnight may still be on.
    expect(me).toHaveBeenCalledWith({ roomId: 1, startDate: '2026-11-21' });

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Próxima palestra: Ventilação às 14:00')).toBeInTheDocument();
    expect(screen.queryByTitle('Sepse')).toBeNull();
    expect(me).toHaveBeenCalledTimes(2);
    // Issue 49, item 5: the next lecture into the visitor's calendar (its .ics).
    expect(screen.getByRole('link', { name: /^Adicionar à agenda .*: Ventilação$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/site\/v1\/lectures\/2\/calendar\.ics\?lang=pt$/),
    );
  });

  it('keeps playing a lecture that began before midnight after it, then shows what comes next', async () => {
    // 00:30 in São Paulo on the 23rd; the lecture began on the 22nd at 23:00 and ends at 01:00.
    vi.useFakeTimers({
      now: Date.parse('2026-11-23T03:30:00Z'),
      shouldAdvanceTime: false,
      toFake: ['setInterval', 'clearInterval', 'Date'],
    });
    const late = {
      ...lecture(7, 'Plantão noturno', '23:00:00', '01:00:00', 'https://www.youtube.com/watch?v=noite1'),
      startDate: '2026-11-22',
    };
    const morning = { ...lecture(8, 'Café científico', '08:00:00', '09:00:00'), startDate: '2026-11-23', formattedStartDate: '23/11/2026' };
    vi.spyOn(api.site.lectures, 'me').mockImplementation(async ({ startDate }) =>
      startDate === '2026-11-22'
        ? { rows: [late], count: 1 }
        : startDate === '2026-11-23'
          ? { rows: [morning], count: 1 }
          : { rows: [], count: 0 },
    );
    renderAt('/plataforma/1/salas/1');
    expect(await screen.findByTitle('Plantão noturno')).toHaveAttribute('src', expect.stringMatching(/youtube\.com\/embed\/noite1/));
    // 01:00: it has ended; the morning's lecture is next.
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000 + 5000));
    expect(await screen.findByText('Próxima palestra: Café científico às 08:00')).toBeInTheDocument();
  });

  it('says so when the room has no more lectures today', async () => {
    vi.spyOn(api.site.lectures, 'me').mockResolvedValue({ rows: [], count: 0 });
    renderAt('/plataforma/1/salas/1');
    expect(await screen.findByText('Não há mais palestras nesta sala hoje.')).toBeInTheDocument();
  });

  it('sends the visitor to the entrance hall when the lecture call answers 400 or more', async () => {
    vi.spyOn(api.site.lectures, 'me').mockRejectedValue(new ApiError(400, 'api.error.invalidFilter'));
    const router = renderAt('/plataforma/1-cbvmi/salas/1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada'));
  });

  it('offers no "Ativar som" over the message of a video host that cannot be reached', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(api.site.lectures, 'me').mockResolvedValue({
      rows: [lecture(1, 'Sepse', '10:00:00', '11:00:00', 'https://vimeo.com/76979871')],
      count: 1,
    });
    renderAt('/plataforma/1/salas/1');
    expect(await screen.findByText(/^O vídeo não pôde ser carregado de player\.vimeo\.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ativar som' })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('offers "Ativar som" when the page has not been used yet, and then plays with sound', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
    vi.spyOn(api.site.lectures, 'me').mockResolvedValue({
      rows: [lecture(1, 'Sepse', '10:00:00', '11:00:00', 'https://vimeo.com/76979871')],
      count: 1,
    });
    renderAt('/plataforma/1/salas/1');
    const frame = await screen.findByTitle('Sepse');
    expect(frame).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?autoplay=1&muted=1');
    act(() => screen.getByRole('button', { name: 'Ativar som' }).click());
    expect(screen.getByTitle('Sepse')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?autoplay=1');
  });
});

describe('room per date player', () => {
  it('builds the Vimeo player from the last path segment, converts other video links, and has none for the rest', () => {
    expect(playerOf('https://vimeo.com/channels/staff/76979872', ['player.vimeo.com'])).toBe('https://player.vimeo.com/video/76979872');
    expect(playerOf('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3', ['www.youtube.com'])).toBe(
      'https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1&playsinline=1',
    );
    expect(playerOf('https://exemplo.com.br/video', ['player.vimeo.com'])).toBeNull();
    expect(playerOf(null, ['player.vimeo.com'])).toBeNull();
  });
});
