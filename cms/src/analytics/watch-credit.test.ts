import { describe, expect, it } from 'vitest';
import { creditSeconds, watchChanges } from './watch-credit';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe('creditSeconds (decision 047)', () => {
  it('credits the first heartbeat of a lecture 30 s: the venue sends it after 30 s of playing', () => {
    expect(creditSeconds(null, at(0))).toBe(30);
  });

  it('credits the time since the previous heartbeat, at most 30 s', () => {
    expect(creditSeconds(at(0), at(30))).toBe(30);
    expect(creditSeconds(at(0), at(31))).toBe(30);
    expect(creditSeconds(at(0), at(29.6))).toBe(30);
    expect(creditSeconds(at(0), at(12))).toBe(12);
    expect(creditSeconds(at(0), at(1))).toBe(1);
  });

  it('credits at most 30 s after a gap, however long', () => {
    expect(creditSeconds(at(0), at(91))).toBe(30);
    expect(creditSeconds(at(0), at(3600))).toBe(30);
  });

  it('credits nothing for a heartbeat at or before the previous one (another instance’s clock)', () => {
    expect(creditSeconds(at(10), at(10))).toBe(0);
    expect(creditSeconds(at(10), at(5))).toBe(0);
  });
});

describe('watchChanges', () => {
  it('adds each session’s heartbeats in time order, the first against the stored last one', () => {
    const changes = watchChanges(
      [
        { key: '1:7', at: at(60) },
        { key: '1:7', at: at(40) },
        { key: '2:7', at: at(40) },
        { key: '1:7', at: at(400) },
      ],
      new Map([['1:7', at(30)]]),
    );
    // 1:7: 10 (after the stored 30) + 20 + 30 (after a gap); 2:7: a first heartbeat.
    expect(changes.get('1:7')).toEqual({ seconds: 60, heartbeats: 3, first: at(40), last: at(400) });
    expect(changes.get('2:7')).toEqual({ seconds: 30, heartbeats: 1, first: at(40), last: at(40) });
  });

  it('may not inflate: 100 heartbeats a second apart credit 100 s, not 100 × 30 s', () => {
    const beats = Array.from({ length: 100 }, (_, i) => ({ key: '1:1', at: at(i) }));
    expect(watchChanges(beats, new Map()).get('1:1')?.seconds).toBe(30 + 99);
  });
});

describe('one lecture at a time (issue 47, item 3)', () => {
  it('credits twelve lectures posted at once for three minutes with the wall clock once (and the 30 s before the first)', () => {
    // 12 heartbeats a minute, one to each of 12 lectures, 5 s apart, for 3 minutes.
    const beats = Array.from({ length: 36 }, (_, index) => ({ key: `1:${100 + (index % 12)}`, at: at(index * 5) }));
    const changes = watchChanges(beats, new Map());
    const total = [...changes.values()].reduce((sum, change) => sum + change.seconds, 0);
    // From 30 s before the first heartbeat (the playing it reports) to the last one, 175 s later.
    expect(total).toBeLessThanOrEqual(30 + 175);
    // Before the rule each heartbeat credited 30 s: 36 × 30 = 1,080 s.
    expect(total).toBe(30 + 35 * 5);
  });

  it("caps against the client's stored last heartbeat of another lecture, and leaves other clients alone", () => {
    const changes = watchChanges(
      [
        { key: '1:8', at: at(10) },
        { key: '2:8', at: at(10) },
      ],
      new Map(),
      new Map([['1', at(0)]]),
    );
    expect(changes.get('1:8')?.seconds).toBe(10);
    expect(changes.get('2:8')?.seconds).toBe(30);
  });

  it('credits nothing before the session began: signed in, then 12 a minute for 3 minutes, at most 3 minutes', () => {
    // The session begins at 0; the first of 36 heartbeats comes 5 s later, the last at 180 s.
    const beats = Array.from({ length: 36 }, (_, index) => ({ key: `1:${100 + (index % 12)}`, at: at(5 + index * 5), since: at(0) }));
    const total = [...watchChanges(beats, new Map()).values()].reduce((sum, change) => sum + change.seconds, 0);
    expect(total).toBe(180);
  });

  it('gives the first heartbeat its 30 s when the session is that old, less when younger, none before it', () => {
    const changes = watchChanges(
      [
        { key: '1:8', at: at(100), since: at(40) },
        { key: '2:8', at: at(100), since: at(88) },
        { key: '3:8', at: at(100), since: at(130) },
      ],
      new Map(),
    );
    expect([1, 2, 3].map((client) => changes.get(`${client}:8`)?.seconds)).toEqual([30, 12, 0]);
  });
});
