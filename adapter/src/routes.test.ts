import { describe, expect, it } from 'vitest';
import { idFromSlug, isVenuePage, slugify, slugWithId, standPagePath, VENUE_PAGES } from './routes';

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

describe('isVenuePage (decision 072: any other page answers 404)', () => {
  it.each([
    '/',
    '/plataforma/1',
    '/plataforma/1/hall-entrada',
    '/plataforma/1-cbmi/estande/2-pfizer',
    '/plataforma/1/nao-existe',
    '/eventos',
    '/eventos/',
    '/eventos/3-congresso',
    '/EVENTOS',
    '/cadastro',
    '/perfil',
    '/checkout/3',
    '/meus-pedidos',
    '/meus-pedidos/12',
    '/certificados',
    '/certificados/ABC-123',
    '/termos',
    '/sobre',
    '/cms',
    '/cms/eventos',
    '/cms/eventos/1/salas',
  ])('%s is a page of the venue', (path) => {
    expect(isVenuePage(path)).toBe(true);
  });

  it.each(['/nao-existe', '/plataforma', '/eventos/3/programa', '/cadastro/x', '/checkout', '/termos/1', '/cmsx', '/perfilx'])(
    '%s is none',
    (path) => {
      expect(isVenuePage(path)).toBe(false);
    },
  );

  it('matches every path written in the table, parameters filled', () => {
    for (const pattern of Object.values(VENUE_PAGES)) {
      expect(isVenuePage(pattern.replace(/:\w+/g, '7').replace('/*', '/x')), pattern).toBe(true);
    }
  });
});
