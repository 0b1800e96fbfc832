import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isVenuePage, VENUE_PAGES } from '@plataforma/adapter/pages';
import { routes } from './App';

/** The absolute paths the router declares, at any depth (the halls' and screens' relative ones aside). */
const absolutePaths = (list: readonly RouteObject[]): string[] =>
  list.flatMap((route) => [...(route.path?.startsWith('/') ? [route.path] : []), ...absolutePaths(route.children ?? [])]);

/** The router's last resort: the top-level `*`, its not-found screen for any path no page takes. */
const topLevelNotFound = routes[0].children?.find((route) => route.path === '*');

describe('the venue’s pages, one table for the router and the server (decision 072)', () => {
  it('routes exactly the pages of the adapter’s VENUE_PAGES', () => {
    expect(new Set(absolutePaths(routes))).toEqual(new Set(VENUE_PAGES));
  });

  it.each([
    '/',
    '/plataforma/1/hall-entrada',
    '/plataforma/1-cbmi/estande/2-pfizer',
    '/plataforma/1/nao-existe',
    '/eventos',
    '/eventos/3-congresso/',
    '/Eventos',
    '/checkout/3',
    '/meus-pedidos/12',
    '/certificados/ABC-123',
    '/cms',
    '/cms/eventos/1/salas',
    '/nao-existe',
    '/plataforma',
    '/eventos/3/programa',
    '/termos/1',
    '/cmsx',
  ])('%s: the server calls it a page exactly when the router does not fall to its not-found screen', (path) => {
    const last = matchRoutes(routes, path)?.at(-1)?.route;
    expect(topLevelNotFound).toBeDefined();
    expect(isVenuePage(path)).toBe(last !== undefined && last !== topLevelNotFound);
  });
});
