import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED_SECRETS } from './secrets';

const saved = { ...process.env };
let dir: string;

const load = async () => {
  vi.resetModules();
  return import('./secrets');
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
  for (const name of REQUIRED_SECRETS) delete process.env[name];
  process.env.SECRETS_FILE = path.join(dir, '.env');
});

afterEach(() => {
  process.env = { ...saved };
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ensureSecrets', () => {
  it('generates each missing secret once into the env file outside production', async () => {
    process.env.NODE_ENV = 'development';
    process.env.JWT_SECRET = 'given';
    const { ensureSecrets } = await load();
    ensureSecrets(process.env);
    const file = fs.readFileSync(path.join(dir, '.env'), 'utf8');
    for (const name of REQUIRED_SECRETS.filter((n) => n !== 'JWT_SECRET')) {
      expect(file).toMatch(new RegExp(`^${name}=.{20,}$`, 'm'));
      expect(process.env[name]).toBeTruthy();
    }
    expect(file).not.toContain('JWT_SECRET=given');
    expect(process.env.APP_KEYS?.split(',')).toHaveLength(4);
    expect(fs.statSync(path.join(dir, '.env')).mode & 0o077).toBe(0);
  });

  it('keeps what the file already holds on the next start', async () => {
    process.env.NODE_ENV = 'development';
    (await load()).ensureSecrets(process.env);
    const first = fs.readFileSync(path.join(dir, '.env'), 'utf8');
    // A later start: Strapi has loaded the file into the environment.
    for (const line of first.split('\n').filter((l) => l.includes('='))) {
      const [name, ...value] = line.split('=');
      process.env[name] = value.join('=');
    }
    (await load()).ensureSecrets(process.env);
    expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe(first);
  });

  it('reads a file moved by SECRETS_FILE back on the next start (Strapi reads only cms/.env): the same secrets, nothing appended', async () => {
    process.env.NODE_ENV = 'development';
    (await load()).ensureSecrets(process.env);
    const first = fs.readFileSync(path.join(dir, '.env'), 'utf8');
    const signing = process.env.AUTH_JWT_SECRET;
    // A later start: a new process, whose environment has none of them (nobody loaded the moved file).
    for (const name of REQUIRED_SECRETS) delete process.env[name];
    process.env.JWT_SECRET = 'given';
    (await load()).ensureSecrets(process.env);
    expect(process.env.AUTH_JWT_SECRET).toBe(signing);
    // What the environment sets wins over the file.
    expect(process.env.JWT_SECRET).toBe('given');
    expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe(first);
  });

  it('lets the admin build run without secrets, writing nothing', async () => {
    process.env.NODE_ENV = 'production';
    process.env.PLATAFORMA_BUILDING = 'true';
    const { ensureSecrets } = await load();
    expect(() => ensureSecrets(process.env)).not.toThrow();
    expect(process.env.ADMIN_JWT_SECRET).toBeTruthy();
    expect(fs.existsSync(path.join(dir, '.env'))).toBe(false);
    delete process.env.PLATAFORMA_BUILDING;
  });

  it('refuses to start in production and names what is missing', async () => {
    process.env.NODE_ENV = 'production';
    for (const name of REQUIRED_SECRETS) process.env[name] = 'x';
    delete process.env.ADMIN_JWT_SECRET;
    const { ensureSecrets } = await load();
    expect(() => ensureSecrets(process.env)).toThrow(/ADMIN_JWT_SECRET/);
    expect(fs.existsSync(path.join(dir, '.env'))).toBe(false);
  });
});
