import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate';
import { checkText, preview } from './text';

describe('checkText', () => {
  it('trims, refuses blank and more than 2,000 characters', () => {
    expect(checkText('  olá \n')).toEqual({ ok: true, text: 'olá' });
    expect(checkText(' \n\t ')).toEqual({ ok: false, msg: 'chat.error.blank' });
    expect(checkText('a'.repeat(2000))).toMatchObject({ ok: true });
    expect(checkText('a'.repeat(2001))).toEqual({ ok: false, msg: 'chat.error.tooLong' });
    // Characters, not UTF-16 units: 2,000 emoji are allowed.
    expect(checkText('🙂'.repeat(2000))).toMatchObject({ ok: true });
  });

  it('previews at most 70 characters', () => {
    expect(preview('curto')).toBe('curto');
    expect(preview('x'.repeat(71))).toBe(`${'x'.repeat(70)}…`);
  });
});

describe('TokenBucket', () => {
  it('allows a burst, then the refill rate', () => {
    let now = 0;
    const bucket = new TokenBucket(5, 10, () => now);
    const burst = Array.from({ length: 11 }, () => bucket.take());
    expect(burst.filter(Boolean)).toHaveLength(10);
    now += 200; // one token at 5 per second
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 10_000; // never more than the burst
    expect(Array.from({ length: 12 }, () => bucket.take()).filter(Boolean)).toHaveLength(10);
  });
});
