import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { orderPaths, PAYMENT_PROVIDERS, SITE_PREFIX, UPLOAD_DEFAULT_MAX_MB } from '@plataforma/adapter';
import { z } from 'zod';
import { appRoot } from './app-root';
import { corsOrigins } from './cors';
import { trustedProxies } from './proxy';
import { ensureSecrets } from './secrets';
import { videoEmbedHosts, videoEmbedOrigins } from './video-hosts';

/**
 * The one place the server reads its environment (decision 025). Every variable is declared
 * here with its default and expected form, and explained in config/.env.example. A malformed
 * value stops the start naming the variable and the form it takes (`CONTACTS_PER_10_MINUTES
 * takes a whole number ≥ 1, not 'abc'`), instead of turning into NaN and switching a rule off.
 *
 * `loadSettings()` (the config files, each boot) generates missing development secrets, parses
 * process.env and keeps the result; `settings()` answers it. `parseSettings(env)` is the pure
 * parser, for tests and for the per-area helpers that take an env object.
 */

export type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;
const SECRET = /SECRET|PASSWORD|SALT|KEY|TOKEN/;

/** A variable: blank counts as unset; a malformed value is an issue whose message is the expected form. */
const variable = <T>(expected: string, read: (raw: string) => T | undefined, fallback: T) =>
  z
    .string()
    .optional()
    .transform((value, ctx): T => {
      const raw = value?.trim();
      if (raw === undefined || raw === '') return fallback;
      const parsed = read(raw);
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: expected });
        return z.NEVER;
      }
      return parsed;
    });

const text = (fallback = '') => variable('text', (raw) => raw, fallback);
/** Passwords keep their spaces: only an empty value counts as unset. */
const password = () =>
  z
    .string()
    .optional()
    .transform((value) => value ?? '');

