/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for one bound parameter cast to an array type
 * (`?::varchar[]`, `?::int[]`, `?::boolean[]`): a batch binds one array a column for
 * `unnest(…)` instead of a VALUES list of rows × columns parameters, whose binding and planning
 * cost more than the write itself (the client import, the chat's writes).
 */
export const pgTextArray = (values: ReadonlyArray<unknown>): string =>
  `{${values
    .map((value) => (value === null || value === undefined ? 'NULL' : `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`))
    .join(',')}}`;
