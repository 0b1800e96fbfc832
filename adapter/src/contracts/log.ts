import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import { idSchema } from './common';

export { logPaths } from './paths';

/** A line of the activity log (SPEC §3 Log); the id is the protocol number. */
export const logSchema = z.object({
  id: idSchema,
  username: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Log = z.infer<typeof logSchema>;

export const logOrder = listOrder(['id', 'username', 'email', 'ip', 'createdAt'], { field: 'id', direction: 'desc' });
export type LogOrderField = OrderFieldOf<typeof logOrder>;
