import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CmsLecture } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { mockVenueApi, renderAt, signInFullVisitor } from '../../testing/render';
import { NOTICE_TICK_MS } from './AgendaNotice';
import { DISMISSED_KEY } from './dismissed';
import { cmsLectureFixture } from '../../testing/wire';

const lecture = (id: number, name: string, startTime: string, room: { id: number; name: string }): CmsLecture =>
  cmsLectureFixture({
    id,
    name,
    startTime: `${startTime}:00`,
    endTime: '12:00:00',
    room: { ...room, eventId: 1 },
  });

const programme = [
  lecture(1, 'Sepse no pronto-socorro', '10:00', { id: 3, name: 'Auditório Principal' }),
  lecture(2, 'Ventilação protetora', '10:02', { id: 4, name: 'Sala 2' }),
];

/** 09:57 in São Paulo on the lectures' day: 10:00 is three minutes away, 10:02 five. */
const AT_0957 = new Date('2026-11-26T12:57:00Z');

const notice = () => screen.queryByText(/^Começa em 5 minutos/);

mockVenueApi();

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(AT_0957);
  vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows: programme, count: programme.length });
});

describe('the starred lecture’s notice', () => {
  it('announces a starred lecture five minutes ahead, politely, with “Assistir” to its room’s screen', async () => {
    signInFullVisitor();
    const stars = vi.spyOn(api.site.agenda, 'list').mockResolvedValue({ lectureIds: [2] });
    renderAt('/plataforma/1/help-desk');

    const text = await screen.findByText('Começa em 5 minutos: Ventilação protetora — Sala 2');
    expect(stars).toHaveBeenCalledWith(1);
    const region = text.closest('[role="status"]') as HTMLElement;
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(within(region).getByRole('link', { name: 'Assistir: Ventilação protetora' })).toHaveAttribute('href', '/plataforma/1/salas/4');
    // Lecture 1 is not starred: it is never announced.
    expect(screen.queryByText(/Sepse no pronto-socorro/)).not.toBeInTheDocument();
  });

  it('closes for the tab’s session: remembered, and the next page keeps it closed', async () => {
    signInFullVisitor();
    vi.spyOn(api.site.agenda, 'list').mockResolvedValue({ lectureIds: [2] });
    const router = renderAt('/plataforma/1/help-desk');

    await screen.findByText('Começa em 5 minutos: Ventilação protetora — Sala 2');
    await userEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(notice()).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]')).toEqual([2]);

    await act(() => router.navigate('/plataforma/1/cbmi-2021'));
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_TICK_MS));
    expect(notice()).not.toBeInTheDocument();
  });

  it('a closed notice stays closed after a reload, while another starred lecture still comes', async () => {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([2]));
    signInFullVisitor();
    vi.spyOn(api.site.agenda, 'list').mockResolvedValue({ lectureIds: [1, 2] });
    renderAt('/plataforma/1/help-desk');

    expect(await screen.findByText('Começa em 5 minutos: Sepse no pronto-socorro — Auditório Principal')).toBeInTheDocument();
    // Following 'Assistir' counts as seen.
    await userEvent.click(screen.getByRole('link', { name: 'Assistir: Sepse no pronto-socorro' }));
    expect(notice()).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]')).toEqual([2, 1]);
  });

  it('comes when the clock reaches five minutes before, without a reload', async () => {
    vi.setSystemTime(new Date('2026-11-26T12:50:00Z'));
    signInFullVisitor();
    vi.spyOn(api.site.agenda, 'list').mockResolvedValue({ lectureIds: [1] });
    renderAt('/plataforma/1/help-desk');

    await screen.findByRole('navigation', { name: 'Navegação do evento' });
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_TICK_MS));
    expect(notice()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(await screen.findByText('Começa em 5 minutos: Sepse no pronto-socorro — Auditório Principal')).toBeInTheDocument();
    // Once the lecture has started it is the programme's 'Ao vivo', no longer a notice.
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(notice()).not.toBeInTheDocument();
  });

  it('asks for nothing and shows nothing to a visitor who is not signed in', async () => {
    const stars = vi.spyOn(api.site.agenda, 'list');
    renderAt('/plataforma/1/help-desk');
    await screen.findByRole('navigation', { name: 'Navegação do evento' });
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_TICK_MS));
    expect(stars).not.toHaveBeenCalled();
    expect(notice()).not.toBeInTheDocument();
  });

  it('a client without stars in this event never loads the programme for it', async () => {
    signInFullVisitor();
    const stars = vi.spyOn(api.site.agenda, 'list').mockResolvedValue({ lectureIds: [] });
    const programmeCalls = vi.spyOn(api.site.lectures, 'event');
    renderAt('/plataforma/1/help-desk');
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_TICK_MS));
    expect(stars).toHaveBeenCalledWith(1);
    expect(programmeCalls).not.toHaveBeenCalled();
    expect(notice()).not.toBeInTheDocument();
  });
});
