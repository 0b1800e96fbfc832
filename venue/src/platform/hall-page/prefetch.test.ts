import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { eventKeys, eventLecturesQuery, eventQuery, eventSponsorsQuery } from '../event/api';
import { HALLS } from '../halls/registry';
import { mockVenueApi } from '../test-utils';
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
