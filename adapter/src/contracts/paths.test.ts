import { describe, expect, it } from 'vitest';
import { fillPath, itemPath, lecturePaths, roomPaths, standPaths } from './paths';

describe('paths', () => {
  it('fills and encodes a path parameters', () => {
    expect(fillPath(roomPaths.schedule, { id: 3 })).toBe('/rooms/3/schedule');
    expect(fillPath(lecturePaths.ofEvent, { eventId: 12 })).toBe('/lectures/event/12');
    expect(fillPath('/languages/:code', { code: 'p t/../x' })).toBe('/languages/p%20t%2F..%2Fx');
  });

  it('names one row of a collection', () => {
    expect(itemPath(standPaths.site)).toBe('/stands/:id');
    expect(fillPath(itemPath(standPaths.cms), { id: 2 })).toBe('/stands/2');
  });
});
