import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { changeLanguage } from '../../shared/i18n';
import al from '../../shared/i18n/locales/al.json';
import { CLIENT_TOKEN_KEY, useAppState } from '../../shared/state/store';
import { mockVenueApi, renderAt } from '../../testing/render';
import { clientProfileFixture, eventFixture, sessionClientFixture } from '../../testing/wire';
import { profileChanges } from './ProfilePage';

mockVenueApi();

const profile = clientProfileFixture({
  cpf: '52998224725',
  state: 'SP',
  city: 'Campinas',
  ddi: '55',
  ddd: '11',
  phone: '987654321',
  createdAt: '2026-11-20T12:00:00.000Z',
});
const account = sessionClientFixture({ soft: false });

describe('/entrar (a client’s full sign-in)', () => {
  it('asks for the SMS code after the password, then goes to the profile signed in', async () => {
    const login = vi.spyOn(api.auth, 'login').mockResolvedValue({
      data: { firstAccess: false, sms: true, attemptId: 'tentativa-123456', resendIn: 30 },
      msg: 'api.ok',
      status: 200,
    });
    const check = vi
      .spyOn(api.auth, 'checkSms')
      .mockResolvedValue({ data: { token: 'tk-full', expiresAt: '', account }, msg: 'api.ok', status: 200 });
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
    const router = renderAt('/entrar');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Senha'), 'Ana#2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(login).toHaveBeenCalledWith({ email: 'ana@exemplo.com.br', password: 'Ana#2026x', type: 'client' });
    await userEvent.type(await screen.findByLabelText('Código recebido por SMS'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(check).toHaveBeenCalledWith({ email: 'ana@exemplo.com.br', code: '1234', type: 'client', attemptId: 'tentativa-123456' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBe('tk-full');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meu perfil' })).toBeInTheDocument();
    expect(await screen.findByText('Você ainda não entrou em nenhum evento.')).toBeInTheDocument();
  });

  it('says a wrong password in red and keeps the e-mail', async () => {
    vi.spyOn(api.auth, 'login').mockRejectedValue(new ApiError(400, 'auth.error.invalidCredentials'));
    renderAt('/entrar');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Senha'), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const form = screen.getByRole('form', { name: 'Entrar na sua conta' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(/.+/);
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br');
  });
});

describe('/perfil (the client’s own data)', () => {
  it('sends a soft session to the password first', async () => {
    useAppState.getState().signIn({ ...account, soft: true }, 'client', 'tk-soft');
    const router = renderAt('/perfil');
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(await screen.findByText('Para ver e alterar os seus dados, confirme que é você: entre com a sua senha.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br');
  });

  it('shows the e-mail in the networking room only by a second choice, open while listed (issue 17)', async () => {
    useAppState.getState().signIn(account, 'client', 'tk-full');
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
    const setConsent = vi
      .spyOn(api.site.networks, 'setConsent')
      .mockResolvedValueOnce({ listed: true, showEmail: false, canChange: true })
      .mockResolvedValueOnce({ listed: true, showEmail: true, canChange: true })
      .mockResolvedValueOnce({ listed: false, showEmail: true, canChange: true });
    renderAt('/perfil');
    const listed = await screen.findByRole('checkbox', { name: 'Aparecer na lista de participantes da sala de networking' });
    const email = screen.getByRole('checkbox', { name: 'Mostrar meu e-mail na sala de networking' });
    // Not listed: the e-mail choice waits, and says why.
    await waitFor(() => expect(listed).toBeEnabled());
    expect(email).not.toBeChecked();
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription('Para mostrar o e-mail, primeiro apareça na lista de participantes.');

    await userEvent.click(listed);
    expect(setConsent).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(email).toBeEnabled());
    expect(email).not.toBeChecked();
    expect(email).toHaveAccessibleDescription('Sem esta opção, a lista mostra só o seu nome e as suas redes sociais.');

    await userEvent.click(email);
    expect(setConsent).toHaveBeenLastCalledWith(true, true);
    await waitFor(() => expect(email).toBeChecked());

    // Leaving the list sends no e-mail choice, and the toggle closes, keeping its state.
    await userEvent.click(listed);
    expect(setConsent).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(email).toBeDisabled());
    expect(email).toBeChecked();
    expect(setConsent).toHaveBeenCalledTimes(3);
  });

  it('saves only what changed, with the city’s state, and turns the networking listing on', async () => {
    useAppState.getState().signIn(account, 'client', 'tk-full');
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({
      rows: [{ ...eventFixture(), id: 3, slug: '3-jornada', name: 'Jornada de Pediatria' }],
      count: 1,
    });
    const update = vi.spyOn(api.site.clients, 'update').mockResolvedValue({ data: profile, msg: 'api.updated', status: 200 });
    const setConsent = vi.spyOn(api.site.networks, 'setConsent').mockResolvedValue({ listed: true, showEmail: false, canChange: true });
    renderAt('/perfil');
    const form = await screen.findByRole('form', { name: 'Meu perfil' });
    expect(within(form).getByLabelText('CPF (opcional)')).toHaveValue('529.982.247-25');
    expect(within(form).queryByLabelText('Senha atual')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('Cidade'), 'Santos');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar alterações' }));
    expect(update).toHaveBeenCalledWith({ state: 'SP', city: 'Santos' });
    await waitFor(() => expect(useAppState.getState().toast).toMatchObject({ type: 'success', message: 'Alterações salvas com sucesso.' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Aparecer na lista de participantes da sala de networking' }));
    expect(setConsent).toHaveBeenCalledWith(true);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Aparecer na lista de participantes da sala de networking' })).toBeChecked(),
    );
    // LGPD: the server's JSON saved as a file.
    const myData = vi
      .spyOn(api.site.clients, 'myData')
      .mockResolvedValue({ exportedAt: '', profile: { ...profile, listedInNetwork: true } } as never);
    const createUrl = vi.fn(() => 'blob:meus-dados');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    expect(myData).toHaveBeenCalled();
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(createUrl).toHaveBeenCalledWith(expect.any(Blob));
    const mine = screen.getByRole('region', { name: 'Meus eventos' });
    expect(within(mine).getByRole('link', { name: 'Jornada de Pediatria' })).toHaveAttribute('href', '/eventos/3-jornada');
  });

  it('asks the current password before a new e-mail, says a wrong one at its field, then updates the session', async () => {
    useAppState.getState().signIn(account, 'client', 'tk-full');
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
    const update = vi.spyOn(api.site.clients, 'update').mockRejectedValueOnce(new ApiError(400, 'auth.error.invalidCredentials'));
    renderAt('/perfil');
    const form = await screen.findByRole('form', { name: 'Meu perfil' });
    const email = within(form).getByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana.nova@exemplo.com.br');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar alterações' }));
    expect(update).not.toHaveBeenCalled();
    const current = within(form).getByLabelText('Senha atual');
    expect(current).toHaveFocus();
    expect(current).toHaveAccessibleDescription(/Digite a sua senha atual para trocar o e-mail\./);
    await userEvent.type(current, 'Errada#1');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar alterações' }));
    expect(update).toHaveBeenLastCalledWith({ email: 'ana.nova@exemplo.com.br', currentPassword: 'Errada#1' });
    await waitFor(() => expect(within(form).getByLabelText('Senha atual')).toHaveAttribute('aria-invalid', 'true'));
    const changed = { ...profile, email: 'ana.nova@exemplo.com.br' };
    update.mockResolvedValueOnce({ data: changed, msg: 'api.updated', status: 200 });
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(changed);
    await userEvent.clear(within(form).getByLabelText('Senha atual'));
    await userEvent.type(within(form).getByLabelText('Senha atual'), 'Ana#2026x');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar alterações' }));
    expect(update).toHaveBeenLastCalledWith({ email: 'ana.nova@exemplo.com.br', currentPassword: 'Ana#2026x' });
    await waitFor(() => expect(useAppState.getState().auth.currentClient?.email).toBe('ana.nova@exemplo.com.br'));
    expect(within(form).queryByLabelText('Senha atual')).not.toBeInTheDocument();
  });

  it('deletes the account only with the password and EXCLUIR typed, then signs out to the catalogue', async () => {
    useAppState.getState().signIn(account, 'client', 'tk-full');
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
    const erase = vi
      .spyOn(api.site.clients, 'erase')
      .mockRejectedValueOnce(new ApiError(400, 'auth.error.invalidCredentials'))
      .mockResolvedValueOnce({ data: { erased: true }, msg: 'clients.erased', status: 200 });
    const router = renderAt('/perfil');
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir minha conta' });
    expect(within(dialog).getByText(/pedidos pagos com nome e CPF/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Excluir minha conta' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Sua senha'), 'Errada#1');
    await userEvent.type(within(dialog).getByLabelText('Digite EXCLUIR para confirmar'), 'excluir');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(erase).toHaveBeenCalledWith({ password: 'Errada#1', confirm: 'EXCLUIR' });
    expect(await within(dialog).findByText('E-mail ou senha incorretos.')).toBeInTheDocument();
    expect(useAppState.getState().auth.currentClient).not.toBeNull();
    await userEvent.clear(within(dialog).getByLabelText('Sua senha'));
    await userEvent.type(within(dialog).getByLabelText('Sua senha'), 'Ana#2026x');
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/eventos'));
    await waitFor(() => expect(useAppState.getState().auth.currentClient).toBeNull());
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBeNull();
    // A toast still on screen is swapped after a short delay: wait for this one.
    await waitFor(() =>
      expect(useAppState.getState().toast).toMatchObject({
        show: true,
        type: 'success',
        message: 'Sua conta foi excluída. Sentiremos sua falta!',
      }),
    );
  });

  it('asks for the word in the visitor’s language (LÖSCHEN in German) and still sends the server its own', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        /\/languages\/al\?/.test(String(url)) ? new Response(JSON.stringify(al), { status: 200 }) : new Response(null, { status: 200 }),
      ),
    );
    await act(() => changeLanguage('al'));
    try {
      useAppState.getState().signIn(account, 'client', 'tk-full');
      vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
      vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
      vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
      const erase = vi.spyOn(api.site.clients, 'erase').mockResolvedValue({ data: { erased: true }, msg: 'clients.erased', status: 200 });
      renderAt('/perfil');
      await userEvent.click(await screen.findByRole('button', { name: 'Mein Konto löschen' }));
      const dialog = screen.getByRole('dialog', { name: 'Mein Konto löschen' });
      const confirm = within(dialog).getByRole('button', { name: 'Mein Konto löschen' });
      await userEvent.type(within(dialog).getByLabelText('Ihr Passwort'), 'Ana#2026x');
      const word = within(dialog).getByLabelText('Geben Sie LÖSCHEN ein, um zu bestätigen');
      await userEvent.type(word, 'excluir-nicht');
      expect(confirm).toBeDisabled();
      await userEvent.clear(word);
      await userEvent.type(word, 'löschen');
      expect(confirm).toBeEnabled();
      await userEvent.click(confirm);
      expect(erase).toHaveBeenCalledWith({ password: 'Ana#2026x', confirm: 'EXCLUIR' });
    } finally {
      await act(() => changeLanguage('pt'));
      vi.unstubAllGlobals();
    }
  });

  it('changes the password with the current one, the rules met and the same twice', async () => {
    useAppState.getState().signIn(account, 'client', 'tk-full');
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
    const change = vi
      .spyOn(api.site.clients, 'changePassword')
      .mockRejectedValueOnce(new ApiError(400, 'auth.error.invalidCredentials'))
      .mockResolvedValueOnce({ data: null, msg: 'auth.password.changed', status: 200 });
    renderAt('/perfil');
    const form = await screen.findByRole('form', { name: 'Trocar senha' });
    await userEvent.type(within(form).getByLabelText('Senha atual'), 'Errada#1');
    await userEvent.type(within(form).getByLabelText('Nova senha'), 'curta');
    await userEvent.type(within(form).getByLabelText('Confirme a senha'), 'curta');
    await userEvent.click(within(form).getByRole('button', { name: 'Trocar senha' }));
    expect(change).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Nova senha')).toHaveFocus();
    await userEvent.clear(within(form).getByLabelText('Nova senha'));
    await userEvent.type(within(form).getByLabelText('Nova senha'), 'Nova#2026x');
    await userEvent.clear(within(form).getByLabelText('Confirme a senha'));
    await userEvent.type(within(form).getByLabelText('Confirme a senha'), 'Nova#2026x');
    await userEvent.click(within(form).getByRole('button', { name: 'Trocar senha' }));
    expect(change).toHaveBeenLastCalledWith({ currentPassword: 'Errada#1', password: 'Nova#2026x', passwordConfirm: 'Nova#2026x' });
    await waitFor(() => expect(within(form).getByLabelText('Senha atual')).toHaveFocus());
    expect(within(form).getByLabelText('Senha atual')).toHaveAccessibleDescription('E-mail ou senha incorretos.');
    await userEvent.clear(within(form).getByLabelText('Senha atual'));
    await userEvent.type(within(form).getByLabelText('Senha atual'), 'Ana#2026x');
    await userEvent.click(within(form).getByRole('button', { name: 'Trocar senha' }));
    await waitFor(() => expect(useAppState.getState().toast).toMatchObject({ type: 'success', message: 'Senha alterada com sucesso.' }));
    expect(within(form).getByLabelText('Nova senha')).toHaveValue('');
  });

  it('changes the phone with the password and the code sent by SMS', async () => {
    useAppState.getState().signIn(account, 'client', 'tk-full');
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
    const ask = vi
      .spyOn(api.site.clients, 'askPhoneChange')
      .mockResolvedValue({ data: { attemptId: 'tentativa-9', resendIn: 30, sentTo: '…4321' }, msg: 'clients.phoneCodeSent', status: 200 });
    const confirm = vi
      .spyOn(api.site.clients, 'confirmPhoneChange')
      .mockResolvedValue({ data: { ...profile, ddd: '21', phone: '912345678' }, msg: 'clients.phoneChanged', status: 200 });
    renderAt('/perfil');
    const card = await screen.findByRole('region', { name: 'Celular' });
    expect(within(card).getByText('+55 (11) 987654321')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Trocar celular' }));
    const form = within(card).getByRole('form', { name: 'Trocar celular' });
    await userEvent.type(within(form).getByLabelText('Novo celular'), '21912345678');
    expect(within(form).getByLabelText('Novo celular')).toHaveValue('(21) 9 1234-5678');
    await userEvent.type(within(form).getByLabelText('Sua senha'), 'Ana#2026x');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar código' }));
    expect(ask).toHaveBeenCalledWith({ password: 'Ana#2026x', ddi: '55', phone: '21912345678' });
    const code = await within(form).findByLabelText('Código recebido por SMS');
    expect(code).toHaveAccessibleDescription('Enviamos um código por SMS para o celular terminado em …4321.');
    await userEvent.type(code, '1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirmar' }));
    expect(confirm).toHaveBeenCalledWith({
      password: 'Ana#2026x',
      ddi: '55',
      phone: '21912345678',
      code: '1234',
      attemptId: 'tentativa-9',
    });
    await waitFor(() => expect(within(card).getByText('+55 (21) 912345678')).toBeInTheDocument());
    await waitFor(() => expect(useAppState.getState().toast).toMatchObject({ type: 'success', message: 'Telefone atualizado.' }));
  });

  it('profileChanges sends digits and clears with empty strings', () => {
    const before = { name: 'Ana', cpf: '529.982.247-25', postalCode: '', address: '', state: 'SP', city: 'Campinas' };
    expect(profileChanges(before, { ...before, cpf: '', postalCode: '01310-100', name: ' Ana ' })).toEqual({
      cpf: '',
      postalCode: '01310100',
    });
    expect(profileChanges(before, before)).toEqual({});
  });
});

