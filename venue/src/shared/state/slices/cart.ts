import { addToCart, finishCart, removeFromCart, setCartStep, setCoupon, type CartItem, type Carts } from '../rules';
import type { Slice } from './types';

export interface CartSlice {
  /** One cart per event id (SPEC §4). */
  carts: Carts;
  addCartItem(eventId: number, item: CartItem): void;
  removeCartItem(eventId: number, item: CartItem): void;
  setCartStep(eventId: number, step: number): void;
  setCoupon(eventId: number, coupon: string | null): void;
  finishCart(eventId: number): void;
}

export const createCartSlice: Slice<CartSlice> = (set) => ({
  carts: {},
  addCartItem: (eventId, item) => set((state) => ({ carts: addToCart(state.carts, eventId, item) })),
  removeCartItem: (eventId, item) => set((state) => ({ carts: removeFromCart(state.carts, eventId, item) })),
  setCartStep: (eventId, step) => set((state) => ({ carts: setCartStep(state.carts, eventId, step) })),
  setCoupon: (eventId, coupon) => set((state) => ({ carts: setCoupon(state.carts, eventId, coupon) })),
  finishCart: (eventId) => set((state) => ({ carts: finishCart(state.carts, eventId) })),
});

export const persistCart = (slice: CartSlice) => ({ carts: slice.carts });
