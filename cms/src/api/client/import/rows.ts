import { clientAdminInputSchema, emailSchema, type ImportField, type ImportReject, type MessageKey } from '@plataforma/adapter';
import { cityOf, stateCodeOf } from '../../../lib/reference';
import { documentProblems } from '../wire';
import type { ImportColumn } from './headers';

/** The fields an imported row writes (those of its file's columns, blanks left out). */
export type ImportData = Partial<Record<ImportField, string>> & { name: string; email: string };

export type RowOutcome = { ok: true; data: ImportData } | { ok: false; rejects: ImportReject[] };

const LIMITS: Partial<Record<ImportField, number>> = { name: 200, email: 200, address: 300, city: 120 };

const cut = (value: string): string | null => (value === '' ? null : value.length > 100 ? `${value.slice(0, 100)}…` : value);

/** Digits of a cell; a number that lost its leading zeros in a spreadsheet (CPF '1234567890', CEP '1310100') gets them back. */
const documentDigits = (raw: string, length: number): string => {
  const only = raw.replace(/\D/g, '');
  return /^\d+$/.test(raw.trim()) && only.length < length && only.length >= length - 3 ? only.padStart(length, '0') : only;
};

/**
 * One row of a sheet checked with the rules of the client form (the contract's schema, the
 * Brazilian documents of `documentProblems`, a state of the reference data and a city of that
 * state), forgiving what people type in spreadsheets: masks and spaces, a state by name, a city
 * without its accents, a CPF or CEP that lost its leading zeros, a phone with +55 in front. Every
 * problem of the row is reported (row number, the column's header, a message key, the cell).
 */
export const checkRow = (row: number, cells: readonly string[], columns: readonly ImportColumn[]): RowOutcome => {
  const raw = new Map<ImportField, { header: string; value: string }>();
  for (const column of columns) raw.set(column.field, { header: column.header, value: (cells[column.index] ?? '').trim() });
  const rejects: ImportReject[] = [];
  const reject = (field: ImportField | null, key: MessageKey) =>
    rejects.push({
      row,
      column: field ? (raw.get(field)?.header ?? null) : null,
      key,
      value: field ? cut(raw.get(field)?.value ?? '') : null,
    });
  const value = (field: ImportField): string => raw.get(field)?.value ?? '';

  for (const [field, limit] of Object.entries(LIMITS) as Array<[ImportField, number]>)
    if (value(field).length > limit) reject(field, 'clients.import.tooLong');

  const name = value('name').replace(/\s+/g, ' ');
  if (!name) reject('name', 'clients.import.missingName');
  const emailText = value('email');
  const email = emailSchema.safeParse(emailText);
  if (!emailText) reject('email', 'clients.import.missingEmail');
  else if (!email.success && emailText.length <= 200) reject('email', 'clients.import.invalidEmail');

  const data: ImportData = { name, email: email.success ? email.data : '' };
  const cpf = documentDigits(value('cpf'), 11);
  const postalCode = documentDigits(value('postalCode'), 8);
  let ddi = value('ddi').replace(/\D/g, '');
  const ddd = value('ddd').replace(/\D/g, '');
  let phone = value('phone').replace(/\D/g, '');
  // '+55 11 91234-5678' in one cell: the country code leads a Brazilian number of 12 or 13 digits.
  if (!ddi && !ddd && /^55\d{10,11}$/.test(phone) && /^\s*(\+|00)?\s*55/.test(value('phone'))) {
    ddi = '55';
    phone = phone.slice(2);
  }
  if (value('cpf') && cpf.length !== 11) reject('cpf', 'clients.error.invalidCpf');
  if (value('postalCode') && postalCode.length !== 8) reject('postalCode', 'clients.error.invalidCep');
  if (ddi.length > 4) reject('ddi', 'clients.import.invalidValue');
  if (ddd.length > 3) reject('ddd', 'clients.import.invalidValue');
  if (phone.length > 13) reject('phone', 'clients.error.invalidPhone');
  const documents = documentProblems({
    cpf: cpf.length === 11 ? cpf : undefined,
    postalCode: postalCode.length === 8 ? postalCode : undefined,
    ddi: ddi || undefined,
    ddd: ddd || undefined,
    phone: phone && phone.length <= 13 ? phone : undefined,
  });
  for (const problem of documents.problems) reject(problem.field, problem.key);
  if (cpf.length === 11) data.cpf = cpf;
  if (postalCode.length === 8) data.postalCode = postalCode;
  if (ddi) data.ddi = ddi;
  if (documents.phone?.phone) {
    data.ddd = documents.phone.ddd || undefined;
    data.phone = documents.phone.phone;
  } else if (ddd) data.ddd = ddd;

  const stateText = value('state');
  const state = stateText ? stateCodeOf(stateText) : null;
  if (stateText && !state) reject('state', 'clients.error.invalidState');
  if (state) data.state = state;
  const cityText = value('city');
  if (cityText) {
    const city = state ? cityOf(state, cityText) : null;
    if (city) data.city = city;
    else if (!stateText || state) reject('city', 'clients.error.invalidCity');
  }
  const address = value('address');
  if (address) data.address = address;

  if (rejects.length) return { ok: false, rejects };
  // The form's own schema, last: what passes here is what the back office would have saved.
  const checked = clientAdminInputSchema.safeParse(data);
  if (!checked.success) {
    const field = checked.error.issues[0]?.path[0];
    reject(typeof field === 'string' && raw.has(field as ImportField) ? (field as ImportField) : null, 'clients.import.invalidValue');
    return { ok: false, rejects };
  }
  return { ok: true, data };
};
