import type { Core } from '@strapi/strapi';
import { ApiError, agendaPaths, agendaStarSchema, parseId, type Agenda, type AgendaMark } from '@plataforma/adapter';
import { reply, type RouteContext } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { routeFor, siteRouter } from '../../../http/router';
import { CLIENT_UID } from '../wire';

const LECTURE_UID = 'api::lecture.lecture';

/**
 * 'Minha agenda' (issue 17, decision 034): the signed-in client's starred lectures, kept as the
 * client's `agendaLectures` relation (a link table with one row per pair, whose keys cascade when
 * a lecture, an event or a client row goes).
 *
 * GET /clients/me/agenda?eventId= lists the starred lectures of a published event; POST stars
 * one (`{lectureId}`), DELETE /clients/me/agenda/:lectureId unstars it; both answer the mark as
 * it is now, whatever it was, so a retried click changes nothing. A soft session may use them:
 * the soft login is how visitors walk the venue, and a star says which lectures someone meant
 * to watch, nothing the profile's personal data would. Only lectures of published events can be
 * starred: another lecture is as unknown as one that does not exist (404). Stars are not logged,
 * like the network consent: staff have nothing to follow up in them.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const signedIn = access('client', 'soft-client');

  const clientOf = (ctx: RouteContext): number => {
    const who = identityOf(ctx.state);
    if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
    return who.id;
  };

  /** Whether the client starred this lecture (the link table's row). */
  const isStarred = async (clientId: number, lectureId: number): Promise<boolean> =>
    (await strapi.db.query(CLIENT_UID).count({ where: { id: clientId, agendaLectures: { id: lectureId } } })) > 0;

  /** Every lecture id the client starred (a person stars dozens, not thousands). */
  const starredIds = async (clientId: number): Promise<number[]> => {
    const row = (await strapi.db.query(CLIENT_UID).findOne({
      where: { id: clientId },
      select: ['id'],
      populate: { agendaLectures: { select: ['id'] } },
    })) as { agendaLectures?: Array<{ id: number }> } | null;
    return (row?.agendaLectures ?? []).map((lecture) => lecture.id);
  };

  const list = route({
    method: 'GET',
    path: agendaPaths.site,
    config: signedIn,
    handler: async (ctx) => {
      const clientId = clientOf(ctx);
      const eventId = parseId(ctx.query.eventId, 'api.error.invalidFilter');
      if ((await strapi.db.query('api::event.event').count({ where: { id: eventId, published: true } })) === 0)
        throw new ApiError(404, 'api.error.eventNotFound');
      const starred = await starredIds(clientId);
      if (starred.length === 0) return reply({ lectureIds: [] } satisfies Agenda);
      const rows = (await strapi.db.query(LECTURE_UID).findMany({
        where: { room: { event: { id: eventId } }, id: { $in: starred } },
        select: ['id'],
        orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }, { id: 'asc' }],
      })) as Array<{ id: number }>;
      const answer: Agenda = { lectureIds: rows.map((row) => row.id) };
      return reply(answer);
    },
  });

  const star = route({
    method: 'POST',
    path: agendaPaths.site,
    config: signedIn,
    body: agendaStarSchema,
    handler: async (ctx, { lectureId }) => {
      const clientId = clientOf(ctx);
      const open = await strapi.db.query(LECTURE_UID).count({ where: { id: lectureId, room: { event: { published: true } } } });
      if (open === 0) throw new ApiError(404, 'api.error.lectureNotFound');
      if (!(await isStarred(clientId, lectureId)))
        await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { agendaLectures: { connect: [lectureId] } } });
      const answer: AgendaMark = { lectureId, starred: true };
      return reply(answer, 'agenda.starred');
    },
  });

  const unstar = route({
    method: 'DELETE',
    path: agendaPaths.one,
    config: signedIn,
    handler: async (ctx) => {
      const clientId = clientOf(ctx);
      const lectureId = parseId(ctx.params.lectureId);
      // A lecture since unpublished or deleted can still be unstarred: only the pair is looked at.
      if (await isStarred(clientId, lectureId))
        await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { agendaLectures: { disconnect: [lectureId] } } });
      const answer: AgendaMark = { lectureId, starred: false };
      return reply(answer, 'agenda.unstarred');
    },
  });

  return siteRouter([list, star, unstar]);
};
