import { describe, expect, it } from 'vitest';
import { countByBit, countDistinct, decodeIds, encodeIds } from './id-sets';

const ids = (...values: number[]) => Int32Array.from(values);

describe('id sets (decision 060)', () => {
  it('encodes sorted, without repeats, and decodes to the same ids', () => {
    const encoded = encodeIds([30, 5, 1_000_000, 5, 127, 128, 2 ** 31 - 1]);
    expect(Array.from(decodeIds(encoded))).toEqual([5, 30, 127, 128, 1_000_000, 2 ** 31 - 1]);
    expect(Array.from(decodeIds(encodeIds([])))).toEqual([]);
  });

  it('takes one byte an id when ids are close', () => {
    const many = Array.from({ length: 1000 }, (_, i) => 50_000 + i * 3);
    const encoded = encodeIds(many);
    // The first id (50,000) takes 3 bytes, every next difference (3) one.
    expect(encoded.length).toBe(3 + 999);
    expect(Array.from(decodeIds(encoded))).toEqual(many);
  });

  it('refuses what is not a client id, and a truncated set', () => {
    expect(() => encodeIds([0])).toThrow();
    expect(() => encodeIds([1.5])).toThrow();
    expect(() => encodeIds([-2])).toThrow();
    expect(() => encodeIds([2 ** 31])).toThrow();
    expect(() => decodeIds(Uint8Array.from([0x85]))).toThrow('truncated');
  });

  it('counts the distinct ids of each target over its sets', () => {
    const targets = [[ids(1, 2, 3), ids(2, 3, 4)], [ids(4)], [], [ids(1, 2), ids(1, 2), ids(9)], [ids()]];
    expect(countDistinct(targets)).toEqual([4, 1, 0, 3, 0]);
    // Ids far apart: the Set path, the same counts.
    const far = [[ids(1, 2 ** 30), ids(2 ** 30)], [ids(7)]];
    expect(countDistinct(far)).toEqual([2, 1]);
    expect(countDistinct([[ids(3, 4)], [ids(4, 5)]], 1)).toEqual([2, 2]);
    expect(countDistinct([])).toEqual([]);
  });

  it('counts the distinct ids of each bit, and of all the sets', () => {
    const sets = [
      { ids: ids(1, 2, 3), bit: 0 },
      { ids: ids(3, 4), bit: 0 },
      { ids: ids(4, 9), bit: 23 },
      { ids: ids(), bit: 5 },
      { ids: ids(1), bit: 31 },
    ];
    const counted = countByBit(sets);
    expect(counted.all).toBe(5);
    expect(counted.perBit.slice(0, 24)).toEqual([4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(counted.perBit[31]).toBe(1);
    // The Set path gives the same.
    expect(countByBit(sets, 1)).toEqual(counted);
    expect(countByBit([])).toEqual({ perBit: Array(32).fill(0), all: 0 });
    expect(() => countByBit([{ ids: ids(1), bit: 32 }])).toThrow();
  });
});
