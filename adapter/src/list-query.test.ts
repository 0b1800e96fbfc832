import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope';
import { parseId, parseListQuery, toListParams } from './list-query';

const rules = { orderFields: ['id', 'name'] as const, defaultOrder: { field: 'id' as const, direction: 'asc' as const } };
const keyOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.msg}`;
    throw error;
  }
  return 'no error';
};

describe('parseListQuery', () => {
  it('applies the defaults', () => {
    expect(parseListQuery({}, rules)).toEqual({ limit: 20, offset: 0, search: undefined, order: { field: 'id', direction: 'asc' } });
  });

  it('reads limit, offset, trimmed search and order', () => {
    expect(parseListQuery({ limit: '100', offset: '40', search: '  cardio  ', order: 'name:desc' }, rules)).toEqual({
      limit: 100,
      offset: 40,
      search: 'cardio',
      order: { field: 'name', direction: 'desc' },
    });
  });

  it('treats a blank search as none and accepts a bare order field as ascending', () => {
    const query = parseListQuery({ search: '   ', order: 'name' }, rules);
    expect(query.search).toBeUndefined();
    expect(query.order).toEqual({ field: 'name', direction: 'asc' });
  });

  it.each([
    [{ limit: '0' }, '400 api.error.invalidLimit'],
    [{ limit: '101' }, '400 api.error.invalidLimit'],
    [{ limit: '1000' }, '400 api.error.invalidLimit'],
    [{ limit: '-1' }, '400 api.error.invalidLimit'],
    [{ limit: '2.5' }, '400 api.error.invalidLimit'],
    [{ limit: 'abc' }, '400 api.error.invalidLimit'],
    [{ limit: ['1', '2'] }, '400 api.error.invalidLimit'],
    [{ offset: '-5' }, '400 api.error.invalidOffset'],
    [{ offset: '1e3' }, '400 api.error.invalidOffset'],
    [{ order: 'password:asc' }, '400 api.error.invalidOrder'],
    [{ order: 'name:sideways' }, '400 api.error.invalidOrder'],
    [{ order: 'name:asc:x' }, '400 api.error.invalidOrder'],
    [{ order: ['name:asc'] }, '400 api.error.invalidOrder'],
    [{ search: 'x'.repeat(101) }, '400 api.error.invalidSearch'],
    [{ search: { $ne: 1 } }, '400 api.error.invalidSearch'],
  ])('rejects %j', (raw, expected) => {
    expect(keyOf(() => parseListQuery(raw as Record<string, unknown>, rules))).toBe(expected);
  });

  it('honours a resource maximum', () => {
    expect(keyOf(() => parseListQuery({ limit: '31' }, { ...rules, maxLimit: 30 }))).toBe('400 api.error.invalidLimit');
  });
});

describe('parseId', () => {
  it('accepts positive integers', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(7)).toBe(7);
  });
  it.each(['0', '-1', 'abc', '1.5', '1e2', '', ' 1', '99999999999999999999'])('rejects %j', (raw) => {
    expect(keyOf(() => parseId(raw))).toBe('400 api.error.invalidId');
  });
});

describe('toListParams', () => {
  it('writes the query string the server reads', () => {
    expect(toListParams({ limit: 10, offset: 30, search: ' a ', order: { field: 'name', direction: 'desc' } })).toEqual({
      limit: 10,
      offset: 30,
      search: 'a',
      order: 'name:desc',
    });
    expect(toListParams({ search: '  ' })).toEqual({});
  });
});
