import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff } from '../test-utils';
import { makeEvent } from './test-fixtures';

const event = makeEvent();

beforeEach(() => signInStaff());

/** axe on the page as it is now: the serious and critical violations (colour contrast needs a real layout: e2e checks it). */
const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('axe on the event screens', () => {
  it('reports what it should: a field without a label is a violation', async () => {
    document.body.innerHTML = '<main><h1>Teste</h1><input type="text"></main>';
    expect((await violations()).some((line) => line.startsWith('label:'))).toBe(true);
    document.body.innerHTML = '';
  });

  it.each([
    ['/cms/eventos', 'Eventos'],
    ['/cms/eventos/new', 'Adicionar Evento'],
    ['/cms/eventos/3', event.name],
    ['/cms/eventos/3/salas', event.name],
    ['/cms/eventos/3/palestras', event.name],
    ['/cms/eventos/3/palestrantes', event.name],
    ['/cms/eventos/3/cupons', event.name],
  ])(
    '%s',
    async (path, heading) => {
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/events': () => ({ rows: [event], count: 1 }),
        'GET /api/cms/v1/events/private/3': () => event,
        'GET /api/cms/v1/categories': () => ({ rows: [{ id: 2, name: 'Congressos', description: null }], count: 1 }),
        'GET /api/cms/v1/rooms': () => ({ rows: [{ id: 5, eventId: 3, name: 'Auditório', link: null, slug: '5', number: 1 }], count: 1 }),
        'GET /api/cms/v1/lectures': () => ({ rows: [], count: 0 }),
        'GET /api/cms/v1/speakers': () => ({ rows: [], count: 0 }),
        'GET /api/cms/v1/coupons': () => ({ rows: [], count: 0 }),
      });
      renderBackoffice(path);
      await screen.findByRole('heading', { level: 1, name: heading }, FIRST_LOAD);
      if (path.endsWith('/new') || path.endsWith('/3')) await screen.findByRole('form', {}, FIRST_LOAD);
      else await screen.findAllByRole('cell', { name: /^(Congresso de Medicina Intensiva|Auditório|Nenhum.*)$/ }, FIRST_LOAD);
      expect(await violations()).toEqual([]);
      if (path === '/cms/eventos') {
        await userEvent.click(screen.getByRole('button', { name: 'Cards' }));
        await screen.findByRole('list', { name: 'Eventos' });
        expect(await violations()).toEqual([]);
      }
      const add = screen.queryAllByRole('button', { name: /^Adicionar (Sala|Palestra|Palestrante|Cupom)$/ })[0];
      if (add) {
        await userEvent.click(add);
        await within(screen.getByRole('dialog')).findAllByRole('textbox');
        expect(await violations()).toEqual([]);
      }
    },
    30_000,
  );
});
