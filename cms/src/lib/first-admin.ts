import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { appendGeneratedEnv } from './secrets';
import { settings, settingsOf, type Env } from './settings';

/** The first administrator of Strapi's /admin, as the environment gives it. */
export interface FirstAdmin {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

export type FirstAdminPlan =
  | { kind: 'use'; admin: FirstAdmin }
  /** Development without the variables: one is generated and written to the git-ignored env file. */
  | { kind: 'generate'; admin: FirstAdmin };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Strapi's own rule for admin passwords: 8 to 72 bytes, a lower-case letter, an upper-case letter, a digit. */
export const adminPasswordProblem = (password: string): string | null => {
  if (password.length < 8) return 'at least 8 characters';
  if (new TextEncoder().encode(password).length > 72) return 'at most 72 bytes';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password))
    return 'a lower-case letter, an upper-case letter and a digit';
  return null;
};

const generatedPassword = () => `${crypto.randomBytes(18).toString('base64url')}aA1`;

/**
 * What the start does when /admin has no administrator yet (SPEC's stock tooling must not be open
 * to whoever comes first): the environment names one (`STRAPI_ADMIN_EMAIL`, `STRAPI_ADMIN_PASSWORD`,
 * optionally `STRAPI_ADMIN_FIRSTNAME`/`LASTNAME`); outside production a missing one is generated;
 * in production a missing or weak one stops the start, naming the variable.
 */
export const planFirstAdmin = (env?: Env): FirstAdminPlan => {
  const { production, firstAdmin } = settingsOf(env);
  const { email, password } = firstAdmin;
  const names = { firstname: firstAdmin.firstname, lastname: firstAdmin.lastname };
  if (!email && !password && !production) {
    return { kind: 'generate', admin: { email: 'admin@localhost.localdomain', password: generatedPassword(), ...names } };
  }
  if (!email) throw new Error('STRAPI_ADMIN_EMAIL is not set: name the first administrator of /admin (see config/.env.example).');
  if (!EMAIL.test(email)) throw new Error(`STRAPI_ADMIN_EMAIL is not an e-mail address: ${email}`);
  if (!password)
    throw new Error('STRAPI_ADMIN_PASSWORD is not set: give the first administrator of /admin a password (see config/.env.example).');
  const problem = adminPasswordProblem(password);
  if (problem) throw new Error(`STRAPI_ADMIN_PASSWORD is too weak: it needs ${problem}.`);
  return { kind: 'use', admin: { email: email.toLowerCase(), password, ...names } };
};

interface AdminUserService {
  exists(attributes?: Record<string, unknown>): Promise<boolean | number>;
  createFirstAdmin(attributes: Record<string, unknown>): Promise<unknown>;
}

/**
 * Creates Strapi's first administrator from the environment before the server listens, so
 * `POST /admin/register-admin` is never open on a running server (Strapi refuses it once an
 * administrator exists). Does nothing when one exists (a restored backup keeps its own).
 */
export const ensureFirstAdmin = async (strapi: Core.Strapi, env?: Env): Promise<void> => {
  const users = strapi.service('admin::user') as AdminUserService;
  if (await users.exists()) return;
  const plan = planFirstAdmin(env);
  const { admin } = plan;
  await users.createFirstAdmin({ ...admin });
  if (plan.kind === 'generate') {
    const file = appendGeneratedEnv(settings().secrets.file, [
      `STRAPI_ADMIN_EMAIL=${admin.email}`,
      `STRAPI_ADMIN_PASSWORD=${admin.password}`,
    ]);
    strapi.log.info(`[admin] first administrator of /admin created: ${admin.email}; its password is STRAPI_ADMIN_PASSWORD in ${file}`);
  } else {
    strapi.log.info(`[admin] first administrator of /admin created from STRAPI_ADMIN_EMAIL: ${admin.email}`);
  }
};
