import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Language, SessionClient, StaffUser } from '@plataforma/adapter';
import {
  addToCart,
  DIALOG_DEFAULTS,
  finishCart,
  initialAuth,
  removeAuth,
  removeFromCart,
  setAuth,
  setCartStep,
  setCoupon,
  TOAST_SWAP_DELAY,
  TOAST_TIMEOUT,
  type Agent,
  type AuthState,
  type CartItem,
  type Carts,
  type Dialog,
  type ScreenSize,
  type Toast,
  type ToastType,
} from './rules';

/** The one key the state is persisted under (SPEC §3); layout is left out. */
export const STATE_KEY = 'plataforma:state';
/** One key for the staff token, one for the client token (SPEC §9). */
export const STAFF_TOKEN_KEY = 'plataforma:staff-token';
export const CLIENT_TOKEN_KEY = 'plataforma:client-token';

export interface DialogRequest {
  header: string;
  body: string;
  negativeLabel?: string;
  positiveLabel?: string;
  onPositive?: () => void | Promise<void>;
}

interface State {
  auth: AuthState;
  toast: Toast;
  dialog: Dialog & { onPositive?: () => void | Promise<void> };
  loader: boolean;
  carts: Carts;
  language: Language;
  appText: Record<string, unknown> | null;
  layout: { screen: ScreenSize };

  signIn(account: StaffUser | SessionClient, agent: Agent, token: string): void;
  signOut(): void;
  setLoginModal(open: boolean): void;
  showToast(message: string, type?: ToastType, timeout?: number): void;
  hideToast(): void;
  openDialog(request: DialogRequest): void;
  closeDialog(): void;
  setLoader(on: boolean): void;
  addCartItem(eventId: number, item: CartItem): void;
  removeCartItem(eventId: number, item: CartItem): void;
  setCartStep(eventId: number, step: number): void;
  setCoupon(eventId: number, coupon: string | null): void;
  finishCart(eventId: number): void;
  setLanguage(language: Language, appText?: Record<string, unknown> | null): void;
  setScreen(screen: ScreenSize): void;
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
let swapTimer: ReturnType<typeof setTimeout> | undefined;

export const useAppState = create<State>()(
  persist(
    (set, get) => ({
      auth: initialAuth,
      toast: { show: false, type: 'info', message: '', timeout: TOAST_TIMEOUT },
      dialog: { open: false, header: '', body: '', ...DIALOG_DEFAULTS },
      loader: false,
      carts: {},
      language: 'pt',
      appText: null,
      layout: { screen: 'xl' },

      signIn: (account, agent, token) => {
        localStorage.setItem(agent === 'user' ? STAFF_TOKEN_KEY : CLIENT_TOKEN_KEY, token);
        set((state) => ({ auth: setAuth(state.auth, account, agent) }));
      },
      signOut: () => {
        // SPEC §4: logout removes both staff and client tokens.
        localStorage.removeItem(STAFF_TOKEN_KEY);
        localStorage.removeItem(CLIENT_TOKEN_KEY);
        set((state) => ({ auth: removeAuth(state.auth) }));
      },
      setLoginModal: (open) => set((state) => ({ auth: { ...state.auth, loginModal: open } })),

      showToast: (message, type = 'info', timeout = TOAST_TIMEOUT) => {
        clearTimeout(toastTimer);
        clearTimeout(swapTimer);
        const next: Toast = { show: true, type, message, timeout };
        const reveal = () => {
          set({ toast: next });
          toastTimer = setTimeout(() => get().hideToast(), timeout);
        };
        if (get().toast.show) {
          set((state) => ({ toast: { ...state.toast, show: false } }));
          swapTimer = setTimeout(reveal, TOAST_SWAP_DELAY);
        } else reveal();
      },
      hideToast: () => {
        clearTimeout(toastTimer);
        set((state) => ({ toast: { ...state.toast, show: false } }));
      },

      openDialog: ({ header, body, negativeLabel, positiveLabel, onPositive }) =>
        set({
          dialog: {
            open: true,
            header,
            body,
            negativeLabel: negativeLabel ?? DIALOG_DEFAULTS.negativeLabel,
            positiveLabel: positiveLabel ?? DIALOG_DEFAULTS.positiveLabel,
            onPositive,
          },
        }),
      closeDialog: () => set((state) => ({ dialog: { ...state.dialog, open: false, onPositive: undefined } })),

      setLoader: (on) => set({ loader: on }),

      addCartItem: (eventId, item) => set((state) => ({ carts: addToCart(state.carts, eventId, item) })),
      removeCartItem: (eventId, item) => set((state) => ({ carts: removeFromCart(state.carts, eventId, item) })),
      setCartStep: (eventId, step) => set((state) => ({ carts: setCartStep(state.carts, eventId, step) })),
      setCoupon: (eventId, coupon) => set((state) => ({ carts: setCoupon(state.carts, eventId, coupon) })),
      finishCart: (eventId) => set((state) => ({ carts: finishCart(state.carts, eventId) })),

      setLanguage: (language, appText = null) => set({ language, appText }),
      setScreen: (screen) => set((state) => (state.layout.screen === screen ? state : { layout: { screen } })),
    }),
    {
      name: STATE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Layout is per window, toasts and dialogs are per moment, the text pack is re-fetched.
      partialize: (state) => ({ auth: { ...state.auth, loginModal: false }, carts: state.carts, language: state.language, loader: false }),
    },
  ),
);

export const staffToken = (): string | null => localStorage.getItem(STAFF_TOKEN_KEY);
export const clientToken = (): string | null => localStorage.getItem(CLIENT_TOKEN_KEY);
