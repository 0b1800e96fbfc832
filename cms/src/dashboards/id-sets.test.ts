import { describe, expect, it } from 'vitest';
import { countDistinct, decodeIds, encodeIds } from './id-sets';

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
});
