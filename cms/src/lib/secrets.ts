import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appRoot } from './app-root';

/** Secrets the server cannot start without. */
export const REQUIRED_SECRETS = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'AUTH_JWT_SECRET',
] as const;

const random = () => crypto.randomBytes(32).toString('base64');

const generate = (name: string): string => (name === 'APP_KEYS' ? [random(), random(), random(), random()].join(',') : random());

type Env = Record<string, string | undefined>;

/** The git-ignored file that holds generated development secrets (SECRETS_FILE, default cms/.env). */
export const generatedEnvFile = (env: Env): string => env.SECRETS_FILE?.trim() || path.join(appRoot(), '.env');

/** Appends `NAME=value` lines to the git-ignored development env file (created on first use); answers its path. */
export const appendGeneratedEnv = (file: string, lines: readonly string[]): string => {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const header = existing ? (existing.endsWith('\n') ? '' : '\n') : '# Generated on first start for development. Never commit this file.\n';
  fs.writeFileSync(file, `${existing}${header}${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
};

/** The `NAME=value` lines of an env file as generated here (comments and blank lines skipped; a later line wins). */
const readGeneratedEnv = (file: string): Env => {
  if (!fs.existsSync(file)) return {};
  const found: Env = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) found[match[1]] = match[2];
  }
  return found;
};

let ensured = false;

/**
 * Outside production, a missing secret is generated once, set in `env` (the process's, so
 * Strapi's own config reads it) and appended to the git-ignored env file, so later starts reuse it. In production a missing secret
 * stops the start with its name. Strapi itself reads only cms/.env: a file moved by SECRETS_FILE is read here, each
 * name the environment does not set taken from it (as Strapi's dotenv does), so a restart keeps the secrets and the
 * sessions they signed.
 */
export const ensureSecrets = (env: Env): void => {
  if (ensured) return;
  if (env.NODE_ENV !== 'production' && env.PLATAFORMA_BUILDING !== 'true') {
    for (const [name, value] of Object.entries(readGeneratedEnv(generatedEnvFile(env)))) {
      if (!env[name]?.trim()) env[name] = value;
    }
  }
  const missing = REQUIRED_SECRETS.filter((name) => !env[name]?.trim());
  if (missing.length > 0 && env.PLATAFORMA_BUILDING === 'true') {
    // Building the admin panel loads the configuration but signs nothing: throwaway values,
    // never written anywhere, so a fresh checkout builds without secrets.
    for (const name of missing) env[name] = generate(name);
  } else if (missing.length > 0) {
    if (env.NODE_ENV === 'production') {
      throw new Error(
        `Missing required environment variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Set ${missing.length > 1 ? 'them' : 'it'} before starting in production (see config/.env.example).`,
      );
    }
    appendGeneratedEnv(
      generatedEnvFile(env),
      missing.map((name) => {
        const value = generate(name);
        env[name] = value;
        return `${name}=${value}`;
      }),
    );
  }
  ensured = true;
};
