import { logPaths, type Log } from '@plataforma/adapter';
import { resourceApi } from '../api';

/** The activity log is read only (SPEC §2.3). */
const logs = resourceApi<Log>(logPaths.cms);

export const logKeys = logs.keys;
export const logsListQuery = logs.listQuery;
