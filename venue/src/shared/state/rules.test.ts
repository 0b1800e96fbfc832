import { describe, expect, it } from 'vitest';
import type { SessionClient, StaffUser } from '@plataforma/adapter';
import { SCREEN_SIZE_STEPS } from '../../testing/fixtures';
import {
  addToCart,
  finishCart,
  initialAuth,
  removeAuth,
  removeClientAuth,
  removeFromCart,
  screenSizeOf,
  setAuth,
  setCoupon,
} from './rules';

const user = { id: 1, name: 'Ana', email: 'ana@exemplo.com.br', role: 'admin' } as StaffUser;
const client: SessionClient = { id: 2, name: 'Bia', email: 'bia@exemplo.com.br', soft: true };

describe('auth rules (SPEC §4)', () => {
  it("agent 'user' marks both user and client authenticated", () => {
    expect(setAuth(initialAuth, user, 'user')).toMatchObject({ currentUser: user, userAuthenticated: true, clientAuthenticated: true });
  });
  it('any other agent marks only the client', () => {
    expect(setAuth(initialAuth, client, 'client')).toMatchObject({
      currentClient: client,
      userAuthenticated: false,
      clientAuthenticated: true,
      currentUser: null,
    });
  });
  it('removing clears both', () => {
    const both = setAuth(setAuth(initialAuth, user, 'user'), client, 'client');
    expect(removeAuth(both)).toEqual(initialAuth);
  });
  it("removing the client alone keeps the staff member (issue 16: a visitor's expired session signed staff out)", () => {
    const both = setAuth(setAuth(initialAuth, user, 'user'), client, 'client');
    expect(removeClientAuth(both)).toEqual({ ...both, currentClient: null, clientAuthenticated: true });
    expect(removeClientAuth(setAuth(initialAuth, client, 'client'))).toEqual(initialAuth);
  });
});

describe('cart rules (SPEC §4)', () => {
  it('adding the event creates the cart at step 1 with all and an empty list', () => {
    const carts = addToCart(addToCart({}, 7, { kind: 'lecture', id: 3 }), 7, { kind: 'event', id: 7 });
    expect(carts['7']).toEqual({ all: true, list: [], step: 1, coupon: null });
  });
  it('adding another item adds its id once and clears all', () => {
    let carts = addToCart({}, 7, { kind: 'event', id: 7 });
    carts = addToCart(carts, 7, { kind: 'lecture', id: 3 });
    carts = addToCart(carts, 7, { kind: 'lecture', id: 3 });
    expect(carts['7']).toMatchObject({ all: false, list: [3] });
  });
  it('removing the event resets list, all and step; removing an item filters it', () => {
    let carts = addToCart(addToCart({}, 7, { kind: 'lecture', id: 3 }), 7, { kind: 'lecture', id: 4 });
    carts = removeFromCart(carts, 7, { kind: 'lecture', id: 3 });
    expect(carts['7'].list).toEqual([4]);
    carts = removeFromCart({ ...carts, '7': { ...carts['7'], step: 3 } }, 7, { kind: 'event', id: 7 });
    expect(carts['7']).toMatchObject({ all: false, list: [], step: 1 });
  });
  it('sets and removes a coupon; finishing deletes the cart', () => {
    let carts = setCoupon(addToCart({}, 7, { kind: 'event', id: 7 }), 7, 'PROMO10');
    expect(carts['7'].coupon).toBe('PROMO10');
    carts = setCoupon(carts, 7, null);
    expect(carts['7'].coupon).toBeNull();
    expect(finishCart(carts, 7)).toEqual({});
  });
});

describe('screen size class (SPEC §9 breakpoints)', () => {
  it.each([[320, 'xs'], ...SCREEN_SIZE_STEPS])('%i px is %s', (width, size) => expect(screenSizeOf(width)).toBe(size));
});
