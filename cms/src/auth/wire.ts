import type { SessionClient, StaffRole, StaffUser } from '@plataforma/adapter';
import { isoString } from '../lib/wire';

export const ROLE_LABEL: Record<StaffRole, string> = { admin: 'Administrador', attendant: 'Atendente' };

export interface StaffRow {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  ddi: string | null;
  ddd: string | null;
  phone: string | null;
  language: 'pt' | 'en' | 'al' | null;
  loginLocked?: boolean | null;
  createdAt: string | Date;
}

export const STAFF_COLUMNS = ['id', 'name', 'email', 'role', 'ddi', 'ddd', 'phone', 'language', 'loginLocked', 'createdAt'];

export const staffToWire = (row: StaffRow): StaffUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  roleLabel: ROLE_LABEL[row.role],
  ddi: row.ddi ?? null,
  ddd: row.ddd ?? null,
  phone: row.phone ?? null,
  language: row.language ?? 'pt',
  loginLocked: Boolean(row.loginLocked),
  createdAt: isoString(row.createdAt),
});

export const sessionClient = (row: { id: number; name: string; email: string }, soft: boolean): SessionClient => ({
  id: row.id,
  name: row.name,
  email: row.email,
  soft,
});
