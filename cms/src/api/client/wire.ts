import type { Core } from '@strapi/strapi';
import {
  ApiError,
  clientAdminInputSchema,
  clientAdminUpdateSchema,
  clientOrder,
  clientPaths,
  derivedPhones,
  splitPhone,
  type ClientOrderField,
  type ClientProfile,
  type ClientProfileInput,
  type MessageKey,
} from '@plataforma/adapter';
import type { ContextLike, ResourceSpec } from '@plataforma/adapter/server';
import { isValidCEP, isValidCPF, isValidPhone } from '@brazilian-utils/brazilian-utils';
import { CLIENT_UID } from '../../auth/accounts';
import { isCityOf, isStateCode } from '../../lib/reference';
import { isoString } from '../../lib/wire';
import { smsCountryAllowed } from '../../sms/guard';

export { CLIENT_UID };

export interface ClientRow {
  id: number;
  name: string;
  email: string;
  cpf: string | null;
  postalCode: string | null;
  address: string | null;
  state: string | null;
  city: string | null;
  ddi: string | null;
  ddd: string | null;
  phone: string | null;
  language: 'pt' | 'en' | 'al' | null;
  facebook: string | null;
  twitter: string | null;
  linkedIn: string | null;
  createdAt: string | Date;
}

export const CLIENT_COLUMNS = [
  'id',
  'name',
  'email',
  'cpf',
  'postalCode',
  'address',
  'state',
  'city',
  'ddi',
  'ddd',
  'phone',
  'language',
  'facebook',
  'twitter',
  'linkedIn',
  'createdAt',
];

export const clientToWire = (row: ClientRow): ClientProfile => ({
  id: row.id,
  name: row.name,
  email: row.email,
  cpf: row.cpf || null,
  postalCode: row.postalCode || null,
  address: row.address || null,
  state: row.state || null,
  city: row.city || null,
  ddi: row.ddi || null,
  ddd: row.ddd || null,
  phone: row.phone || null,
  ...derivedPhones({ ddi: row.ddi || null, ddd: row.ddd || null, phone: row.phone || null }),
  language: row.language ?? 'pt',
  facebook: row.facebook || null,
  twitter: row.twitter || null,
  linkedIn: row.linkedIn || null,
  createdAt: isoString(row.createdAt),
});

/** A field of a client's profile that breaks a rule, with the message key that says which. */
export interface FieldProblem {
  field: 'cpf' | 'postalCode' | 'phone' | 'state' | 'city';
  key: MessageKey;
}

/**
 * The Brazilian document rules of a profile (one definition: the back office's form, the site's
 * registration and the spreadsheet import all pass here): CPF check digits and CEP with
 * @brazilian-utils, and a Brazilian phone (DDI 55 or none) with its area code. Answers the
 * problems found, and the phone split into DDD and number. A phone whose calling code is outside
 * SMS_COUNTRIES is refused (`auth.error.smsCountry`, decision 084): it could never receive its
 * codes, and foreign premium ranges are what SMS pumping sends to; `anyCountry` only compares.
 */
export const documentProblems = (
  input: Pick<Partial<ClientProfileInput>, 'cpf' | 'postalCode' | 'ddi' | 'ddd' | 'phone'>,
  { anyCountry = false }: { anyCountry?: boolean } = {},
): { problems: FieldProblem[]; phone?: { ddd: string; phone: string } } => {
  const problems: FieldProblem[] = [];
  if (input.cpf && !isValidCPF(input.cpf)) problems.push({ field: 'cpf', key: 'clients.error.invalidCpf' });
  if (input.postalCode && !isValidCEP(input.postalCode)) problems.push({ field: 'postalCode', key: 'clients.error.invalidCep' });
  if (input.phone === undefined && input.ddd === undefined) return { problems };
  const parts = input.phone ? splitPhone(input.ddd ?? undefined, input.phone) : { ddd: input.ddd ?? '', phone: '' };
  const brazilian = (input.ddi ?? '55') === '55';
  if (parts.phone && brazilian && !isValidPhone(`${parts.ddd}${parts.phone}`))
    problems.push({ field: 'phone', key: 'clients.error.invalidPhone' });
  if (parts.phone && !anyCountry && !smsCountryAllowed(input.ddi)) problems.push({ field: 'phone', key: 'auth.error.smsCountry' });
  return { problems, phone: parts };
};

