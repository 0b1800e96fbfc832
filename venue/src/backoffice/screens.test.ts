import { describe, expect, it } from 'vitest';
import { accessFor, STAFF_ROLES } from '@plataforma/adapter';
import { i18n } from '../shared/i18n';
import { BACKOFFICE_NS } from './i18n';
import { homeOf, menuOf, SCREENS, screenRoles } from './screens';

describe('the screens registry (SPEC §2.2)', () => {
  it('gives each role its menu, in order', () => {
    expect(menuOf('admin').map((screen) => screen.path)).toEqual([
      'dashboard',
      'eventos',
      'categorias',
      'clientes',
      'pedidos',
      'contatos',
      'usuarios',
      'atividades',
      'idiomas',
      'emails',
      'tarefas',
      'paginas',
    ]);
    expect(menuOf('attendant').map((screen) => screen.path)).toEqual(['estandes', 'conversas']);
  });

  it('sends each role where SPEC §2.2 says any other /cms path leads', () => {
    expect(homeOf('admin')).toBe('/cms/eventos');
    expect(homeOf('attendant')).toBe('/cms/estandes');
  });

  it.each(SCREENS.map((screen) => [screen.path, screen] as const))(
    '%s: shown only to roles the server lets call its API, with a menu text',
    (_path, screen) => {
      const roles = screenRoles(screen);
      expect(roles.length).toBeGreaterThan(0);
      for (const role of roles) {
        expect(STAFF_ROLES).toContain(role);
        expect(accessFor(screen.access)).toContain(role);
      }
      expect(i18n.exists(screen.label, { lng: 'pt', ns: BACKOFFICE_NS })).toBe(true);
    },
  );
});
