import type { z } from 'zod';
import { ApiError, ok } from '../envelope';
import type { MessageKey } from '../messages';
import { parseId, parseListQuery, type ListOrderRules, type ListQuery } from '../list-query';
import { guarded } from './guard';
import { parseBody } from './route';
import type { ContextLike, DbLike, FindParams, Logger, OrderBy, Populate, RouteConfig, RouteDef, Where } from './types';

export interface FilterSpec {
  /** Builds the where clause for the parameter's id. */
  where: (id: number) => Where;
  /** A list without this parameter answers 400. */
  required?: boolean;
  /** When set, an id that names no row of this content type answers 404 with `notFound`. */
  exists?: { uid: string; notFound: MessageKey; where?: Where };
}

/** A filter by one of a few words (e.g. `when=upcoming|past`); any other word answers 400. */
export interface ChoiceFilterSpec {
  values: readonly string[];
  /** Builds the where clause for the chosen word. */
  where: (value: string) => Where;
}

export interface WireContext {
  query: Record<string, unknown>;
  state: Record<string, unknown>;
}

export interface ResourceSpec<Row, Wire, F extends string = string> {
  /** Strapi content-type uid, e.g. 'api::stand.stand'. */
  uid: string;
  /** Path under the API prefix, from the contract (e.g. `standPaths.site`, '/stands'). */
  path: string;
  /** Attributes searched with a case-insensitive "contains" in SQL. */
  searchFields: readonly string[];
  /** The contract's order allow-list and default (e.g. `standOrder`); each field sorts by the attribute of its name. */
  order: ListOrderRules<F>;
  /**
   * The SQL order of a list order when it is more than the field then id (e.g. lectures by
   * day sort each day by the start hour).
   */
  orderBy?: (order: ListQuery<F>['order']) => OrderBy;
  filters?: Readonly<Record<string, FilterSpec>>;
  /** Filters by a word rather than an id (absent or empty: not applied). */
  choices?: Readonly<Record<string, ChoiceFilterSpec>>;
  /** Always applied (e.g. only published rows on the site). */
  baseWhere?: Where;
  /**
   * Per-request restriction (e.g. an attendant's own stands), applied to list, get, update
   * and delete; rows outside it answer as not found.
   */
  scope?: (ctx: ContextLike) => Where | null | Promise<Where | null>;
  select?: string[];
  populate?: Populate;
  notFound?: MessageKey;
  limit?: { default?: number; max?: number };
  toWire: (row: Row, ctx: WireContext) => Wire;
  /** Validation of create/update bodies and their mapping to attributes. */
  input?: {
    create: z.ZodType;
    update: z.ZodType;
    toData: (input: unknown, ctx: ContextLike) => PreparedWrite | Promise<PreparedWrite>;
    /** The largest multipart body a create or update takes, in bytes (`RouteDef.allowMultipart`); absent: JSON only. */
    allowMultipart?: () => number;
  };
}

/** What a create or update writes, and what must follow once it is written. */
export interface PreparedWrite {
  /** The attributes to write. */
  data: Record<string, unknown>;
  /** Runs after the write succeeded and was reported (e.g. sends a new user's temporary password). */
  afterWrite?: (id: number) => Promise<void>;
  /**
   * Runs when the row's write throws, before the error is answered: undoes what `toData` did
   * outside the database (e.g. removes the files it stored). Not called once the write has
   * succeeded (a failing re-read or `onChange` leaves the row, and so its files, as written).
   * A failure of its own is logged; the write's error is the one answered.
   */
  onFailure?: () => Promise<void>;
}

export type Action = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface ResourceRouteOptions {
  actions: readonly Action[];
  /** Route config (auth, policies) per action. */
  config: RouteConfig | ((action: Action) => RouteConfig);
  logger?: Logger;
  /** Called before rows are deleted; throw an ApiError to refuse. */
  beforeDelete?: (ids: number[], ctx: ContextLike) => Promise<void>;
  /** Called after a create, update or delete succeeded (e.g. to write the activity log). */
  onChange?: (change: { action: 'create' | 'update' | 'delete'; ids: number[]; ctx: ContextLike }) => Promise<void>;
}

/** Parses `ids` for a delete: `?ids=1,2`, `?ids[]=1&ids[]=2` or a JSON body `{ ids: [1, 2] }`. */
export const parseIds = (query: Record<string, unknown>, body: unknown): number[] => {
  const fromBody = typeof body === 'object' && body !== null ? (body as { ids?: unknown }).ids : undefined;
  const raw = fromBody ?? query.ids;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : typeof raw === 'number' ? [raw] : [];
  if (list.length === 0 || list.length > 1000) throw new ApiError(400, 'api.error.invalidId');
  return [...new Set(list.map((v) => parseId(typeof v === 'string' ? v.trim() : v)))];
};

