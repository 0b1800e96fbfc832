import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettings, SETTING_VARIABLES, SettingsError, TOOL_VARIABLES } from './settings';

const example = fs.readFileSync(path.resolve(__dirname, '../../../config/.env.example'), 'utf8');
const exampleVariables = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

const problemOf = (env: Record<string, string>): SettingsError => {
  try {
    parseSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('settings', () => {
  it('default to the documented values with an empty environment', () => {
    const settings = parseSettings({});
    expect(settings.server.port).toBe(1337);
    expect(settings.rateLimits).toEqual({
      registerPerHourPerIp: 20,
      phoneChangesPerHour: 10,
      contactsPer10Minutes: 5,
      pageViewsPerMinute: 60,
      watchHeartbeatsPerMinute: 12,
      standEventsPerMinute: 60,
    });
    expect(settings.pageViews).toEqual({ flushMs: 1000, batchSize: 500, maxPending: 20000, rollupMs: 2000 });
    expect(settings.auth).toMatchObject({ staffTtlSeconds: 12 * 3600, codeLength: 4, bcryptCost: 10, recoveryAnswerMs: 400 });
    expect(settings.database).toMatchObject({ client: 'sqlite', pool: { min: 2, max: 10 }, connectionTimeoutMs: 10_000 });
    expect(settings.sms.provider).toBe('log');
    expect(settings.seed.demo).toBe(true);
  });

  it('read the values given, blank counting as unset', () => {
    const settings = parseSettings({ CONTACTS_PER_10_MINUTES: ' 7 ', REGISTER_PER_HOUR_PER_IP: '', PORT: '8080', SEED_DEMO: 'FALSE' });
    expect(settings.rateLimits.contactsPer10Minutes).toBe(7);
    expect(settings.rateLimits.registerPerHourPerIp).toBe(20);
    expect(settings.server.port).toBe(8080);
    expect(settings.seed.demo).toBe(false);
    expect(parseSettings({ DATABASE_URL: 'postgres://x@h/db' }).database.client).toBe('postgres');
    expect(parseSettings({ NODE_ENV: 'production' }).sms.provider).toBeNull();
  });

  it('choose the payment provider (decision 045): the sandbox by default, manual-pix only with a PIX key', () => {
    expect(parseSettings({}).payments).toEqual({
      provider: 'sandbox',
      sandboxAllowed: false,
      pixExpiresMinutes: 30,
      pix: { key: '', merchantName: 'PLATAFORMA EVENTOS', merchantCity: 'SAO PAULO' },
      mercadopago: { accessToken: '', webhookSecret: '', apiUrl: 'https://api.mercadopago.com', publicKey: null, notificationUrl: null },
    });
    expect(parseSettings({ PAYMENT_SANDBOX: 'allow', PIX_EXPIRES_MINUTES: '15' }).payments).toMatchObject({
      sandboxAllowed: true,
      pixExpiresMinutes: 15,
    });
    expect(() => parseSettings({ PAYMENT_PROVIDER: 'manual-pix' })).toThrow(/PIX_KEY/);
    expect(parseSettings({ PAYMENT_PROVIDER: 'Manual-Pix', PIX_KEY: 'a@b.com' }).payments.provider).toBe('manual-pix');
    expect(() => parseSettings({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER takes one of sandbox, mercadopago, manual-pix/);
    expect(() => parseSettings({ PIX_EXPIRES_MINUTES: '0' })).toThrow(/PIX_EXPIRES_MINUTES/);
  });

  // The rate limits of issue 20: 'abc' used to become NaN and switch the limit off.
  it.each([
    ['CONTACTS_PER_10_MINUTES', 'abc', /CONTACTS_PER_10_MINUTES takes a whole number ≥ 1, not 'abc'/],
    ['REGISTER_PER_HOUR_PER_IP', 'abc', /REGISTER_PER_HOUR_PER_IP takes a whole number ≥ 1, not 'abc'/],
    ['PHONE_CHANGES_PER_HOUR', '0', /PHONE_CHANGES_PER_HOUR takes a whole number ≥ 1, not '0'/],
    ['AUTH_STAFF_TTL_HOURS', '1.5', /AUTH_STAFF_TTL_HOURS takes a whole number ≥ 1/],
    ['SMS_TIMEOUT_MS', '10s', /SMS_TIMEOUT_MS takes a whole number ≥ 1, not '10s'/],
    ['SMS_CODE_LENGTH', '3', /SMS_CODE_LENGTH takes a whole number from 4 to 10, not '3'/],
    ['PORT', '99999', /PORT takes a whole number from 1 to 65535, not '99999'/],
    ['DATABASE_PORT', 'cinco', /DATABASE_PORT takes a whole number from 1 to 65535/],
    ['DATABASE_POOL_MAX', '-1', /DATABASE_POOL_MAX takes a whole number ≥ 1/],
    ['UPLOAD_MEDIA_MAX_MB', '10MB', /UPLOAD_MEDIA_MAX_MB takes a number of megabytes greater than 0/],
    ['IMPORT_MAX_MB', '0', /IMPORT_MAX_MB takes a number of megabytes greater than 0/],
    ['IMPORT_MAX_ROWS', '1e3', /IMPORT_MAX_ROWS takes a whole number ≥ 1/],
    ['SEED_DEMO', 'no', /SEED_DEMO takes true or false, not 'no'/],
    ['DATABASE_SSL', 'yes', /DATABASE_SSL takes true or false/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL takes one of error, warn, info, http, verbose, debug, silly, not 'loud'/],
    ['SMS_PROVIDER', 'sms.com', /SMS_PROVIDER takes one of log, outbox, twilio/],
    ['DATABASE_CLIENT', 'mysql', /DATABASE_CLIENT takes one of sqlite, postgres/],
    ['S3_ENDPOINT', 'ftp://store', /S3_ENDPOINT takes an http\(s\) URL/],
    ['TWILIO_API_URL', 'twilio', /TWILIO_API_URL takes an http\(s\) URL/],
    ['TRUST_PROXY', 'proxy.interno', /TRUST_PROXY must be true, false or a comma-separated list of IP addresses/],
    ['CORS_ORIGINS', '*', /CORS_ORIGINS/],
  ])('stop on a malformed %s, naming it and the form it takes', (variable, value, message) => {
    const error = problemOf({ [variable]: value });
    expect(error.problems.map((problem) => problem.variable)).toEqual([variable]);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/config\/\.env\.example/);
  });

  it('name every malformed variable at once, and never echo a secret', () => {
    const error = problemOf({
      CONTACTS_PER_10_MINUTES: 'abc',
      REGISTER_PER_HOUR_PER_IP: 'x',
      DATABASE_POOL_MIN: '5',
      DATABASE_POOL_MAX: '2',
    });
    expect(error.problems.map((problem) => problem.variable).sort()).toEqual(['CONTACTS_PER_10_MINUTES', 'REGISTER_PER_HOUR_PER_IP']);
    expect(problemOf({ DATABASE_POOL_MIN: '5', DATABASE_POOL_MAX: '2' }).message).toMatch(
      /DATABASE_POOL_MIN \(5\) is above DATABASE_POOL_MAX/,
    );
    expect(problemOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }).message).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(problemOf({ ZOOM_SDK_KEY: 'k' }).message).toMatch(/ZOOM_SDK_KEY and ZOOM_SDK_SECRET go together/);
    expect(problemOf({ ZOOM_SDK_SECRET: 's3cr3t' }).message).not.toMatch(/s3cr3t/);
  });

  it('need both Mercado Pago credentials when it is the payment provider, naming the missing one', () => {
    expect(parseSettings({}).payments.provider).toBe('sandbox');
    const missingSecret = problemOf({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123' });
    expect(missingSecret.problems.map((problem) => problem.variable)).toEqual(['MERCADOPAGO_WEBHOOK_SECRET']);
    expect(missingSecret.message).toMatch(/PAYMENT_PROVIDER=mercadopago needs MERCADOPAGO_WEBHOOK_SECRET/);
    expect(missingSecret.message).not.toMatch(/APP_USR-123/);
    expect(
      problemOf({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_WEBHOOK_SECRET: ' ' }).problems.map((problem) => problem.variable),
    ).toEqual(['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET']);
    expect(problemOf({ PAYMENT_PROVIDER: 'paypal' }).message).toMatch(/PAYMENT_PROVIDER takes one of sandbox, mercadopago, manual-pix/);
    expect(problemOf({ MERCADOPAGO_API_URL: 'mercadopago' }).message).toMatch(/MERCADOPAGO_API_URL takes an http\(s\) URL/);
    const settings = parseSettings({
      PAYMENT_PROVIDER: 'MercadoPago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123',
      MERCADOPAGO_WEBHOOK_SECRET: 'segredo',
      MERCADOPAGO_PUBLIC_KEY: ' APP_USR-4f1c-public ',
      PUBLIC_URL: 'https://eventos.exemplo.com.br/',
    });
    expect(settings.payments).toMatchObject({
      provider: 'mercadopago',
      mercadopago: {
        accessToken: 'APP_USR-123',
        webhookSecret: 'segredo',
        apiUrl: 'https://api.mercadopago.com',
        publicKey: 'APP_USR-4f1c-public',
        notificationUrl: 'https://eventos.exemplo.com.br/api/site/v1/payments/webhook/mercadopago',
      },
    });
    expect(problemOf({ MERCADOPAGO_PUBLIC_KEY: 'APP USR' }).message).toMatch(/MERCADOPAGO_PUBLIC_KEY takes a public key/);
    expect(parseSettings({ MERCADOPAGO_API_URL: 'http://127.0.0.1:4010/' }).payments.mercadopago).toMatchObject({
      apiUrl: 'http://127.0.0.1:4010',
      notificationUrl: null,
    });
  });

  it('are all in config/.env.example, and the example has nothing no one reads', () => {
    expect(SETTING_VARIABLES.filter((name) => !exampleVariables.includes(name))).toEqual([]);
    const known = new Set<string>([...SETTING_VARIABLES, ...TOOL_VARIABLES]);
    expect(exampleVariables.filter((name) => !known.has(name))).toEqual([]);
  });

  it('read no environment anywhere else in cms/src or cms/config', () => {
    const cms = path.resolve(__dirname, '../..');
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
        .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !file.includes(`${path.sep}admin${path.sep}`));
    const readers = [...files(path.join(cms, 'src')), ...files(path.join(cms, 'config'))]
      .filter((file) => /process\.env|\benv\(|env\.(int|bool|array|float|json)\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(cms, file));
    expect(readers).toEqual([path.join('src', 'lib', 'settings.ts')]);
  });
});
