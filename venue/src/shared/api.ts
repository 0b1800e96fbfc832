import i18next from 'i18next';
import { SITE_PREFIX } from '@plataforma/adapter/routes';
import { createApiClient } from '@plataforma/adapter/client';
import { clientToken, staffToken, useAppState } from './state/store';

/** The one API client of the venue (same origin). */
export const api = createApiClient({ tokens: { staffToken, clientToken } });

/**
 * A site call answered 401 while the visitor holds a client token: the session ended on the
 * server (expired, logged out elsewhere, revoked). The venue forgets it, so the pages that need
 * a client send the visitor to the soft login (carrying where they were), instead of failing
 * call after call. Only the client's session ends: a staff member signed in beside it stays
 * (SPEC §6, the two sessions are separate).
 */
export const onSiteUnauthorized = (status: number | undefined, url: string | undefined): boolean => {
  if (status !== 401 || !url?.startsWith(SITE_PREFIX) || !clientToken()) return false;
  useAppState.getState().signOutClient();
  useAppState.getState().showToast(i18next.t('platform.sessionEnded'), 'warning');
  return true;
};

api.http.interceptors.response.use(undefined, (error: { response?: { status?: number }; config?: { url?: string } }) => {
  onSiteUnauthorized(error.response?.status, error.config?.url);
  return Promise.reject(error);
});
