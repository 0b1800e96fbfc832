import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError, type Event } from '@plataforma/adapter';
import { api } from './shared/api';
import './shared/i18n';
import { pageViewAnswer, renderAt } from './testing/render';
import { eventFixture } from './testing/wire';

beforeEach(() => {
  vi.spyOn(api.site.pageViews, 'create').mockResolvedValue(pageViewAnswer);
  vi.spyOn(api.site.sponsors, 'list').mockResolvedValue({ rows: [], count: 0 });
});

/** The entrance hall's page heading (visually hidden; the scene is its picture). */
const hallHeading = (event: string) => ({ level: 1, name: `Hall de entrada — ${event}` }) as const;
afterEach(() => vi.restoreAllMocks());

describe('root routes (SPEC §2.1)', () => {
  it('sends / to the entrance hall of event 1 and shows the event from the API', async () => {
    const get = vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
    const router = renderAt('/');
    expect(await screen.findByRole('heading', hallHeading('Congresso Brasileiro Virtual'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada');
    expect(get).toHaveBeenCalledWith(1);
    expect(await screen.findByText('Congresso Brasileiro Virtual')).toBeInTheDocument();
    expect(screen.getByText('12/11/2020 a 14/11/2020')).toBeInTheDocument();
    expect(screen.getByText('08:00 às 18:00')).toBeInTheDocument();
    const banner = screen.getByRole('img', { name: 'Banner do evento Congresso Brasileiro Virtual' });
    expect(banner.querySelector('image')).toHaveAttribute('href', eventFixture().image);
    expect(document.body).toHaveClass('platform');
    await waitFor(() => expect(document.title).toBe('Hall de entrada · Congresso Brasileiro Virtual · Plataforma de Eventos'));
  });

  it('reads the event id from the slug before the first dash', async () => {
    const get = vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture({ id: 12, name: 'Jornada de Cardiologia' }));
    renderAt('/plataforma/12-jornada-cardio/hall-entrada');
    expect(await screen.findByRole('heading', hallHeading('Jornada de Cardiologia'))).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(12);
  });

  it('sends /plataforma/{slug} to its entrance hall', async () => {
    vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
    const router = renderAt('/plataforma/1-congresso');
    await screen.findByRole('heading', hallHeading('Congresso Brasileiro Virtual'));
    expect(router.state.location.pathname).toBe('/plataforma/1-congresso/hall-entrada');
  });

  it('shows a loading state while the event is on its way', async () => {
    vi.spyOn(api.site.events, 'get').mockReturnValue(new Promise(() => undefined));
    renderAt('/plataforma/1/hall-entrada');
    expect(await screen.findByText('Carregando…')).toBeInTheDocument();
    expect(screen.getByText('Carregando…').closest('[role="status"]')).not.toBeNull();
    // The hall is drawn at once; its parts wait for the event.
    expect(screen.getByRole('heading', { level: 1, name: 'Hall de entrada' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Ir para/ })).toBeNull();
  });

  it("shows 'Pagina não encontrada' for any other path, with a link to the entrance hall", async () => {
    renderAt('/nada');
    expect(await screen.findByRole('heading', { name: 'Pagina não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o hall de entrada' })).toHaveAttribute('href', '/plataforma/1/hall-entrada');
  });

  it('the not-found link leads to the entrance hall', async () => {
    vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
    const router = renderAt('/nada/mais');
    await userEvent.click(await screen.findByRole('link', { name: 'Ir para o hall de entrada' }));
    expect(await screen.findByRole('heading', hallHeading('Congresso Brasileiro Virtual'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada');
  });

  it('shows the not-found screen for a platform page that does not exist (yet)', async () => {
    vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
    renderAt('/plataforma/1/sala-inexistente');
    expect(await screen.findByRole('heading', { name: 'Pagina não encontrada' })).toBeInTheDocument();
  });

  it('shows a clear page for an event id that is not a number, without calling the API', async () => {
    const get = vi.spyOn(api.site.events, 'get');
    renderAt('/plataforma/abc/hall-entrada');
    expect(await screen.findByRole('heading', { name: 'Evento não encontrado' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('shows a clear page for an event the API does not know (404)', async () => {
    vi.spyOn(api.site.events, 'get').mockRejectedValue(new ApiError(404, 'api.error.eventNotFound'));
    renderAt('/plataforma/99/hall-entrada');
    expect(await screen.findByRole('heading', { name: 'Evento não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o hall de entrada' })).toBeInTheDocument();
  });

  it('offers to try again when the server fails, and shows the event once it answers', async () => {
    const get = vi
      .spyOn(api.site.events, 'get')
      .mockRejectedValueOnce(new ApiError(503, 'api.error.unavailable'))
      .mockRejectedValueOnce(new ApiError(503, 'api.error.unavailable'))
      .mockRejectedValueOnce(new ApiError(503, 'api.error.unavailable'))
      .mockResolvedValue(eventFixture());
    renderAt('/plataforma/1/hall-entrada');
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar o evento' })).toBeInTheDocument();
    expect(screen.getByText('Serviço indisponível no momento. Tente novamente em instantes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', hallHeading('Congresso Brasileiro Virtual'))).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(4);
  });

  it('a page that fails to render shows a way out instead of a blank screen', async () => {
    // The error is expected: React logs it (console.error) and jsdom reports it as uncaught (its
    // 'error' event; unless cancelled, a TypeError stack lands on stderr and looks like a crash).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const expected = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', expected);
    onTestFinished(() => window.removeEventListener('error', expected));
    // An event without a name cannot be drawn (the dates and hours, when missing, are simply left out).
    const broken = { ...eventFixture(), name: undefined } as unknown as Event;
    vi.spyOn(api.site.events, 'get').mockResolvedValue(broken);
    renderAt('/plataforma/1/hall-entrada');
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o hall de entrada' })).toHaveAttribute('href', '/plataforma/1/hall-entrada');
  });

  it('loads the back office for /cms paths (its own chunk), which sends a signed-out visitor to /cms/login', async () => {
    const router = renderAt('/cms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/login'));
    expect(document.body).not.toHaveClass('platform');
  });
});

describe('page views (SPEC §2.1: one on every navigation)', () => {
  it('posts the first view and one per navigation, with the event, the language and the referrer', async () => {
    const create = vi.mocked(api.site.pageViews.create);
    vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
    const router = renderAt('/plataforma/1-congresso/hall-entrada');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toEqual({ path: '/plataforma/1-congresso/hall-entrada', eventId: 1, language: 'pt' });

    await router.navigate('/nada');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1][0]).toEqual({
      path: '/nada',
      referrer: `${window.location.origin}/plataforma/1-congresso/hall-entrada`,
      language: 'pt',
    });

    await router.navigate('/plataforma/1/estande/2-vitalis');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(3));
    expect(create.mock.calls[2][0]).toMatchObject({ path: '/plataforma/1/estande/2-vitalis', eventId: 1, standId: 2 });
  });

  it('a query-string change is not a new page view', async () => {
    const create = vi.mocked(api.site.pageViews.create);
    const router = renderAt('/nada');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await router.navigate('/nada?page=2');
    await screen.findByRole('heading', { name: 'Pagina não encontrada' });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('a failing page-view call never breaks the page', async () => {
    vi.mocked(api.site.pageViews.create).mockRejectedValue(new ApiError(0, 'api.error.network'));
    vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
    renderAt('/plataforma/1/hall-entrada');
    expect(await screen.findByRole('heading', hallHeading('Congresso Brasileiro Virtual'))).toBeInTheDocument();
  });
});
