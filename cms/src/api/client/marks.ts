import type { Core } from '@strapi/strapi';
import { ApiError, parseId, type MessageKey } from '@plataforma/adapter';
import { reply, type RouteContext, type RouteDef } from '@plataforma/adapter/server';
import type { z } from 'zod';
import { identityOf } from '../../auth/identity';
import { access } from '../../auth/strategy';
import { routeFor } from '../../http/router';
import { CLIENT_UID } from './wire';

type Where = Record<string, unknown>;

/** What sets one kind of a client's marks apart from another (the agenda's stars, the favourite stands). */
export interface ClientMarkSpec<Id extends string, List extends string, Flag extends string> {
  strapi: Core.Strapi;
  /** The list and mark path (`site`) and the unmark path (`one`, whose parameter is named `idKey`). */
  paths: { site: string; one: string };
  /** The client's many-to-many relation that holds the marks (one link-table row per pair). */
  relation: string;
  /** The marked content type. */
  targetUid: string;
  /** The id's name in the POST body, the DELETE path and the mark's answer (`lectureId`). */
  idKey: Id;
  /** The list's key in the GET answer (`lectureIds`). */
  listKey: List;
  /** The mark's flag in the POST and DELETE answers (`starred`). */
  flagKey: Flag;
  /** The POST body: `{ [idKey]: id }`. */
  bodySchema: z.ZodType<Record<Id, number>>;
  /** The targets of one event (the GET filter). */
  whereInEvent: (eventId: number) => Where;
  /** The target, if it belongs to a published event (the only ones that can be marked). */
  wherePublished: (id: number) => Where;
  /** The GET list's order. */
  orderBy: Array<Record<string, 'asc' | 'desc'>>;
  /** The 404's key of a target that cannot be marked. */
  notFound: MessageKey;
  /** The answers' message keys. */
  marked: MessageKey;
  unmarked: MessageKey;
}

/**
 * A client's marks on an event's content (decision 034: 'Minha agenda' stars lectures, the
 * directory's hearts mark stands), kept as a many-to-many relation of the client (a link table
 * with one row per pair, whose keys cascade when a target, an event or a client row goes).
 *
 * GET `paths.site`?eventId= lists the marked targets of a published event; POST marks one
 * (`{[idKey]}`), DELETE `paths.one` unmarks it; both answer the mark as it is now, whatever it
 * was, so a retried click changes nothing. Only with a full sign-in (issue 47, item 5, decision
 * 101): a soft session is an e-mail anyone could type, and someone's agenda and favourites are
 * theirs — it gets 403 `auth.error.fullAccountRequired`, and the venue asks for the password. Only targets of published events can be marked: another target is as
 * unknown as one that does not exist (404). Marks are not logged, like the network consent:
 * staff have nothing to follow up in them.
 *
 * The routes, in order (list, mark, unmark), for the file's `siteRouter`.
 */
export const clientMarkRoutes = <Id extends string, List extends string, Flag extends string>(
  spec: ClientMarkSpec<Id, List, Flag>,
): RouteDef[] => {
  const { strapi, paths, relation, targetUid, idKey, listKey, flagKey } = spec;
  const route = routeFor(strapi);
  const signedIn = access('client');

  const clientOf = (ctx: RouteContext): number => {
    const who = identityOf(ctx.state);
    if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
    return who.id;
  };

  /** Whether the client marked this target (the link table's row). */
  const isMarked = async (clientId: number, id: number): Promise<boolean> =>
    (await strapi.db.query(CLIENT_UID).count({ where: { id: clientId, [relation]: { id } } })) > 0;

  /** Every target id the client marked (a person marks dozens, not thousands). */
  const markedIds = async (clientId: number): Promise<number[]> => {
    const row = (await strapi.db.query(CLIENT_UID).findOne({
      where: { id: clientId },
      select: ['id'],
      populate: { [relation]: { select: ['id'] } },
    })) as Record<string, Array<{ id: number }> | undefined> | null;
    return (row?.[relation] ?? []).map((target) => target.id);
  };

  /** The mark's answer: `{ [idKey]: id, [flagKey]: on }`, in that key order. */
  const markOf = (id: number, on: boolean) => ({ [idKey]: id, [flagKey]: on }) as Record<Id, number> & Record<Flag, boolean>;

  const list = route({
    method: 'GET',
    path: paths.site,
    config: signedIn,
    handler: async (ctx) => {
      const clientId = clientOf(ctx);
      const eventId = parseId(ctx.query.eventId, 'api.error.invalidFilter');
      if ((await strapi.db.query('api::event.event').count({ where: { id: eventId, published: true } })) === 0)
        throw new ApiError(404, 'api.error.eventNotFound');
      const marked = await markedIds(clientId);
      if (marked.length === 0) return reply({ [listKey]: [] });
      const rows = (await strapi.db.query(targetUid).findMany({
        where: { ...spec.whereInEvent(eventId), id: { $in: marked } },
        select: ['id'],
        orderBy: spec.orderBy,
      })) as Array<{ id: number }>;
      return reply({ [listKey]: rows.map((row) => row.id) });
    },
  });

  const mark = route({
    method: 'POST',
    path: paths.site,
    config: signedIn,
    body: spec.bodySchema,
    handler: async (ctx, body) => {
      const clientId = clientOf(ctx);
      const id = body[idKey];
      if ((await strapi.db.query(targetUid).count({ where: spec.wherePublished(id) })) === 0) throw new ApiError(404, spec.notFound);
      if (!(await isMarked(clientId, id)))
        await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { [relation]: { connect: [id] } } });
      return reply(markOf(id, true), spec.marked);
    },
  });

  const unmark = route({
    method: 'DELETE',
    path: paths.one,
    config: signedIn,
    handler: async (ctx) => {
      const clientId = clientOf(ctx);
      const id = parseId(ctx.params[idKey]);
      // A target since unpublished or deleted can still be unmarked: only the pair is looked at.
      if (await isMarked(clientId, id))
        await strapi.db.query(CLIENT_UID).update({ where: { id: clientId }, data: { [relation]: { disconnect: [id] } } });
      return reply(markOf(id, false), spec.unmarked);
    },
  });

  return [list, mark, unmark];
};
