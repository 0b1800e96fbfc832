import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@plataforma/adapter';
import { staffToken, useAppState } from '../shared/state/store';
import { staffMeQuery } from './auth/api';

/**
 * The signed-in staff user, refreshed from /users/me. A 401 ends the local session; a 503
 * (or no network) keeps the user signed in and the shell says the service is unavailable.
 */
export const useStaffSession = () => {
  const auth = useAppState((s) => s.auth);
  const token = staffToken();
  const me = useQuery(staffMeQuery(token));
  const user = auth.userAuthenticated && token ? auth.currentUser : null;
  const status = me.error instanceof ApiError ? me.error.status : 0;
  return {
    user,
    signedIn: Boolean(user),
    checking: Boolean(token) && !user && me.isPending,
    unavailable: me.error ? status === 503 || status === 0 : false,
  };
};
