import type { StandAttendant } from '@plataforma/adapter';

export const ATTENDANT_UID = 'api::stand-attendant.stand-attendant';

export interface StandAttendantRow {
  id: number;
  stand?: { id: number } | null;
  user?: { id: number; name: string; email: string; ddd: string | null; phone: string | null } | null;
}

/** The columns an assignment is read with: its stand's id and its user's contact. */
export const ATTENDANT_POPULATE = {
  stand: { select: ['id'] },
  user: { select: ['id', 'name', 'email', 'ddd', 'phone'] },
};

/** '(11) 98765-4321' from the area code and the number; null without a number. */
export const displayPhone = (ddd: string | null, phone: string | null): string | null => {
  if (!phone) return null;
  const number = phone.length > 4 ? `${phone.slice(0, -4)}-${phone.slice(-4)}` : phone;
  return ddd ? `(${ddd}) ${number}` : number;
};

/** An assignment as the attendants modal lists it (SPEC §3 Stand attendant): the user's name, e-mail and phone. */
export const standAttendantToWire = (
  row: StandAttendantRow & { user: NonNullable<StandAttendantRow['user']> },
  standId: number,
): StandAttendant => ({
  id: row.id,
  standId: row.stand?.id ?? standId,
  user: { id: row.user.id, name: row.user.name, email: row.user.email, phone: displayPhone(row.user.ddd, row.user.phone) },
});

/** Whether an assignment still names its user (one whose user is gone is never shown). */
export const hasUser = (row: StandAttendantRow): row is StandAttendantRow & { user: NonNullable<StandAttendantRow['user']> } =>
  Boolean(row.user);
