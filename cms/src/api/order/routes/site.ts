import type { Core } from '@strapi/strapi';
import {
  ApiError,
  cartInputSchema,
  lecturePaths,
  orderPaths,
  parseId,
  payInputSchema,
  sandboxCardInputSchema,
  sandboxConfirmInputSchema,
} from '@plataforma/adapter';
import { created, reply, type RouteContext } from '@plataforma/adapter/server';
import { identityOf, type Identity } from '../../../auth/identity';
import { access, optionalIdentity } from '../../../auth/strategy';
import { eventAccess, lectureAccess } from '../../../commerce/access';
import {
  cancelOrder,
  createOrder,
  expireOrder,
  handleNotification,
  ORDER_COLUMNS,
  ORDER_POPULATE,
  orderToWire,
  payOrder,
  paymentRef,
  priceFor,
  readOrder,
  UID,
  type Buyer,
  type OrderRow,
} from '../../../commerce/orders';
import { quoteToWire } from '../../../commerce/pricing';
import { paymentConfig, sandboxProvider } from '../../../commerce/providers/registry';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';

/** A full client's session: a soft one (an e-mail only) may not buy nor read orders (403). */
const buyerOf = (ctx: RouteContext): Buyer => {
  const who = identityOf(ctx.state);
  if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
  if (who.soft) throw new ApiError(403, 'orders.error.fullAccountRequired');
  return { id: who.id, name: who.name, email: who.email };
};

/** A cart without items answers its own key (the contract's refinement), anything else the body's. */
const cartInvalid = (issues: readonly { message: string }[]) =>
  issues.some((issue) => issue.message === 'orders.error.emptyCart')
    ? ('orders.error.emptyCart' as const)
    : ('api.error.invalidBody' as const);

const headersOf = (ctx: RouteContext) => (ctx as unknown as { headers: Record<string, string | string[] | undefined> }).headers;

/** The raw text of a request's body (kept by the body parser: `includeUnparsed`), for signatures. */
const rawBodyOf = (ctx: RouteContext): string => {
  const body = ctx.request.body as Record<symbol, unknown> | undefined;
  const raw = body && typeof body === 'object' ? body[Symbol.for('unparsedBody')] : undefined;
  if (typeof raw === 'string') return raw;
  return typeof ctx.request.body === 'string' ? ctx.request.body : JSON.stringify(ctx.request.body ?? {});
};

