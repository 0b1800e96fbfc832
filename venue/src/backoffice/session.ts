import { useQuery } from '@tanstack/react-query';
import type { ApiError, StaffUser } from '@plataforma/adapter';
import { api } from '../shared/api';
import { staffToken, useAppState } from '../shared/state/store';

/**
 * The signed-in staff user, refreshed from /users/me. A 401 ends the local session; a 503
 * (or no network) keeps the user signed in and the shell says the service is unavailable.
 */
export const useStaffSession = () => {
  const auth = useAppState((s) => s.auth);
  const signIn = useAppState((s) => s.signIn);
  const signOut = useAppState((s) => s.signOut);
  const token = staffToken();
  const me = useQuery<StaffUser, ApiError>({
    queryKey: ['staff-me', token],
    queryFn: async () => {
      try {
        const user = await api.cms.me();
        signIn(user, 'user', token as string);
        return user;
      } catch (error) {
        if ((error as ApiError).status === 401) signOut();
        throw error;
      }
    },
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: (count, error) => error.status !== 401 && error.status !== 403 && count < 2,
  });
  const user = auth.userAuthenticated && token ? auth.currentUser : null;
  return {
    user,
    signedIn: Boolean(user),
    checking: Boolean(token) && !user && me.isPending,
    unavailable: me.error ? me.error.status === 503 || me.error.status === 0 : false,
  };
};

/** The first screen of a role: the first entry of its menu. */
export const homeOf = (role: StaffUser['role']): string => (role === 'admin' ? '/cms/usuarios' : '/cms/estandes');
