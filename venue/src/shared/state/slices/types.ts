import type { StateCreator } from 'zustand';
import type { AppState } from '../store';

/**
 * One slice of the app's state: its fields and actions, created against the whole state (a
 * slice may read another's fields), and what of it is persisted under the one key (SPEC §3).
 * Commerce and chat add their own slice file and one line in `store.ts`.
 */
export type Slice<T> = StateCreator<AppState, [['zustand/persist', unknown]], [], T>;
