import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../envelope';
import { findWithCount, resourceRoutes, type ResourceSpec } from './resource';
import type { ContextLike, DbLike, FindParams, OrderBy, QueryLike, RouteDef } from './types';

interface Row {
  id: number;
  name: string;
}

const makeQuery = (overrides: Partial<QueryLike> = {}): QueryLike => ({
  findWithCount: vi.fn(async () => [[{ id: 1, name: 'Alfa' }], 1] as [unknown[], number]),
  findOne: vi.fn(async ({ where }: FindParams) => (JSON.stringify(where).includes('"id":1') ? { id: 1, name: 'Alfa' } : null)),
  findMany: vi.fn(async () => []),
  count: vi.fn(async () => 1),
  create: vi.fn(async () => ({ id: 1 })),
  update: vi.fn(async () => ({ id: 1 })),
  deleteMany: vi.fn(async () => ({ count: 1 })),
  ...overrides,
});

const spec: ResourceSpec<Row, Row & { label: string }, 'id' | 'name'> = {
  uid: 'api::thing.thing',
  path: '/things',
  searchFields: ['name', 'subtitle'],
  order: { orderFields: ['id', 'name'], defaultOrder: { field: 'id', direction: 'asc' } },
  filters: { eventId: { where: (id) => ({ event: { id } }), exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' } } },
  toWire: (row) => ({ ...row, label: row.name.toUpperCase() }),
  input: {
    create: z.object({ name: z.string().min(1) }),
    update: z.object({ name: z.string().min(1) }),
    toData: (input) => ({ data: input as Record<string, unknown> }),
  },
};

const ctx = (init: Partial<ContextLike> = {}): ContextLike => {
  const headers: Record<string, string> = {};
  return {
    method: 'GET',
    path: '/things',
    params: {},
    query: {},
    request: {},
    ip: '127.0.0.1',
    state: {},
    status: 404,
    body: undefined,
    set: (name, value) => {
      headers[name] = value;
    },
    get: () => '',
    ...init,
  };
};

const routesFor = (query: QueryLike, events: QueryLike = makeQuery()) => {
  const db: DbLike = { query: (uid) => (uid === 'api::event.event' ? events : query) };
  const logger = { error: vi.fn() };
  const routes = resourceRoutes(() => db, spec, {
    actions: ['list', 'get', 'create', 'update', 'delete'],
    config: { auth: false },
    logger,
  });
  const route = (method: RouteDef['method'], path: string) => routes.find((r) => r.method === method && r.path === path) as RouteDef;
  return { route, logger };
};

describe('resourceRoutes', () => {
  it('filters by a word of a choice filter and answers 400 to any other word', async () => {
    const query = makeQuery();
    const db: DbLike = { query: () => query };
    const withChoice: typeof spec = { ...spec, filters: undefined, choices: { when: { values: ['past'], where: (v) => ({ when: v }) } } };
    const [list] = resourceRoutes(() => db, withChoice, { actions: ['list'], config: { auth: false } });
    await list.handler(ctx({ query: { when: 'past' } }));
    expect(query.findWithCount).toHaveBeenCalledWith(expect.objectContaining({ where: { when: 'past' } }));
    await list.handler(ctx({ query: { when: '' } }));
    expect(query.findWithCount).toHaveBeenLastCalledWith(expect.objectContaining({ where: {} }));
    for (const when of ['future', ['past']]) {
      const c = ctx({ query: { when } });
      await list.handler(c);
      expect(c.body).toEqual({ data: null, msg: 'api.error.invalidFilter', status: 400 });
    }
  });

  it('lists with search, filter and order done by the query (rows and count in one call)', async () => {
    const query = makeQuery();
    const { route } = routesFor(query);
    const c = ctx({ query: { search: ' alf ', order: 'name:desc', eventId: '3', limit: '5', offset: '10' } });
    await route('GET', '/things').handler(c);
    expect(c.body).toEqual({ data: { rows: [{ id: 1, name: 'Alfa', label: 'ALFA' }], count: 1 }, msg: 'api.ok', status: 200 });
    expect(query.findWithCount).toHaveBeenCalledWith(
      expect.objectContaining({
        where: { $and: [{ event: { id: 3 } }, { $or: [{ name: { $containsi: 'alf' } }, { subtitle: { $containsi: 'alf' } }] }] },
        orderBy: [{ name: 'desc' }, { id: 'desc' }],
        limit: 5,
        offset: 10,
      }),
    );
  });

  it("sorts by the spec's own order when it has one", async () => {
    const query = makeQuery();
    const db: DbLike = { query: () => query };
    const routes = resourceRoutes(
      () => db,
      { ...spec, orderBy: (order): OrderBy => [{ [order.field]: order.direction }, { name: 'asc' }, { id: 'asc' }] },
      { actions: ['list'], config: { auth: false } },
    );
    const c = ctx({ query: { order: 'id:desc' } });
    await routes[0].handler(c);
    expect(query.findWithCount).toHaveBeenCalledWith(
      expect.objectContaining({ orderBy: [{ id: 'desc' }, { name: 'asc' }, { id: 'asc' }] }),
    );
  });

  it('answers 404 with the filter key when the parent does not exist', async () => {
    const { route } = routesFor(makeQuery(), makeQuery({ count: vi.fn(async () => 0) }));
    const c = ctx({ query: { eventId: '99' } });
    await route('GET', '/things').handler(c);
    expect(c.status).toBe(404);
    expect(c.body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
  });

  it.each([
    [{ limit: '0' }, 'api.error.invalidLimit'],
    [{ order: 'secret:asc' }, 'api.error.invalidOrder'],
    [{ eventId: 'x' }, 'api.error.invalidFilter'],
  ])('answers 400 for %j without touching the database', async (q, msg) => {
    const query = makeQuery();
    const { route } = routesFor(query);
    const c = ctx({ query: q });
    await route('GET', '/things').handler(c);
    expect(c.status).toBe(400);
    expect(c.body).toEqual({ data: null, msg, status: 400 });
    expect(query.findWithCount).not.toHaveBeenCalled();
  });

  it('gets one row, or 404 / 400', async () => {
    const { route } = routesFor(makeQuery());
    const found = ctx({ params: { id: '1' } });
    await route('GET', '/things/:id').handler(found);
    expect(found.body).toMatchObject({ data: { id: 1, label: 'ALFA' }, status: 200 });
    const missing = ctx({ params: { id: '2' } });
    await route('GET', '/things/:id').handler(missing);
    expect(missing.status).toBe(404);
    const bad = ctx({ params: { id: 'abc' } });
    await route('GET', '/things/:id').handler(bad);
    expect(bad.body).toEqual({ data: null, msg: 'api.error.invalidId', status: 400 });
  });

  it('creates, validating the body', async () => {
    const query = makeQuery();
    const { route } = routesFor(query);
    const bad = ctx({ method: 'POST', request: { body: { name: '' } } });
    await route('POST', '/things').handler(bad);
    expect(bad.body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    expect(query.create).not.toHaveBeenCalled();
    const good = ctx({ method: 'POST', request: { body: { name: 'Alfa' } } });
    await route('POST', '/things').handler(good);
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ msg: 'api.created', status: 201, data: { id: 1 } });
  });

  it('reports every successful change to onChange, and lets beforeDelete refuse', async () => {
    const changes: string[] = [];
    const db: DbLike = { query: () => makeQuery() };
    const routes = resourceRoutes(() => db, spec, {
      actions: ['create', 'update', 'delete'],
      config: { auth: false },
      onChange: async ({ action, ids }) => {
        changes.push(`${action}:${ids.join(',')}`);
      },
      beforeDelete: async (ids) => {
        if (ids.includes(9)) throw new ApiError(400, 'users.error.lastAdmin');
      },
    });
    const [create, update, remove] = routes;
    await create.handler(ctx({ method: 'POST', request: { body: { name: 'Alfa' } } }));
    await update.handler(ctx({ method: 'PUT', params: { id: '1' }, request: { body: { name: 'Beta' } } }));
    await remove.handler(ctx({ method: 'DELETE', query: { ids: '1' } }));
    const refused = ctx({ method: 'DELETE', query: { ids: '9' } });
    await remove.handler(refused);
    expect(changes).toEqual(['create:1', 'update:1', 'delete:1']);
    expect(refused.body).toEqual({ data: null, msg: 'users.error.lastAdmin', status: 400 });
  });

  it("runs onFailure when the write throws, answers the write's error, and never once the write succeeded", async () => {
    const undo = vi.fn(async () => {});
    const after = vi.fn(async () => {});
    const withUndo: ResourceSpec<Row, Row & { label: string }, 'id' | 'name'> = {
      ...spec,
      input: {
        ...(spec.input as NonNullable<typeof spec.input>),
        toData: (input) => ({ data: input as Record<string, unknown>, afterWrite: after, onFailure: undo }),
      },
    };
    const conflict = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const failing = makeQuery({ create: vi.fn(async () => Promise.reject(conflict)), update: vi.fn(async () => Promise.reject(conflict)) });
    const logger = { error: vi.fn() };
    const routes = resourceRoutes(() => ({ query: () => failing }), withUndo, {
      actions: ['create', 'update'],
      config: { auth: false },
      logger,
    });
    const [create, update] = routes;
    const created = ctx({ method: 'POST', request: { body: { name: 'Alfa' } } });
    await create.handler(created);
    expect(created.body).toEqual({ data: null, msg: 'api.error.conflict', status: 409 });
    const updated = ctx({ method: 'PUT', params: { id: '1' }, request: { body: { name: 'Beta' } } });
    await update.handler(updated);
    expect(updated.body).toEqual({ data: null, msg: 'api.error.conflict', status: 409 });
    expect(undo).toHaveBeenCalledTimes(2);
    expect(after).not.toHaveBeenCalled();

    // A failing undo is logged; the answer is still the write's own error.
    undo.mockRejectedValueOnce(new Error('store unreachable'));
    const again = ctx({ method: 'POST', request: { body: { name: 'Alfa' } } });
    await create.handler(again);
    expect(again.body).toEqual({ data: null, msg: 'api.error.conflict', status: 409 });
    expect(logger.error).toHaveBeenCalledWith('[api] /things: undoing a failed write failed', expect.any(Error));

    // The write succeeded: a later failure (the re-read) keeps the row and what it refers to.
    undo.mockClear();
    const written = makeQuery({ findOne: vi.fn(async () => Promise.reject(new Error('read failed'))) });
    const [createOk] = resourceRoutes(() => ({ query: () => written }), withUndo, { actions: ['create'], config: { auth: false } });
    const reread = ctx({ method: 'POST', request: { body: { name: 'Alfa' } } });
    await createOk.handler(reread);
    expect(written.create).toHaveBeenCalled();
    expect(reread.status).toBe(500);
    expect(undo).not.toHaveBeenCalled();

    // And a successful write never calls it.
    const fine = makeQuery();
    const [createFine] = resourceRoutes(() => ({ query: () => fine }), withUndo, { actions: ['create'], config: { auth: false } });
    const ok = ctx({ method: 'POST', request: { body: { name: 'Alfa' } } });
    await createFine.handler(ok);
    expect(ok.status).toBe(201);
    expect(undo).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledWith(1);
  });

  it('deletes by ids and reports 404 when nothing matched', async () => {
    const query = makeQuery();
    const { route } = routesFor(query);
    const c = ctx({ method: 'DELETE', query: { ids: '1,2,2' } });
    await route('DELETE', '/things').handler(c);
    expect(query.deleteMany).toHaveBeenCalledWith({ where: { id: { $in: [1, 2] } } });
    expect(c.body).toMatchObject({ msg: 'api.deleted', data: { ids: [1, 2], count: 1 } });
    const none = ctx({ method: 'DELETE', query: {} });
    await route('DELETE', '/things').handler(none);
    expect(none.body).toEqual({ data: null, msg: 'api.error.invalidId', status: 400 });
  });

  it('hides internal failures behind a message key and logs them', async () => {
    const { route, logger } = routesFor(
      makeQuery({ findWithCount: vi.fn(async () => Promise.reject(new Error('SQLITE_ERROR: no such column secret'))) }),
    );
    const c = ctx();
    await route('GET', '/things').handler(c);
    expect(c.status).toBe(500);
    expect(c.body).toEqual({ data: null, msg: 'api.error.internal', status: 500 });
    expect(JSON.stringify(c.body)).not.toContain('SQLITE');
    expect(logger.error).toHaveBeenCalled();
  });

  it('answers 503 when the database is unreachable', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { route } = routesFor(makeQuery({ findWithCount: vi.fn(async () => Promise.reject(refused)) }));
    const c = ctx();
    await route('GET', '/things').handler(c);
    expect(c.status).toBe(503);
    expect(c.body).toEqual({ data: null, msg: 'api.error.unavailable', status: 503 });
  });
});

describe('findWithCount with the database’s own list SQL (decision 043)', () => {
  it('reads the page’s rows by id through the query engine, in the order of the ids', async () => {
    const query = makeQuery({
      findMany: vi.fn(async () => [
        { id: 7, name: 'Gama' },
        { id: 3, name: 'Alfa' },
        { id: 5, name: 'Beta' },
      ]),
    });
    const listPage = vi.fn(async () => ({ ids: [3, 5, 7, 9], count: 40 }));
    const db: DbLike = { query: () => query, listPage };
    const params: FindParams = {
      where: { event: { id: 1 } },
      orderBy: [{ name: 'asc' }],
      limit: 4,
      offset: 8,
      select: ['name'],
      populate: { image: true },
    };
    // Row 9 went between the two reads: left out, never answered as a hole.
    expect(await findWithCount(db, 'api::thing.thing', params)).toEqual([
      [
        { id: 3, name: 'Alfa' },
        { id: 5, name: 'Beta' },
        { id: 7, name: 'Gama' },
      ],
      40,
    ]);
    expect(listPage).toHaveBeenCalledWith('api::thing.thing', params);
    expect(query.findMany).toHaveBeenCalledWith({
      where: { id: { $in: [3, 5, 7, 9] } },
      select: ['name', 'id'],
      populate: { image: true },
    });
    expect(query.findWithCount).not.toHaveBeenCalled();
  });

  it('answers an empty page without reading rows, and falls back to the engine when the SQL declines', async () => {
    const query = makeQuery();
    const empty: DbLike = { query: () => query, listPage: vi.fn(async () => ({ ids: [], count: 12 })) };
    expect(await findWithCount(empty, 'api::thing.thing', { offset: 100 })).toEqual([[], 12]);
    expect(query.findMany).not.toHaveBeenCalled();
    const declined: DbLike = { query: () => query, listPage: vi.fn(async () => null) };
    expect(await findWithCount(declined, 'api::thing.thing', {})).toEqual([[{ id: 1, name: 'Alfa' }], 1]);
    expect(query.findWithCount).toHaveBeenCalledTimes(1);
  });
});
