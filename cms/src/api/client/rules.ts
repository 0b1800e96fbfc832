import { ApiError, clientAdminInputSchema, clientAdminUpdateSchema } from '@plataforma/adapter';
import { nullAsAbsent, type DocumentRules } from '../../documents/rules';
import { removeClientDependents } from './removal';
import { checkClient, clientData, CLIENT_UID } from './wire';

/**
 * A client's rules on every write path (it has no content-API route, decision 019; staff reach it
 * in the Content Manager): the back office's schema, a free e-mail, a real place, and the
 * Brazilian documents (CPF, CEP, phone), the same functions the back office's route runs.
 */
export const clientRules: DocumentRules = {
  uid: CLIENT_UID,
  labels: { one: 'cliente', many: 'clientes' },
  logAction: 'clients',
  create: clientAdminInputSchema,
  update: clientAdminUpdateSchema,
  fields: { language: nullAsAbsent },
  // Set by its owner only (at registration, first access or recovery): never here (decision 077).
  kept: { password: 'api.error.passwordHere' },
  check: async (strapi, input, { id }) => {
    // An account its owner deleted stays anonymised (LGPD, decision 032): no one writes it back.
    if (id) {
      const row = (await strapi.db.query(CLIENT_UID).findOne({ where: { id }, select: ['erasedAt'] })) as {
        erasedAt: string | Date | null;
      } | null;
      if (row?.erasedAt) throw new ApiError(409, 'clients.error.erased');
    }
    await checkClient(strapi, input, id ?? undefined);
    await clientData(strapi, input, id ?? undefined);
  },
  // A deletion in the Content Manager takes what the back office's deletion takes (removal.ts).
  beforeDelete: (strapi, id) => removeClientDependents(strapi, [id]),
  keyFields: {
    'clients.error.emailTaken': 'email',
    'auth.error.emailTaken': 'email',
    'clients.error.invalidCpf': 'cpf',
    'clients.error.invalidCep': 'postalCode',
    'clients.error.invalidPhone': 'phone',
    'clients.error.invalidState': 'state',
    'clients.error.invalidCity': 'city',
  },
};
