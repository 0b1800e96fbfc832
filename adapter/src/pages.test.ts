import { describe, expect, it } from 'vitest';
import { isVenuePage, VENUE_PAGES } from './pages';

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
    for (const pattern of VENUE_PAGES) {
      expect(isVenuePage(pattern.replace(/:\w+/g, '7').replace('/*', '/x')), pattern).toBe(true);
    }
  });
});
