import type { Core } from '@strapi/strapi';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { guarded, type ContextLike, type RouteDef } from '@plataforma/adapter/server';
import { conflictAs, inTransaction } from './transaction';

/** A Strapi whose `db.transaction` commits when the callback resolves and rolls back when it throws, as the real one. */
const fakeStrapi = (commitError?: Error) => {
  const outcome: string[] = [];
  const strapi = {
    log: { error: vi.fn() },
    db: {
      transaction: async (work: () => Promise<unknown>) => {
        try {
          const result = await work();
          if (commitError) throw commitError;
          outcome.push('commit');
          return result;
        } catch (error) {
          outcome.push('rollback');
          throw error;
        }
      },
    },
  } as unknown as Core.Strapi;
  return { strapi, outcome };
};

const ctx = (): ContextLike =>
  ({
    method: 'POST',
    path: '/x',
    params: {},
    query: {},
    request: {},
    ip: '',
    state: {},
    status: 404,
    body: undefined,
    set: () => undefined,
    get: () => '',
  }) as ContextLike;

const route = (handler: RouteDef['handler']): RouteDef => ({
  method: 'POST',
  path: '/x',
  config: { auth: false },
  handler: guarded(handler),
});

describe('inTransaction', () => {
  it('commits a handler that answered a success', async () => {
    const { strapi, outcome } = fakeStrapi();
    const [wrapped] = inTransaction(strapi, [
      route(async (c) => {
        c.status = 201;
        c.body = { data: 1, msg: 'api.created', status: 201 };
      }),
    ]);
    const c = ctx();
    await wrapped.handler(c);
    expect(outcome).toEqual(['commit']);
    expect(c.status).toBe(201);
  });

  it('rolls back a handler that answered an error, keeping its answer', async () => {
    const { strapi, outcome } = fakeStrapi();
    const [wrapped] = inTransaction(strapi, [
      route(async () => {
        throw new ApiError(409, 'lectures.error.overlap');
      }),
    ]);
    const c = ctx();
    await wrapped.handler(c);
    expect(outcome).toEqual(['rollback']);
    expect(c.body).toEqual({ data: null, msg: 'lectures.error.overlap', status: 409 });
  });

  it('answers a failed commit as an error, never the success the handler wrote', async () => {
    const { strapi } = fakeStrapi(new Error('could not serialize access'));
    const [wrapped] = inTransaction(strapi, [
      route(async (c) => {
        c.body = { data: 1, msg: 'api.updated', status: 200 };
        c.status = 200;
      }),
    ]);
    const c = ctx();
    await wrapped.handler(c);
    expect(c.status).toBe(500);
    expect(c.body).toEqual({ data: null, msg: 'api.error.internal', status: 500 });
    expect(strapi.log.error).toHaveBeenCalled();
  });
});

describe('conflictAs', () => {
  it("answers a unique index's refusal with the resource's key, and leaves other answers alone", async () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const [taken] = conflictAs('coupons.error.codeTaken', [
      route(async () => {
        throw unique;
      }),
    ]);
    const c = ctx();
    await taken.handler(c);
    expect(c.body).toEqual({ data: null, msg: 'coupons.error.codeTaken', status: 409 });
    const [other] = conflictAs('coupons.error.codeTaken', [
      route(async () => {
        throw new ApiError(409, 'api.error.hasOrders');
      }),
    ]);
    const d = ctx();
    await other.handler(d);
    expect(d.body).toEqual({ data: null, msg: 'api.error.hasOrders', status: 409 });
  });
});