const int = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  variable(
    max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`,
    (raw) => {
      if (!/^[+-]?\d+$/.test(raw)) return undefined;
      const value = Number(raw);
      return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
    },
    fallback,
  );

const positive = (fallback: number, unit: string) =>
  variable(
    `a number of ${unit} greater than 0 (e.g. ${fallback}; fractions allowed)`,
    (raw) => {
      if (!/^\d*\.?\d+$/.test(raw)) return undefined;
      const value = Number(raw);
      return Number.isFinite(value) && value > 0 ? value : undefined;
    },
    fallback,
  );

const bool = (fallback: boolean) =>
  variable('true or false', (raw) => ({ true: true, false: false })[raw.toLowerCase() as 'true' | 'false'], fallback);

const oneOf = <const T extends string>(values: readonly T[], fallback: T | null) =>
  variable<T | null>(`one of ${values.join(', ')}`, (raw) => values.find((value) => value === raw.toLowerCase()), fallback);

const httpUrl = (raw: string): string | undefined => {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? raw.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
};
const url = () => variable<string | null>('an http(s) URL', httpUrl, null);

/** Every variable the server reads. Tools' own variables (tests, dev server) are listed in TOOL_VARIABLES. */
const schema = z.object({
  // server
  NODE_ENV: text('development'),
  HOST: text('0.0.0.0'),
  PORT: int(1337, 1, 65535),
  PUBLIC_URL: text(),
  TRUST_PROXY: text('false'),
  CORS_ORIGINS: text(),
  LOG_LEVEL: oneOf(['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'], 'http'),
  STRAPI_STARTUP_LOG: bool(true),
  STRAPI_WELCOME: bool(true),
  PUBLIC_DIR: text('./public'),
  VENUE_DIST: text(),
  VIDEO_EMBED_HOSTS: text(),
  // uploads
  UPLOAD_IMAGE_MAX_MB: positive(UPLOAD_DEFAULT_MAX_MB.image, 'megabytes'),
  UPLOAD_MEDIA_MAX_MB: positive(UPLOAD_DEFAULT_MAX_MB.media, 'megabytes'),
  UPLOAD_TMP_DIR: text(),
  S3_BUCKET: text(),
  S3_REGION: text('us-east-1'),
  S3_ENDPOINT: url(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_PUBLIC_URL: url(),
  S3_ACL: text('public-read'),
  // clients import
  IMPORT_MAX_MB: positive(25, 'megabytes'),
  IMPORT_MAX_ROWS: int(200_000, 1),
  IMPORT_MAX_EXPANDED_MB: positive(512, 'megabytes'),
  IMPORT_MAX_CELL_KB: int(32, 1, 1024 * 1024),
  IMPORT_DIR: text(),
  // secrets (generated outside production by ensureSecrets)
  APP_KEYS: text(),
  API_TOKEN_SALT: text(),
  ADMIN_JWT_SECRET: text(),
  TRANSFER_TOKEN_SALT: text(),
  JWT_SECRET: text(),
  ENCRYPTION_KEY: text(),
  AUTH_JWT_SECRET: text(),
  SECRETS_FILE: text(),
  // SMS
  SMS_PROVIDER: oneOf(['log', 'outbox', 'twilio'], null),
  SMS_OUTBOX: text(),
  TWILIO_ACCOUNT_SID: text(),
  TWILIO_AUTH_TOKEN: text(),
  TWILIO_FROM: text(),
  TWILIO_API_URL: variable('an http(s) URL', httpUrl, 'https://api.twilio.com'),
  SMS_TIMEOUT_MS: int(10_000, 1),
  SMS_CODE_LENGTH: int(4, 4, 10),
  SMS_CODE_TTL_SECONDS: int(300, 1),
  SMS_MAX_TRIES: int(5, 1),
  SMS_RESEND_SECONDS: int(30, 0),
  SMS_MAX_PER_HOUR: int(6, 1),
  SMS_MAX_PER_NUMBER_PER_HOUR: int(10, 1),
  SMS_COUNTRIES: variable(
    'calling codes of 1 to 3 digits separated by commas (e.g. 55 or 55,351)',
    (raw) => {
      const codes = raw.split(',').map((code) => code.trim().replace(/^\+/, ''));
      return codes.every((code) => /^[1-9]\d{0,2}$/.test(code)) ? [...new Set(codes)] : undefined;
    },
    ['55'],
  ),
  SMS_BUDGET_PER_HOUR: int(1000, 1),
  SMS_BUDGET_PER_DAY: int(10_000, 1),
  SMS_LOCK_AFTER_FAILURES: int(20, 1),
  SMS_SLOWDOWN_AFTER_FAILURES: int(10, 1),
  SMS_SLOWDOWN_SECONDS: int(30, 0),
  // sign-in and rate limits
  AUTH_STAFF_TTL_HOURS: int(12, 1),
  AUTH_CLIENT_TTL_DAYS: int(30, 1),
  AUTH_RATE_LIMIT_IP_PER_MINUTE: int(30, 1),
  AUTH_RATE_LIMIT_ACCOUNT_PER_MINUTE: int(10, 1),
  AUTH_RECOVERY_ANSWER_MS: int(400, 0),
  BCRYPT_COST: int(10, 4, 31),
  REGISTER_PER_HOUR_PER_IP: int(20, 1),
  PHONE_CHANGES_PER_HOUR: int(10, 1),
  CONTACTS_PER_10_MINUTES: int(5, 1),
  // page views (decision 038)
  PAGE_VIEWS_PER_MINUTE: int(60, 1),
  WATCH_HEARTBEATS_PER_MINUTE: int(12, 1),
  STAND_EVENTS_PER_MINUTE: int(60, 1),
  PAGE_VIEWS_FLUSH_MS: int(1000, 10),
  PAGE_VIEWS_BATCH_SIZE: int(500, 1, 2000),
  PAGE_VIEWS_MAX_PENDING: int(20000, 1),
  PAGE_VIEWS_ROLLUP_MS: int(2000, 10),
  // live chat (decision 026)
  REDIS_URL: variable<string | null>('a redis:// or rediss:// URL', (raw) => (/^rediss?:\/\/\S+$/.test(raw) ? raw : undefined), null),
  REDIS_PREFIX: text('plataforma'),
  CHAT_MESSAGES_PER_SECOND: int(5, 1),
  CHAT_MESSAGES_BURST: int(10, 1),
  CHAT_SOCKETS_PER_SESSION: int(10, 1),
  CHAT_SOCKETS_PER_IP: int(500, 1),
  // payments (decisions 045, 046)
  PAYMENT_PROVIDER: oneOf(PAYMENT_PROVIDERS, 'sandbox'),
  MERCADOPAGO_ACCESS_TOKEN: text(),
  MERCADOPAGO_WEBHOOK_SECRET: text(),
  MERCADOPAGO_PUBLIC_KEY: variable<string | null>(
    'a public key (APP_USR-… or TEST-…)',
    (raw) => (/^\S+$/.test(raw) ? raw : undefined),
    null,
  ),
  MERCADOPAGO_API_URL: variable('an http(s) URL', httpUrl, 'https://api.mercadopago.com'),
  // rooms' video meetings (decision 028)
  ZOOM_SDK_KEY: text(),
  ZOOM_SDK_SECRET: password(),
  PAYMENT_SANDBOX: oneOf(['allow'], null),
  PIX_EXPIRES_MINUTES: int(30, 1, 10_080),
  PIX_KEY: text(),
  PIX_MERCHANT_NAME: text('PLATAFORMA EVENTOS'),
  PIX_MERCHANT_CITY: text('SAO PAULO'),
  // jobs (decision 079)
  JOBS_WORK: bool(true),
  JOBS_POLL_MS: int(1000, 50),
  JOBS_MAINTENANCE_SECONDS: int(30, 1),
  JOBS_SCHEMA: variable(
    'a schema name (a letter or _, then letters, digits or _; at most 50)',
    (raw) => (/^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(raw) ? raw : undefined),
    'pgboss',
  ),
  // e-mail (decisions 080, 081)
  EMAIL_PROVIDER: oneOf(['log', 'outbox', 'smtp'], null),
  EMAIL_OUTBOX: text(),
  EMAIL_FROM: text(),
  SMTP_HOST: text(),
  SMTP_PORT: int(587, 1, 65535),
  SMTP_SECURE: bool(false),
  SMTP_USER: text(),
  SMTP_PASSWORD: password(),
  DKIM_DOMAIN: text(),
  DKIM_SELECTOR: text(),
  DKIM_PRIVATE_KEY: password(),
  DKIM_PRIVATE_KEY_FILE: text(),
  EMAIL_PER_SECOND: int(20, 1),
  EMAIL_POOL_CONNECTIONS: int(3, 1, 50),
  EMAIL_RETRIES: int(12, 0, 100),
  EMAIL_RETRY_SECONDS: int(10, 1),
  EMAIL_LEASE_SECONDS: int(180, 1, 86_399),
  EMAIL_CONFIRM_TTL_HOURS: int(72, 1),
  STAND_WAITING_EMAIL_MINUTES: int(10, 0, 1440),
  // database
  DATABASE_URL: text(),
  DATABASE_CLIENT: oneOf(['sqlite', 'postgres'], null),
  DATABASE_FILENAME: text('.tmp/data.db'),
  DATABASE_HOST: text('localhost'),
  DATABASE_PORT: int(5432, 1, 65535),
  DATABASE_NAME: text('strapi'),
  DATABASE_USERNAME: text('strapi'),
  DATABASE_PASSWORD: password(),
  DATABASE_SCHEMA: text('public'),
  DATABASE_SSL: bool(false),
  DATABASE_SSL_REJECT_UNAUTHORIZED: bool(true),
  DATABASE_POOL_MIN: int(2, 0),
  DATABASE_POOL_MAX: int(10, 1),
  // lists (decision 043): false sends every list through the query engine (slower, same answers)
  LIST_SQL: bool(true),
  // the site's public reads kept in memory (decision 044): 0 turns it off
  SITE_CACHE_MS: int(5000, 0),
  SITE_CACHE_ENTRIES: int(2000, 1),
  // the sessions heartbeats were checked against, kept in memory (decision 061): 0 turns it off
  SESSION_MEMO_MS: int(300_000, 0),
  DATABASE_CONNECTION_TIMEOUT: int(10_000, 1),
  // Strapi's /admin
  STRAPI_ADMIN_EMAIL: text(),
  STRAPI_ADMIN_PASSWORD: password(),
  STRAPI_ADMIN_FIRSTNAME: text(),
  STRAPI_ADMIN_LASTNAME: text(),
  // demo data
  SEED_DEMO: bool(true),
  SEED_ADMIN_EMAIL: text(),
  SEED_ADMIN_PASSWORD: password(),
  SEED_ATTENDANT_EMAIL: text(),
  SEED_ATTENDANT_PASSWORD: password(),
});

/** Every variable the server reads (each is in config/.env.example). */
export const SETTING_VARIABLES = Object.keys(schema.shape) as readonly string[];

/** Variables of config/.env.example read by someone else: Strapi itself, the scripts, the test tools. */
export const TOOL_VARIABLES = [
  'STRAPI_TELEMETRY_DISABLED',
  'CHROMIUM_PATH',
  'E2E_PORT',
  'E2E_S3',
  'TEST_LOG_LEVEL',
  'VENUE_API_PORT',
] as const;

/** A start stopped by malformed settings: one line per variable, each with the form it takes. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(
      `Invalid setting${problems.length > 1 ? 's' : ''} (see config/.env.example):\n${problems.map((p) => `  - ${p.message}`).join('\n')}`,
    );
    this.name = 'SettingsError';
  }
}

const build = (flat: z.output<typeof schema>, env: Env, problem: (variable: string, message: string) => void) => {
  /** A derived check that throws with its own message naming the variable. */
  const derived = <T>(variable: string, compute: () => T, fallback: T): T => {
    try {
      return compute();
    } catch (error) {
      problem(variable, (error as Error).message);
      return fallback;
    }
  };
  const production = flat.NODE_ENV === 'production';
  const s3Credentials = flat.S3_ACCESS_KEY_ID ? { accessKeyId: flat.S3_ACCESS_KEY_ID, secretAccessKey: flat.S3_SECRET_ACCESS_KEY } : null;
  if (flat.S3_BUCKET && Boolean(flat.S3_ACCESS_KEY_ID) !== Boolean(flat.S3_SECRET_ACCESS_KEY))
    problem(
      'S3_ACCESS_KEY_ID',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK’s own credentials.',
    );
  if (Boolean(flat.ZOOM_SDK_KEY) !== Boolean(flat.ZOOM_SDK_SECRET))
    problem('ZOOM_SDK_KEY', 'ZOOM_SDK_KEY and ZOOM_SDK_SECRET go together: set both, or neither.');
  if (flat.PAYMENT_PROVIDER === 'mercadopago')
    for (const variable of ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'] as const)
      if (!flat[variable])
        problem(
          variable,
          `PAYMENT_PROVIDER=mercadopago needs ${variable} (${variable === 'MERCADOPAGO_ACCESS_TOKEN' ? 'the seller’s access token' : 'the secret of the application’s webhooks'}).`,
        );
  if (flat.PAYMENT_PROVIDER === 'manual-pix' && !flat.PIX_KEY)
    problem('PIX_KEY', 'PAYMENT_PROVIDER=manual-pix needs PIX_KEY (the organiser’s PIX key the buyers pay to).');
  if (flat.DATABASE_POOL_MIN > flat.DATABASE_POOL_MAX)
    problem('DATABASE_POOL_MIN', `DATABASE_POOL_MIN (${flat.DATABASE_POOL_MIN}) is above DATABASE_POOL_MAX (${flat.DATABASE_POOL_MAX}).`);
  const email = emailSettings(flat, problem);
  const image = Math.floor(flat.UPLOAD_IMAGE_MAX_MB * MB);
  const media = Math.floor(flat.UPLOAD_MEDIA_MAX_MB * MB);
  const origins = derived('VIDEO_EMBED_HOSTS', () => videoEmbedOrigins(flat.VIDEO_EMBED_HOSTS), []);
  return {
    nodeEnv: flat.NODE_ENV,
    production,
    server: {
      host: flat.HOST,
      port: flat.PORT,
      publicUrl: flat.PUBLIC_URL,
      trustedProxies: derived('TRUST_PROXY', () => trustedProxies(flat.TRUST_PROXY), [] as readonly string[]),
      corsOrigins: derived(
        'CORS_ORIGINS',
        () => corsOrigins({ PORT: String(flat.PORT), PUBLIC_URL: flat.PUBLIC_URL, CORS_ORIGINS: flat.CORS_ORIGINS }),
        [],
      ),
      logLevel: flat.LOG_LEVEL as string,
      startupLog: flat.STRAPI_STARTUP_LOG,
      /** Print the product's addresses once listening (never in tests). */
      welcome: flat.STRAPI_WELCOME && flat.NODE_ENV !== 'test',
      publicDir: flat.PUBLIC_DIR,
      /** Where the venue's build is served from; null: venue/dist of this repository. */
      venueDist: flat.VENUE_DIST ? path.resolve(flat.VENUE_DIST) : null,
      appKeys: flat.APP_KEYS.split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    },
    video: { origins, hosts: videoEmbedHosts(origins.join(',')) },
    uploads: {
      limits: { bytes: { image, media } as const, maxBytes: Math.max(image, media) },
      tempDir: flat.UPLOAD_TMP_DIR ? path.resolve(flat.UPLOAD_TMP_DIR) : os.tmpdir(),
      s3: flat.S3_BUCKET
        ? {
            bucket: flat.S3_BUCKET,
            region: flat.S3_REGION,
            endpoint: flat.S3_ENDPOINT,
            credentials: s3Credentials,
            publicUrl:
              flat.S3_PUBLIC_URL ??
              (flat.S3_ENDPOINT ? `${flat.S3_ENDPOINT}/${flat.S3_BUCKET}` : `https://${flat.S3_BUCKET}.s3.${flat.S3_REGION}.amazonaws.com`),
            acl: flat.S3_ACL === 'none' ? null : flat.S3_ACL,
          }
        : null,
    },
    import: {
      maxBytes: Math.floor(flat.IMPORT_MAX_MB * MB),
      maxRows: flat.IMPORT_MAX_ROWS,
      maxExpandedBytes: Math.floor(flat.IMPORT_MAX_EXPANDED_MB * MB),
      /** Characters one cell may hold; a longer one rejects its row and is never held whole (issue 47, item 10). */
      maxCellChars: flat.IMPORT_MAX_CELL_KB * 1024,
      dir: flat.IMPORT_DIR ? path.resolve(flat.IMPORT_DIR) : path.join(appRoot(), '.tmp', 'imports'),
      reportRows: 20_000,
      batchRows: 5_000,
    },
    secrets: {
      adminJwt: flat.ADMIN_JWT_SECRET,
      apiTokenSalt: flat.API_TOKEN_SALT,
      transferTokenSalt: flat.TRANSFER_TOKEN_SALT,
      encryptionKey: flat.ENCRYPTION_KEY,
      usersPermissionsJwt: flat.JWT_SECRET,
      /** The git-ignored file generated development secrets go to. */
      file: flat.SECRETS_FILE || path.join(appRoot(), '.env'),
    },
    sms: {
      /** null: none chosen (refused in production); outside production the default is `log`. */
      provider: flat.SMS_PROVIDER ?? (production ? null : 'log'),
      outbox: flat.SMS_OUTBOX,
      twilio: {
        accountSid: flat.TWILIO_ACCOUNT_SID,
        authToken: flat.TWILIO_AUTH_TOKEN,
        from: flat.TWILIO_FROM,
        apiUrl: flat.TWILIO_API_URL,
        timeoutMs: flat.SMS_TIMEOUT_MS,
      },
      /** Calling codes a phone may have to receive a text message, or be saved (decision 084). */
      countries: flat.SMS_COUNTRIES,
      /** Text messages one phone number receives in an hour, every kind and account together. */
      maxPerNumberPerHour: flat.SMS_MAX_PER_NUMBER_PER_HOUR,
      /** Text messages the product sends in an hour and in a (UTC) day, every instance together. */
      budgetPerHour: flat.SMS_BUDGET_PER_HOUR,
      budgetPerDay: flat.SMS_BUDGET_PER_DAY,
    },
    /** The job system (decision 079): this instance takes jobs, how often it looks, pg-boss's schema and upkeep. */
    jobs: {
      work: flat.JOBS_WORK,
      pollMs: flat.JOBS_POLL_MS,
      maintenanceSeconds: flat.JOBS_MAINTENANCE_SECONDS,
      schema: flat.JOBS_SCHEMA,
    },
    email,
    /** The Zoom Meeting SDK's credentials; null: no signatures (rooms open their link in a new tab). */
    zoom: flat.ZOOM_SDK_KEY && flat.ZOOM_SDK_SECRET ? { sdkKey: flat.ZOOM_SDK_KEY, sdkSecret: flat.ZOOM_SDK_SECRET } : null,
    auth: {
      secret: flat.AUTH_JWT_SECRET,
      staffTtlSeconds: flat.AUTH_STAFF_TTL_HOURS * 3600,
      clientTtlSeconds: flat.AUTH_CLIENT_TTL_DAYS * 86400,
      codeLength: flat.SMS_CODE_LENGTH,
      codeTtlSeconds: flat.SMS_CODE_TTL_SECONDS,
      maxTries: flat.SMS_MAX_TRIES,
      resendSeconds: flat.SMS_RESEND_SECONDS,
      maxCodesPerHour: flat.SMS_MAX_PER_HOUR,
      lockAfterFailures: flat.SMS_LOCK_AFTER_FAILURES,
      /** Wrong codes (after the right password) in 24 h from which each new login code waits longer. */
      slowdownAfterFailures: flat.SMS_SLOWDOWN_AFTER_FAILURES,
      /** The first of those waits (seconds); it doubles with each further wrong code, up to 15 minutes. */
      slowdownSeconds: flat.SMS_SLOWDOWN_SECONDS,
      ipPerMinute: flat.AUTH_RATE_LIMIT_IP_PER_MINUTE,
      accountPerMinute: flat.AUTH_RATE_LIMIT_ACCOUNT_PER_MINUTE,
      bcryptCost: flat.BCRYPT_COST,
      /** A password recovery answers after at least this long, known e-mail or not (ASVS 6.3.8). */
      recoveryAnswerMs: flat.AUTH_RECOVERY_ANSWER_MS,
    },
    chat: {
      /** null: one process works alone (socket.io's in-memory adapter). */
      redisUrl: flat.REDIS_URL,
      /** The Redis channels' prefix: several products (or test runs) share one Redis apart. */
      redisPrefix: flat.REDIS_PREFIX,
      ratePerSecond: flat.CHAT_MESSAGES_PER_SECOND,
      rateBurst: flat.CHAT_MESSAGES_BURST,
      /** Sockets open at once per session (token) and per address, in each process (decision 083). */
      socketsPerSession: flat.CHAT_SOCKETS_PER_SESSION,
      socketsPerIp: flat.CHAT_SOCKETS_PER_IP,
    },
    rateLimits: {
      registerPerHourPerIp: flat.REGISTER_PER_HOUR_PER_IP,
      phoneChangesPerHour: flat.PHONE_CHANGES_PER_HOUR,
      contactsPer10Minutes: flat.CONTACTS_PER_10_MINUTES,
      /** Page views per visitor (client, or IP when signed out) in a minute. */
      pageViewsPerMinute: flat.PAGE_VIEWS_PER_MINUTE,
      /** Lecture heartbeats per client in a minute (one every 30 s per lecture playing; decision 047). */
      watchHeartbeatsPerMinute: flat.WATCH_HEARTBEATS_PER_MINUTE,
      /** Stand events (clicks at a stand) per visitor in a minute. */
      standEventsPerMinute: flat.STAND_EVENTS_PER_MINUTE,
    },
    /** Payments (decision 045): the provider, how long a PIX stays payable, the organiser's PIX key for manual-pix and the sandbox. */
    payments: {
      provider: flat.PAYMENT_PROVIDER ?? 'sandbox',
      sandboxAllowed: flat.PAYMENT_SANDBOX === 'allow',
      pixExpiresMinutes: flat.PIX_EXPIRES_MINUTES,
      pix: { key: flat.PIX_KEY, merchantName: flat.PIX_MERCHANT_NAME, merchantCity: flat.PIX_MERCHANT_CITY },
      /** Mercado Pago's payments API (decision 046); the credentials are checked above when it is the provider. */
      mercadopago: {
        accessToken: flat.MERCADOPAGO_ACCESS_TOKEN,
        webhookSecret: flat.MERCADOPAGO_WEBHOOK_SECRET,
        apiUrl: flat.MERCADOPAGO_API_URL,
        /** The seller's public key, with which the buyer's browser tokenises a card (decision 052); null: no card. */
        publicKey: flat.MERCADOPAGO_PUBLIC_KEY,
        /** Where Mercado Pago posts a payment's notifications; null without PUBLIC_URL (then the application panel's URL). */
        notificationUrl: flat.PUBLIC_URL
          ? `${flat.PUBLIC_URL.replace(/\/+$/, '')}${SITE_PREFIX}${orderPaths.webhook.replace(':provider', 'mercadopago')}`
          : null,
      },
    },
    /** The site's public reads kept in memory this long at most, emptied by every write they show (decision 044). */
    siteCache: { ttlMs: flat.SITE_CACHE_MS, maxEntries: flat.SITE_CACHE_ENTRIES },
    /** A live session a heartbeat was checked against is trusted this long at most without a write seen (decision 061). */
    sessionMemoMs: flat.SESSION_MEMO_MS,
    /** Page views are accepted at once and written in batches (decision 038); heartbeats and stand events share these (decision 047). */
    pageViews: {
      flushMs: flat.PAGE_VIEWS_FLUSH_MS,
      batchSize: flat.PAGE_VIEWS_BATCH_SIZE,
      /** Views waiting (the database slow or down) from which new ones are refused with 503. */
      maxPending: flat.PAGE_VIEWS_MAX_PENDING,
      /** The dashboards' hourly rollup follows the written views within this long (decision 075). */
      rollupMs: flat.PAGE_VIEWS_ROLLUP_MS,
    },
    database: {
      url: flat.DATABASE_URL,
      client: flat.DATABASE_CLIENT ?? (flat.DATABASE_URL ? 'postgres' : 'sqlite'),
      filename: path.resolve(appRoot(), flat.DATABASE_FILENAME),
      host: flat.DATABASE_HOST,
      port: flat.DATABASE_PORT,
      name: flat.DATABASE_NAME,
      username: flat.DATABASE_USERNAME,
      password: flat.DATABASE_PASSWORD || 'strapi',
      schema: flat.DATABASE_SCHEMA,
      ssl: flat.DATABASE_SSL ? { rejectUnauthorized: flat.DATABASE_SSL_REJECT_UNAUTHORIZED } : false,
      pool: { min: flat.DATABASE_POOL_MIN, max: flat.DATABASE_POOL_MAX },
      /** Lists run the cms's own page and count SQL (decision 043); false: the query engine's. */
      listSql: flat.LIST_SQL,
      connectionTimeoutMs: flat.DATABASE_CONNECTION_TIMEOUT,
    },
    firstAdmin: {
      email: flat.STRAPI_ADMIN_EMAIL,
      password: flat.STRAPI_ADMIN_PASSWORD,
      firstname: flat.STRAPI_ADMIN_FIRSTNAME || 'Administrador',
      lastname: flat.STRAPI_ADMIN_LASTNAME || 'Strapi',
    },
    seed: {
      demo: flat.SEED_DEMO,
      admin: { email: flat.SEED_ADMIN_EMAIL, password: flat.SEED_ADMIN_PASSWORD },
      attendant: { email: flat.SEED_ATTENDANT_EMAIL, password: flat.SEED_ATTENDANT_PASSWORD },
    },
    /** Set by scripts/build.mjs while the admin panel builds: secrets may be throwaway. */
    building: env.PLATAFORMA_BUILDING === 'true',
  };
};

