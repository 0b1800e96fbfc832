import { describe, expect, it } from 'vitest';
import { pickEncoding } from './encoding';

const all = () => true;

describe('pickEncoding', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the file itself otherwise', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', all)?.encoding).toBe('br');
    expect(pickEncoding('gzip, deflate', all)?.encoding).toBe('gzip');
    expect(pickEncoding('identity', all)).toBeNull();
    expect(pickEncoding('', all)).toBeNull();
    expect(pickEncoding(undefined, all)).toBeNull();
  });

  it('honours q=0 refusals and the * wildcard', () => {
    expect(pickEncoding('br;q=0, gzip', all)?.encoding).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0', all)).toBeNull();
    expect(pickEncoding('*', all)?.encoding).toBe('br');
    expect(pickEncoding('*;q=0', all)).toBeNull();
    expect(pickEncoding('BR;Q=0.5', all)?.encoding).toBe('br');
  });

  it('falls back to a form that exists (a small file has none)', () => {
    expect(pickEncoding('br, gzip', (form) => form.encoding === 'gzip')?.encoding).toBe('gzip');
    expect(pickEncoding('br, gzip', () => false)).toBeNull();
  });
});
