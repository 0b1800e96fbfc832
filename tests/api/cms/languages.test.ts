import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../helpers/accounts';
import { fileRows, onDisk } from '../helpers/stored-files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/languages (SPEC §2.3 language page, §7, §8; decision 021): an admin uploads a
// pack per code (pt, en, al), checked against the built-in PT pack; a missing key is a warning,
// a malformed pack is refused with a key and leaves the stored pack as it was; the previous
// file can be put back; the site's route redirects to the current file with its version, and
// answers the pack the platform ships while nothing is uploaded.
type Pack = Record<string, unknown>;

const root = path.resolve(__dirname, '../../..');
const readJson = (file: string): Pack => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Pack;
/** The built-in PT pack as an upload carries it: the main texts, the back office's under `backoffice`. */
const PT: Pack = {
  ...readJson('venue/src/shared/i18n/locales/pt.json'),
  backoffice: readJson('venue/src/backoffice/i18n/pt.json'),
};

/** PT with every text marked, placeholders kept: a complete pack ('[AL] Banner do evento {{name}}'). */
const translated = (pack: Pack, mark: string): Pack =>
  Object.fromEntries(
    Object.entries(pack).map(([key, value]) => [key, typeof value === 'string' ? `[${mark}] ${value}` : translated(value as Pack, mark)]),
  );
const without = (pack: Pack, dotted: string): Pack => {
  const copy = structuredClone(pack);
  const parts = dotted.split('.');
  const last = parts.pop() as string;
  delete (parts.reduce((node, part) => node[part] as Pack, copy) as Pack)[last];
  return copy;
};

let server: TestServer;
let tokens: { admin: string; attendant: string };

const api = (method: 'get' | 'put' | 'post', url: string, who: keyof typeof tokens | null = 'admin') => {
  const req = server.request()[method](`/api/cms/v1${url}`);
  return who ? req.set('Authorization', `Bearer ${tokens[who]}`) : req;
};
const upload = (code: string, content: string | Buffer | Pack, name = `${code}.json`, who: keyof typeof tokens | null = 'admin') =>
  api('put', `/languages/${code}`, who).attach(
    'file',
    Buffer.isBuffer(content) ? content : Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)),
    { filename: name, contentType: 'application/json' },
  );

const packRow = async (code: string) =>
  (await server.strapi.db.query('api::language-pack.language-pack').findOne({
    where: { code },
    populate: { file: { select: ['id', 'url'] }, previous: { select: ['id', 'url'] } },
  })) as { version: number; file: { id: number; url: string } | null; previous: { id: number; url: string } | null } | null;

const logLines = async (): Promise<string[]> =>
  (
    (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: 'languages.' } }, orderBy: { id: 'asc' } })) as Array<{ description: string }>
  ).map((row) => row.description);

/** The site's route, followed to the file it points at. */
const sitePack = async (code: string) => {
  const redirect = await server.request().get(`/api/site/v1/languages/${code}?v=${Date.now()}`);
  expect(redirect.status, JSON.stringify(redirect.body)).toBe(302);
  const location = redirect.headers.location as string;
  const file = await server.request().get(location);
  expect(file.status).toBe(200);
  return { redirect, location, pack: JSON.parse(file.text) as Pack, file };
};

