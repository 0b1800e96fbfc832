import { useSyncExternalStore } from 'react';

/** The board every drawn scene uses (the halls, the stand's backdrop): 1920×1080 units. */
const BOARD = { width: 1920, height: 1080 };
/** Beyond two device pixels per CSS pixel a sharper picture is not seen, only downloaded. */
const MAX_DENSITY = 2;

let widest = 0;

/**
 * The window's size, read when this module loads and again on each resize: never while React
 * renders or commits. Reading `innerWidth` with the page's layout out of date makes the browser
 * lay the page out there and then; during the hall's first commit that was a second layout of the
 * whole scene in one task (~40 ms of a fast machine's main thread, four times that on a phone).
 */
let seenWindow: { width: number; height: number; density: number } | null = null;
const measure = () => {
  seenWindow = { width: window.innerWidth, height: window.innerHeight, density: window.devicePixelRatio || 1 };
  return seenWindow;
};
if (typeof window !== 'undefined') measure();

/**
 * Device pixels per unit of a board that covers the window (`preserveAspectRatio="xMidYMid
 * slice"`: the larger of the two scales), counting at most two device pixels per CSS pixel. It
 * only grows within a visit: once a larger picture was fetched, a smaller window keeps it rather
 * than fetching another.
 */
const boardPixels = (): number => {
  const { width, height, density } = seenWindow ?? measure();
  const scale = Math.max(width / BOARD.width, height / BOARD.height);
  widest = Math.max(widest, scale * Math.min(density, MAX_DENSITY));
  return widest;
};

const subscribe = (changed: () => void) => {
  const resized = () => {
    measure();
    changed();
  };
  window.addEventListener('resize', resized);
  return () => window.removeEventListener('resize', resized);
};

/** Device pixels per unit of the scenes' board, re-read when the window is resized. */
export const useBoardPixels = (): number => useSyncExternalStore(subscribe, boardPixels);

/** Forgets the widest size seen and the window's (each test starts from its own window). */
export const resetBoardPixels = (): void => {
  widest = 0;
  seenWindow = null;
};