const withId = (select: string[] | undefined) => (select && !select.includes('id') ? [...select, 'id'] : select);

/**
 * A list's rows and count: the page's ids and the count from the database's own list SQL when it
 * has one (`DbLike.listPage`), then those rows read by id through the query engine, so the rows
 * and their relations are exactly what `findWithCount` answers; `findWithCount` otherwise.
 */
export const findWithCount = async (db: DbLike, uid: string, params: FindParams): Promise<[unknown[], number]> => {
  const page = db.listPage ? await db.listPage(uid, params) : null;
  if (!page) return db.query(uid).findWithCount(params);
  if (page.ids.length === 0) return [[], page.count];
  const found = (await db
    .query(uid)
    .findMany({ where: { id: { $in: page.ids } }, select: withId(params.select), populate: params.populate })) as Array<{ id: number }>;
  const byId = new Map(found.map((row) => [row.id, row]));
  return [page.ids.map((id) => byId.get(id)).filter((row) => row !== undefined), page.count];
};

export const buildListParams = <Row, Wire, F extends string>(
  spec: ResourceSpec<Row, Wire, F>,
  rawQuery: Record<string, unknown>,
  list: ListQuery<F>,
): { params: FindParams; filterIds: Array<[FilterSpec, number]> } => {
  const clauses: Where[] = [];
  if (spec.baseWhere) clauses.push(spec.baseWhere);
  const filterIds: Array<[FilterSpec, number]> = [];
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    const value = rawQuery[name];
    if (value === undefined || value === '') {
      if (filter.required) throw new ApiError(400, 'api.error.invalidFilter');
      continue;
    }
    const id = parseId(value, 'api.error.invalidFilter');
    filterIds.push([filter, id]);
    clauses.push(filter.where(id));
  }
  for (const [name, choice] of Object.entries(spec.choices ?? {})) {
    const value = rawQuery[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !choice.values.includes(value)) throw new ApiError(400, 'api.error.invalidFilter');
    clauses.push(choice.where(value));
  }
  if (list.search !== undefined && spec.searchFields.length > 0) {
    const term = list.search;
    clauses.push({ $or: spec.searchFields.map((field) => ({ [field]: { $containsi: term } })) });
  }
  const attribute: string = list.order.field;
  const orderBy: OrderBy = spec.orderBy ? spec.orderBy(list.order) : [{ [attribute]: list.order.direction }];
  if (!spec.orderBy && attribute !== 'id') orderBy.push({ id: list.order.direction });
  const where: Where = clauses.length === 0 ? {} : clauses.length === 1 ? clauses[0] : { $and: clauses };
  return {
    params: { where, orderBy, limit: list.limit, offset: list.offset, select: spec.select, populate: spec.populate },
    filterIds,
  };
};

/**
 * Turns a content type into list/get/create/update/delete routes answering the
 * `{data, msg, status}` envelope. Lists run one `findWithCount` (rows and count in SQL).
 */
