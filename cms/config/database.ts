import { loadSettings } from '../src/lib/settings';

/**
 * SQLite (embedded, no set-up) unless DATABASE_URL is set, which switches to
 * PostgreSQL. DATABASE_CLIENT may force either. Names follow Strapi's own template;
 * values are parsed and checked by src/lib/settings.ts.
 */
export default () => {
  const { database } = loadSettings();
  if (database.client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: database.url || undefined,
          host: database.host,
          port: database.port,
          database: database.name,
          user: database.username,
          password: database.password,
          ssl: database.ssl,
          schema: database.schema,
        },
        pool: database.pool,
        acquireConnectionTimeout: database.connectionTimeoutMs,
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: database.filename },
      useNullAsDefault: true,
    },
    acquireConnectionTimeout: database.connectionTimeoutMs,
  };
};
