import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 58, "Rules fail closed" (decision 077): a content type added without rules stops the
// start with its name, as a route missing from the access table does. The app's compiled code is
// copied beside itself (so its packages resolve) with two more types: one the Content Manager
// shows, with no rules, and one hidden from the stock tools.
const cmsDir = path.resolve(__dirname, '../../../cms');
let copy: string;
let work: string;

const schema = (name: string, pluginOptions: Record<string, unknown>) => ({
  kind: 'collectionType',
  collectionName: name.replace(/-/g, '_'),
  info: { singularName: name, pluralName: `${name}s`, displayName: name },
  options: { draftAndPublish: false },
  pluginOptions,
  attributes: { title: { type: 'string' } },
});

const addType = (name: string, pluginOptions: Record<string, unknown>) => {
  const dir = path.join(copy, 'src', 'api', name, 'content-types', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify(schema(name, pluginOptions)));
};

beforeAll(() => {
  const root = path.join(cmsDir, '.tmp');
  fs.mkdirSync(root, { recursive: true });
  copy = path.join(root, `unruled-${process.pid}-${crypto.randomBytes(3).toString('hex')}`);
  fs.cpSync(path.join(cmsDir, 'dist'), copy, { recursive: true });
  addType('field-note', {});
  addType('hidden-note', { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-unruled-'));
});

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the start', () => {
  it('refuses a content type that is neither ruled, read only nor hidden, and names it', async () => {
    const baseline = process.eventNames().map((name) => [name, process.listeners(name as NodeJS.Signals)] as const);
    Object.assign(process.env, {
      NODE_ENV: 'test',
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
      STRAPI_STARTUP_LOG: 'false',
      SEED_DEMO: 'false',
      SECRETS_FILE: path.join(work, '.env.test'),
      PUBLIC_DIR: work,
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(work, 'unruled.db'),
    });
    const { createStrapi } = createRequire(__filename)('@strapi/strapi') as typeof import('@strapi/strapi');
    const strapi = createStrapi({ appDir: cmsDir, distDir: copy });
    let failure: unknown = null;
    try {
      await strapi.load();
    } catch (error) {
      failure = error;
    } finally {
      await strapi.destroy().catch(() => undefined);
      for (const [name, listeners] of baseline) {
        for (const listener of listeners) {
          if (!process.listeners(name as NodeJS.Signals).includes(listener)) process.on(name as NodeJS.Signals, listener);
        }
      }
    }
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('Content types without rules on the Content Manager and the content API: api::field-note.field-note.');
    expect(message).toContain('decision 077');
    // The hidden one is no stock tool's to write: it needs no rules.
    expect(message).not.toContain('hidden-note');
    // Nothing was started on the database.
    expect(fs.existsSync(path.join(work, 'unruled.db'))).toBe(false);
  });
});
