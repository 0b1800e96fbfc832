import type { Core } from '@strapi/strapi';
import { ApiError, calendarPaths, type CalendarFeedCreated, type CalendarFeedStatus } from '@plataforma/adapter';
import { reply, type RouteContext } from '@plataforma/adapter/server';
import { answerIcs } from '../../../calendars/answer';
import { clientOfFeed, createFeed, feedStatus, feedUrls, revokeFeed } from '../../../calendars/feed';
import { icsOf, lectureEntries } from '../../../calendars/ics';
import { translator } from '../../../email/texts';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { CLIENT_UID } from '../wire';

/** How long a calendar app may keep the feed before asking again (it changes when a lecture moves). */
const FEED_MAX_AGE_SECONDS = 300;

/**
 * The private calendar feed of 'Minha agenda' (issue 49, item 5, decision 108).
 *
 * GET /calendar-feeds/:token/agenda.ics answers, without a session (the secret is the
 * credential), the client's starred lectures of published events as RFC 5545, made on each fetch
 * (a moved lecture shows at the next one); an unknown or revoked secret answers 404 at once.
 *
 * /clients/me/calendar-feed, with a full sign-in like the agenda (a soft session gets 403
 * `auth.error.fullAccountRequired`, decision 101): GET says whether a feed exists; POST makes a
 * new secret URL, shown this once (only its hash is kept), and the old one stops working; DELETE
 * revokes it. Not logged, like the agenda's stars (decision 034): staff have nothing to follow up.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const signedIn = access('client');

  const clientOf = (ctx: RouteContext): number => {
    const who = identityOf(ctx.state);
    if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
    return who.id;
  };

  /** The ids of the client's starred lectures (a person stars dozens). */
  const starredIds = async (clientId: number): Promise<number[]> => {
    const row = (await strapi.db.query(CLIENT_UID).findOne({
      where: { id: clientId },
      select: ['id'],
      populate: { agendaLectures: { select: ['id'] } },
    })) as { agendaLectures?: Array<{ id: number }> } | null;
    return (row?.agendaLectures ?? []).map((lecture) => lecture.id);
  };

  return siteRouter([
    route({
      method: 'GET',
      path: calendarPaths.feed,
      config: PUBLIC,
      handler: async (ctx) => {
        const owner = await clientOfFeed(strapi, String(ctx.params.token ?? ''));
        if (!owner) throw new ApiError(404, 'api.error.notFound');
        const ids = await starredIds(owner.id);
        const entries = ids.length ? await lectureEntries(strapi, { id: { $in: ids } }, owner.language) : [];
        const t = translator(owner.language);
        const body = icsOf(entries, { name: t('email.calendar.feedName'), description: t('email.calendar.feedDescription') });
        const updatedAt = new Date(Math.max(0, ...entries.map((entry) => entry.updatedAt.getTime())));
        ctx.set('X-Robots-Tag', 'noindex');
        ctx.set('Referrer-Policy', 'no-referrer');
        answerIcs(ctx, body, { fileName: 'minha-agenda.ics', updatedAt, cache: `private, max-age=${FEED_MAX_AGE_SECONDS}`, inline: true });
      },
    }),
    route({
      method: 'GET',
      path: calendarPaths.me,
      config: signedIn,
      handler: async (ctx) => {
        const answer: CalendarFeedStatus = await feedStatus(strapi, clientOf(ctx));
        ctx.set('Cache-Control', 'no-store');
        return reply(answer);
      },
    }),
    route({
      method: 'POST',
      path: calendarPaths.me,
      config: signedIn,
      handler: async (ctx) => {
        const { token, createdAt } = await createFeed(strapi, clientOf(ctx));
        const answer: CalendarFeedCreated = { active: true, createdAt, ...feedUrls(token) };
        ctx.set('Cache-Control', 'no-store');
        return reply(answer, 'agenda.calendarFeedCreated', 201);
      },
    }),
    route({
      method: 'DELETE',
      path: calendarPaths.me,
      config: signedIn,
      handler: async (ctx) => {
        const clientId = clientOf(ctx);
        await revokeFeed(strapi, clientId);
        const answer: CalendarFeedStatus = { active: false, createdAt: null };
        return reply(answer, 'agenda.calendarFeedRevoked');
      },
    }),
  ]);
};
