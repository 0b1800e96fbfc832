import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, SEARCH_MAX_LENGTH } from './constants';
import { ApiError } from './envelope';

export type OrderDirection = 'asc' | 'desc';

export interface ListOrder<F extends string = string> {
  field: F;
  direction: OrderDirection;
}

export interface ListQuery<F extends string = string> {
  limit: number;
  offset: number;
  /** Trimmed; undefined when absent or blank. */
  search?: string;
  order: ListOrder<F>;
}

/** A resource's list order: the fields `order` may name (an allow-list) and the order without one. */
export interface ListOrderRules<F extends string = string> {
  orderFields: readonly F[];
  defaultOrder: ListOrder<F>;
}

/** A resource's list order, its field names kept as literal types: listOrder(['id', 'name'], { field: 'id', direction: 'asc' }). */
export const listOrder = <const F extends string>(orderFields: readonly F[], defaultOrder: ListOrder<NoInfer<F>>): ListOrderRules<F> => ({
  orderFields,
  defaultOrder,
});

/** The field names of a list order (`OrderFieldOf<typeof standOrder>`). */
export type OrderFieldOf<R> = R extends ListOrderRules<infer F> ? F : never;

export interface ListQueryRules<F extends string = string> extends ListOrderRules<F> {
  /** Defaults to LIST_LIMIT_DEFAULT. */
  defaultLimit?: number;
  /** Defaults to LIST_LIMIT_MAX. */
  maxLimit?: number;
}

type RawValue = unknown;

const INTEGER = /^\d+$/;

const single = (value: RawValue): RawValue => (Array.isArray(value) ? Symbol.for('many') : value);

/** A positive integer id from a path or query parameter, or an ApiError 400. */
export const parseId = (value: RawValue, msg: 'api.error.invalidId' | 'api.error.invalidFilter' = 'api.error.invalidId'): number => {
  const v = single(value);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
  if (typeof v === 'string' && INTEGER.test(v)) {
    const n = Number(v);
    if (Number.isSafeInteger(n) && n > 0) return n;
  }
  throw new ApiError(400, msg);
};

const parseInteger = (
  value: RawValue,
  fallback: number,
  min: number,
  max: number,
  msg: 'api.error.invalidLimit' | 'api.error.invalidOffset',
): number => {
  if (value === undefined || value === '') return fallback;
  const v = single(value);
  const n = typeof v === 'number' ? v : typeof v === 'string' && INTEGER.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new ApiError(400, msg);
  return n;
};

export const parseOrder = <F extends string>(value: RawValue, rules: ListOrderRules<F>): ListOrder<F> => {
  if (value === undefined || value === '') return rules.defaultOrder;
  const v = single(value);
  if (typeof v !== 'string') throw new ApiError(400, 'api.error.invalidOrder');
  const [field, direction = 'asc', extra] = v.split(':');
  const dir = direction.toLowerCase();
  if (extra !== undefined || (dir !== 'asc' && dir !== 'desc')) throw new ApiError(400, 'api.error.invalidOrder');
  if (!(rules.orderFields as readonly string[]).includes(field)) throw new ApiError(400, 'api.error.invalidOrder');
  return { field: field as F, direction: dir };
};

export const parseSearch = (value: RawValue): string | undefined => {
  if (value === undefined) return undefined;
  const v = single(value);
  if (typeof v !== 'string') throw new ApiError(400, 'api.error.invalidSearch');
  const trimmed = v.trim();
  if (trimmed.length > SEARCH_MAX_LENGTH) throw new ApiError(400, 'api.error.invalidSearch');
  return trimmed === '' ? undefined : trimmed;
};

/**
 * Reads `limit` (1–100, default 20), `offset` (≥ 0), `search` (trimmed) and
 * `order=field:asc|desc` (field from the allow-list) out of a raw query object.
 * Throws ApiError 400 with a message key on anything else.
 */
export const parseListQuery = <F extends string>(raw: Record<string, RawValue>, rules: ListQueryRules<F>): ListQuery<F> => ({
  limit: parseInteger(raw.limit, rules.defaultLimit ?? LIST_LIMIT_DEFAULT, 1, rules.maxLimit ?? LIST_LIMIT_MAX, 'api.error.invalidLimit'),
  offset: parseInteger(raw.offset, 0, 0, Number.MAX_SAFE_INTEGER, 'api.error.invalidOffset'),
  search: parseSearch(raw.search),
  order: parseOrder(raw.order, rules),
});

/** The query string the venue sends for a list request. */
export const toListParams = (query: Partial<ListQuery>): Record<string, string | number> => {
  const params: Record<string, string | number> = {};
  if (query.limit !== undefined) params.limit = query.limit;
  if (query.offset !== undefined) params.offset = query.offset;
  if (query.search?.trim()) params.search = query.search.trim();
  if (query.order) params.order = `${query.order.field}:${query.order.direction}`;
  return params;
};
