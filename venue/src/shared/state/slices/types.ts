import type { StateCreator } from 'zustand';

/**
 * One slice of the app's state: its fields and actions, created against its own fields (no slice
 * reads another's, so none needs the whole state's type: `store.ts` composes them, and the slices
 * import nothing of it), and what of it is persisted under the one key (SPEC §3). A slice that
 * came to read another's fields would name them: `Slice<CartSlice & Pick<AuthSlice, 'auth'>>`.
 * Commerce and chat add their own slice file and one line in `store.ts`.
 */
export type Slice<T> = StateCreator<T, [], [], T>;
