import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff } from '../test-utils';
import { amazonia, congress, makeOrder } from './fixtures';

const order = makeOrder();

beforeEach(() => signInStaff());

/** axe on the page as it is now: the serious and critical violations (colour contrast needs a real layout: e2e checks it). */
const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const serve = () =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/events': () => ({ rows: [congress, amazonia], count: 2 }),
    'GET /api/cms/v1/orders': () => ({ rows: [order], count: 1 }),
    'GET /api/cms/v1/orders/5': () => order,
    'GET /api/cms/v1/events/private/3': () => congress,
    'GET /api/cms/v1/clients': () => ({ rows: [], count: 0 }),
  });

describe('axe on the orders screens', () => {
  it('the list and the grant dialog', async () => {
    serve();
    renderBackoffice('/cms/pedidos');
    await screen.findByRole('cell', { name: order.number }, FIRST_LOAD);
    expect(await violations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Conceder acesso' }));
    await within(screen.getByRole('dialog')).findByRole('combobox', { name: /^Cliente/ });
    expect(await violations()).toEqual([]);
  });

  it('the order and its refund dialog', async () => {
    serve();
    renderBackoffice('/cms/pedidos/5');
    await screen.findByRole('heading', { level: 1, name: `Pedido ${order.number}` }, FIRST_LOAD);
    expect(await violations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
    await within(screen.getByRole('dialog')).findByRole('textbox');
    expect(await violations()).toEqual([]);
  });
});
