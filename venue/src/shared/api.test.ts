import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { api, onSiteUnauthorized } from './api';
import './i18n';
import { CLIENT_TOKEN_KEY, STAFF_TOKEN_KEY, useAppState } from './state/store';

const signIn = () =>
  useAppState.getState().signIn({ id: 7, name: 'Ana', email: 'ana@exemplo.com.br', soft: true } as never, 'client', 'tk');

afterEach(() => {
  api.http.defaults.adapter = undefined;
  useAppState.getState().signOut();
});

describe('a client session the server ended', () => {
  it('signs the visitor out when a site call answers 401, and says so', async () => {
    signIn();
    api.http.defaults.adapter = async (config) => {
      const response = {
        data: { data: null, msg: 'api.error.unauthorized', status: 401 },
        status: 401,
        statusText: '',
        headers: {},
        config,
      };
      throw Object.assign(new Error('401'), { isAxiosError: true, response, config });
    };
    await expect(api.site.networks.consent()).rejects.toBeInstanceOf(ApiError);
    expect(useAppState.getState().auth.clientAuthenticated).toBe(false);
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBeNull();
    expect(useAppState.getState().toast).toMatchObject({
      show: true,
      type: 'warning',
      message: 'Sua sessão terminou. Informe o seu e-mail para entrar de novo.',
    });
  });

  it("ends only the client's session: a staff member signed in beside it stays (issue 16)", () => {
    useAppState.getState().signIn({ id: 3, name: 'Bia', email: 'bia@exemplo.com.br', role: 'admin' } as never, 'user', 'staff-tk');
    signIn();
    expect(onSiteUnauthorized(401, '/api/site/v1/clients/me')).toBe(true);
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-tk');
    expect(useAppState.getState().auth).toMatchObject({ currentClient: null, userAuthenticated: true, currentUser: { id: 3 } });
  });

  it('leaves everything alone for other statuses, other paths, or without a client token', () => {
    signIn();
    expect(onSiteUnauthorized(403, '/api/site/v1/clients/me')).toBe(false);
    expect(onSiteUnauthorized(401, '/api/cms/v1/users/me')).toBe(false);
    expect(useAppState.getState().auth.clientAuthenticated).toBe(true);
    useAppState.getState().signOut();
    expect(onSiteUnauthorized(401, '/api/site/v1/networks/1')).toBe(false);
  });
});
