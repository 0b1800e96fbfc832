import { logOrder, logPaths, type Log, type LogOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { isoString } from '../../lib/wire';

interface LogRow {
  id: number;
  username: string | null;
  email: string | null;
  ip: string | null;
  action: string | null;
  description: string;
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** The activity log, read-only; the id is the protocol number. */
export const logSpec: ResourceSpec<LogRow, Log, LogOrderField> = {
  uid: 'api::log.log',
  path: logPaths.cms,
  searchFields: ['username', 'email', 'description', 'ip'],
  order: logOrder,
  select: ['id', 'username', 'email', 'ip', 'action', 'description', 'createdAt', 'updatedAt'],
  toWire: (row) => ({
    id: row.id,
    username: row.username ?? null,
    email: row.email ?? null,
    ip: row.ip ?? null,
    action: row.action ?? null,
    description: row.description,
    createdAt: isoString(row.createdAt),
    updatedAt: isoString(row.updatedAt),
  }),
};
