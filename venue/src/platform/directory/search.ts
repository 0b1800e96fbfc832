import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLeaving } from '../../shared/hooks/useLeaving';

/**
 * The directory kit's logic (the programme, the speakers' and the exhibitors' directories): the
 * search's words and how a row matches them, the search box that writes the address a moment
 * after the last key, and the filters kept in the address.
 */

/** The search box writes the address a moment after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Lower case without accents: 'Sépsis' and 'sepsis' are the same search. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The words of a search, folded. */
export const searchWords = (text: string): string[] => fold(text).split(/\s+/).filter(Boolean);

/** Whether a row's folded text holds every word of the search. */
export const matchesAll = (haystack: string, words: readonly string[]): boolean => words.every((word) => haystack.includes(word));

/** The letters of a card without a picture: the first and last names' ('Dr. Caio Prado' → 'CP'), titles such as 'Dr.' left out. */
export const initials = (name: string): string => {
  const all = name.trim().split(/\s+/).filter(Boolean);
  const names = all.filter((word) => !word.endsWith('.'));
  const words = names.length > 0 ? names : all;
  return (words.length > 1 ? [words[0], words[words.length - 1]] : words)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
};

/**
 * A directory's filters kept in the address: `update(change)` writes them (replacing the entry,
 * the scroll kept) on top of what the address says at that moment — a change written by the
 * search's timer, or right after another filter changed, never builds on the render that set it.
 */
export const useFiltersInAddress = <Filters extends object>(filters: Filters, toParams: (filters: Filters) => URLSearchParams) => {
  const [, setParams] = useSearchParams();
  const latest = useRef(filters);
  latest.current = filters;
  const write = (next: Filters) => setParams(toParams(next), { replace: true, preventScrollReset: true });
  return {
    update: (change: Partial<Filters>) => write({ ...latest.current, ...change }),
    /** Every filter back to `empty`. */
    reset: (empty: Filters) => write(empty),
  };
};

/**
 * The search box of a directory: its text follows every key; `write` puts it in the address a
 * moment after the last one. A search written elsewhere (a link, history) comes back into the
 * box; a link followed before the timer fires wins (its screen may still be loading).
 */
export const useSearchBox = (search: string, write: (text: string) => void) => {
  const [text, setText] = useState(search);
  const written = useRef(search);
  const writeLatest = useRef(write);
  writeLatest.current = write;
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setText(search);
  }, [search]);
  const leaving = useLeaving();
  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      if (leaving.current) return;
      written.current = text;
      writeLatest.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, leaving]);
  return {
    text,
    setText,
    /** Empties the box at once (with the address, which the caller clears). */
    clear: () => {
      written.current = '';
      setText('');
    },
  };
};
