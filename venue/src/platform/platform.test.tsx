import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type NetworkPerson, type PageView, type Room } from '@plataforma/adapter';
import { App, createQueryClient, ROUTER_FUTURE, routes } from '../App';
import { api } from '../shared/api';
import '../shared/i18n';
import { CLIENT_TOKEN_KEY, useAppState } from '../shared/state/store';
import { eventFixture } from '../test-fixtures';
import { SEARCH_DEBOUNCE_MS } from './halls/NetworkRoom';

const view: PageView = { id: 1, path: '/', eventId: null, createdAt: '' };
const client = { id: 7, name: 'Ana Souza', email: 'ana@exemplo.com.br', soft: true };

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path], future: ROUTER_FUTURE });
  render(<App router={router} queryClient={createQueryClient()} />);
  return router;
};

const signedIn = () => useAppState.getState().signIn(client as never, 'client', 'token-1');

const rooms =
  (count: number) =>
  (offset: number, limit: number): { rows: Room[]; count: number } => ({
    rows: Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => ({
      id: offset + i + 1,
      eventId: 1,
      name: `Auditório ${offset + i + 1}`,
      link: null,
      slug: '',
      number: offset + i + 1,
    })),
    count,
  });

beforeEach(() => {
  vi.spyOn(api.site.pageViews, 'create').mockResolvedValue(view);
  vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
  vi.spyOn(api.site.sponsors, 'list').mockResolvedValue({ rows: [], count: 0 });
  vi.spyOn(api.site.stands, 'list').mockResolvedValue({ rows: [], count: 0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useAppState.getState().signOut();
});

describe('access to the platform pages (SPEC §2.4)', () => {
  it('sends an unsigned visitor to hall-entrada and, after the soft login, on to where they were heading', async () => {
    const soft = vi
      .spyOn(api.auth, 'softLogin')
      .mockResolvedValue({ data: { token: 'tk', expiresAt: '', account: client as never }, msg: 'api.ok', status: 200 });
    const router = renderAt('/plataforma/1/hall-estandes-gold?x=1');
    const dialog = await screen.findByRole('dialog', { name: 'Entre no evento' });
    expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada');
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plataforma/1/hall-estandes-gold'));
    expect(router.state.location.search).toBe('?x=1');
    expect(soft).toHaveBeenCalledWith('ana@exemplo.com.br');
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBe('tk');
    expect(useAppState.getState().auth.clientAuthenticated).toBe(true);
  });

  it('shows the translated server key in red inside the modal and keeps it open', async () => {
    vi.spyOn(api.auth, 'softLogin').mockRejectedValue(new ApiError(400, 'auth.error.clientNotFound'));
    renderAt('/plataforma/1/hall-entrada');
    const dialog = await screen.findByRole('dialog', { name: 'Entre no evento' });
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'x@exemplo.com.br');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    expect(await within(dialog).findByRole('alert')).not.toHaveTextContent('auth.error');
    expect(screen.getByRole('dialog', { name: 'Entre no evento' })).toBeInTheDocument();
  });

  it('asks for the e-mail before calling the server', async () => {
    const soft = vi.spyOn(api.auth, 'softLogin');
    renderAt('/plataforma/1/hall-entrada');
    const dialog = await screen.findByRole('dialog', { name: 'Entre no evento' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe o seu e-mail.');
    expect(soft).not.toHaveBeenCalled();
  });

  it('shows hall-entrada without the modal to a signed-in client', async () => {
    signedIn();
    renderAt('/plataforma/1/hall-entrada');
    expect(await screen.findByRole('link', { name: 'Ir para: Pavilhão Ouro' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('navigation bar', () => {
  it('offers the next hall only along the chain, the map only on mapped halls, logout only when signed in', async () => {
    signedIn();
    const router = renderAt('/plataforma/1/hall-estandes-gold');
    const bar = await screen.findByRole('navigation', { name: 'Navegação do evento' });
    expect(within(bar).getByRole('link', { name: 'Próximo hall' })).toHaveAttribute('href', '/plataforma/1/hall-estandes-prata');
    expect(within(bar).getByRole('button', { name: 'Mapa' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Central de ajuda' })).toHaveAttribute('href', '/plataforma/1/help-desk');

    await act(() => router.navigate('/plataforma/1/congresso/1'));
    expect(within(bar).getByRole('link', { name: 'Próximo hall' })).toHaveAttribute('href', '/plataforma/1/congresso/2');
    expect(within(bar).queryByRole('button', { name: 'Mapa' })).toBeNull();

    await act(() => router.navigate('/plataforma/1/congresso/2'));
    expect(within(bar).queryByRole('link', { name: 'Próximo hall' })).toBeNull();

    const logout = vi.spyOn(api.auth, 'logout').mockResolvedValue({ data: null, msg: 'api.ok', status: 200 });
    await userEvent.click(within(bar).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada'));
    expect(logout).toHaveBeenCalledWith('token-1');
    expect(useAppState.getState().auth.clientAuthenticated).toBe(false);
    expect(within(bar).queryByRole('button', { name: 'Sair' })).toBeNull();
  });

  it('opens the hall map with the visitor position', async () => {
    signedIn();
    renderAt('/plataforma/1/hall-estandes-gold');
    await userEvent.click(await screen.findByRole('button', { name: 'Mapa' }));
    const map = screen.getByRole('dialog', { name: 'Mapa: Pavilhão Ouro' });
    expect(within(map).getByText('Você está aqui')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('hall-salas', () => {
  it('pages three rooms at a time after 500 ms, numbers them by offset, marks empty places, and hides forward on the last page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn();
    const list = vi
      .spyOn(api.site.rooms, 'list')
      .mockImplementation(async (_eventId, query = {}) => rooms(5)(query.offset ?? 0, query.limit ?? 3));
    renderAt('/plataforma/1/hall-salas');
    const page = await screen.findByRole('list', { name: 'Salas desta página' });
    expect(await within(page).findByText('Sala 1')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: /Auditório 1/ })).toHaveAttribute('href', '/plataforma/1/salas/1');

    fireEvent.click(screen.getByRole('button', { name: /Próximas salas/ }));
    // While the page turns: placeholders, no forward button.
    expect(screen.queryByRole('button', { name: /Próximas salas/ })).toBeNull();
    expect(screen.getAllByTestId('room-placeholder')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('Sala 4')).toBeInTheDocument();
    expect(screen.getByText('Sala 5')).toBeInTheDocument();
    expect(screen.getByText('Sala desocupada')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(1, { offset: 3, limit: 3 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('button', { name: /Próximas salas/ })).toBeNull();

    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Voltar' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByText('Sala 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próximas salas/ })).toBeInTheDocument();
  });

  it('goes back in history from the first page', async () => {
    signedIn();
    vi.spyOn(api.site.rooms, 'list').mockResolvedValue(rooms(2)(0, 3));
    const router = createMemoryRouter(routes, {
      initialEntries: ['/plataforma/1/congresso/1', '/plataforma/1/hall-salas'],
      initialIndex: 1,
      future: ROUTER_FUTURE,
    });
    render(<App router={router} queryClient={createQueryClient()} />);
    await screen.findByText('Sala 1');
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plataforma/1/congresso/1'));
  });
});

describe('sala-network', () => {
  const person = (i: number): NetworkPerson => ({
    name: `Pessoa ${i}`,
    email: `p${i}@exemplo.com.br`,
    facebook: null,
    twitter: null,
    linkedIn: i === 0 ? 'https://linkedin.com/in/p0' : null,
  });

  it('searches only non-empty text, 3 s after the last keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: true });
    const list = vi.spyOn(api.site.networks, 'list').mockResolvedValue({ rows: [person(0)], count: 1 });
    renderAt('/plataforma/1/sala-network');
    expect(await screen.findByText('Pessoa 0')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenLastCalledWith(1, { offset: 0, size: 30 });
    expect(screen.getByRole('link', { name: 'LinkedIn de Pessoa 0' })).toHaveAttribute('href', 'https://linkedin.com/in/p0');
    expect(screen.getByRole('img', { name: 'Facebook não informado' })).toHaveAttribute('aria-disabled', 'true');

    const box = screen.getByLabelText('Buscar participantes');
    fireEvent.change(box, { target: { value: 'so' } });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    fireEvent.change(box, { target: { value: 'souza' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(list).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, { offset: 0, size: 30, search: 'souza' }));
    expect(list).toHaveBeenCalledTimes(2);

    fireEvent.change(box, { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    // Blank text is no search: the unfiltered list comes back at once.
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, { offset: 0, size: 30 }));
  });

  it('shows the translated error in a toast and stops searching', async () => {
    signedIn();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false });
    const list = vi.spyOn(api.site.networks, 'list').mockRejectedValue(new ApiError(503, 'api.error.unavailable'));
    renderAt('/plataforma/1/sala-network');
    expect((await screen.findAllByText('Serviço indisponível no momento. Tente novamente em instantes.')).length).toBeGreaterThan(0);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('takes the event name from the navigation state, and fetches it when absent', async () => {
    signedIn();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false });
    vi.spyOn(api.site.networks, 'list').mockResolvedValue({ rows: [], count: 0 });
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: '/plataforma/1/sala-network', state: { eventName: 'Jornada do Estado' } }],
      future: ROUTER_FUTURE,
    });
    render(<App router={router} queryClient={createQueryClient()} />);
    expect(await screen.findByText(/Jornada do Estado/)).toBeInTheDocument();
    expect(await screen.findByText('Ainda não há participantes na lista.')).toBeInTheDocument();
  });

  it('turns the listing consent on and off', async () => {
    signedIn();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false });
    vi.spyOn(api.site.networks, 'list').mockResolvedValue({ rows: [], count: 0 });
    const set = vi.spyOn(api.site.networks, 'setConsent').mockResolvedValue({ listed: true });
    renderAt('/plataforma/1/sala-network');
    const box = await screen.findByLabelText('Aparecer na lista de participantes');
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(set).toHaveBeenCalledWith(true);
  });
});
