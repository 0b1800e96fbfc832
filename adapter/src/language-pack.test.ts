import { describe, expect, it } from 'vitest';
import { checkLanguagePack, flattenPack, placeholdersOf } from './language-pack';

// A small PT pack as fixture: nested keys, placeholders, a plural pair, a back-office section.
const PT = {
  common: { notFound: 'Pagina não encontrada', back: 'Voltar' },
  platform: { bannerAlt: 'Banner do evento {{name}}', dates: '{{start}} a {{end}}' },
  table: { selected_one: '{{count}} selecionado', selected_other: '{{count}} selecionados' },
  backoffice: { greeting: 'Olá, {{name}}' },
};

const EN = {
  common: { notFound: 'Page not found', back: 'Back' },
  platform: { bannerAlt: 'Banner of {{name}}', dates: '{{start}} to {{end}}' },
  table: { selected_one: 'one selected', selected_other: '{{count}} selected' },
  backoffice: { greeting: 'Hello, {{ name }}' },
};

describe('placeholdersOf', () => {
  it('names each placeholder once, sorted, without spaces, formats or the unescape mark', () => {
    expect(placeholdersOf('{{end}} – {{ start }} ({{start}})')).toEqual(['end', 'start']);
    expect(placeholdersOf('{{value, number}} e {{- html}}')).toEqual(['html', 'value']);
    expect(placeholdersOf('sem variáveis')).toEqual([]);
  });
});

describe('flattenPack', () => {
  it('reads nested and dotted keys alike, and names leaves that are not text', () => {
    const { texts, notText } = flattenPack({ a: { b: 'x', c: 1 }, 'a.d': 'y', e: null, f: ['z'] });
    expect([...texts]).toEqual([
      ['a.b', 'x'],
      ['a.d', 'y'],
    ]);
    expect(notText).toEqual(['a.c', 'e', 'f']);
  });
});

describe('checkLanguagePack', () => {
  it('accepts a complete pack (a plural form may leave out {{count}})', () => {
    expect(checkLanguagePack(EN, PT)).toEqual({ ok: true, report: { keys: 7, reference: 7, missing: [], unknown: [] } });
  });

  it('accepts a pack missing keys and one with unknown keys, listing them', () => {
    const pack = { common: { notFound: 'Page not found', extra: 'x' }, 'platform.bannerAlt': 'Banner of {{name}}' };
    expect(checkLanguagePack(pack, PT)).toEqual({
      ok: true,
      report: {
        keys: 2,
        reference: 7,
        missing: ['backoffice.greeting', 'common.back', 'platform.dates', 'table.selected_one', 'table.selected_other'],
        unknown: ['common.extra'],
      },
    });
  });

  it('refuses placeholders unlike PT’s: left out, renamed or added', () => {
    const pack = {
      ...EN,
      platform: { bannerAlt: 'Event banner', dates: '{{start}} to {{finish}}' },
      backoffice: { greeting: 'Hello, {{name}} {{surname}}' },
      table: { selected_one: 'one selected', selected_other: 'some selected' },
    };
    expect(checkLanguagePack(pack, PT)).toEqual({
      ok: false,
      msg: 'languagePacks.error.placeholders',
      problems: [
        { key: 'backoffice.greeting', expected: ['name'], found: ['name', 'surname'] },
        { key: 'platform.bannerAlt', expected: ['name'], found: [] },
        { key: 'platform.dates', expected: ['end', 'start'], found: ['finish', 'start'] },
        { key: 'table.selected_other', expected: ['count'], found: [] },
      ],
    });
  });

  it('refuses what is not an object of texts, and a pack with no key PT knows', () => {
    for (const value of [null, [], 'texto', 3, true])
      expect(checkLanguagePack(value, PT)).toMatchObject({ ok: false, msg: 'languagePacks.error.notAnObject' });
    expect(checkLanguagePack({ common: { notFound: 404, back: ['x'] } }, PT)).toEqual({
      ok: false,
      msg: 'languagePacks.error.notText',
      problems: [{ key: 'common.back' }, { key: 'common.notFound' }],
    });
    expect(checkLanguagePack({}, PT)).toMatchObject({ ok: false, msg: 'languagePacks.error.noKnownKeys' });
    expect(checkLanguagePack({ name: 'pacote', version: '1.0.0' }, PT)).toMatchObject({
      ok: false,
      msg: 'languagePacks.error.noKnownKeys',
    });
  });
});
