import { describe, expect, it, vi } from 'vitest';
import { isLive, LIVE_MARGIN_MS, spanOf, watchRefusal, type WatchedLecture } from './watch-access';

// Decision 102 (issue 47, item 3): which heartbeats are credited.
const start = Date.parse('2026-11-27T13:00:00Z'); // 10:00 in São Paulo
const lecture = (data: Partial<WatchedLecture> = {}): WatchedLecture => ({
  eventId: 1,
  start,
  end: start + 3_600_000,
  locked: false,
  ...data,
});

describe('isLive', () => {
  it('is the scheduled span, with LIVE_MARGIN_MS either side', () => {
    const on = lecture();
    expect(isLive(on, start - LIVE_MARGIN_MS - 1)).toBe(false);
    expect(isLive(on, start - LIVE_MARGIN_MS)).toBe(true);
    expect(isLive(on, start + 1_800_000)).toBe(true);
    expect(isLive(on, on.end + LIVE_MARGIN_MS - 1)).toBe(true);
    expect(isLive(on, on.end + LIVE_MARGIN_MS)).toBe(false);
  });

  it('reads the span in the event’s zone; a lecture without times is never on', () => {
    expect(spanOf({ startDate: '2026-11-27', startTime: '10:00:00.000', endTime: '11:00:00.000' }, null)).toEqual({
      start,
      end: start + 3_600_000,
    });
    expect(spanOf({ startDate: '2026-11-27', startTime: '09:00:00.000', endTime: '10:00:00.000' }, 'America/Manaus').start).toBe(start);
    const none = { eventId: 1, locked: false, ...spanOf({ startDate: '2026-11-27', startTime: null, endTime: null }, null) };
    expect(isLive(none, start)).toBe(false);
  });
});

describe('watchRefusal', () => {
  const during = start + 60_000;
  const after = start + 3 * 3_600_000;
  it('refuses a soft session, whatever the lecture, without looking up its orders', async () => {
    const held = vi.fn(async () => true);
    expect(await watchRefusal(lecture(), true, during, held)).toBe('watch.error.fullAccountRequired');
    expect(held).not.toHaveBeenCalled();
  });

  it('credits a free lecture on now without a look-up; after its end only its held recording', async () => {
    const held = vi.fn(async () => false);
    expect(await watchRefusal(lecture(), false, during, held)).toBeNull();
    expect(held).not.toHaveBeenCalled();
    expect(await watchRefusal(lecture(), false, after, held)).toBe('watch.error.notLive');
    expect(await watchRefusal(lecture(), false, after, async () => true)).toBeNull();
  });

  it('credits a sold lecture only when held, on now or its recording', async () => {
    expect(await watchRefusal(lecture({ locked: true }), false, during, async () => false)).toBe('watch.error.noAccess');
    expect(await watchRefusal(lecture({ locked: true }), false, after, async () => false)).toBe('watch.error.noAccess');
    expect(await watchRefusal(lecture({ locked: true }), false, during, async () => true)).toBeNull();
    expect(await watchRefusal(lecture({ locked: true }), false, after, async () => true)).toBeNull();
  });
});
