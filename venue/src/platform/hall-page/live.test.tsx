import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CmsLecture, Room } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { mockVenueApi, renderAt, signInVisitor } from '../../testing/render';
import { LIVE_TICK_MS } from './useLiveLectures';
import { cmsLectureFixture } from '../../testing/wire';

// Issue 17, 'AO VIVO' on the halls: each congress room's door shows the lecture on now, and the
// entrance lists what is on now across the rooms. Times are the event's (São Paulo, UTC−3),
// whatever zone this machine is in.

const LONG_TITLE = 'Sepse grave na UTI: novas diretrizes de ressuscitação volêmica';

const room = (id: number): Room => ({ id, eventId: 1, name: `Sala ${id}`, link: null, slug: `sala-${id}`, number: id });

const lecture = (id: number, roomId: number, name: string, startTime: string, endTime: string): CmsLecture =>
  cmsLectureFixture({
    id,
    name,
    startDate: '2026-11-22',
    formattedStartDate: '22/11/2026',
    startTime,
    endTime,
    room: { id: roomId, name: `Sala ${roomId}`, eventId: 1 },
    speakers: [{ id: 1, name: 'Dra. Ana Lima' }],
  });

/** Room 1: 10:00–11:00; room 2: 14:00–15:00 (São Paulo). */
const programme = [lecture(1, 1, LONG_TITLE, '10:00:00', '11:00:00'), lecture(2, 2, 'Ventilação mecânica', '14:00:00', '15:00:00')];

/** The event's clock (São Paulo, 13:30Z is 10:30 there); the halls' 30 s tick is driven by the test. */
const clockAt = (iso: string) =>
  vi.useFakeTimers({ now: Date.parse(iso), shouldAdvanceTime: false, toFake: ['setInterval', 'clearInterval', 'Date'] });

/** The texts drawn inside a part of the scene (its SVG text nodes). */
const drawnTexts = (element: Element): string[] => [...element.querySelectorAll('text')].map((text) => text.textContent ?? '');

mockVenueApi();
beforeEach(() => {
  signInVisitor();
  vi.spyOn(api.site.rooms, 'list').mockResolvedValue({ rows: [room(1), room(2), room(3)], count: 3 });
  vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows: programme, count: programme.length });
});

describe("congress doors: 'AO VIVO'", () => {
  it('shows the live lecture on its room’s door, and not on the others; it goes when the lecture ends', async () => {
    clockAt('2026-11-22T13:30:00Z');
    renderAt('/plataforma/1/congresso/1');

    const door = await screen.findByRole('link', { name: `Entrar na Sala 1 — ao vivo: ${LONG_TITLE}` });
    expect(door).toHaveAttribute('href', '/plataforma/1/salas/1');
    // The title, short (two lines, the second ellipsised) and whole in the tooltip; the mark above the sign.
    expect(drawnTexts(door)).toEqual(['Sala 1', 'Sepse grave na', 'UTI: novas dire…', 'AO VIVO']);
    expect([...door.querySelectorAll('title')].map((title) => title.textContent)).toContain(LONG_TITLE);
    expect(door.querySelector('.live-pulse')).not.toBeNull();

    for (const other of ['Sala 2', 'Sala 3']) {
      const link = screen.getByRole('link', { name: `Entrar na ${other}` });
      expect(drawnTexts(link)).toEqual([other]);
      expect(link.querySelector('.live-pulse')).toBeNull();
    }
    expect(screen.getAllByText('AO VIVO')).toHaveLength(1);
    expect(api.site.lectures.event).toHaveBeenCalledWith(1);

    // 11:00:30 in São Paulo: the lecture is over, the door is an ordinary door again.
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000 + LIVE_TICK_MS));
    expect(await screen.findByRole('link', { name: 'Entrar na Sala 1' })).toBeInTheDocument();
    expect(screen.queryByText('AO VIVO')).toBeNull();
  });
});

describe("hall-entrada: 'Ao vivo agora'", () => {
  it('lists the lecture on now with a link to its room, reachable outside the drawing, and folds away', async () => {
    clockAt('2026-11-22T13:30:00Z');
    renderAt('/plataforma/1/hall-entrada');

    const panel = await screen.findByRole('region', { name: 'Ao vivo agora' });
    expect(panel.closest('svg')).toBeNull();
    expect(panel.closest('[aria-hidden="true"]')).toBeNull();
    expect(within(panel).getByRole('heading', { name: 'Ao vivo agora', level: 2 })).toBeInTheDocument();
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    const watch = within(items[0]).getByRole('link', { name: `Sala 1: ${LONG_TITLE} — assistir ao vivo` });
    expect(watch).toHaveAttribute('href', '/plataforma/1/salas/1');
    expect(watch).toHaveTextContent(`Sala 1${LONG_TITLE}Assistir`);
    expect(screen.queryByText('Ventilação mecânica')).toBeNull();

    // A keyboard user folds the list (a phone starts with it folded) and opens it again.
    const toggle = within(panel).getByRole('button', { name: 'Ao vivo agora' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    toggle.focus();
    await act(() => userEvent.keyboard('{Enter}'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByRole('link')).toBeNull();
    await act(() => userEvent.keyboard('{Enter}'));
    expect(within(panel).getByRole('link', { name: /^Sala 1:/ })).toBeInTheDocument();
  });

  it('starts folded on a phone, its heading still there to open it', async () => {
    vi.stubGlobal('innerWidth', 390);
    clockAt('2026-11-22T13:30:00Z');
    renderAt('/plataforma/1/hall-entrada');
    const panel = await screen.findByRole('region', { name: 'Ao vivo agora' });
    const toggle = within(panel).getByRole('button', { name: 'Ao vivo agora' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByRole('link')).toBeNull();
    await userEvent.click(toggle);
    expect(within(panel).getByRole('link', { name: /^Sala 1:/ })).toHaveAttribute('href', '/plataforma/1/salas/1');
    vi.unstubAllGlobals();
  });

  it('is hidden while no lecture is on, and lists the next lecture once it starts', async () => {
    clockAt('2026-11-22T13:30:00Z');
    renderAt('/plataforma/1/hall-entrada');
    expect(await screen.findByRole('region', { name: 'Ao vivo agora' })).toHaveTextContent('Sala 1');

    // 11:00:30 in São Paulo: room 1's lecture is over and room 2's starts at 14:00: nothing on.
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000 + LIVE_TICK_MS));
    expect(screen.queryByRole('region', { name: 'Ao vivo agora' })).toBeNull();
    expect(screen.queryByText('Ao vivo agora')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para: Congresso 1' })).toBeInTheDocument();

    // 14:00:30: room 2's lecture has started.
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 60_000));
    const panel = await screen.findByRole('region', { name: 'Ao vivo agora' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).getByRole('link', { name: 'Sala 2: Ventilação mecânica — assistir ao vivo' })).toHaveAttribute(
      'href',
      '/plataforma/1/salas/2',
    );
  });
});
