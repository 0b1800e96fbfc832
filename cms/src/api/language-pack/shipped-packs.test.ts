import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLanguagePack, flattenPack, LANGUAGES } from '@plataforma/adapter';
import { repoRoot } from '../../lib/app-root';
import { PACK_FILES, referencePack, shippedAnswer, shippedPack } from './reference';

// The packs the platform ships besides PT (decision 021): EN and AL, each as locales/<code>.json
// and backoffice/i18n/<code>.json (its `backoffice` section), which the site sends while no file
// is uploaded. Each must have exactly PT's keys, with PT's placeholders; the checker itself is
// tested with fixtures in the adapter.
const shipped = (dir: string): string[] =>
  fs
    .readdirSync(path.join(repoRoot(), dir))
    .filter((name) => name.endsWith('.json') && name !== 'pt.json')
    .map((name) => name.slice(0, -'.json'.length));

const languages = LANGUAGES.filter((code) => code !== 'pt');

describe('the built-in PT pack the server checks uploads against', () => {
  it('holds the venue’s and the back office’s texts, all of them strings', () => {
    const pt = referencePack();
    const { texts, notText } = flattenPack(pt);
    expect(notText).toEqual([]);
    expect(texts.get('common.notFound')).toBe('Pagina não encontrada');
    expect(texts.get('backoffice.menu.languages')).toBe('Idioma');
  });
});

describe('packs the venue ships', () => {
  it('are EN and AL, each in both folders, and nothing else', () => {
    for (const dir of Object.values(PACK_FILES)) expect(shipped(dir).sort(), dir).toEqual([...languages].sort());
  });

  it.each(languages)('%s has exactly PT’s keys, with PT’s placeholders', (code) => {
    const check = checkLanguagePack(shippedPack(code), referencePack());
    expect(check.ok ? [] : check.problems, check.ok ? '' : check.msg).toEqual([]);
    expect(check.ok && check.report.missing, 'PT keys missing').toEqual([]);
    expect(check.ok && check.report.unknown, 'keys PT does not have').toEqual([]);
  });

  it.each(languages)(
    '%s is what the site sends without an upload: the JSON of the pack with its back-office section, and its hash',
    (code) => {
      const answer = shippedAnswer(code);
      expect(answer).not.toBeNull();
      const pack = JSON.parse(answer?.json ?? '') as Record<string, Record<string, unknown>>;
      expect(pack).toEqual(shippedPack(code));
      expect(Object.keys(pack.backoffice).length).toBeGreaterThan(10);
      // Translated, not PT copied: the tier of a silver stand and the map button.
      const texts = flattenPack(pack).texts;
      expect(texts.get('stands.tier.silver')).not.toBe('SILVER/PRATA');
      expect(texts.get('halls.nav.map')).not.toBe('Mapa');
      expect(answer?.etag).toMatch(/^"[\w-]{27}"$/);
      expect(shippedAnswer(code)).toBe(answer);
    },
  );

  it('would catch a shipped pack that misses a PT key or changes a placeholder', () => {
    // A copy of the two folders where 'xx' is PT with one text gone and one placeholder renamed.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shipped-packs-'));
    try {
      for (const dir of Object.values(PACK_FILES)) {
        fs.mkdirSync(path.join(root, dir), { recursive: true });
        const pt = JSON.parse(fs.readFileSync(path.join(repoRoot(), dir, 'pt.json'), 'utf8')) as Record<string, Record<string, string>>;
        fs.writeFileSync(path.join(root, dir, 'pt.json'), JSON.stringify(pt));
        if (dir === PACK_FILES.main) {
          delete pt.common.notFound;
          pt.platform.bannerAlt = 'Banner {{nome}}';
        }
        fs.writeFileSync(path.join(root, dir, 'xx.json'), JSON.stringify(pt));
      }
      const check = checkLanguagePack(shippedPack('xx', root), shippedPack('pt', root));
      expect(check).toMatchObject({ ok: false, problems: [{ key: 'platform.bannerAlt', expected: ['name'], found: ['nome'] }] });
      const fixed = shippedPack('xx', root);
      (fixed.platform as Record<string, string>).bannerAlt = 'Banner {{name}}';
      expect(checkLanguagePack(fixed, shippedPack('pt', root))).toMatchObject({ ok: true, report: { missing: ['common.notFound'] } });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