export const resourceRoutes = <Row, Wire, F extends string>(
  db: () => DbLike,
  spec: ResourceSpec<Row, Wire, F>,
  options: ResourceRouteOptions,
): RouteDef[] => {
  const configFor = (action: Action): RouteConfig => (typeof options.config === 'function' ? options.config(action) : options.config);
  const notFound = spec.notFound ?? 'api.error.notFound';
  const wireCtx = (ctx: ContextLike): WireContext => ({ query: ctx.query, state: ctx.state });
  const rules = { ...spec.order, defaultLimit: spec.limit?.default, maxLimit: spec.limit?.max };

  const restrict = async (ctx: ContextLike, clause: Where): Promise<Where> => {
    const clauses = [spec.baseWhere, await spec.scope?.(ctx), clause].filter((c): c is Where => Boolean(c));
    return clauses.length === 1 ? clauses[0] : { $and: clauses };
  };

  /** Runs a write; when it throws, runs `onFailure` (its own failure only logged) and rethrows the write's error. */
  const undoOnFailure = async <T>(write: () => Promise<T>, onFailure: PreparedWrite['onFailure']): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      try {
        await onFailure?.();
      } catch (undoError) {
        options.logger?.error(`[api] ${spec.path}: undoing a failed write failed`, undoError);
      }
      throw error;
    }
  };

  const findById = async (id: number, ctx: ContextLike): Promise<Row> => {
    const where = await restrict(ctx, { id });
    const row = await db().query(spec.uid).findOne({ where, select: spec.select, populate: spec.populate });
    if (!row) throw new ApiError(404, notFound);
    return row as Row;
  };

  /**
   * A list's rows and count: the page's ids and the count from the database's own list SQL when it
   * has one (`DbLike.listPage`), then those rows read by id through the query engine, so the rows
   * and their relations are exactly what `findWithCount` answers; `findWithCount` otherwise.
   */
  const findPage = (params: FindParams) => findWithCount(db(), spec.uid, params);

  const handlers: Record<Action, RouteDef> = {
    list: {
      method: 'GET',
      path: spec.path,
      config: configFor('list'),
      handler: async (ctx) => {
        const list = parseListQuery(ctx.query, rules);
        const { params, filterIds } = buildListParams(spec, ctx.query, list);
        const scoped = await spec.scope?.(ctx);
        if (scoped) params.where = Object.keys(params.where ?? {}).length ? { $and: [params.where as Where, scoped] } : scoped;
        const [[rows, count]] = await Promise.all([
          findPage(params),
          ...filterIds
            .filter(([filter]) => filter.exists)
            .map(async ([filter, id]) => {
              const exists = filter.exists as NonNullable<FilterSpec['exists']>;
              const found = await db()
                .query(exists.uid)
                .count({ where: exists.where ? { $and: [exists.where, { id }] } : { id } });
              if (found === 0) throw new ApiError(404, exists.notFound);
            }),
        ]);
        const context = wireCtx(ctx);
        ctx.body = ok({ rows: (rows as Row[]).map((row) => spec.toWire(row, context)), count });
      },
    },
    get: {
      method: 'GET',
      path: `${spec.path}/:id`,
      config: configFor('get'),
      handler: async (ctx) => {
        const row = await findById(parseId(ctx.params.id), ctx);
        ctx.body = ok(spec.toWire(row, wireCtx(ctx)));
      },
    },
    create: {
      method: 'POST',
      path: spec.path,
      config: configFor('create'),
      ...(spec.input?.allowMultipart ? { allowMultipart: spec.input.allowMultipart } : {}),
      handler: async (ctx) => {
        if (!spec.input) throw new ApiError(404, 'api.error.routeNotFound');
        const { data, afterWrite, onFailure } = await spec.input.toData(parseBody(spec.input.create, ctx.request.body), ctx);
        const created = (await undoOnFailure(
          () =>
            db()
              .query(spec.uid)
              .create({ data, select: ['id'] }),
          onFailure,
        )) as { id: number };
        const row = await findById(created.id, ctx);
        await options.onChange?.({ action: 'create', ids: [created.id], ctx });
        await afterWrite?.(created.id);
        ctx.status = 201;
        ctx.body = ok(spec.toWire(row, wireCtx(ctx)), 'api.created', 201);
      },
    },
    update: {
      method: 'PUT',
      path: `${spec.path}/:id`,
      config: configFor('update'),
      ...(spec.input?.allowMultipart ? { allowMultipart: spec.input.allowMultipart } : {}),
      handler: async (ctx) => {
        if (!spec.input) throw new ApiError(404, 'api.error.routeNotFound');
        const id = parseId(ctx.params.id);
        await findById(id, ctx);
        const { data, afterWrite, onFailure } = await spec.input.toData(parseBody(spec.input.update, ctx.request.body), ctx);
        await undoOnFailure(
          () =>
            db()
              .query(spec.uid)
              .update({ where: { id }, data, select: ['id'] }),
          onFailure,
        );
        await options.onChange?.({ action: 'update', ids: [id], ctx });
        await afterWrite?.(id);
        ctx.body = ok(spec.toWire(await findById(id, ctx), wireCtx(ctx)), 'api.updated');
      },
    },
    delete: {
      method: 'DELETE',
      path: spec.path,
      config: configFor('delete'),
      handler: async (ctx) => {
        const ids = parseIds(ctx.query, ctx.request.body);
        await options.beforeDelete?.(ids, ctx);
        const where = await restrict(ctx, { id: { $in: ids } });
        const { count } = await db().query(spec.uid).deleteMany({ where });
        if (count === 0) throw new ApiError(404, notFound);
        await options.onChange?.({ action: 'delete', ids, ctx });
        ctx.body = ok({ ids, count }, 'api.deleted');
      },
    },
  };

  return options.actions.map((action) => ({ ...handlers[action], handler: guarded(handlers[action].handler, options.logger) }));
};
