import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lectureAccessSchema, type CmsLecture, type Event, type Lecture } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { eventFixture, lectureFixture } from '../../testing/wire';
import { mockVenueApi, renderAt } from '../../testing/render';

mockVenueApi();

const priced = { value: '80.00', discount: '10.00', discountValue: '70.00', hasDiscount: true };
const lecture = (patch: Partial<Lecture> = {}): Lecture =>
  lectureFixture({
    id: 11,
    startDate: '2026-11-22',
    formattedStartDate: '22/11/2026',
    room: { id: 1, name: 'Auditório', eventId: 1 },
    ...patch,
  });
const client = { id: 7, name: 'Ana Souza', email: 'ana@exemplo.com.br', soft: true };

beforeEach(() => {
  vi.spyOn(api.site.rooms, 'get').mockResolvedValue({ id: 1, eventId: 1, name: 'Auditório', link: null, slug: 'auditorio', number: 1 });
  // 10:30 in São Paulo: the lecture is on now.
  vi.useFakeTimers({ now: Date.parse('2026-11-22T13:30:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
});
afterEach(() => useAppState.getState().finishCart(1));

describe('a priced lecture on the lecture screen (issue 14)', () => {
  it('without access shows its name, time and “Comprar”, which puts it in the cart', async () => {
    useAppState.getState().signIn(client, 'client', 'tk');
    vi.spyOn(api.site.lectures, 'me').mockResolvedValue({ rows: [lecture(priced)], count: 1 });
    const subscribed = vi
      .spyOn(api.site.lectures, 'subscribed')
      .mockResolvedValue(lectureAccessSchema.parse({ lectureId: 11, access: false, reason: null, videoId: null }));
    const router = renderAt('/plataforma/1/salas/1');
    const lock = await screen.findByRole('group', { name: 'Palestra paga: Ventilação protetora' });
    expect(lock).toHaveTextContent('10:00 às 11:00');
    expect(screen.queryByTitle('Ventilação protetora')).toBeNull();
    expect(subscribed).toHaveBeenCalledWith(11);
    await userEvent.click(within(lock).getByRole('button', { name: 'Comprar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/1'));
    expect(useAppState.getState().carts['1']).toMatchObject({ all: false, list: [11], step: 1 });
  });

  it('with access plays the video of the access answer', async () => {
    useAppState.getState().signIn(client, 'client', 'tk');
    vi.spyOn(api.site.lectures, 'me').mockResolvedValue({ rows: [lecture(priced)], count: 1 });
    vi.spyOn(api.site.lectures, 'subscribed').mockResolvedValue(
      lectureAccessSchema.parse({ lectureId: 11, access: true, reason: 'order', videoId: 'https://www.youtube.com/watch?v=pago123' }),
    );
    renderAt('/plataforma/1/salas/1');
    const frame = await screen.findByTitle('Ventilação protetora');
    expect(frame).toHaveAttribute('src', expect.stringMatching(/youtube\.com\/embed\/pago123/));
    expect(screen.queryByRole('button', { name: 'Comprar' })).toBeNull();
  });

  it('a visitor not signed in sees “Comprar” without a call; a free lecture plays as before', async () => {
    const subscribed = vi.spyOn(api.site.lectures, 'subscribed');
    vi.spyOn(api.site.lectures, 'me').mockResolvedValue({ rows: [lecture(priced)], count: 1 });
    renderAt('/plataforma/1/salas/1');
    expect(await screen.findByRole('button', { name: 'Comprar' })).toBeInTheDocument();
    expect(subscribed).not.toHaveBeenCalled();
  });
});

describe('the room’s programme by day (issue 14)', () => {
  const cms = (patch: Partial<CmsLecture>): CmsLecture => ({ ...lecture(), speakers: [], ...patch });
  it('asks access for the priced lecture only: “Comprar” without it, “Assistir” for the free one', async () => {
    useAppState.getState().signIn(client, 'client', 'tk');
    vi.spyOn(api.site.rooms, 'schedule').mockResolvedValue([
      {
        date: '2026-11-22',
        label: '22/11/2026',
        lectures: [
          { id: 10, theme: 'Abertura', hour: '09:00', link: 'https://vimeo.com/123456' },
          { id: 11, theme: 'Ventilação protetora', hour: '10:00', link: null },
        ],
      },
    ]);
    vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows: [cms({ id: 10, name: 'Abertura' }), cms({ ...priced })], count: 2 });
    const subscribed = vi
      .spyOn(api.site.lectures, 'subscribed')
      .mockResolvedValue(lectureAccessSchema.parse({ lectureId: 11, access: false, reason: null, videoId: null }));
    renderAt('/plataforma/1/congresso/salas/1');
    await userEvent.click(await screen.findByRole('button', { name: '22/11/2026' }));
    expect(await screen.findByRole('button', { name: 'Comprar a palestra Ventilação protetora' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Abertura/ })).toHaveTextContent('Assistir');
    expect(subscribed).toHaveBeenCalledTimes(1);
    expect(subscribed).toHaveBeenCalledWith(11);
  });

  // Issue 56, item 12: after buying, 'Assistir' opened the day picker, two taps from the video.
  it('opened for a bought lecture (?palestra=), plays it at once; closing leaves its day’s list', async () => {
    useAppState.getState().signIn(client, 'client', 'tk');
    vi.spyOn(api.site.rooms, 'schedule').mockResolvedValue([
      { date: '2026-11-21', label: '21/11/2026', lectures: [{ id: 9, theme: 'Véspera', hour: '09:00 - 10:00', link: null }] },
      { date: '2026-11-22', label: '22/11/2026', lectures: [{ id: 11, theme: 'Ventilação protetora', hour: '10:00 - 11:00', link: null }] },
    ]);
    vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows: [cms({ ...priced })], count: 1 });
    vi.spyOn(api.site.lectures, 'subscribed').mockResolvedValue(
      lectureAccessSchema.parse({ lectureId: 11, access: true, reason: 'order', videoId: 'https://vimeo.com/76979872' }),
    );
    const router = renderAt('/plataforma/1/congresso/salas/1?palestra=11');
    const player = await screen.findByRole('dialog', { name: 'Ventilação protetora' });
    expect(within(player).getByTitle('Ventilação protetora')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979872');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await userEvent.click(within(player).getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByRole('dialog', { name: 'Palestras do dia 22/11/2026' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Ventilação protetora' })).toBeNull();
  });

  it('sells a lecture already held saying the purchase gives its recording', async () => {
    useAppState.getState().signIn(client, 'client', 'tk');
    vi.spyOn(api.site.rooms, 'schedule').mockResolvedValue([
      {
        date: '2026-11-22',
        label: '22/11/2026',
        lectures: [
          { id: 11, theme: 'Ventilação protetora', hour: '08:00 - 09:30', link: null },
          { id: 12, theme: 'Sepse', hour: '11:00 - 12:00', link: null },
        ],
      },
    ]);
    vi.spyOn(api.site.lectures, 'event').mockResolvedValue({
      rows: [cms({ ...priced }), cms({ ...priced, id: 12, name: 'Sepse' })],
      count: 2,
    });
    vi.spyOn(api.site.lectures, 'subscribed').mockImplementation(async (id: number) =>
      lectureAccessSchema.parse({ lectureId: id, access: false, reason: null, videoId: null }),
    );
    renderAt('/plataforma/1/congresso/salas/1');
    await userEvent.click(await screen.findByRole('button', { name: '22/11/2026' }));
    const day = await screen.findByRole('dialog', { name: 'Palestras do dia 22/11/2026' });
    // 10:30 in São Paulo: the 08:00 lecture is over, the 11:00 one is not.
    const held = within(day).getByRole('row', { name: /Ventilação protetora/ });
    expect(await within(held).findByText('Já realizada: a compra dá acesso à gravação.')).toBeInTheDocument();
    const later = within(day).getByRole('row', { name: /Sepse/ });
    await within(later).findByRole('button', { name: 'Comprar a palestra Sepse' });
    expect(within(later).queryByText(/gravação/)).toBeNull();
    // Issue 49, item 5: a lecture still to come goes into the visitor's calendar (its .ics), one that is over does not.
    const calendar = within(later).getByRole('link', { name: /^Adicionar à agenda .*: Sepse$/ });
    expect(calendar).toHaveAttribute('href', expect.stringMatching(/\/api\/site\/v1\/lectures\/12\/calendar\.ics\?lang=pt$/));
    expect(calendar).toHaveAttribute('download');
    expect(within(held).queryByRole('link', { name: /^Adicionar à agenda/ })).toBeNull();
  });
});

