import { describe, expect, it } from 'vitest';
import { idFromSlug, slugify, slugWithId, standPagePath } from './routes';

describe('idFromSlug', () => {
  it('reads the part before the first dash', () => {
    expect(idFromSlug('1')).toBe(1);
    expect(idFromSlug('2-pfizer')).toBe(2);
    expect(idFromSlug('12-congresso-2020')).toBe(12);
  });
  it.each([undefined, '', 'abc', '-1', '0', 'x-1', '1.5-a'])('is null for %j', (slug) => {
    expect(idFromSlug(slug)).toBeNull();
  });
});

describe('slugWithId', () => {
  it('joins the id and a URL-safe name', () => {
    expect(slugWithId(2, 'Vitalis Farmacêutica S.A.')).toBe('2-vitalis-farmaceutica-s-a');
    expect(slugWithId(3, '***')).toBe('3');
  });
});

describe('slugify', () => {
  it('keeps letters and digits of a name, accents dropped', () => {
    expect(slugify('  Sala Órion 2  ')).toBe('sala-orion-2');
    expect(slugify('Auditório — Ação & Reação')).toBe('auditorio-acao-reacao');
    expect(slugify('***')).toBe('');
  });
});

describe('standPagePath', () => {
  it('is the stand’s page under the event, its id leading the name’s slug', () => {
    expect(standPagePath('1-congresso', { id: 7, name: 'Vitalis Farmacêutica' })).toBe(
      '/plataforma/1-congresso/estande/7-vitalis-farmaceutica',
    );
    expect(standPagePath(3, { id: 9, name: '***' })).toBe('/plataforma/3/estande/9');
  });
});
