import { screenSizeOf, TOAST_SWAP_DELAY, TOAST_TIMEOUT, type Dialog, type ScreenSize, type Toast, type ToastType } from '../rules';
import type { Slice } from './types';

export interface DialogRequest {
  header: string;
  body: string;
  /** Defaults to the pack's 'common.no' ('Não'), shown by the dialog. */
  negativeLabel?: string;
  /** Defaults to the pack's 'common.yes' ('Sim'). */
  positiveLabel?: string;
  onPositive?: () => void | Promise<void>;
  /** Called when the dialog is closed without confirming (the negative button, Escape, a click outside). */
  onDismiss?: () => void;
}

/** What a hall's part opens over the hall (its videos, 'Atendimento'): asked by the scene, the list twin or the map. */
export type HallAction = 'welcomeVideo' | 'congressVideo' | 'contact';

export interface UiSlice {
  toast: Toast;
  dialog: Dialog & { onPositive?: () => void | Promise<void>; onDismiss?: () => void };
  loader: boolean;
  layout: { screen: ScreenSize };
  hallAction: HallAction | null;
  showToast(message: string, type?: ToastType, timeout?: number): void;
  hideToast(): void;
  openDialog(request: DialogRequest): void;
  closeDialog(): void;
  setLoader(on: boolean): void;
  setScreen(screen: ScreenSize): void;
  setHallAction(action: HallAction | null): void;
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
let swapTimer: ReturnType<typeof setTimeout> | undefined;

/** The moment's interface: one toast, one confirmation dialog, the loader, the screen class and what a hall has open. None of it is persisted. */
export const createUiSlice: Slice<UiSlice> = (set, get) => ({
  toast: { show: false, type: 'info', message: '', timeout: TOAST_TIMEOUT },
  dialog: { open: false, header: '', body: '' },
  loader: false,
  // The window's class from the start (useScreenSizeTracking follows it): a phone's first render is
  // already a phone's, not a desktop's redrawn once mounted.
  layout: { screen: typeof window === 'undefined' ? 'xl' : screenSizeOf(window.innerWidth) },
  hallAction: null,

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

  openDialog: ({ header, body, negativeLabel, positiveLabel, onPositive, onDismiss }) =>
    set({ dialog: { open: true, header, body, negativeLabel, positiveLabel, onPositive, onDismiss } }),
  closeDialog: () => set((state) => ({ dialog: { ...state.dialog, open: false, onPositive: undefined, onDismiss: undefined } })),

  setLoader: (on) => set({ loader: on }),
  setScreen: (screen) => set((state) => (state.layout.screen === screen ? state : { layout: { screen } })),
  setHallAction: (hallAction) => set({ hallAction }),
});
