import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { repoRoot } from './app-root';

/** Splits an SQL file into statements (no semicolons inside our statements). */
export const sqlStatements = (sql: string): string[] =>
  sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);

/** Applies database/sql/<client>.sql: the indexes Strapi does not create. */
export const ensureIndexes = async (strapi: Core.Strapi): Promise<void> => {
  const client = strapi.db.dialect.client === 'postgres' ? 'postgres' : 'sqlite';
  const file = path.join(repoRoot(), 'database', 'sql', `${client}.sql`);
  if (!fs.existsSync(file)) return;
  for (const statement of sqlStatements(fs.readFileSync(file, 'utf8'))) {
    try {
      await strapi.db.connection.raw(statement);
    } catch (error) {
      strapi.log.warn(`[indexes] skipped: ${statement.split('\n')[0]} (${(error as Error).message})`);
    }
  }
};
