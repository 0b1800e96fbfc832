import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off for this process (decision 076). V8 allocates the objects
 * of a site straight in the old generation once it sees nearly all of them survive a young
 * collection. A clients import makes some of its per-row sites look like that (the rows of a
 * batch all wait for their write), so from then on every row's objects go to the old generation,
 * which only a full collection frees: 100,000 XLSX rows grew the server by ~300 MB, all garbage.
 * With the sites left young, the rows die in the young generation: +91-130 MB on the same file.
 * The flag is read at each young collection, so setting it at start-up, before the first import
 * runs, is enough; it changes no answer, only where short-lived objects are allocated.
 */
export const PRETENURING_FLAG = '--no-allocation-site-pretenuring';

export const tuneHeap = (setFlags: (flags: string) => void = v8.setFlagsFromString): void => {
  setFlags(PRETENURING_FLAG);
};