/**
 * Commerce on the site (decision 045, /api/site/v1): quote, orders ('Meus pedidos'), paying,
 * cancelling, the access a client holds, the checkout's payment settings (decision 052),
 * providers' webhooks and the sandbox's 'bank'.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const client = access('client', 'soft-client');
  const anyone = access('client', 'soft-client', 'admin', 'attendant');
  const own = async (buyer: Buyer, id: number) => {
    const row = await readOrder(strapi, id, buyer.id);
    if (!row) throw new ApiError(404, 'orders.error.notFound');
    return orderToWire(row);
  };

  return siteRouter([
    route({
      method: 'POST',
      path: orderPaths.quote,
      config: PUBLIC,
      body: cartInputSchema,
      invalid: cartInvalid,
      handler: async (ctx, cart) => {
        const who = await optionalIdentity(strapi, ctx.get('authorization') || undefined, ['client']);
        const buyer = who && who.kind === 'client' && !who.soft ? who.id : null;
        return reply(quoteToWire(await priceFor(strapi, buyer, cart)));
      },
    }),
    route({
      method: 'POST',
      path: orderPaths.site,
      config: client,
      body: cartInputSchema,
      invalid: cartInvalid,
      handler: async (ctx, cart) => {
        const buyer = buyerOf(ctx);
        const id = await createOrder(strapi, buyer, cart);
        return created(await own(buyer, id));
      },
    }),
    route({
      method: 'GET',
      path: orderPaths.site,
      config: client,
      handler: async (ctx) => {
        const buyer = buyerOf(ctx);
        // This client's orders past their deadline expire before they are listed.
        const due = (await strapi.db.query(UID.order).findMany({
          where: { client: { id: buyer.id }, status: 'pending', expiresAt: { $lte: new Date() } },
          select: ['id'],
        })) as Array<{ id: number }>;
        for (const row of due) await expireOrder(strapi, row.id);
        const rows = (await strapi.db.query(UID.order).findMany({
          where: { client: { id: buyer.id } },
          select: ORDER_COLUMNS,
          populate: ORDER_POPULATE,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          limit: 200,
        })) as OrderRow[];
        return reply({ rows: rows.map(orderToWire), count: rows.length });
      },
    }),
    route({
      method: 'GET',
      path: orderPaths.access,
      config: anyone,
      handler: async (ctx) => reply(await eventAccess(strapi, identityOf(ctx.state), parseId(ctx.params.eventId))),
    }),
    route({
      method: 'GET',
      path: orderPaths.one,
      config: client,
      handler: async (ctx) => reply(await own(buyerOf(ctx), parseId(ctx.params.id))),
    }),
    route({
      method: 'POST',
      path: orderPaths.pay,
      config: client,
      body: payInputSchema,
      handler: async (ctx, input) => {
        const buyer = buyerOf(ctx);
        const id = parseId(ctx.params.id);
        await payOrder(strapi, buyer, id, input);
        return created(await own(buyer, id));
      },
    }),
    route({
      method: 'POST',
      path: orderPaths.cancel,
      config: client,
      handler: async (ctx) => {
        const buyer = buyerOf(ctx);
        const id = parseId(ctx.params.id);
        await cancelOrder(strapi, buyer, id);
        return reply(await own(buyer, id));
      },
    }),
    route({
      method: 'GET',
      path: lecturePaths.subscribed,
      config: anyone,
      handler: async (ctx) => reply(await lectureAccess(strapi, identityOf(ctx.state) as Identity, parseId(ctx.params.id))),
    }),
    route({
      method: 'POST',
      path: orderPaths.webhook,
      config: PUBLIC,
      handler: async (ctx) => {
        await handleNotification(strapi, String(ctx.params.provider ?? ''), {
          rawBody: rawBodyOf(ctx),
          headers: headersOf(ctx),
          query: ctx.query as Record<string, string | string[] | undefined>,
        });
        return reply(null);
      },
    }),
    route({
      method: 'GET',
      path: orderPaths.paymentConfig,
      config: PUBLIC,
      handler: async () => reply(paymentConfig()),
    }),
    route({
      method: 'POST',
      path: orderPaths.sandboxConfirm,
      // The payer's own session (or staff's): the sandbox's bank approves only its own customer's charges.
      config: anyone,
      body: sandboxConfirmInputSchema,
      handler: async (ctx, { outcome }) => {
        const sandbox = sandboxProvider();
        if (!sandbox) throw new ApiError(404, 'api.error.routeNotFound');
        const who = identityOf(ctx.state);
        if (!who) throw new ApiError(401, 'api.error.unauthorized');
        const ref = await paymentRef(strapi, parseId(ctx.params.paymentId), who.kind === 'staff' ? null : who.id);
        const notification = ref ? sandbox.decide(ref, outcome) : null;
        if (!notification) throw new ApiError(404, 'payments.error.notFound');
        // The bank's notification takes the webhook's own path: signature, status fetched back, applied.
        await handleNotification(strapi, 'sandbox', notification);
        return reply(null);
      },
    }),
    route({
      method: 'POST',
      path: orderPaths.sandboxCardToken,
      config: PUBLIC,
      body: sandboxCardInputSchema,
      handler: async (_ctx, card) => {
        const sandbox = sandboxProvider();
        if (!sandbox) throw new ApiError(404, 'api.error.routeNotFound');
        return created(sandbox.tokenize(card.number));
      },
    }),
  ]);
};
