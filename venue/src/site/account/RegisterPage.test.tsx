import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { changeLanguage } from '../../shared/i18n';
import en from '../../shared/i18n/locales/en.json';
import { CLIENT_TOKEN_KEY, useAppState } from '../../shared/state/store';
import { mockVenueApi, renderAt } from '../../testing/render';
import { clientProfileFixture, sessionClientFixture } from '../../testing/wire';

mockVenueApi();

const profile = clientProfileFixture({
  id: 9,
  name: 'Maria Souza',
  email: 'maria@exemplo.com.br',
  state: 'SP',
  city: 'Campinas',
  ddi: '55',
  ddd: '11',
  phone: '987654321',
  createdAt: '2026-11-26T10:00:00.000Z',
});

const answer = {
  data: {
    token: 'novo-token',
    expiresAt: '',
    account: sessionClientFixture({ id: 9, name: 'Maria Souza', email: 'maria@exemplo.com.br', soft: false }),
    profile,
  },
  msg: 'api.created' as const,
  status: 201,
};

const TERMS = { name: 'Li e aceito os Termos de uso e o Aviso de privacidade (abre em nova aba).' };

const fill = async (password = 'Maria#2026x', terms = true) => {
  await userEvent.type(await screen.findByLabelText('Nome completo'), 'Maria Souza');
  await userEvent.type(screen.getByLabelText('E-mail'), 'maria@exemplo.com.br');
  await userEvent.type(screen.getByLabelText('Celular (opcional)'), '11987654321');
  await userEvent.selectOptions(screen.getByLabelText('Estado'), 'SP');
  await userEvent.selectOptions(screen.getByLabelText('Cidade'), 'Campinas');
  await userEvent.type(screen.getByLabelText('Senha'), password);
  await userEvent.type(screen.getByLabelText('Confirme a senha'), password);
  if (terms) await userEvent.click(screen.getByRole('checkbox', TERMS));
};

describe('/cadastro (a visitor becomes a client)', () => {
  it('soft login’s “Cadastre-se” leads here, and a registration signs in and goes back to the hall', async () => {
    const register = vi.spyOn(api.site.clients, 'register').mockResolvedValue(answer);
    const router = renderAt('/plataforma/1/hall-estandes-gold');
    const dialog = await screen.findByRole('dialog', { name: 'Entre no evento' });
    expect(within(dialog).getByText('Não tem cadastro?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Cadastre-se' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cadastro'));
    expect(router.state.location.search).toBe(`?voltar=${encodeURIComponent('/plataforma/1/hall-estandes-gold')}`);

    await fill();
    expect(screen.getByLabelText('Celular (opcional)')).toHaveValue('(11) 9 8765-4321');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Maria Souza',
        ddi: '55',
        phone: '11987654321',
        state: 'SP',
        city: 'Campinas',
        password: 'Maria#2026x',
        acceptTerms: true,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/plataforma/1/hall-estandes-gold'));
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBe('novo-token');
    expect(useAppState.getState().auth.clientAuthenticated).toBe(true);
    await waitFor(() =>
      expect(useAppState.getState().toast).toMatchObject({
        show: true,
        type: 'success',
        message: 'Conta criada. Bem-vindo(a), Maria Souza!',
      }),
    );
  });

  it('shows the password rules as they are met, names wrong fields and sends nothing', async () => {
    const register = vi.spyOn(api.site.clients, 'register');
    renderAt('/cadastro');
    const rules = await screen.findByRole('list', { name: 'A senha precisa ter:' });
    await userEvent.type(screen.getByLabelText('Senha'), 'abcdefgh');
    expect(within(rules).getByText('Pelo menos 8 caracteres')).toHaveClass('ok');
    expect(within(rules).getByText('Uma letra maiúscula')).not.toHaveClass('ok');
    await userEvent.type(screen.getByLabelText('CPF (opcional)'), '5299822');
    expect(screen.getByLabelText('CPF (opcional)')).toHaveValue('529.982.2');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nome completo')).toHaveFocus();
    expect(screen.getByLabelText('Nome completo')).toHaveAccessibleDescription('Informe o seu nome.');
    expect(screen.getByLabelText('CPF (opcional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A senha não atende às regras.')).toBeInTheDocument();
  });

  it('puts the server’s refusal under its field and keeps what was typed', async () => {
    vi.spyOn(api.site.clients, 'register').mockRejectedValue(new ApiError(400, 'auth.error.emailTaken'));
    const router = renderAt('/cadastro?voltar=//evil.example');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Este e-mail já está cadastrado.');
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Maria Souza');
    expect(router.state.location.pathname).toBe('/cadastro');
    // An address of another site is never where 'Entrar' leads.
    expect(screen.getByRole('form', { name: 'Criar sua conta' }).querySelector('.footer a')).toHaveAttribute(
      'href',
      '/plataforma/1/hall-entrada',
    );
  });

  // Issue 56, item 11: no acceptance of the terms (LGPD), a CEP that filled nothing, the countries in Portuguese in every language.
  it('asks for the terms and the privacy notice before creating the account', async () => {
    const register = vi.spyOn(api.site.clients, 'register').mockResolvedValue(answer);
    renderAt('/cadastro');
    await fill('Maria#2026x', false);
    const terms = screen.getByRole('checkbox', TERMS);
    expect(within(terms.closest('label') as HTMLElement).getByRole('link')).toHaveAttribute('href', '/termos');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(register).not.toHaveBeenCalled();
    expect(terms).toHaveFocus();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('Para criar a conta, aceite os Termos de uso e o Aviso de privacidade.');
    await userEvent.click(terms);
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(register).toHaveBeenCalledWith(expect.objectContaining({ acceptTerms: true })));
  });

  it('fills the state, and the city where the CEP’s range is one city’s, from a complete CEP', async () => {
    renderAt('/cadastro');
    const cep = await screen.findByLabelText('CEP');
    await userEvent.type(cep, '01310100');
    expect(cep).toHaveValue('01310-100');
    expect(screen.getByLabelText('Estado')).toHaveValue('SP');
    expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo');
    // Campinas' CEP: the state stays, the capital goes, the visitor picks the city.
    await userEvent.clear(cep);
    await userEvent.type(cep, '13083970');
    expect(screen.getByLabelText('Estado')).toHaveValue('SP');
    expect(screen.getByLabelText('Cidade')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Cidade'), 'Campinas');
    // A CEP of another state empties a city that is not its.
    await userEvent.clear(cep);
    await userEvent.type(cep, '88010000');
    expect(screen.getByLabelText('Estado')).toHaveValue('SC');
    expect(screen.getByLabelText('Cidade')).toHaveValue('');
  });

  it('names the countries in the visitor’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        /\/languages\/en\?/.test(String(url)) ? new Response(JSON.stringify(en), { status: 200 }) : new Response(null, { status: 200 }),
      ),
    );
    await act(() => changeLanguage('en'));
    try {
      renderAt('/cadastro');
      const country = await screen.findByRole('combobox', { name: 'Country' });
      expect(within(country).getByRole('option', { name: 'Germany (+49)' })).toBeInTheDocument();
      expect(within(country).queryByRole('option', { name: 'Alemanha (+49)' })).toBeNull();
      expect(country).toHaveValue('55');
    } finally {
      await act(() => changeLanguage('pt'));
      vi.unstubAllGlobals();
    }
  });
});
