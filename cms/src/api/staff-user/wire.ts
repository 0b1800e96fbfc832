import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { ApiError, splitPhone, staffUserInputSchema, staffUserUpdateSchema, type StaffUser } from '@plataforma/adapter';
import type { ContextLike, ResourceSpec } from '@plataforma/adapter/server';
import { isValidPhone } from '@brazilian-utils/brazilian-utils';
import { hashPassword } from '../../auth/accounts';
import { STAFF_COLUMNS, staffToWire, type StaffRow } from '../../auth/wire';

const UID = 'api::staff-user.staff-user';

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

const phoneParts = (ddi: string | undefined, ddd: string | undefined, phone: string | undefined) => {
  if (phone === undefined) return {};
  const parts = splitPhone(ddd, phone);
  if ((ddi ?? '55') === '55' && !isValidPhone(`${parts.ddd}${parts.phone}`)) throw new ApiError(400, 'clients.error.invalidPhone');
  return parts;
};

const emailTaken = async (strapi: Core.Strapi, email: string, exceptId?: number) => {
  const found = (await strapi.db.query(UID).findOne({ where: { email }, select: ['id'] })) as { id: number } | null;
  if (found && found.id !== exceptId) throw new ApiError(400, 'auth.error.emailTaken');
};

/** Staff users for admins: list, get, create (first access), update (unlock), delete. */
export const staffUserSpec = (strapi: Core.Strapi): ResourceSpec<StaffRow, StaffUser, 'id' | 'name' | 'email' | 'role' | 'createdAt'> => ({
  uid: UID,
  path: '/users',
  searchFields: ['name', 'email'],
  orderFields: { id: 'id', name: 'name', email: 'email', role: 'role', createdAt: 'createdAt' },
  defaultOrder: { field: 'id', direction: 'asc' },
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
      if (!isCreate && input.role === 'attendant') {
        const admins = await strapi.db.query(UID).count({ where: { role: 'admin', id: { $ne: id } } });
        if (admins === 0) throw new ApiError(400, 'users.error.lastAdmin');
      }
      const { ddd: _ddd, phone: _phone, ...rest } = input;
      const data: Record<string, unknown> = { ...rest, ...phoneParts(input.ddi, input.ddd, input.phone) };
      if (isCreate) {
        const password = temporaryPassword();
        ctx.state.temporaryPassword = password;
        Object.assign(data, { password: await hashPassword(password), firstAccess: true, loginLocked: false });
      }
      return data;
    },
  },
});
