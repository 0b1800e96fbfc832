import type { Core } from '@strapi/strapi';
import { ApiError, favouriteAddSchema, favouritePaths, parseId, type FavouriteMark, type Favourites } from '@plataforma/adapter';
import { reply, type RouteContext } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { routeFor, siteRouter } from '../../../http/router';
import { CLIENT_UID } from '../wire';

const STAND_UID = 'api::stand.stand';

/**
 * Favourite stands (issue 17, 'Encontre um expositor'; decision 034, the twin of 'Minha agenda'):
 * the signed-in client's marked stands, kept as the client's `favouriteStands` relation (a link
 * table with one row per pair, whose keys cascade when a stand, an event or a client row goes).
 *
 * GET /clients/me/favourites?eventId= lists the favourite stands of a published event; POST marks
 * one (`{standId}`), DELETE /clients/me/favourites/:standId unmarks it; both answer the mark as it
 * is now, whatever it was, so a retried click changes nothing. A soft session may use them, as it
 * may star lectures. Only stands of published events can be marked: another stand is as unknown
 * as one that does not exist (404). Not logged, like the stars.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const signedIn = access('client', 'soft-client');

  const clientOf = (ctx: RouteContext): number => {
    const who = identityOf(ctx.state);
    if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
    return who.id;
  };

  /** Whether the client marked this stand (the link table's row). */
  const isFavourite = async (clientId: number, standId: number): Promise<boolean> =>
    (await strapi.db.query(CLIENT_UID).count({ where: { id: clientId, favouriteStands: { id: standId } } })) > 0;

  /** Every stand id the client marked (a person marks dozens, not thousands). */
  const favouriteIds = async (clientId: number): Promise<number[]> => {
    const row = (await strapi.db.query(CLIENT_UID).findOne({
      where: { id: clientId },
      select: ['id'],
      populate: { favouriteStands: { select: ['id'] } },
    })) as { favouriteStands?: Array<{ id: number }> } | null;
    return (row?.favouriteStands ?? []).map((stand) => stand.id);
  };

  const list = route({
    method: 'GET',
    path: favouritePaths.site,
    config: signedIn,
    handler: async (ctx) => {
      const clientId = clientOf(ctx);
      const eventId = parseId(ctx.query.eventId, 'api.error.invalidFilter');
      if ((await strapi.db.query('api::event.event').count({ where: { id: eventId, published: true } })) === 0)
        throw new ApiError(404, 'api.error.eventNotFound');
      const marked = await favouriteIds(clientId);
      if (marked.length === 0) return reply({ standIds: [] } satisfies Favourites);
      const rows = (await strapi.db.query(STAND_UID).findMany({
        where: { event: { id: eventId }, id: { $in: marked } },
        select: ['id'],
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
      })) as Array<{ id: number }>;
      const answer: Favourites = { standIds: rows.map((row) => row.id) };
      return reply(answer);
    },
  });

  const add = route({
    method: 'POST',
    path: favouritePaths.site,
    config: signedIn,
    body: favouriteAddSchema,
    handler: async (ctx, { standId }) => {
      const clientId = clientOf(ctx);
      const open = await strapi.db.query(STAND_UID).count({ where: { id: standId, event: { published: true } } });
      if (open === 0) throw new ApiError(404, 'api.error.standNotFound');
      if (!(await isFavourite(clientId, standId)))
        await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { favouriteStands: { connect: [standId] } } });
      const answer: FavouriteMark = { standId, favourite: true };
      return reply(answer, 'exhibitors.favourited');
    },
  });

  const remove = route({
    method: 'DELETE',
    path: favouritePaths.one,
    config: signedIn,
    handler: async (ctx) => {
      const clientId = clientOf(ctx);
      const standId = parseId(ctx.params.standId);
      // A stand of an event since unpublished, or deleted, can still be unmarked: only the pair is looked at.
      if (await isFavourite(clientId, standId))
        await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { favouriteStands: { disconnect: [standId] } } });
      const answer: FavouriteMark = { standId, favourite: false };
      return reply(answer, 'exhibitors.unfavourited');
    },
  });

  return siteRouter([list, add, remove]);
};
