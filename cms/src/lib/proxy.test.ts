import { describe, expect, it } from 'vitest';
import { peerAddress, trustedProxies } from './proxy';

describe('TRUST_PROXY', () => {
  it('is off by default and with false', () => {
    expect(trustedProxies(undefined)).toEqual([]);
    expect(trustedProxies('false')).toEqual([]);
    expect(trustedProxies(' ')).toEqual([]);
  });

  it('true trusts a proxy on this machine only', () => {
    expect(trustedProxies('true')).toEqual(['127.0.0.1', '::1']);
  });

  it('takes a list of addresses and refuses anything else, naming the variable', () => {
    expect(trustedProxies('10.0.0.5, 10.0.0.6')).toEqual(['10.0.0.5', '10.0.0.6']);
    expect(() => trustedProxies('proxy.interno')).toThrow(/TRUST_PROXY/);
  });

  it('reads IPv4-mapped peers as IPv4', () => {
    expect(peerAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(peerAddress(undefined)).toBe('');
  });
});
