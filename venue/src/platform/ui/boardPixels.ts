import { useSyncExternalStore } from 'react';

/** The board every drawn scene uses (the halls, the stand's backdrop): 1920×1080 units. */
const BOARD = { width: 1920, height: 1080 };
/** Beyond two device pixels per CSS pixel a sharper picture is not seen, only downloaded. */
const MAX_DENSITY = 2;

let widest = 0;

/**
 * Device pixels per unit of a board that covers the window (`preserveAspectRatio="xMidYMid
 * slice"`: the larger of the two scales), counting at most two device pixels per CSS pixel. It
 * only grows within a visit: once a larger picture was fetched, a smaller window keeps it rather
 * than fetching another.
 */
const boardPixels = (): number => {
  const scale = Math.max(window.innerWidth / BOARD.width, window.innerHeight / BOARD.height);
  widest = Math.max(widest, scale * Math.min(window.devicePixelRatio || 1, MAX_DENSITY));
  return widest;
};

const subscribe = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};

/** Device pixels per unit of the scenes' board, re-read when the window is resized. */
export const useBoardPixels = (): number => useSyncExternalStore(subscribe, boardPixels);

/** Forgets the widest size seen (each test starts from its own window). */
export const resetBoardPixels = (): void => {
  widest = 0;
};
