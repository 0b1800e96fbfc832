import type {
  ChangePasswordInput,
  CheckSmsInput,
  LoginAnswer,
  LoginInput,
  RecoveryInput,
  SessionClient,
  TokenAnswer,
} from '../contracts/auth';
import { authPaths } from '../contracts/paths';
import type { StaffUser } from '../contracts/user';
import type { Http } from './http';

/** The /auth routes (SPEC §7): each answers the whole envelope, whose `msg` the screens show. */
export const authClient = ({ call }: Http) => ({
  login: (input: LoginInput) => call<LoginAnswer>({ method: 'POST', url: authPaths.login, data: input }),
  checkSms: (input: CheckSmsInput) =>
    call<TokenAnswer<StaffUser | SessionClient>>({ method: 'POST', url: authPaths.checkSms, data: input }),
  recovery: (input: RecoveryInput) => call<null>({ method: 'POST', url: authPaths.recovery, data: input }),
  changePassword: (input: ChangePasswordInput) =>
    call<TokenAnswer<StaffUser | SessionClient>>({ method: 'POST', url: authPaths.changePassword, data: input }),
  /** Ends the session of the token given (staff or client). */
  logout: (token: string) => call<null>({ method: 'GET', url: authPaths.logout, headers: { Authorization: `Bearer ${token}` } }),
  softLogin: (email: string) => call<TokenAnswer<SessionClient>>({ method: 'POST', url: authPaths.softLogin, data: { email } }),
});
