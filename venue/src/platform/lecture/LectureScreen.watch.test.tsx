import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lecture } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { eventFixture, lectureFixture } from '../../testing/wire';
import { pageViewAnswer, renderAt, signInFullVisitor, signInVisitor } from '../../testing/render';

// Lecture watching on the lecture screen (decision 047): heartbeats of the lecture on now, while
// its player says it plays (issue 56, item 3) in a visible tab and a client is signed in.

/** The host's player in the iframe reports its state, as YouTube's and Vimeo's do by postMessage. */
const report = (title: string, origin: string, data: unknown) => {
  const frame = screen.getByTitle(title) as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));
  });
};
const youtube = (state: number) => JSON.stringify({ event: 'onStateChange', info: state, id: 1, channel: 'widget' });
const live: Lecture = lectureFixture({
  id: 41,
  name: 'Sepse',
  startDate: '2026-11-22',
  formattedStartDate: '22/11/2026',
  videoId: 'https://www.youtube.com/watch?v=abc123',
  room: { id: 1, name: 'Auditório', eventId: 1 },
});

beforeEach(() => {
  vi.spyOn(api.site.pageViews, 'create').mockResolvedValue(pageViewAnswer);
  vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
  vi.spyOn(api.site.rooms, 'get').mockResolvedValue({ id: 1, eventId: 1, name: 'Auditório', link: null, slug: 'auditorio', number: 1 });
  vi.spyOn(api.site.lectures, 'me').mockResolvedValue({ rows: [live], count: 1 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useAppState.getState().signOut();
});

describe('the lecture screen’s heartbeats', () => {
  it('sends one every 30 s for the lecture on now once a client is signed in, none before', async () => {
    const heartbeat = vi.spyOn(api.site.watch, 'heartbeat').mockResolvedValue({ lectureId: 41, acceptedAt: '' });
    // 10:30 in São Paulo: the lecture is on.
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
    renderAt('/plataforma/1/salas/1');
    expect(await screen.findByTitle('Sepse')).toBeInTheDocument();
    // From here the clock is the test's: the heartbeat's timer too.
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:05Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    report('Sepse', 'https://www.youtube.com', youtube(1));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(heartbeat).not.toHaveBeenCalled(); // signed out: nothing
    act(() => signInFullVisitor());
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(heartbeat).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(heartbeat).toHaveBeenCalledExactlyOnceWith({ lectureId: 41 });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(heartbeat).toHaveBeenCalledTimes(2);
    // Paused in the player: the clock stops.
    report('Sepse', 'https://www.youtube.com', youtube(2));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(heartbeat).toHaveBeenCalledTimes(2);
  });

  it('sends none while the player never plays (a video that failed to load), nor for a message from another origin', async () => {
    const heartbeat = vi.spyOn(api.site.watch, 'heartbeat').mockResolvedValue({ lectureId: 41, acceptedAt: '' });
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
    signInFullVisitor();
    renderAt('/plataforma/1/salas/1');
    const frame = await screen.findByTitle('Sepse');
    // The page asks YouTube's player to report its state.
    expect(frame.getAttribute('src')).toMatch(/[?&]enablejsapi=1(&|$)/);
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:05Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    report('Sepse', 'https://evil.example', youtube(1));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(heartbeat).not.toHaveBeenCalled();
  });

  it('sends none for a soft session (an e-mail only: its time is not credited, decision 102) and says how to make it count', async () => {
    const heartbeat = vi.spyOn(api.site.watch, 'heartbeat').mockResolvedValue({ lectureId: 41, acceptedAt: '' });
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
    signInVisitor();
    renderAt('/plataforma/1/salas/1');
    expect(await screen.findByTitle('Sepse')).toBeInTheDocument();
    expect(screen.getByText(/o tempo assistido não conta para o certificado/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar com senha' })).toHaveAttribute(
      'href',
      `/entrar?voltar=${encodeURIComponent('/plataforma/1/salas/1')}`,
    );
    vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:05Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    report('Sepse', 'https://www.youtube.com', youtube(1));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(heartbeat).not.toHaveBeenCalled();
  });
});

describe('the room-per-date player’s heartbeats', () => {
  it('sends them for the lecture opened while its player is shown, and stops when it is closed', async () => {
    const heartbeat = vi.spyOn(api.site.watch, 'heartbeat').mockResolvedValue({ lectureId: 52, acceptedAt: '' });
    vi.spyOn(api.site.rooms, 'schedule').mockResolvedValue([
      {
        date: '2026-11-22',
        label: '22/11/2026',
        lectures: [{ id: 52, theme: 'Ventilação', hour: '14:00', link: 'https://vimeo.com/123456' }],
      },
    ]);
    signInFullVisitor();
    renderAt('/plataforma/1/congresso/salas/1');
    await userEvent.click(await screen.findByRole('button', { name: '22/11/2026' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => screen.getByRole('button', { name: /Ventilação/ }).click());
    expect(screen.getByTitle('Ventilação')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(heartbeat).not.toHaveBeenCalled(); // not playing yet
    report('Ventilação', 'https://player.vimeo.com', { event: 'play', data: { seconds: 0 } });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(heartbeat).toHaveBeenCalledExactlyOnceWith({ lectureId: 52 });
    act(() => screen.getByRole('button', { name: /fechar/i }).click());
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(heartbeat).toHaveBeenCalledTimes(1);
  });
});
