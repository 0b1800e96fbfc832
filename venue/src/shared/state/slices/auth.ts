import type { SessionClient, StaffUser } from '@plataforma/adapter';
import { initialAuth, removeAuth, removeClientAuth, setAuth, type Agent, type AuthState } from '../rules';
import type { Slice } from './types';

/** One key for the staff token, one for the client token (SPEC §9). */
export const STAFF_TOKEN_KEY = 'plataforma:staff-token';
export const CLIENT_TOKEN_KEY = 'plataforma:client-token';

export interface AuthSlice {
  auth: AuthState;
  signIn(account: StaffUser | SessionClient, agent: Agent, token: string): void;
  signOut(): void;
  /** Ends only the client's session (its token and account); a staff member stays signed in. */
  signOutClient(): void;
  setLoginModal(open: boolean): void;
}

export const createAuthSlice: Slice<AuthSlice> = (set) => ({
  auth: initialAuth,
  signIn: (account, agent, token) => {
    localStorage.setItem(agent === 'user' ? STAFF_TOKEN_KEY : CLIENT_TOKEN_KEY, token);
    set((state) => ({ auth: setAuth(state.auth, account, agent) }));
  },
  signOut: () => {
    // SPEC §4: logout removes both staff and client tokens.
    localStorage.removeItem(STAFF_TOKEN_KEY);
    localStorage.removeItem(CLIENT_TOKEN_KEY);
    set((state) => ({ auth: removeAuth(state.auth) }));
  },
  signOutClient: () => {
    localStorage.removeItem(CLIENT_TOKEN_KEY);
    set((state) => ({ auth: removeClientAuth(state.auth) }));
  },
  setLoginModal: (open) => set((state) => ({ auth: { ...state.auth, loginModal: open } })),
});

/** Persisted: the accounts (tokens live under their own keys), never an open modal. */
export const persistAuth = (slice: AuthSlice) => ({ auth: { ...slice.auth, loginModal: false } });

export const staffToken = (): string | null => localStorage.getItem(STAFF_TOKEN_KEY);
export const clientToken = (): string | null => localStorage.getItem(CLIENT_TOKEN_KEY);
