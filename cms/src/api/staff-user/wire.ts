import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import {
  ApiError,
  splitPhone,
  staffUserInputSchema,
  staffUserOrder,
  staffUserUpdateSchema,
  userPaths,
  type StaffUser,
  type StaffUserOrderField,
} from '@plataforma/adapter';
import type { ContextLike, ResourceSpec } from '@plataforma/adapter/server';
import { isValidPhone } from '@brazilian-utils/brazilian-utils';
import { hashPassword, STAFF_UID as UID } from '../../auth/accounts';
import { STAFF_COLUMNS, staffToWire, type StaffRow } from '../../auth/wire';
import { e164 } from '../../sms/phone';
import { guardedSend, requireSmsCountry } from '../../sms/guard';
import { smsSender } from '../../sms/sender';
import { smsText } from '../../sms/texts';

/** A temporary password that satisfies the password rules (sent by SMS to a new user). */
export const temporaryPassword = (): string => {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#$%&*@!?'];
  const all = sets.join('');
  const chars = sets.map((set) => set[crypto.randomInt(set.length)]);
  while (chars.length < 12) chars.push(all[crypto.randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
};

/** A staff user's phone as stored (area code and number), checked as a Brazilian phone when the country code is 55. */
export const phoneParts = (ddi: string | undefined, ddd: string | undefined, phone: string | undefined) => {
  if (phone === undefined) return {};
  const parts = splitPhone(ddd, phone);
  if ((ddi ?? '55') === '55' && !isValidPhone(`${parts.ddd}${parts.phone}`)) throw new ApiError(400, 'clients.error.invalidPhone');
  // A phone the product sends no SMS to could never receive a code (decision 084).
  if (parts.phone) requireSmsCountry(ddi);
  return parts;
};

/** Refuses an e-mail another staff user has (400 `auth.error.emailTaken`). */
export const emailTaken = async (strapi: Core.Strapi, email: string, exceptId?: number) => {
  const found = (await strapi.db.query(UID).findOne({ where: { email }, select: ['id'] })) as { id: number } | null;
  if (found && found.id !== exceptId) throw new ApiError(400, 'auth.error.emailTaken');
};

/** Refuses a change that would leave no admin but these users (400 `users.error.lastAdmin`): their demotion or deletion. */
export const refuseLastAdmin = async (strapi: Core.Strapi, ids: readonly number[]): Promise<void> => {
  const adminsLeft = await strapi.db.query(UID).count({ where: { role: 'admin', id: { $notIn: [...ids] } } });
  if (adminsLeft === 0) throw new ApiError(400, 'users.error.lastAdmin');
};

/** Sends a new user the temporary password they sign in with the first time (by SMS only). */
export const sendTemporaryPassword = async (strapi: Core.Strapi, id: number, password: string): Promise<void> => {
  const user = (await strapi.db.query(UID).findOne({ where: { id }, select: ['name', 'ddi', 'ddd', 'phone'] })) as StaffRow;
  const phone = e164(user);
  if (phone) await guardedSend(strapi, smsSender(strapi.log), phone, smsText.welcome(user.name, password));
};

/** Staff users for admins: list, get, create (first access), update (unlock), delete. */
export const staffUserSpec = (strapi: Core.Strapi): ResourceSpec<StaffRow, StaffUser, StaffUserOrderField> => ({
  uid: UID,
  path: userPaths.cms,
  searchFields: ['name', 'email'],
  order: staffUserOrder,
  select: STAFF_COLUMNS,
  toWire: staffToWire,
  input: {
    create: staffUserInputSchema,
    update: staffUserUpdateSchema,
    toData: async (raw: unknown, ctx: ContextLike) => {
      const isCreate = ctx.method === 'POST';
      const input = (isCreate ? staffUserInputSchema : staffUserUpdateSchema).parse(raw);
      const id = isCreate ? undefined : Number(ctx.params.id);
      if (input.email) await emailTaken(strapi, input.email, id);
      if (!isCreate && input.role === 'attendant' && id !== undefined) await refuseLastAdmin(strapi, [id]);
      const { ddd: _ddd, phone: _phone, ...rest } = input;
      const data: Record<string, unknown> = { ...rest, ...phoneParts(input.ddi, input.ddd, input.phone) };
      if (!isCreate) return { data };
      const password = temporaryPassword();
      Object.assign(data, { password: await hashPassword(password), firstAccess: true, loginLocked: false });
      return { data, afterWrite: (newId) => sendTemporaryPassword(strapi, newId, password) };
    },
  },
});
