import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../shared/api';
import '../shared/i18n';
import { useAppState } from '../shared/state/store';
import { renderAt, signInVisitor, mockVenueApi } from '../testing/render';

mockVenueApi();

describe('navigation bar', () => {
  it('offers the next hall only along the chain, the map only on mapped halls, logout only when signed in', async () => {
    signInVisitor();
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
    signInVisitor();
    renderAt('/plataforma/1/hall-estandes-gold');
    await userEvent.click(await screen.findByRole('button', { name: 'Mapa' }));
    const map = await screen.findByRole('dialog', { name: 'Mapa: Pavilhão Ouro' });
    expect(within(map).getByText('Você está aqui')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