describe('/recuperar-senha', () => {
  it('asks for the code, checks the new password before sending, then signs in with the new one', async () => {
    const recovery = vi.spyOn(api.auth, 'recovery').mockResolvedValue({ data: null, msg: 'auth.recovery.sent', status: 200 });
    const change = vi
      .spyOn(api.auth, 'changePassword')
      .mockResolvedValue({ data: { token: 'tk-novo', expiresAt: '', account }, msg: 'auth.password.changed', status: 200 });
    vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
    vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
    vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
    const router = renderAt('/recuperar-senha');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@exemplo.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(recovery).toHaveBeenCalledWith({ email: 'ana@exemplo.com.br', type: 'client' });
    await userEvent.type(await screen.findByLabelText('Código recebido por SMS'), '4321');
    await userEvent.type(screen.getByLabelText('Nova senha'), 'Nova#2026x');
    await userEvent.type(screen.getByLabelText('Confirme a senha'), 'Nova#2026y');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Confirme a senha'));
    await userEvent.type(screen.getByLabelText('Confirme a senha'), 'Nova#2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(change).toHaveBeenCalledWith({
      email: 'ana@exemplo.com.br',
      type: 'client',
      code: '4321',
      password1: 'Nova#2026x',
      password2: 'Nova#2026x',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBe('tk-novo');
  });
});
