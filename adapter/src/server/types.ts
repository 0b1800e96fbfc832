/**
 * The few shapes of Strapi and Koa the server helpers use, written structurally so
 * the adapter depends on neither (ARCHITECTURE: adapter imports only zod and axios).
 */
export type Where = Record<string, unknown>;
export type OrderBy = Array<Record<string, 'asc' | 'desc'>>;
export type Populate = Record<string, unknown> | string[] | boolean;

export interface FindParams {
  where?: Where;
  select?: string[];
  orderBy?: OrderBy;
  limit?: number;
  offset?: number;
  populate?: Populate;
}

export interface QueryLike {
  findWithCount(params: FindParams): Promise<[unknown[], number]>;
  findOne(params: FindParams): Promise<unknown>;
  findMany(params: FindParams): Promise<unknown[]>;
  count(params: { where?: Where }): Promise<number>;
  create(params: { data: Record<string, unknown>; populate?: Populate; select?: string[] }): Promise<unknown>;
  update(params: { where: Where; data: Record<string, unknown>; populate?: Populate; select?: string[] }): Promise<unknown>;
  deleteMany(params: { where: Where }): Promise<{ count: number }>;
}

/** What a list's page needs from the database: its rows' order, limit and offset. */
export interface ListPageParams {
  where?: Where;
  orderBy?: OrderBy;
  limit?: number;
  offset?: number;
}

/** The ids of a page, in order, and the count of every row the where matches. */
export interface ListPage {
  ids: number[];
  count: number;
}

export interface DbLike {
  query(uid: string): QueryLike;
  /**
   * Optional faster path for a list (the cms's hand-written SQL, decision 043): the page's ids and
   * the count, or null when it cannot express the where (the list then uses `findWithCount`).
   */
  listPage?(uid: string, params: ListPageParams): Promise<ListPage | null>;
}

/** The request context a route handler gets: the part of Koa's context the product's routes use. */
export interface ContextLike {
  method: string;
  path: string;
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  request: { body?: unknown; ip?: string };
  ip: string;
  state: Record<string, unknown>;
  status: number;
  body: unknown;
  /** Sets a response header. */
  set(field: string, value: string): void;
  /** A request header, '' when absent (Koa's `ctx.get`). */
  get(field: string): string;
}

/** The context of a route handler (a Koa context, seen structurally). */
export type RouteContext = ContextLike;

export type Handler = (ctx: ContextLike) => Promise<void>;

export interface RouteConfig {
  auth: false | { scope?: readonly string[]; strategies?: readonly unknown[] };
  policies?: unknown[];
  middlewares?: unknown[];
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  handler: Handler;
  config: RouteConfig;
  info?: Record<string, unknown>;
  /**
   * The largest multipart body, in bytes, the route takes (read per request: the limits are
   * settings). Absent: the route takes no multipart body, and one is refused (415) before it
   * is read. (Strapi's route validation strips the key; the cms reads it from here, issue 47.)
   */
  allowMultipart?: () => number;
}

export interface Logger {
  error(message: string, meta?: unknown): void;
}
