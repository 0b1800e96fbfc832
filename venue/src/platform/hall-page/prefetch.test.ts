import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { eventKeys, eventLecturesQuery, eventQuery, eventSponsorsQuery } from '../../shared/event/api';
import { HALLS } from '../halls/registry';
import { mockVenueApi } from '../../testing/render';
import { useScheduleModule } from '../../shared/hooks/useScheduleModule';
import { prefetchHall } from './prefetch';

// Issue 17, the entrance's first load: the hall's reads start before React renders, with the
// hall's own keys, so the hall asks for nothing twice.

mockVenueApi();
let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(api.site.rooms, 'list').mockResolvedValue({ rows: [], count: 0 });
});

const calls = () => ({
  event: vi.mocked(api.site.events.get).mock.calls,
  sponsors: vi.mocked(api.site.sponsors.list).mock.calls,
  lectures: vi.mocked(api.site.lectures.event).mock.calls,
  stands: vi.mocked(api.site.stands.list).mock.calls,
  rooms: vi.mocked(api.site.rooms.list).mock.calls,
});

describe('prefetchHall', () => {
  it("asks for the entrance's event, sponsors and programme, and nothing else", async () => {
    prefetchHall(queryClient, '/plataforma/1-congresso-amib/hall-entrada');
    const asked = calls();
    expect(asked.event).toEqual([[1]]);
    expect(asked.sponsors).toEqual([[1, { limit: 20 }]]);
    expect(asked.lectures).toEqual([[1]]);
    expect(asked.stands).toEqual([]);
    expect(asked.rooms).toEqual([]);
    // The hall's own queries then find the answers: no second request.
    await queryClient.fetchQuery(eventQuery(1));
    await queryClient.fetchQuery(eventSponsorsQuery(1));
    await queryClient.fetchQuery(eventLecturesQuery(1));
    expect(calls().event).toHaveLength(1);
    expect(calls().sponsors).toHaveLength(1);
    expect(calls().lectures).toHaveLength(1);
    expect(queryClient.getQueryData(eventKeys.detail(1))).toMatchObject({ id: expect.any(Number) });
  });

  it('reads the entrance of event 1 for the home page (/ leads there)', () => {
    prefetchHall(queryClient, '/');
    expect(calls().event).toEqual([[1]]);
    expect(calls().sponsors).toHaveLength(1);
  });

  it("asks for a congress hall's window of rooms, and an exhibitors' hall's stands", () => {
    prefetchHall(queryClient, `/plataforma/7/${HALLS.congress1.path}`);
    const rooms = HALLS.congress1.needs.rooms as { offset: number; limit: number };
    expect(calls().event).toEqual([[7]]);
    expect(calls().rooms).toEqual([[7, { offset: rooms.offset, limit: rooms.limit }]]);
    expect(calls().lectures).toEqual([[7]]);
    expect(calls().sponsors).toEqual([]);

    prefetchHall(queryClient, `/plataforma/7/${HALLS.gold.path}`);
    expect(calls().stands).toEqual([[7, { limit: 100, order: { field: 'position', direction: 'asc' } }]]);
  });

  it('starts nothing on a page that is not a drawn hall, nor for an address without an event id', () => {
    for (const path of ['/plataforma/1/estande/3', '/plataforma/1/programacao', '/cms/eventos', '/eventos', '/plataforma/abc/hall-entrada'])
      prefetchHall(queryClient, path);
    expect(Object.values(calls()).flat()).toEqual([]);
  });
});

describe('what prefetchHall returns (decision 062: main.tsx renders the hall once its reads have answered)', () => {
  it('settles once every read has, with the schedule math loaded when the programme has lectures', async () => {
    let answer: (value: { rows: never[]; count: number }) => void = () => undefined;
    vi.spyOn(api.site.sponsors, 'list').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const lecture = {
      id: 1,
      name: 'Abertura',
      startDate: '2026-11-29',
      startTime: '08:00:00',
      endTime: '09:00:00',
      room: { id: 1, name: 'Sala', eventId: 1 },
    };
    vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows: [lecture], count: 1 } as unknown as Awaited<
      ReturnType<typeof api.site.lectures.event>
    >);
    let settled = false;
    const read = prefetchHall(queryClient, '/plataforma/1/hall-entrada').then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The event and the programme have answered; the sponsors have not.
    expect(queryClient.getQueryData(eventKeys.detail(1))).toBeDefined();
    expect(settled).toBe(false);
    answer({ rows: [], count: 0 });
    await read;
    expect(settled).toBe(true);
    // The programme has a lecture: the hall finds the schedule math already there, on its first render.
    const { result } = renderHook(() => useScheduleModule(true));
    expect(result.current?.liveByRoom).toBeTypeOf('function');
  });

  it('settles, never rejects, when a read fails (the hall shows its error and asks again)', async () => {
    vi.spyOn(api.site.events, 'get').mockRejectedValue(new Error('offline'));
    await expect(prefetchHall(queryClient, '/plataforma/1/hall-entrada')).resolves.toBeUndefined();
    expect(queryClient.getQueryState(eventKeys.detail(1))?.status).toBe('error');
  });

  it('settles at once on a page that is not a drawn hall', async () => {
    await expect(prefetchHall(queryClient, '/cms/eventos')).resolves.toBeUndefined();
  });
});
