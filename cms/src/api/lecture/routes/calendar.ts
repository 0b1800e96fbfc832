import type { Core } from '@strapi/strapi';
import { ApiError, calendarPaths, parseId } from '@plataforma/adapter';
import { eventEntry, icsFileName, icsOf, lectureEntries } from '../../../calendars/ics';
import { answerIcs } from '../../../calendars/answer';
import { emailLanguage } from '../../../email/texts';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';

/**
 * 'Adicionar à agenda' (issue 49, item 5, decision 108): a lecture's and an event's `.ics`
 * (RFC 5545), public like the programme they come from, for published events only (another
 * answers 404 as an unknown one). `?lang=pt|en|al` picks the language of the texts the file
 * adds (the description's labels); PT otherwise.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  return siteRouter([
    route({
      method: 'GET',
      path: calendarPaths.lecture,
      config: PUBLIC,
      handler: async (ctx) => {
        const id = parseId(ctx.params.id);
        const [entry] = await lectureEntries(strapi, { id }, emailLanguage(ctx.query.lang));
        if (!entry) throw new ApiError(404, 'api.error.lectureNotFound');
        answerIcs(ctx, icsOf([entry]), { fileName: icsFileName(entry.summary), updatedAt: entry.updatedAt, cache: 'public, no-cache' });
      },
    }),
    route({
      method: 'GET',
      path: calendarPaths.event,
      config: PUBLIC,
      handler: async (ctx) => {
        const id = parseId(ctx.params.id);
        const entry = await eventEntry(strapi, id, emailLanguage(ctx.query.lang));
        if (!entry) throw new ApiError(404, 'api.error.eventNotFound');
        answerIcs(ctx, icsOf([entry]), { fileName: icsFileName(entry.summary), updatedAt: entry.updatedAt, cache: 'public, no-cache' });
      },
    }),
  ]);
};