describe('a ticket-only event’s protected pages (issue 14)', () => {
  const ticketOnly = (): Event => ({ ...eventFixture(), ticketOnly: 1 }) as Event;
  it('send a client without access to the event’s page, saying why', async () => {
    useAppState.getState().signIn(client, 'client', 'tk');
    vi.spyOn(api.site.events, 'get').mockResolvedValue(ticketOnly());
    const access = vi.spyOn(api.site.orders, 'access').mockResolvedValue({ eventId: 1, access: false, reason: null });
    const router = renderAt('/plataforma/1/hall-salas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/eventos/1'));
    expect(access).toHaveBeenCalledWith(1);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Este evento é só para quem tem ingresso. Compre o seu para entrar.');
  });

  it('let a client with access in, and do not ask when the event is not ticket-only', async () => {
    useAppState.getState().signIn(client, 'client', 'tk');
    vi.spyOn(api.site.rooms, 'list').mockResolvedValue({ rows: [], count: 0 });
    const access = vi.spyOn(api.site.orders, 'access').mockResolvedValue({ eventId: 1, access: true, reason: 'order' });
    vi.spyOn(api.site.events, 'get').mockResolvedValue(ticketOnly());
    renderAt('/plataforma/1/hall-salas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Salas do congresso' })).toBeInTheDocument();
    expect(access).toHaveBeenCalledWith(1);
  });
});
