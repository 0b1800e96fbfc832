import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CmsLecture, Event } from '@plataforma/adapter';
import { ApiError } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { mockVenueApi, renderAt } from '../../testing/render';
import { useAppState } from '../../shared/state/store';
import { cmsLectureFixture, eventFixture } from '../../testing/wire';
import { CATALOGUE_PAGE_SIZE } from './CataloguePage';

mockVenueApi();

const event = (id: number, patch: Partial<Event> = {}): Event => ({
  ...eventFixture(),
  id,
  slug: `${id}-evento-${id}`,
  name: `Evento ${id}`,
  ...patch,
});

const mockCatalogue = (rows: Event[], count = rows.length) => {
  vi.spyOn(api.site.categories, 'list').mockResolvedValue({ rows: [{ id: 4, name: 'Medicina', description: null }], count: 1 });
  vi.spyOn(api.site.events, 'featured').mockResolvedValue({ rows: [event(9, { name: 'Congresso em Destaque', featured: 1 })], count: 1 });
  return vi.spyOn(api.site.events, 'list').mockResolvedValue({ rows, count });
};

describe('/eventos (the public catalogue)', () => {
  it('shows the featured events first, then every event with its price, and pages', async () => {
    const list = mockCatalogue(
      [
        event(1, { value: '150.00', discountValue: '120.00', hasDiscount: true }),
        event(2, { value: '0.00', discountValue: '0.00', hasDiscount: false }),
      ],
      CATALOGUE_PAGE_SIZE + 2,
    );
    renderAt('/eventos');
    const featured = await screen.findByRole('region', { name: 'Em destaque' });
    expect(within(featured).getByRole('link', { name: 'Congresso em Destaque' })).toHaveAttribute('href', '/eventos/9-evento-9');
    const all = screen.getByRole('region', { name: 'Todos os eventos' });
    expect(await within(all).findByText('De R$ 150,00')).toBeInTheDocument();
    expect(within(all).getByText('Por R$ 120,00')).toBeInTheDocument();
    expect(within(all).getByText('Gratuito')).toBeInTheDocument();
    expect(within(all).getByRole('status')).toHaveTextContent('14 eventos encontrados');
    expect(list).toHaveBeenLastCalledWith({ order: { field: 'startDate', direction: 'desc' }, limit: 12, offset: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 12 })));
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Em destaque' })).toBeNull();
  });

  it('searches after a pause, filters by category and date, and offers to clear when nothing matches', async () => {
    const list = mockCatalogue([]);
    renderAt('/eventos');
    await userEvent.type(await screen.findByLabelText('Buscar'), 'cardio');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'cardio' })));
    await userEvent.selectOptions(screen.getByLabelText('Categoria'), 'Medicina');
    await userEvent.click(screen.getByRole('radio', { name: 'Próximos' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        search: 'cardio',
        categoryId: 4,
        when: 'upcoming',
        order: { field: 'startDate', direction: 'asc' },
        limit: 12,
        offset: 0,
      }),
    );
    expect(await screen.findByText('Nenhum evento encontrado com esses filtros.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.not.objectContaining({ search: expect.anything() })));
  });

  it('keeps a space typed before a pause (the search sent is trimmed, the field is not)', async () => {
    const list = mockCatalogue([]);
    renderAt('/eventos');
    const field = await screen.findByLabelText('Buscar');
    await userEvent.type(field, 'medicina ');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'medicina' })));
    await userEvent.type(field, 'intensiva');
    expect(field).toHaveValue('medicina intensiva');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'medicina intensiva' })));
  });

  it('offers to clear the filters when a shared link names a category that no longer exists', async () => {
    const list = mockCatalogue([event(1)]);
    list.mockImplementation(async (query) => {
      if (query?.categoryId === 99) throw new ApiError(404, 'api.error.categoryNotFound');
      return { rows: [event(1)], count: 1 };
    });
    renderAt('/eventos?categoria=99');
    expect(await screen.findByText('Categoria não encontrada.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByRole('link', { name: 'Evento 1' })).toBeInTheDocument();
  });

  it('says when the list cannot be read and tries again on request', async () => {
    const list = mockCatalogue([event(1)]);
    list.mockRejectedValueOnce(new ApiError(400, 'api.error.invalidQuery'));
    renderAt('/eventos');
    expect(await screen.findByText('Parâmetros inválidos.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('link', { name: 'Evento 1' })).toBeInTheDocument();
  });
});

describe('/eventos/:eventSlug (an event’s page)', () => {
  const lecture = (id: number, patch: Partial<CmsLecture>): CmsLecture =>
    cmsLectureFixture({
      id,
      name: `Palestra ${id}`,
      startDate: '2020-11-12',
      formattedStartDate: '12/11/2020',
      startTime: '08:00:00',
      endTime: '09:00:00',
      room: { id: 1, name: 'Auditório', eventId: 1 },
      ...patch,
    });

  it('shows the event, its programme by day and room with speakers and prices, and the way in', async () => {
    vi.spyOn(api.site.events, 'get').mockResolvedValue(event(1, { name: 'Congresso Brasileiro', value: '150.00', hasDiscount: false }));
    vi.spyOn(api.site.lectures, 'event').mockResolvedValue({
      rows: [
        lecture(1, { name: 'Abertura', speakers: [{ id: 1, name: 'Dra. Ana Souza' }] }),
        lecture(2, { name: 'Sepse', startDate: '2020-11-13', value: '20.00', discountValue: '20.00' }),
      ],
      count: 2,
    });
    const router = renderAt('/eventos/1-congresso-brasileiro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Congresso Brasileiro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar no evento' })).toHaveAttribute('href', '/plataforma/1-evento-1/hall-entrada');
    // Issue 49, item 5: the event into the visitor's calendar, as an .ics of the public API.
    const toCalendar = screen.getByRole('link', {
      name: 'Adicionar à agenda do celular ou computador (arquivo .ics): Congresso Brasileiro',
    });
    expect(toCalendar).toHaveAttribute('href', '/api/site/v1/events/1/calendar.ics?lang=pt');
    expect(toCalendar).toHaveAttribute('download');
    // Issue 14: a paid event is bought here; its price also by the event's exchange rate (5.25), as an estimate.
    expect(screen.getByRole('button', { name: 'Comprar ingresso' })).toBeInTheDocument();
    expect(screen.getByText('≈ $ 28,57 (valor aproximado; a cobrança é em reais)')).toBeInTheDocument();
    const programme = screen.getByRole('region', { name: 'Programação' });
    expect(await within(programme).findByRole('heading', { name: 'quinta-feira, 12 de novembro de 2020' })).toBeInTheDocument();
    expect(within(programme).getByText('Com Dra. Ana Souza')).toBeInTheDocument();
    expect(within(programme).queryByText('Sepse')).toBeNull();
    // One day at a time: the arrow keys move between the days' tabs.
    within(programme).getByRole('tab', { name: '12/11' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(programme).getByRole('tab', { name: '13/11' })).toHaveFocus();
    expect(within(programme).getByRole('tab', { name: '13/11' })).toHaveAttribute('aria-selected', 'true');
    expect(within(programme).getByRole('tabpanel')).toHaveAccessibleName('13/11');
    expect(within(programme).getByText('Sepse')).toBeInTheDocument();
    expect(within(programme).getByText('R$ 20,00')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Congresso Brasileiro · Plataforma de Eventos'));
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Congresso Brasileiro');
    // A priced lecture is bought on its own: added to the event's cart, then the checkout.
    expect(within(programme).queryByRole('button', { name: 'Comprar a palestra Abertura' })).toBeNull();
    await userEvent.click(within(programme).getByRole('button', { name: 'Comprar a palestra Sepse' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/1'));
    expect(useAppState.getState().carts['1']).toMatchObject({ all: false, list: [2], step: 1 });
  });

  it('“Comprar ingresso” puts the whole event in the cart (a lecture chosen before is replaced)', async () => {
    vi.spyOn(api.site.events, 'get').mockResolvedValue(
      event(1, { name: 'Congresso Brasileiro', value: '150.00', hasDiscount: false, exchange: '1.00' }),
    );
    vi.spyOn(api.site.orders, 'quote').mockRejectedValue(new ApiError(401, 'api.error.unauthorized'));
    const router = renderAt('/eventos/1-congresso-brasileiro');
    // An exchange rate of 1 (the default) is no foreign price: no estimate.
    expect(await screen.findByRole('button', { name: 'Comprar ingresso' })).toBeInTheDocument();
    expect(screen.queryByText(/valor aproximado/)).toBeNull();
    useAppState.getState().addCartItem(1, { kind: 'lecture', id: 2 });
    await userEvent.click(await screen.findByRole('button', { name: 'Comprar ingresso' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/1'));
    expect(useAppState.getState().carts['1']).toMatchObject({ all: true, list: [], step: 1 });
    useAppState.getState().finishCart(1);
  });

  it('a free event is joined with “Inscrever-se”', async () => {
    vi.spyOn(api.site.events, 'get').mockResolvedValue(
      event(1, { name: 'Jornada Aberta', value: '0.00', discount: '0.00', discountValue: '0.00', hasDiscount: false }),
    );
    renderAt('/eventos/1-jornada');
    expect(await screen.findByRole('button', { name: 'Inscrever-se' })).toBeInTheDocument();
    expect(screen.queryByText(/valor aproximado/)).toBeNull();
  });

  it('answers an unknown or unpublished event with a way back to the catalogue', async () => {
    vi.spyOn(api.site.events, 'get').mockRejectedValue(new ApiError(404, 'api.error.eventNotFound'));
    renderAt('/eventos/77-rascunho');
    expect(await screen.findByRole('link', { name: 'Ver todos os eventos' })).toHaveAttribute('href', '/eventos');
  });
});
