import type { Core } from '@strapi/strapi';
import {
  ApiError,
  grantInputSchema,
  orderActionInputSchema,
  orderFiltersSchema,
  orderOrder,
  orderPaths,
  parseId,
  parseListQuery,
} from '@plataforma/adapter';
import { created, reply, type RouteContext } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import {
  confirmManualPix,
  grantOrder,
  ORDER_COLUMNS,
  ORDER_POPULATE,
  orderToWire,
  readOrder,
  refundOrder,
  UID,
  type Actor,
  type OrderRow,
} from '../../../commerce/orders';
import { cmsRouter, PUBLIC, routeFor } from '../../../http/router';

/** The staff member acting, as the order's history names them. */
const staffOf = (ctx: RouteContext): Actor => {
  const who = identityOf(ctx.state);
  if (!who || who.kind !== 'staff') throw new ApiError(401, 'api.error.unauthorized');
  return { kind: 'user', id: who.id, name: who.name, email: who.email };
};

/** 'PE-000123', 'pe123' or '123': the order id a search names, if any. */
const orderIdIn = (term: string): number | null => {
  const match = /^(?:pe-?)?0*(\d{1,12})$/i.exec(term.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Brazil's offset (no daylight saving since 2019): a filter's dates are the organiser's days. */
const dayStart = (date: string) => new Date(`${date}T00:00:00-03:00`);

/**
 * 'Pedidos' (admin, decision 045): the server-paged list (search by number, client name or
 * e-mail; filters status, eventId, method, from/to; order by orderOrder), one order with its
 * items, payments and history, a refund, a manual PIX's confirmation, and a staff grant.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  // cmsRouter sets each route's roles from CMS_ACCESS.
  const config = PUBLIC;
  const detail = async (id: number) => {
    const row = await readOrder(strapi, id);
    if (!row) throw new ApiError(404, 'orders.error.notFound');
    return orderToWire(row);
  };

  return cmsRouter([
    route({
      method: 'GET',
      path: orderPaths.cms,
      config,
      handler: async (ctx) => {
        const list = parseListQuery(ctx.query, orderOrder);
        const parsed = orderFiltersSchema.safeParse(ctx.query);
        if (!parsed.success) throw new ApiError(400, 'api.error.invalidFilter');
        const filters = parsed.data;
        const clauses: Record<string, unknown>[] = [];
        if (filters.status) clauses.push({ status: filters.status });
        if (filters.eventId) clauses.push({ event: { id: filters.eventId } });
        if (filters.method) clauses.push({ method: filters.method });
        if (filters.from) clauses.push({ createdAt: { $gte: dayStart(filters.from) } });
        if (filters.to) clauses.push({ createdAt: { $lt: new Date(dayStart(filters.to).getTime() + 86_400_000) } });
        if (list.search) {
          const id = orderIdIn(list.search);
          clauses.push({
            $or: [
              { client: { name: { $containsi: list.search } } },
              { client: { email: { $containsi: list.search } } },
              ...(id ? [{ id }] : []),
            ],
          });
        }
        const [rows, count] = (await strapi.db.query(UID.order).findWithCount({
          where: clauses.length ? { $and: clauses } : {},
          select: ORDER_COLUMNS,
          populate: ORDER_POPULATE,
          orderBy: [{ [list.order.field]: list.order.direction }, ...(list.order.field === 'id' ? [] : [{ id: list.order.direction }])],
          limit: list.limit,
          offset: list.offset,
        })) as [OrderRow[], number];
        return reply({ rows: rows.map(orderToWire), count });
      },
    }),
    route({
      method: 'POST',
      path: orderPaths.grant,
      config,
      body: grantInputSchema,
      handler: async (ctx, input) =>
        created(await detail(await grantOrder(strapi, staffOf(ctx), input.eventId, input.clientId, input.note ?? null))),
    }),
    route({
      method: 'GET',
      path: `${orderPaths.cms}/:id`,
      config,
      handler: async (ctx) => reply(await detail(parseId(ctx.params.id))),
    }),
    route({
      method: 'POST',
      path: orderPaths.refund,
      config,
      body: orderActionInputSchema,
      handler: async (ctx, input) => {
        const id = parseId(ctx.params.id);
        await refundOrder(strapi, staffOf(ctx), id, input.note ?? null);
        return reply(await detail(id));
      },
    }),
    route({
      method: 'POST',
      path: orderPaths.confirm,
      config,
      body: orderActionInputSchema,
      handler: async (ctx, input) => {
        const id = parseId(ctx.params.id);
        await confirmManualPix(strapi, staffOf(ctx), id, input.note ?? null);
        return reply(await detail(id));
      },
    }),
  ]);
};
