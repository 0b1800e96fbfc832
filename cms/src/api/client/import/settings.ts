import path from 'node:path';
import { appRoot } from '../../../lib/app-root';

type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;

const positive = (env: Env, name: string, fallback: number, unit: string): number => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} takes a number of ${unit} greater than 0, not '${raw}'.`);
  return value;
};

export interface ImportSettings {
  /** Largest spreadsheet accepted, in bytes (IMPORT_MAX_MB, default 25). */
  maxBytes: number;
  /** Data rows a spreadsheet may hold (IMPORT_MAX_ROWS, default 200,000). */
  maxRows: number;
  /** What an XLSX's sheet and strings may inflate to, in bytes (IMPORT_MAX_EXPANDED_MB, default 512). */
  maxExpandedBytes: number;
  /** Where queued spreadsheets wait for their turn (IMPORT_DIR, default cms/.tmp/imports). */
  dir: string;
  /** Rejected rows a job's report keeps (the count is always exact). */
  reportRows: number;
  /** Rows written per transaction (each commit costs a disk flush: fewer, larger ones). */
  batchRows: number;
}

export const importSettings = (env: Env = process.env): ImportSettings => ({
  maxBytes: Math.floor(positive(env, 'IMPORT_MAX_MB', 25, 'megabytes') * MB),
  maxRows: Math.floor(positive(env, 'IMPORT_MAX_ROWS', 200_000, 'rows')),
  maxExpandedBytes: Math.floor(positive(env, 'IMPORT_MAX_EXPANDED_MB', 512, 'megabytes') * MB),
  dir: env.IMPORT_DIR?.trim() ? path.resolve(env.IMPORT_DIR.trim()) : path.join(appRoot(), '.tmp', 'imports'),
  reportRows: 20_000,
  batchRows: 5_000,
});
