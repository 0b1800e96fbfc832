import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { CLIENT_TOKEN_KEY, useAppState } from '../../shared/state/store';
import { renderAt, signInVisitor, visitor, mockVenueApi } from '../../testing/render';

mockVenueApi();

describe('access to the platform pages (SPEC §2.4)', () => {
  it('sends an unsigned visitor to hall-entrada and, after the soft login, on to where they were heading', async () => {
    const soft = vi
      .spyOn(api.auth, 'softLogin')
      .mockResolvedValue({ data: { token: 'tk', expiresAt: '', account: visitor }, msg: 'api.ok', status: 200 });
    const router = renderAt('/plataforma/1/hall-estandes-gold?x=1');
    const dialog = await screen.findByRole('dialog', { name: 'Entre no evento' });
    expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada');
    // One banner on the page: the dialog's title bar is none (axe 'landmark-unique', issue 56, item 14).
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(within(dialog).queryByRole('banner')).toBeNull();
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
    // The lookup is global (SPEC §6: a soft login with an e-mail only), and so is the text (issue 16).
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('E-mail não cadastrado. Confira o endereço ou crie a sua conta.');
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

  it('refuses an address that is not one before calling the server, the error tied to the field (issue 17)', async () => {
    const soft = vi.spyOn(api.auth, 'softLogin');
    renderAt('/plataforma/1/hall-entrada');
    const dialog = await screen.findByRole('dialog', { name: 'Entre no evento' });
    const email = within(dialog).getByLabelText('E-mail');
    await userEvent.type(email, 'ana@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Informe um e-mail válido.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-describedby', alert.id);
    expect(email).toHaveFocus();
    expect(soft).not.toHaveBeenCalled();
  });

  it("ties the server's refusal to the field and gives it the focus back", async () => {
    vi.spyOn(api.auth, 'softLogin').mockRejectedValue(new ApiError(404, 'auth.error.clientNotFound'));
    renderAt('/plataforma/1/hall-entrada');
    const dialog = await screen.findByRole('dialog', { name: 'Entre no evento' });
    const email = within(dialog).getByLabelText('E-mail');
    await userEvent.type(email, 'x@exemplo.com.br');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(email).toHaveAttribute('aria-describedby', alert.id);
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('shows hall-entrada without the modal to a signed-in client', async () => {
    signInVisitor();
    renderAt('/plataforma/1/hall-entrada');
    expect(await screen.findByRole('link', { name: 'Ir para: Pavilhão Ouro' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