beforeAll(async () => {
  server = await startServer('cms-languages', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  tokens = { admin: await sessionToken(server, 'staff', admin.id), attendant: await sessionToken(server, 'staff', attendant.id) };
});

afterAll(async () => {
  await server?.stop();
});

describe('language packs', () => {
  const german = translated(PT, 'AL');

  it('lists the three codes, none uploaded yet, each with the pack the platform ships', async () => {
    const res = await api('get', '/languages');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      ['pt', 'en', 'al'].map((code) => ({ code, file: null, previous: null, version: 0, report: null, shipped: true })),
    );
  });

  it('on a fresh install the site answers the shipped packs themselves: English, German, and PT', async () => {
    const expected = {
      en: ['Sign out', 'SILVER', 'Sign in'],
      al: ['Abmelden', 'SILBER', 'Anmelden'],
      pt: ['Sair', 'SILVER/PRATA', 'Entrar'],
    };
    for (const [code, [logout, silver, signIn]] of Object.entries(expected)) {
      const res = await server.request().get(`/api/site/v1/languages/${code}?v=${Date.now()}`);
      expect(res.status, code).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const pack = JSON.parse(res.text) as { halls: { nav: Pack }; stands: { tier: Pack }; backoffice: { login: Pack } };
      expect(pack.halls.nav.logout).toBe(logout);
      expect(pack.stands.tier.silver).toBe(silver);
      expect(pack.backoffice.login.title).toBe(signIn);
      // Unchanged since the last load: 304 without the body.
      const again = await server
        .request()
        .get(`/api/site/v1/languages/${code}`)
        .set('If-None-Match', res.headers.etag as string);
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
    }
    const etags = await Promise.all(
      ['en', 'al'].map(async (code) => (await server.request().get(`/api/site/v1/languages/${code}`)).headers.etag),
    );
    expect(new Set(etags).size).toBe(2);
  });

  it('accepts a complete pack, stores it as a file and redirects the site to it with its version', async () => {
    const res = await upload('al', german, 'deutsch.json');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('languagePacks.saved');
    expect(res.body.data).toMatchObject({
      code: 'al',
      version: 1,
      previous: null,
      file: { url: expect.stringMatching(/^\/uploads\/.+\.json$/), name: 'deutsch.json', size: expect.any(Number) },
      report: { missing: [], unknown: [], keys: expect.any(Number) },
    });
    expect(res.body.data.report.keys).toBe(res.body.data.report.reference);
    expect(res.body.data.file.size).toBeGreaterThan(10_000);
    expect(onDisk(res.body.data.file.url)).toBe(true);

    const { redirect, location, pack, file } = await sitePack('al');
    expect(location).toBe(`${res.body.data.file.url}?v=1`);
    expect(redirect.headers['cache-control']).toBe('no-cache');
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBeUndefined();
    expect((pack.common as Pack).notFound).toBe('[AL] Pagina não encontrada');
  });

  it('accepts a pack missing a key, with the key listed; the site then sends the new file', async () => {
    const before = await packRow('al');
    const res = await upload('al', without(translated(PT, 'AL2'), 'common.notFound'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('languagePacks.savedIncomplete');
    expect(res.body.data.report.missing).toEqual(['common.notFound']);
    expect(res.body.data.version).toBe(2);
    expect(res.body.data.previous.url).toBe(before?.file?.url);
    const { location, pack } = await sitePack('al');
    expect(location).toBe(`${res.body.data.file.url}?v=2`);
    expect((pack.platform as Pack).bannerAlt).toBe('[AL2] Banner do evento {{name}}');
  });

  it('lists the keys PT does not have, and accepts dotted keys as the nested ones they name', async () => {
    const res = await upload('en', { 'common.notFound': 'Page not found', common: { extra: 'x' }, halls: { secret: 'y' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.report.unknown).toEqual(['common.extra', 'halls.secret']);
    expect(res.body.data.report.keys).toBe(1);
    expect(res.body.data.report.missing).toHaveLength(res.body.data.report.reference - 1);
    // The upload replaces the shipped English pack: the site now redirects to it.
    const { location, pack } = await sitePack('en');
    expect(location).toBe(`${res.body.data.file.url}?v=1`);
    expect(pack['common.notFound']).toBe('Page not found');
    expect(pack.halls).toEqual({ secret: 'y' });
  });

  describe('refuses a malformed pack and keeps the stored one', () => {
    const refused = async (content: string | Buffer | Pack, msg: string, status = 400) => {
      const row = await packRow('al');
      const files = (await fileRows(server.strapi)).length;
      const res = await upload('al', content);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.msg).toBe(msg);
      expect(await packRow('al')).toEqual(row);
      expect((await fileRows(server.strapi)).length).toBe(files);
      return res.body;
    };

    it('a placeholder unlike PT’s, with the keys at fault', async () => {
      const pack = structuredClone(german);
      (pack.platform as Pack).bannerAlt = 'Veranstaltungsbanner';
      (pack.platform as Pack).dates = '{{start}} bis {{ende}}';
      const body = await refused(pack, 'languagePacks.error.placeholders');
      expect(body.data.problems).toEqual([
        { key: 'platform.bannerAlt', expected: ['name'], found: [] },
        { key: 'platform.dates', expected: ['end', 'start'], found: ['ende', 'start'] },
      ]);
    });

    it('a file that is not JSON, or not UTF-8', async () => {
      await refused('{"common": {"notFound": "Seite nicht gefunden",}', 'languagePacks.error.invalidJson');
      await refused(Buffer.from('{"common": {"notFound": "Pagina n\u00e3o encontrada"}}', 'latin1'), 'languagePacks.error.invalidJson');
    });

    it('JSON that is not an object of texts', async () => {
      await refused('[]', 'languagePacks.error.notAnObject');
      await refused('"Hallo"', 'languagePacks.error.notAnObject');
      const body = await refused({ common: { notFound: 404, back: ['x'] } }, 'languagePacks.error.notText');
      expect(body.data.problems).toEqual([{ key: 'common.back' }, { key: 'common.notFound' }]);
    });

    it('a pack without a single key PT knows, an empty file, a file over 2 MB', async () => {
      await refused({ name: 'meu-pacote', version: '1.0.0' }, 'languagePacks.error.noKnownKeys');
      await refused(Buffer.alloc(0), 'upload.error.empty');
      await refused(JSON.stringify({ common: { notFound: 'x'.repeat(2 * 1024 * 1024) } }), 'upload.error.tooLarge', 413);
    });
  });

  it('answers 404 for a code that is not a pack, 400 without a file', async () => {
    for (const code of ['de', 'AL', 'xx']) {
      const res = await upload(code, german);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('api.error.languageNotFound');
      expect((await api('post', `/languages/${code}/rollback`)).status).toBe(404);
      expect((await server.request().get(`/api/site/v1/languages/${code}`)).status).toBe(404);
    }
    const none = await api('put', '/languages/al').field('other', 'x');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('languagePacks.error.fileRequired');
  });

  it('puts the previous file back, and a second rollback undoes the first', async () => {
    const before = await packRow('al');
    const res = await api('post', '/languages/al/rollback');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('languagePacks.restored');
    expect(res.body.data.file.url).toBe(before?.previous?.url);
    expect(res.body.data.previous.url).toBe(before?.file?.url);
    expect(res.body.data.version).toBe((before?.version ?? 0) + 1);
    // The check of the file put back comes back with it.
    expect(res.body.data.report.missing).toEqual([]);
    const { location, pack } = await sitePack('al');
    expect(location).toBe(`${before?.previous?.url}?v=${res.body.data.version}`);
    expect((pack.common as Pack).notFound).toBe('[AL] Pagina não encontrada');

    const again = await api('post', '/languages/al/rollback');
    expect(again.body.data.file.url).toBe(before?.file?.url);
    expect(again.body.data.report.missing).toEqual(['common.notFound']);
  });

  it('keeps one previous file: a new upload deletes the one before it', async () => {
    const before = await packRow('al');
    const res = await upload('al', translated(PT, 'AL3'));
    expect(res.status).toBe(200);
    expect(res.body.data.previous.url).toBe(before?.file?.url);
    expect(onDisk(before?.previous?.url as string)).toBe(false);
    expect(onDisk(before?.file?.url as string)).toBe(true);
    const list = await api('get', '/languages');
    expect(list.body.data.find((p: { code: string }) => p.code === 'al')).toEqual(res.body.data);
  });

  it('answers 409 when there is no previous file', async () => {
    const res = await api('post', '/languages/pt/rollback');
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('languagePacks.error.noPrevious');
  });

  it('is for admins only', async () => {
    for (const who of ['attendant', null] as const) {
      const expected = who ? 403 : 401;
      expect((await api('get', '/languages', who)).status).toBe(expected);
      expect((await upload('al', german, 'al.json', who)).status).toBe(expected);
      expect((await api('post', '/languages/al/rollback', who)).status).toBe(expected);
    }
  });

  it('logs every upload and rollback', async () => {
    expect(await logLines()).toEqual([
      'Enviou o pacote de idioma AL (versão 1).',
      expect.stringMatching(/^Enviou o pacote de idioma AL \(versão 2; 1 texto faltando/),
      expect.stringMatching(/^Enviou o pacote de idioma EN \(versão 1; \d+ textos faltando/),
      'Restaurou o arquivo anterior do pacote de idioma AL (versão 3).',
      'Restaurou o arquivo anterior do pacote de idioma AL (versão 4).',
      'Enviou o pacote de idioma AL (versão 5).',
    ]);
  });
});
