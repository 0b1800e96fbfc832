import type { Core } from '@strapi/strapi';
import path from 'node:path';
import { appRoot } from '../src/lib/app-root';

/**
 * SQLite (embedded, no set-up) unless DATABASE_URL is set, which switches to
 * PostgreSQL. DATABASE_CLIENT may force either. Names follow Strapi's own template.
 */
export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const url = env('DATABASE_URL', '');
  const client = env('DATABASE_CLIENT', url ? 'postgres' : 'sqlite');

  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: url || undefined,
          host: env('DATABASE_HOST', 'localhost'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'strapi'),
          user: env('DATABASE_USERNAME', 'strapi'),
          password: env('DATABASE_PASSWORD', 'strapi'),
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 10000),
      },
    };
  }

  if (client !== 'sqlite') throw new Error(`DATABASE_CLIENT must be 'sqlite' or 'postgres', not '${client}'.`);
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(appRoot(), env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
    },
    acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 10000),
  };
};
