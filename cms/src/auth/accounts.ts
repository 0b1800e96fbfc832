import bcrypt from 'bcryptjs';
import type { Core } from '@strapi/strapi';
import type { AuthType, StaffRole } from '@plataforma/adapter';
import type { Audience } from './tokens';
import { authSettings } from './settings';

export const STAFF_UID = 'api::staff-user.staff-user';
export const CLIENT_UID = 'api::client.client';

export interface AccountRow {
  id: number;
  name: string;
  email: string;
  password: string | null;
  ddi: string | null;
  ddd: string | null;
  phone: string | null;
  loginLocked: boolean | null;
  firstAccess?: boolean | null;
  role?: StaffRole;
}

export const audienceOf = (type: AuthType): Audience => (type === 'user' ? 'staff' : 'client');
export const uidOf = (audience: Audience) => (audience === 'staff' ? STAFF_UID : CLIENT_UID);

const COLUMNS = ['id', 'name', 'email', 'password', 'ddi', 'ddd', 'phone', 'loginLocked'];

export const findAccount = async (strapi: Core.Strapi, audience: Audience, email: string): Promise<AccountRow | null> =>
  (await strapi.db.query(uidOf(audience)).findOne({
    where: { email: email.trim().toLowerCase() },
    select: audience === 'staff' ? [...COLUMNS, 'firstAccess', 'role'] : COLUMNS,
  })) as AccountRow | null;

// A real hash of a random secret: comparing against it costs the same as a real account.
const DUMMY_HASH = bcrypt.hashSync(`dummy-${Math.random()}`, 10);

/** Compares in constant work whether or not the account exists or has a password. */
export const passwordMatches = async (account: AccountRow | null, password: string): Promise<boolean> => {
  const hash = account?.password ?? DUMMY_HASH;
  const ok = await bcrypt.compare(password, hash);
  return ok && Boolean(account?.password);
};

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, authSettings().bcryptCost);
