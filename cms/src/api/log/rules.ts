import type { ReadOnlyType } from '../../documents/rules';
import { LOG_UID } from '../../activity/log';

/**
 * The activity log on the stock paths: read only in the Content Manager (it has no content-API
 * route, decision 019) — its lines are written by the platform, one per change, and never
 * created, changed or deleted by hand. Below the document service the query engine refuses to
 * change or delete a line too (`keepAppendOnly`, decision 077).
 */
export const logRules: ReadOnlyType = { uid: LOG_UID, readOnly: 'api.error.appendOnlyLog' };
