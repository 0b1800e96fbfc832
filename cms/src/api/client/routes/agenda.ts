import type { Core } from '@strapi/strapi';
import { agendaPaths, agendaStarSchema, type Agenda, type AgendaMark } from '@plataforma/adapter';
import { siteRouter } from '../../../http/router';
import { clientMarkRoutes } from '../marks';

/**
 * 'Minha agenda' (issue 17, decision 034): the signed-in client's starred lectures, kept as the
 * client's `agendaLectures` relation (a link table with one row per pair, whose keys cascade when
 * a lecture, an event or a client row goes).
 *
 * GET /clients/me/agenda?eventId= lists the starred lectures of a published event (by day, then
 * hour); POST stars one (`{lectureId}`), DELETE /clients/me/agenda/:lectureId unstars it; both
 * answer the mark as it is now, whatever it was, so a retried click changes nothing. Only with a
 * full sign-in: a soft session (an e-mail anyone could type) gets 403
 * `auth.error.fullAccountRequired` (issue 47, item 5, decision 101). Only lectures of
 * published events can be starred: another lecture is as unknown as one that does not exist
 * (404). Stars are not logged, like the network consent: staff have nothing to follow up in
 * them. The routes themselves are `clientMarkRoutes`, shared with the favourite stands.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  siteRouter(
    clientMarkRoutes({
      strapi,
      paths: agendaPaths,
      relation: 'agendaLectures',
      targetUid: 'api::lecture.lecture',
      // The answers' keys, as the adapter's contract names them.
      idKey: 'lectureId' satisfies keyof AgendaMark,
      listKey: 'lectureIds' satisfies keyof Agenda,
      flagKey: 'starred' satisfies keyof AgendaMark,
      bodySchema: agendaStarSchema,
      whereInEvent: (eventId) => ({ room: { event: { id: eventId } } }),
      wherePublished: (lectureId) => ({ id: lectureId, room: { event: { published: true } } }),
      orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }, { id: 'asc' }],
      notFound: 'api.error.lectureNotFound',
      marked: 'agenda.starred',
      unmarked: 'agenda.unstarred',
    }),
  );
