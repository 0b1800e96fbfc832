import type { SessionClient, TokenAnswer } from '@plataforma/adapter';
import { api } from '../api';
import { clientToken, useAppState } from '../state/store';

/*
 * The visitor's session: one-off actions, not cached server state, so plain functions rather
 * than react-query mutations (they run on hall-entrada, whose first load stays small).
 */

/** The visitor's soft login (an e-mail only): the client is signed in with the token the server gives. */
export const softLogin = async (email: string): Promise<TokenAnswer<SessionClient>> => {
  const answer = await api.auth.softLogin(email);
  useAppState.getState().signIn(answer.data.account, 'client', answer.data.token);
  return answer.data;
};

/** Logout: the server forgets the session when it can; the venue forgets it in any case. */
export const logoutClient = async (): Promise<void> => {
  const token = clientToken();
  if (token) await api.auth.logout(token).catch(() => undefined);
  useAppState.getState().signOut();
};
