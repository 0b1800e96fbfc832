import { z } from 'zod';
import { AUTH_TYPES } from '../constants';
import { emailSchema, idSchema } from './common';

export { authPaths } from './paths';

/** Who signs in: staff ('user') or a client of the site (SPEC §4 agents). */
export const authTypeSchema = z.enum(AUTH_TYPES);

const smsCode = z
  .string()
  .trim()
  .regex(/^\d{3,10}$/);

export const loginInputSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200), type: authTypeSchema });
export type LoginInput = z.infer<typeof loginInputSchema>;

export const checkSmsInputSchema = z.object({
  email: emailSchema,
  code: smsCode,
  type: authTypeSchema,
  /**
   * The login attempt the code was sent for (answered by /auth/login): an addition to SPEC §7,
   * optional so a client built on the SPEC signs in. Without it the account's newest live code
   * of the login is the one checked (same tries, same expiry).
   */
  attemptId: z.string().min(10).max(64).optional(),
});
export type CheckSmsInput = z.infer<typeof checkSmsInputSchema>;

export const recoveryInputSchema = z.object({ email: emailSchema, type: authTypeSchema });
export type RecoveryInput = z.infer<typeof recoveryInputSchema>;

export const changePasswordInputSchema = z.object({
  email: emailSchema,
  type: authTypeSchema,
  password1: z.string().max(200),
  password2: z.string().max(200),
  code: smsCode,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const softLoginInputSchema = z.object({ email: emailSchema });
export type SoftLoginInput = z.infer<typeof softLoginInputSchema>;

// The password rules are zod-free, so the venue's forms can check them without the schema library.
export { PASSWORD_RULES, passwordProblems, type PasswordRule } from '../password';

/** The client as the session knows it; personal data only with a full login. */
export const sessionClientSchema = z.object({ id: idSchema, name: z.string(), email: z.string(), soft: z.boolean() });
export type SessionClient = z.infer<typeof sessionClientSchema>;

/** /auth/login answers one of these. */
export type LoginAnswer =
  | { firstAccess: true; sms: true; attemptId: null }
  | { firstAccess: false; sms: true; attemptId: string; resendIn: number }
  | { firstAccess: false; sms: false; token: string; client: SessionClient };

export interface TokenAnswer<T> {
  token: string;
  expiresAt: string;
  account: T;
}
