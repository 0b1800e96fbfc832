import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createAuthSlice, persistAuth, type AuthSlice } from './slices/auth';
import { createCartSlice, persistCart, type CartSlice } from './slices/cart';
import { createLanguageSlice, persistLanguage, type LanguageSlice } from './slices/language';
import { createPreferencesSlice, persistPreferences, type PreferencesSlice } from './slices/preferences';
import { createUiSlice, type UiSlice } from './slices/ui';

export { CLIENT_TOKEN_KEY, STAFF_TOKEN_KEY, clientToken, staffToken } from './slices/auth';
export type { DialogRequest } from './slices/ui';

/** The one key the state is persisted under (SPEC §3); layout, toasts and dialogs are left out. */
export const STATE_KEY = 'plataforma:state';

/** The app's client state: one slice per concern (`slices/`), composed here. */
export type AppState = AuthSlice & UiSlice & LanguageSlice & CartSlice & PreferencesSlice;

export const useAppState = create<AppState>()(
  persist(
    (...slice) => ({
      ...createAuthSlice(...slice),
      ...createUiSlice(...slice),
      ...createLanguageSlice(...slice),
      ...createCartSlice(...slice),
      ...createPreferencesSlice(...slice),
    }),
    {
      name: STATE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: (state) => ({
        ...persistAuth(state),
        ...persistCart(state),
        ...persistLanguage(state),
        ...persistPreferences(state),
        loader: false,
      }),
    },
  ),
);
