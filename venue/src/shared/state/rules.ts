import type { SessionClient, StaffUser } from '@plataforma/adapter';

// ---------------------------------------------------------------- auth (SPEC §3, §4)
export interface AuthState {
  currentUser: StaffUser | null;
  currentClient: SessionClient | null;
  userAuthenticated: boolean;
  clientAuthenticated: boolean;
  /** Whether the venue's soft-login modal is open. */
  loginModal: boolean;
}

export const initialAuth: AuthState = {
  currentUser: null,
  currentClient: null,
  userAuthenticated: false,
  clientAuthenticated: false,
  loginModal: false,
};

export type Agent = 'user' | 'client';

/** SPEC §4: agent 'user' marks both user and client authenticated; any other agent only the client. */
export const setAuth = (state: AuthState, account: StaffUser | SessionClient, agent: Agent): AuthState =>
  agent === 'user'
    ? { ...state, currentUser: account as StaffUser, userAuthenticated: true, clientAuthenticated: true }
    : { ...state, currentClient: account as SessionClient, clientAuthenticated: true };

/** Removing clears both. */
export const removeAuth = (state: AuthState): AuthState => ({ ...initialAuth, loginModal: state.loginModal });

/**
 * The client's session ended on the server (SPEC §6: the two sessions are separate): only the
 * client goes; a signed-in staff member stays, and still counts as client-authenticated (SPEC §4).
 */
export const removeClientAuth = (state: AuthState): AuthState => ({
  ...state,
  currentClient: null,
  clientAuthenticated: state.userAuthenticated,
});

// ---------------------------------------------------------------- checkout carts (SPEC §4)
export interface Cart {
  all: boolean;
  list: number[];
  step: number;
  coupon: string | null;
}

export type Carts = Record<string, Cart>;

export type CartItem = { kind: 'event'; id: number } | { kind: 'lecture'; id: number };

export const addToCart = (carts: Carts, eventId: number, item: CartItem): Carts => {
  const key = String(eventId);
  if (item.kind === 'event') return { ...carts, [key]: { all: true, list: [], step: 1, coupon: carts[key]?.coupon ?? null } };
  const cart = carts[key] ?? { all: false, list: [], step: 1, coupon: null };
  return { ...carts, [key]: { ...cart, all: false, list: cart.list.includes(item.id) ? cart.list : [...cart.list, item.id] } };
};

export const removeFromCart = (carts: Carts, eventId: number, item: CartItem): Carts => {
  const key = String(eventId);
  const cart = carts[key];
  if (!cart) return carts;
  if (item.kind === 'event') return { ...carts, [key]: { ...cart, all: false, list: [], step: 1 } };
  return { ...carts, [key]: { ...cart, list: cart.list.filter((id) => id !== item.id) } };
};

export const finishCart = (carts: Carts, eventId: number): Carts => {
  const next = { ...carts };
  delete next[String(eventId)];
  return next;
};

export const setCartStep = (carts: Carts, eventId: number, step: number): Carts =>
  carts[String(eventId)] ? { ...carts, [String(eventId)]: { ...carts[String(eventId)], step } } : carts;

export const setCoupon = (carts: Carts, eventId: number, coupon: string | null): Carts =>
  carts[String(eventId)] ? { ...carts, [String(eventId)]: { ...carts[String(eventId)], coupon } } : carts;

// ---------------------------------------------------------------- layout (SPEC §4, §9)
export type ScreenSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** Up to 359 xs, up to 639 sm, up to 1023 md, up to 1439 lg, else xl. */
export const screenSizeOf = (width: number): ScreenSize =>
  width <= 359 ? 'xs' : width <= 639 ? 'sm' : width <= 1023 ? 'md' : width <= 1439 ? 'lg' : 'xl';

// ---------------------------------------------------------------- toast and dialog (SPEC §3)
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  show: boolean;
  type: ToastType;
  message: string;
  timeout: number;
}

export const TOAST_TIMEOUT = 3000;
/** SPEC §4: on a change the old toast hides and the new one shows after 1 s. */
export const TOAST_SWAP_DELAY = 1000;

export interface Dialog {
  open: boolean;
  header: string;
  body: string;
  /** Unset: the dialog shows the pack's 'common.no'. */
  negativeLabel?: string;
  /** Unset: the dialog shows the pack's 'common.yes'. */
  positiveLabel?: string;
}