/**
 * Validates Brazilian documents (`documentProblems`) and maps a profile to attributes.
 * Empty strings clear a field. A taken e-mail answers 400 auth.error.emailTaken.
 */
export const clientData = async (
  strapi: Core.Strapi,
  input: Partial<ClientProfileInput>,
  exceptId?: number,
  options: { anyCountry?: boolean } = {},
): Promise<Record<string, unknown>> => {
  const { problems, phone } = documentProblems(input, options);
  if (problems.length) throw new ApiError(400, problems[0].key);
  const data: Record<string, unknown> = { ...input };
  if (phone) {
    data.ddd = phone.ddd || null;
    data.phone = phone.phone || null;
  }
  for (const [key, value] of Object.entries(data)) if (value === '') data[key] = null;
  if (input.email) {
    const found = (await strapi.db.query(CLIENT_UID).findOne({ where: { email: input.email }, select: ['id'] })) as { id: number } | null;
    if (found && found.id !== exceptId) throw new ApiError(400, 'auth.error.emailTaken');
  }
  return data;
};

/**
 * The place of a client as the back office sets it: a state code of the reference data, and a
 * city of that state (a city needs its state; the form's city select opens once a state is
 * chosen). `stored` is the row's current place, which a partial update keeps.
 */
export const checkPlace = (
  input: Pick<ClientProfileInput, 'state' | 'city'>,
  stored: { state: string | null; city: string | null } = { state: null, city: null },
): void => {
  const state = input.state !== undefined ? input.state || null : stored.state;
  const city = input.city !== undefined ? input.city || null : stored.city;
  if (state && !isStateCode(state)) throw new ApiError(400, 'clients.error.invalidState');
  if (city && (!state || !isCityOf(state, city))) throw new ApiError(400, 'clients.error.invalidCity');
};

/** Refuses an e-mail another client holds, whatever its case: 409 clients.error.emailTaken. */
const emailTaken = async (strapi: Core.Strapi, email: string, exceptId?: number): Promise<void> => {
  const found = (await strapi.db.query(CLIENT_UID).findOne({ where: { email: { $eqi: email } }, select: ['id'] })) as {
    id: number;
  } | null;
  if (found && found.id !== exceptId) throw new ApiError(409, 'clients.error.emailTaken');
};

/**
 * The back office's rules of a client beyond its schema (and `clientData`'s documents): an
 * e-mail no other client holds, and a place of the reference data. `id` is the client an update
 * changes. The Content Manager's writes pass here too (`./rules`).
 */
export const checkClient = async (strapi: Core.Strapi, input: Partial<ClientProfileInput>, id?: number): Promise<void> => {
  if (input.email) await emailTaken(strapi, input.email, id);
  const stored = id
    ? ((await strapi.db.query(CLIENT_UID).findOne({ where: { id }, select: ['state', 'city'] })) as Pick<ClientRow, 'state' | 'city'>)
    : undefined;
  checkPlace(input, stored ?? undefined);
};

/**
 * Clients for admins (SPEC §2.3, §7): list (search by name or e-mail), get, create, update.
 * Staff add a client without a password: the client enters the venue with the soft login (the
 * e-mail only) and may set a password later by recovery. A phone set here needs no SMS code:
 * staff are trusted to type the phone the client gave them, unlike a client changing their own
 * second factor on the site (`PUT /clients/me/phone`).
 */
export const clientAdminSpec = (strapi: Core.Strapi): ResourceSpec<ClientRow, ClientProfile, ClientOrderField> => ({
  uid: CLIENT_UID,
  path: clientPaths.cms,
  searchFields: ['name', 'email'],
  order: clientOrder,
  // Accounts their owners deleted (LGPD, decision 032) are not clients any more: the row stays
  // for the law's records only.
  baseWhere: { erasedAt: null },
  select: CLIENT_COLUMNS,
  toWire: clientToWire,
  input: {
    create: clientAdminInputSchema,
    update: clientAdminUpdateSchema,
    toData: async (raw: unknown, ctx: ContextLike) => {
      const isCreate = ctx.method === 'POST';
      const input = (isCreate ? clientAdminInputSchema : clientAdminUpdateSchema).parse(raw);
      const id = isCreate ? undefined : Number(ctx.params.id);
      await checkClient(strapi, input, id);
      const data = await clientData(strapi, input, id);
      if (isCreate) Object.assign(data, { listedInNetwork: false, networkShowEmail: false, loginLocked: false });
      return { data };
    },
  },
});
