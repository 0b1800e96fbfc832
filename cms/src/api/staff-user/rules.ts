import { staffUserInputSchema, staffUserUpdateSchema } from '@plataforma/adapter';
import { nullAsAbsent, type DocumentRules } from '../../documents/rules';
import { hashPassword, STAFF_UID } from '../../auth/accounts';
import { clearFailures } from '../../auth/challenges';
import { emailTaken, phoneParts, refuseLastAdmin, sendTemporaryPassword, temporaryPassword } from './wire';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * A staff user's rules on the stock paths (it has no content-API route, decision 019; the
 * Content Manager lists it), as `/api/cms/v1/users` holds them (decision 077):
 * - who: the back office lets only its admins change users; in /admin only a Super Admin (the
 *   role that already gives every /admin permission). Strapi's Editor and Author roles, and any
 *   role made in /admin, are refused before anything is read or stored — an Editor moving the
 *   admin's phone to theirs was a way to become the product's admin (issue 47);
 * - what: the back office's schema (name, e-mail, country code, phone, role, language, the lock),
 *   a free e-mail (stored in lower case, as sign-in looks it up), a Brazilian phone when the code
 *   is 55, never the last admin made an attendant or deleted;
 * - never here: the password (a new user gets a temporary one by SMS and chooses their own at
 *   first access; a password typed in the form or copied by a clone is not kept), the first
 *   access flag, and the stands they answer (the attendants modal, or an assignment's own rules);
 * - an unlock forgives the wrong codes counted so far, as the back office's does;
 * - the log line names what changed of the second factor and the role ('telefone', 'papel'…).
 */
export const staffUserRules: DocumentRules = {
  uid: STAFF_UID,
  labels: { one: 'usuário', many: 'usuários' },
  logAction: 'users',
  create: staffUserInputSchema,
  update: staffUserUpdateSchema,
  who: (author) => (author.adminUser?.superAdmin || author.staff?.role === 'admin' ? null : 'users.error.superAdminOnly'),
  fields: { language: nullAsAbsent, ddd: nullAsAbsent },
  kept: { password: 'api.error.passwordHere', firstAccess: 'users.error.firstAccessHere' },
  normalize: (data) => {
    if (typeof data.email === 'string') data.email = data.email.trim().toLowerCase();
  },
  check: async (strapi, input, { id, stored }) => {
    const user = input as { email?: string; role?: string; ddi?: string; ddd?: string; phone?: string };
    if (user.email) await emailTaken(strapi, user.email, id ?? undefined);
    if (id !== null && user.role === 'attendant') await refuseLastAdmin(strapi, [id]);
    // The phone as the write leaves it: a change of any of its parts is checked whole.
    if (user.ddi !== undefined || user.ddd !== undefined || user.phone !== undefined)
      phoneParts(user.ddi ?? text(stored?.ddi), user.ddd ?? text(stored?.ddd), user.phone ?? text(stored?.phone));
  },
  keyFields: { 'auth.error.emailTaken': 'email', 'clients.error.invalidPhone': 'phone', 'users.error.lastAdmin': 'role' },
  changeLabels: {
    role: 'papel',
    ddi: 'telefone',
    ddd: 'telefone',
    phone: 'telefone',
    email: 'e-mail',
    loginLocked: 'bloqueio do acesso',
    name: 'nome',
    language: 'idioma',
  },
  beforeDelete: (strapi, id) => refuseLastAdmin(strapi, [id]),
  after: async (strapi, { action, ids, stored }) => {
    const [id] = ids;
    if (id === undefined || action === 'delete') return;
    if (action === 'create' || action === 'clone') {
      // As the back office's create: a temporary password only its owner receives, first access ahead.
      const password = temporaryPassword();
      await strapi.db
        .query(STAFF_UID)
        .update({ where: { id }, data: { password: await hashPassword(password), firstAccess: true, loginLocked: false } });
      return () => sendTemporaryPassword(strapi, id, password);
    }
    const row = (await strapi.db.query(STAFF_UID).findOne({ where: { id }, select: ['loginLocked'] })) as { loginLocked: boolean | null };
    if (stored?.loginLocked && !row.loginLocked) await clearFailures(strapi, 'staff', id);
  },
};