export type Settings = ReturnType<typeof build>;

/** An address, or a name with one: 'nao-responda@exemplo.com.br', 'Eventos <nao-responda@exemplo.com.br>'. */
const FROM = /^(?:[^<>]*<\s*([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)\s*>|([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+))$/;

/**
 * E-mail (decisions 080, 081): `log` outside production by default, `outbox` for tests, `smtp`
 * (required in production: the start refuses anything else, see email/transport.ts) with its
 * server, the sender, optional DKIM, the rate and the pool.
 */
const emailSettings = (flat: z.output<typeof schema>, problem: (variable: string, message: string) => void) => {
  const provider = flat.EMAIL_PROVIDER ?? (flat.NODE_ENV === 'production' ? null : 'log');
  const from = flat.EMAIL_FROM || (provider === 'smtp' ? '' : 'Plataforma de Eventos <nao-responda@localhost.localdomain>');
  const fromMatch = FROM.exec(from.trim());
  if (flat.EMAIL_FROM && !fromMatch) problem('EMAIL_FROM', `EMAIL_FROM takes an address or 'Name <address>', not '${flat.EMAIL_FROM}'.`);
  if (provider === 'smtp') {
    if (!flat.SMTP_HOST) problem('SMTP_HOST', 'EMAIL_PROVIDER=smtp needs SMTP_HOST (the SMTP server’s host name).');
    if (!flat.EMAIL_FROM)
      problem('EMAIL_FROM', 'EMAIL_PROVIDER=smtp needs EMAIL_FROM (the sender, e.g. Eventos <nao-responda@exemplo.com.br>).');
    if (Boolean(flat.SMTP_USER) !== Boolean(flat.SMTP_PASSWORD))
      problem('SMTP_USER', 'SMTP_USER and SMTP_PASSWORD go together: set both, or neither for a server without authentication.');
  }
  if (provider === 'outbox' && !flat.EMAIL_OUTBOX)
    problem('EMAIL_OUTBOX', 'EMAIL_PROVIDER=outbox needs EMAIL_OUTBOX (the file to append messages to).');
  let dkim: { domainName: string; keySelector: string; privateKey: string } | null = null;
  if (flat.DKIM_DOMAIN || flat.DKIM_SELECTOR || flat.DKIM_PRIVATE_KEY || flat.DKIM_PRIVATE_KEY_FILE) {
    let privateKey = flat.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n');
    if (!privateKey && flat.DKIM_PRIVATE_KEY_FILE) {
      try {
        privateKey = fs.readFileSync(path.resolve(flat.DKIM_PRIVATE_KEY_FILE), 'utf8');
      } catch (error) {
        problem('DKIM_PRIVATE_KEY_FILE', `DKIM_PRIVATE_KEY_FILE cannot be read: ${(error as Error).message}.`);
      }
    }
    if (!flat.DKIM_DOMAIN || !flat.DKIM_SELECTOR || !privateKey)
      problem('DKIM_DOMAIN', 'DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together.');
    else if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey))
      problem('DKIM_PRIVATE_KEY', 'DKIM_PRIVATE_KEY takes a PEM private key (-----BEGIN PRIVATE KEY----- …).');
    else dkim = { domainName: flat.DKIM_DOMAIN, keySelector: flat.DKIM_SELECTOR, privateKey };
  }
  const address = (fromMatch?.[1] ?? fromMatch?.[2] ?? 'nao-responda@localhost.localdomain').toLowerCase();
  return {
    /** null: none chosen (refused in production). */
    provider,
    outbox: flat.EMAIL_OUTBOX,
    from,
    /** The domain of every Message-ID (the sender's, or DKIM's when signing). */
    messageIdDomain: dkim?.domainName ?? address.slice(address.lastIndexOf('@') + 1),
    smtp: {
      host: flat.SMTP_HOST,
      port: flat.SMTP_PORT,
      secure: flat.SMTP_SECURE,
      auth: flat.SMTP_USER ? { user: flat.SMTP_USER, pass: flat.SMTP_PASSWORD } : null,
    },
    dkim,
    perSecond: flat.EMAIL_PER_SECOND,
    poolConnections: flat.EMAIL_POOL_CONNECTIONS,
    retries: flat.EMAIL_RETRIES,
    retrySeconds: flat.EMAIL_RETRY_SECONDS,
    /** How long one sending attempt may hold a message (the send job's expiry and the row's claim). */
    leaseSeconds: flat.EMAIL_LEASE_SECONDS,
    confirmTtlSeconds: flat.EMAIL_CONFIRM_TTL_HOURS * 3600,
    /** A stand's attendants are e-mailed once a visitor's message waited this long unanswered (decision 110); 0: never. */
    standWaitingMinutes: flat.STAND_WAITING_EMAIL_MINUTES,
  };
};

