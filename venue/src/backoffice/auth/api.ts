import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, type ChangePasswordInput, type CheckSmsInput, type LoginInput, type RecoveryInput } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useAppState } from '../../shared/state/store';

/** The signed-in staff user's queries. */
export const staffKeys = {
  all: ['staff'] as const,
  me: (token: string | null) => [...staffKeys.all, 'me', token] as const,
};

/**
 * The signed-in staff user, from /users/me: it refreshes the stored user, and a 401 ends the
 * local session. A 503 (or no network) keeps the user signed in; the query client's retry rule
 * tries those again and never a 4xx.
 */
export const staffMeQuery = (token: string | null) =>
  queryOptions({
    queryKey: staffKeys.me(token),
    queryFn: async () => {
      try {
        const user = await api.cms.me();
        useAppState.getState().signIn(user, 'user', token as string);
        return user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) useAppState.getState().signOut();
        throw error;
      }
    },
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

/** E-mail and password: answers whether an SMS code was sent or the first access begins (SPEC §4). */
export const useLogin = () => useMutation({ mutationFn: (input: LoginInput) => api.auth.login(input) });
export const useCheckSms = () => useMutation({ mutationFn: (input: CheckSmsInput) => api.auth.checkSms(input) });
/** Sends the password-change code by SMS (the recovery screen and the change screen's resend). */
export const useRecovery = () => useMutation({ mutationFn: (input: RecoveryInput) => api.auth.recovery(input) });
export const useChangePassword = () => useMutation({ mutationFn: (input: ChangePasswordInput) => api.auth.changePassword(input) });
/** Ends the session of the token given on the server. */
export const useLogout = () => useMutation({ mutationFn: (token: string) => api.auth.logout(token) });
