import { loadSettings } from '../src/lib/settings';

interface PgConnection {
  query(text: string, callback: (error: Error | null) => void): void;
}

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
        pool: {
          ...database.pool,
          // No JIT compilation (decision 057): the product's statements are short, and on the
          // dashboards' aggregates PostgreSQL spent ~110 ms compiling for a 60 ms query.
          afterCreate: (connection: PgConnection, done: (error: Error | null, connection: PgConnection) => void) => {
            connection.query('SET jit = off', (error) => done(error, connection));
          },
        },
        acquireConnectionTimeout: database.connectionTimeoutMs,
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: database.filename },
      useNullAsDefault: true,
      // Write-ahead log (decision 027): one flush per commit instead of several, readers never
      // wait for a writer; synchronous stays FULL, so a committed transaction survives a crash.
      pool: {
        afterCreate: (connection: { pragma: (source: string) => unknown }, done: (error: Error | null, connection: unknown) => void) => {
          try {
            connection.pragma('journal_mode = WAL');
            connection.pragma('synchronous = FULL');
            done(null, connection);
          } catch (error) {
            done(error as Error, connection);
          }
        },
      },
    },
    acquireConnectionTimeout: database.connectionTimeoutMs,
  };
};
