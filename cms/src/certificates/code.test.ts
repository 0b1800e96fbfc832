import { describe, expect, it } from 'vitest';
import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_PATTERN, normaliseCertificateCode } from '@plataforma/adapter';
import { CODE_BITS, newCertificateCode } from './code';

describe('certificate codes', () => {
  it('are four groups of four base32 characters carrying 80 bits', () => {
    expect(CERTIFICATE_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CERTIFICATE_CODE_ALPHABET).size).toBe(32);
    expect(CODE_BITS).toBeGreaterThanOrEqual(80);
    // 16 characters × log2(32) = 80 bits.
    expect(16 * Math.log2(CERTIFICATE_CODE_ALPHABET.length)).toBe(80);
    for (let i = 0; i < 200; i += 1) expect(newCertificateCode()).toMatch(CERTIFICATE_CODE_PATTERN);
  });

  it('map every bit of the 10 random bytes: all zeros, all ones, and one bit set give different codes', () => {
    expect(newCertificateCode(Buffer.alloc(10, 0))).toBe('0000-0000-0000-0000');
    expect(newCertificateCode(Buffer.alloc(10, 0xff))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    const seen = new Set<string>();
    for (let bit = 0; bit < 80; bit += 1) {
      const bytes = Buffer.alloc(10, 0);
      bytes[Math.floor(bit / 8)] = 1 << (7 - (bit % 8));
      seen.add(newCertificateCode(bytes));
    }
    expect(seen.size).toBe(80);
  });

  it('do not repeat, and use every character about evenly', () => {
    const codes = Array.from({ length: 20_000 }, () => newCertificateCode());
    expect(new Set(codes).size).toBe(codes.length);
    const counts = new Map<string, number>();
    for (const code of codes) for (const ch of code.replace(/-/g, '')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(32);
    const expected = (codes.length * 16) / 32; // 10,000 each
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.06);
  });

  it('are read as typed: lower case, spaces, no dashes, O for 0, I and L for 1', () => {
    expect(normaliseCertificateCode('abcd efgh jkmn pqrs')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normaliseCertificateCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normaliseCertificateCode('o0il-0000-0000-0000')).toBe('0011-0000-0000-0000');
    expect(normaliseCertificateCode('ABCD-EFGH-JKMN-PQR')).toBeNull();
    expect(normaliseCertificateCode('ABCD-EFGH-JKMN-PQRU')).toBeNull();
    expect(normaliseCertificateCode('')).toBeNull();
  });
});
