import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type NetworkPerson } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { renderAt, signInVisitor, mockVenueApi } from '../../testing/render';
import { SEARCH_DEBOUNCE_MS } from './NetworkRoom';

mockVenueApi();

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
    signInVisitor();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: true, showEmail: false, canChange: true });
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

  it('shows an e-mail only for who chose to show it (issue 17)', async () => {
    signInVisitor();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: true, showEmail: false, canChange: true });
    vi.spyOn(api.site.networks, 'list').mockResolvedValue({ rows: [person(0), { ...person(1), email: null }], count: 2 });
    renderAt('/plataforma/1/sala-network');
    const shown = (await screen.findByText('Pessoa 0')).closest('tr') as HTMLElement;
    expect(within(shown).getByRole('link', { name: 'p0@exemplo.com.br' })).toHaveAttribute('href', 'mailto:p0@exemplo.com.br');
    const hidden = screen.getByText('Pessoa 1').closest('tr') as HTMLElement;
    expect(within(hidden).queryByRole('link', { name: /@|mailto/ })).not.toBeInTheDocument();
    expect(within(hidden).getByText('E-mail não exibido')).toBeInTheDocument();
    expect(hidden).not.toHaveTextContent(/null|undefined|mailto/);
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('mailto:'))).toHaveLength(1);
  });

  it('shows the translated error in a toast and stops searching', async () => {
    signInVisitor();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    const list = vi.spyOn(api.site.networks, 'list').mockRejectedValue(new ApiError(503, 'api.error.unavailable'));
    renderAt('/plataforma/1/sala-network');
    expect((await screen.findAllByText('Serviço indisponível no momento. Tente novamente em instantes.')).length).toBeGreaterThan(0);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('takes the event name from the navigation state, and fetches it when absent', async () => {
    signInVisitor();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.networks, 'list').mockResolvedValue({ rows: [], count: 0 });
    renderAt({ pathname: '/plataforma/1/sala-network', state: { eventName: 'Jornada do Estado' } });
    expect(await screen.findByText(/Jornada do Estado/)).toBeInTheDocument();
    expect(await screen.findByText('Ainda não há participantes na lista.')).toBeInTheDocument();
  });

  it('turns the listing consent on and off', async () => {
    signInVisitor();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.networks, 'list').mockResolvedValue({ rows: [], count: 0 });
    const set = vi.spyOn(api.site.networks, 'setConsent').mockResolvedValue({ listed: true, showEmail: false, canChange: true });
    renderAt('/plataforma/1/sala-network');
    const box = await screen.findByLabelText('Aparecer na lista de participantes');
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(set).toHaveBeenCalledWith(true);
  });

  it('keeps the listing toggle shut to a soft session and says why (issue 18)', async () => {
    signInVisitor();
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: false });
    vi.spyOn(api.site.networks, 'list').mockResolvedValue({ rows: [], count: 0 });
    renderAt('/plataforma/1/sala-network');
    expect(await screen.findByText(/Para aparecer na lista, entre com e-mail e senha/)).toBeInTheDocument();
    expect(screen.getByLabelText('Aparecer na lista de participantes')).toBeDisabled();
  });
});
