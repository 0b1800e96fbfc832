import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, fakeServer, renderBackoffice, TYPING_TEST_TIMEOUT } from '../test-utils';

describe('/cms/password-change (SPEC §4, §5)', () => {
  it(
    'shows the password rules while the new password breaks one, and signs in with the new password',
    async () => {
      const attendant = { ...admin, id: 2, role: 'attendant' as const, email: 'carla@exemplo.com.br' };
      const seen = fakeServer({
        'POST /auth/password/change': () => ({
          data: { token: 'staff-token', expiresAt: '', account: attendant },
          msg: 'auth.password.changed',
          status: 200,
        }),
        'GET /api/cms/v1/users/me': () => attendant,
        'GET /api/cms/v1/stands': () => ({ rows: [], count: 0 }),
      });
      const router = renderBackoffice('/cms/password-change', { email: 'carla@exemplo.com.br' });
      expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Reenviar em 30 s' })).toBeDisabled();
      const save = screen.getByRole('button', { name: 'Salvar senha' });
      await userEvent.type(screen.getByLabelText(/^Nova senha/), 'fraca');
      expect(screen.getByText('Pelo menos 8 caracteres')).toBeInTheDocument();
      await userEvent.clear(screen.getByLabelText(/^Nova senha/));
      await userEvent.type(screen.getByLabelText(/^Nova senha/), 'Carla#2026x');
      expect(screen.queryByText('Pelo menos 8 caracteres')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Regras da senha' }));
      expect(screen.getByText('Pelo menos 8 caracteres')).toHaveClass('ok');
      await userEvent.type(screen.getByLabelText(/^Confirme a nova senha/), 'Carla#2026x');
      await userEvent.type(screen.getByPlaceholderText('4 dígitos'), '12');
      expect(save).toBeDisabled();
      await userEvent.type(screen.getByPlaceholderText('4 dígitos'), '3x4');
      expect(screen.getByPlaceholderText('4 dígitos')).toHaveValue('1234');
      await userEvent.click(save);
      await waitFor(() => expect(router.state.location.pathname).toBe('/cms/estandes'));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Senha alterada com sucesso.'));
      expect(seen.find((r) => r.url === '/auth/password/change')?.data).toEqual({
        email: 'carla@exemplo.com.br',
        password1: 'Carla#2026x',
        password2: 'Carla#2026x',
        code: '1234',
        type: 'user',
      });
    },
    TYPING_TEST_TIMEOUT,
  );
});
