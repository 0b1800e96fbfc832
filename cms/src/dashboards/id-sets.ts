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
