/**
 * Sets of client ids as the event dashboard keeps them per hour and place (decision 060): sorted,
 * each id written as its difference from the one before in 7-bit groups (a varint), so a set of
 * n ids of an event's clients takes about 1–2 bytes an id; and a counter of distinct ids over
 * many such sets that uses typed arrays, not a JavaScript Set, for the millions of ids a
 * three-day event's dashboard reads.
 */

/** The largest id a set holds: the database's `integer` ids (Strapi's, PostgreSQL's and SQLite's alike here). */
export const MAX_ID = 0x7fffffff;

/** Encodes ids (any order, repeats allowed, each an integer from 1 to MAX_ID) as a sorted delta varint. */
export const encodeIds = (ids: Iterable<number>): Buffer => {
  const unique = new Set(ids);
  for (const id of unique) if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw new Error(`Not a client id: ${id}`);
  const sorted = Int32Array.from(unique).sort();
  const bytes = Buffer.alloc(sorted.length * 5);
  let [length, previous] = [0, 0];
  for (let i = 0; i < sorted.length; i += 1) {
    let delta = sorted[i] - previous;
    previous = sorted[i];
    while (delta >= 0x80) {
      bytes[length++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    bytes[length++] = delta;
  }
  return bytes.subarray(0, length);
};

/** The ids of an encoded set, in order. A truncated set (a last byte with its high bit) is an error. */
export const decodeIds = (bytes: Uint8Array): Int32Array => {
  // At most one id a byte: one pass into an array that large, then its used part.
  const ids = new Int32Array(bytes.length);
  let [value, shift, count, previous] = [0, 0, 0, 0];
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    value |= (byte & 0x7f) << shift;
    if (byte & 0x80) {
      shift += 7;
      continue;
    }
    previous += value;
    ids[count++] = previous;
    value = 0;
    shift = 0;
  }
  if (shift !== 0) throw new Error('A truncated id set');
  return ids.subarray(0, count);
};

/**
 * Counts the distinct ids of each target (a day, an hour of the day, a place…), each target
 * given the sets that fall in it. When the ids span at most `maxSpan` values (an event's clients,
 * usually), one Uint32Array of stamps, indexed by id − smallest, marks which target saw an id
 * last; else a Set per target.
 */
export const countDistinct = (targets: ReadonlyArray<ReadonlyArray<Int32Array>>, maxSpan = 16_000_000): number[] => {
  let [low, high] = [Infinity, -Infinity];
  for (const sets of targets)
    for (const ids of sets)
      if (ids.length > 0) {
        low = Math.min(low, ids[0]);
        high = Math.max(high, ids[ids.length - 1]);
      }
  if (low > high) return targets.map(() => 0);
  if (high - low + 1 > maxSpan) return targets.map((sets) => new Set(sets.flatMap((ids) => Array.from(ids))).size);
  const stamps = new Uint32Array(high - low + 1);
  return targets.map((sets, target) => {
    const stamp = target + 1;
    let count = 0;
    for (const ids of sets)
      for (let i = 0; i < ids.length; i += 1) {
        const at = ids[i] - low;
        if (stamps[at] !== stamp) {
          stamps[at] = stamp;
          count += 1;
        }
      }
    return count;
  });
};

/**
 * Distinct ids per bit (0–31) over sets that each carry one bit (the dashboard's hour of the day),
 * and distinct ids over all the sets: one pass that ORs each id's bits into a Uint32Array, then
 * one over the ids' range to count them. Cheaper than `countDistinct` for many small targets
 * that every id may fall in. Ids spread over more than `maxSpan` values: a Set per bit.
 */
export const countByBit = (
  sets: ReadonlyArray<{ ids: Int32Array; bit: number }>,
  maxSpan = 16_000_000,
): { perBit: number[]; all: number } => {
  const perBit = Array.from({ length: 32 }, () => 0);
  let [low, high] = [Infinity, -Infinity];
  for (const { ids, bit } of sets) {
    if (!Number.isInteger(bit) || bit < 0 || bit > 31) throw new Error(`Not a bit: ${bit}`);
    if (ids.length > 0) {
      low = Math.min(low, ids[0]);
      high = Math.max(high, ids[ids.length - 1]);
    }
  }
  if (low > high) return { perBit, all: 0 };
  if (high - low + 1 > maxSpan) {
    const seen = Array.from({ length: 32 }, () => new Set<number>());
    for (const { ids, bit } of sets) for (const id of ids) seen[bit].add(id);
    return { perBit: seen.map((set) => set.size), all: new Set(seen.flatMap((set) => [...set])).size };
  }
  const masks = new Uint32Array(high - low + 1);
  for (const { ids, bit } of sets) {
    const flag = (1 << bit) >>> 0;
    for (let i = 0; i < ids.length; i += 1) masks[ids[i] - low] |= flag;
  }
  let all = 0;
  for (let i = 0; i < masks.length; i += 1) {
    let mask = masks[i];
    if (mask === 0) continue;
    all += 1;
    while (mask !== 0) {
      perBit[31 - Math.clz32(mask & -mask)] += 1;
      mask &= mask - 1;
    }
  }
  return { perBit, all };
};