/** Parses an environment; throws a SettingsError naming every malformed variable and the form it takes. */
export const parseSettings = (env: Env): Settings => {
  const problems: { variable: string; message: string }[] = [];
  const problem = (variable: string, message: string) => problems.push({ variable, message });
  const flat = schema.safeParse(env);
  if (!flat.success) {
    for (const issue of flat.error.issues) {
      const variable = String(issue.path[0]);
      const raw = env[variable]?.trim() ?? '';
      problem(variable, `${variable} takes ${issue.message}, not ${SECRET.test(variable) ? 'the value given' : `'${raw}'`}.`);
    }
    throw new SettingsError(problems);
  }
  const result = build(flat.data, env, problem);
  if (problems.length > 0) throw new SettingsError(problems);
  return result;
};

let current: Settings | undefined;

/**
 * Reads the process's environment (each boot: the config files call it first): development
 * secrets generated where missing, every variable parsed; a malformed one stops the start.
 */
export const loadSettings = (): Settings => {
  ensureSecrets(process.env);
  current = parseSettings(process.env);
  return current;
};

/** The settings of this process, parsed once (by the start's `loadSettings`, or on first use). */
export const settings = (): Settings => (current ??= parseSettings(process.env));

/** The settings of an env object when given (tests, per-area helpers), else the process's. */
export const settingsOf = (env?: Env): Settings => (env ? parseSettings(env) : settings());
