import { settingsOf, type Env, type Settings } from '../../../lib/settings';

/**
 * The clients import's settings (decision 022; parsed by lib/settings.ts): `maxBytes`
 * (IMPORT_MAX_MB, default 25), `maxRows` (IMPORT_MAX_ROWS, default 200,000), `maxExpandedBytes`
 * (IMPORT_MAX_EXPANDED_MB, default 512), `dir` (IMPORT_DIR, default cms/.tmp/imports), the
 * rejected rows a report keeps and the rows written per transaction.
 */
export type ImportSettings = Settings['import'];

export const importSettings = (env?: Env): ImportSettings => settingsOf(env).import;
