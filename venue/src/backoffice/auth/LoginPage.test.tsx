import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { admin, fakeServer, renderBackoffice, TYPING_TEST_TIMEOUT } from '../test-utils';

const signInWith = async (email: string, password: string) => {
  await userEvent.type(screen.getByLabelText(/^E-mail/), email);
  await userEvent.type(screen.getByLabelText(/^Senha/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
};

/** The form's red alert (the toast has an alert region of its own). */
const formAlert = () => within(document.querySelector('form') as HTMLFormElement).findByRole('alert');

const usersList = () => ({ rows: [admin], count: 1 });

describe('/cms/login (SPEC §2.3, §4)', () => {
  it(
    'asks for the SMS code, validates from the third digit and signs in to the role’s first screen',
    async () => {
      const seen = fakeServer({
        'POST /auth/login': () => ({ firstAccess: false, sms: true, attemptId: 'attempt-0123456789', resendIn: 30 }),
        'POST /auth/check/sms': () => ({ token: 'staff-token', expiresAt: '', account: admin }),
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/users': usersList,
        'GET /api/cms/v1/events': () => ({ rows: [], count: 0 }),
      });
      const router = renderBackoffice('/cms/login');
      const submit = screen.getByRole('button', { name: 'Entrar' });
      expect(submit).toBeDisabled();
      await signInWith('Admin@Exemplo.com.br', 'segredo');
      const code = await screen.findByPlaceholderText('4 dígitos');
      const validate = screen.getByRole('button', { name: 'Validar' });
      expect(validate).toBeDisabled();
      await userEvent.type(code, '1a2');
      expect(code).toHaveValue('12');
      expect(validate).toBeDisabled();
      await userEvent.type(code, '3');
      expect(validate).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Reenviar em 30 s' })).toBeDisabled();
      await userEvent.click(validate);
      await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos'));
      expect(seen.find((r) => r.url === '/auth/login')?.data).toEqual({ email: 'admin@exemplo.com.br', password: 'segredo', type: 'user' });
      expect(seen.find((r) => r.url === '/auth/check/sms')?.data).toEqual({
        email: 'admin@exemplo.com.br',
        code: '123',
        type: 'user',
        attemptId: 'attempt-0123456789',
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'counts 30 seconds down before offering to resend',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      fakeServer({ 'POST /auth/login': () => ({ firstAccess: false, sms: true, attemptId: 'attempt-0123456789', resendIn: 30 }) });
      renderBackoffice('/cms/login');
      await signInWith('admin@exemplo.com.br', 'segredo');
      expect(await screen.findByRole('button', { name: 'Reenviar em 30 s' })).toBeDisabled();
      for (let second = 0; second < 30; second += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: 'reenviar' })).toBeEnabled();
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'shows the server’s message in a red alert',
    async () => {
      fakeServer({
        'POST /auth/login': () => {
          throw new ApiError(401, 'auth.error.invalidCredentials');
        },
      });
      renderBackoffice('/cms/login');
      await signInWith('ninguem@exemplo.com.br', 'errada');
      expect(await formAlert()).toHaveTextContent('E-mail ou senha incorretos.');
      expect(screen.getByRole('link', { name: 'Ir para o site' })).toHaveAttribute('href', '/');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'refuses what the contract refuses without asking the server',
    async () => {
      const seen = fakeServer({});
      renderBackoffice('/cms/login');
      await signInWith('não é e-mail', 'segredo');
      expect(await formAlert()).toHaveTextContent('Confira os campos marcados: E-mail.');
      expect(seen).toEqual([]);
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'sends a first access to the password change, with the e-mail',
    async () => {
      fakeServer({ 'POST /auth/login': () => ({ firstAccess: true, sms: true, attemptId: null }) });
      const router = renderBackoffice('/cms/login');
      await signInWith('nova@exemplo.com.br', 'provisoria');
      await waitFor(() => expect(router.state.location.pathname).toBe('/cms/password-change'));
      expect(router.state.location.state).toEqual({ email: 'nova@exemplo.com.br' });
    },
    TYPING_TEST_TIMEOUT,
  );
});
