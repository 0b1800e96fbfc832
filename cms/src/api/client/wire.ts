import type { Core } from '@strapi/strapi';
import { ApiError, splitPhone, type ClientProfile, type ClientProfileInput } from '@plataforma/adapter';
import { isValidCEP, isValidCPF, isValidPhone } from '@brazilian-utils/brazilian-utils';
import { CLIENT_UID } from '../../auth/accounts';
import { isoString } from '../../lib/wire';

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
  language: row.language ?? 'pt',
  facebook: row.facebook || null,
  twitter: row.twitter || null,
  linkedIn: row.linkedIn || null,
  createdAt: isoString(row.createdAt),
});

/**
 * Validates Brazilian documents with @brazilian-utils and maps a profile to attributes.
 * Empty strings clear a field. A taken e-mail answers 400 auth.error.emailTaken.
 */
export const clientData = async (
  strapi: Core.Strapi,
  input: Partial<ClientProfileInput>,
  exceptId?: number,
): Promise<Record<string, unknown>> => {
  if (input.cpf && !isValidCPF(input.cpf)) throw new ApiError(400, 'clients.error.invalidCpf');
  if (input.postalCode && !isValidCEP(input.postalCode)) throw new ApiError(400, 'clients.error.invalidCep');
  const data: Record<string, unknown> = { ...input };
  if (input.phone !== undefined || input.ddd !== undefined) {
    const parts = input.phone ? splitPhone(input.ddd ?? undefined, input.phone) : { ddd: input.ddd ?? '', phone: '' };
    const brazilian = (input.ddi ?? '55') === '55';
    if (parts.phone && brazilian && !isValidPhone(`${parts.ddd}${parts.phone}`)) throw new ApiError(400, 'clients.error.invalidPhone');
    data.ddd = parts.ddd || null;
    data.phone = parts.phone || null;
  }
  for (const [key, value] of Object.entries(data)) if (value === '') data[key] = null;
  if (input.email) {
    const found = (await strapi.db.query(CLIENT_UID).findOne({ where: { email: input.email }, select: ['id'] })) as { id: number } | null;
    if (found && found.id !== exceptId) throw new ApiError(400, 'auth.error.emailTaken');
  }
  return data;
};
