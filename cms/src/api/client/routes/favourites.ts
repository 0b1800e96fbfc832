import type { Core } from '@strapi/strapi';
import { favouriteAddSchema, favouritePaths, type FavouriteMark, type Favourites } from '@plataforma/adapter';
import { siteRouter } from '../../../http/router';
import { clientMarkRoutes } from '../marks';

/**
 * Favourite stands (issue 17, 'Encontre um expositor'; decision 034, the twin of 'Minha agenda'):
 * the signed-in client's marked stands, kept as the client's `favouriteStands` relation (a link
 * table with one row per pair, whose keys cascade when a stand, an event or a client row goes).
 *
 * GET /clients/me/favourites?eventId= lists the favourite stands of a published event (in the
 * stands' position order); POST marks one (`{standId}`), DELETE /clients/me/favourites/:standId
 * unmarks it; both answer the mark as it is now, whatever it was, so a retried click changes
 * nothing. Only with a full sign-in, as the stars (decision 101). Only stands of published events
 * can be marked: another stand is as unknown as one that does not exist (404). Not logged, like
 * the stars. The routes themselves are `clientMarkRoutes`, shared with 'Minha agenda'.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter(
    clientMarkRoutes({
      strapi,
      paths: favouritePaths,
      relation: 'favouriteStands',
      targetUid: 'api::stand.stand',
      // The answers' keys, as the adapter's contract names them.
      idKey: 'standId' satisfies keyof FavouriteMark,
      listKey: 'standIds' satisfies keyof Favourites,
      flagKey: 'favourite' satisfies keyof FavouriteMark,
      bodySchema: favouriteAddSchema,
      whereInEvent: (eventId) => ({ event: { id: eventId } }),
      wherePublished: (standId) => ({ id: standId, event: { published: true } }),
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      notFound: 'api.error.standNotFound',
      marked: 'exhibitors.favourited',
      unmarked: 'exhibitors.unfavourited',
    }),
  );
