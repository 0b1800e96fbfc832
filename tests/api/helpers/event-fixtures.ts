import type { Core } from '@strapi/strapi';
import { dateInZone, timeInZone } from '@plataforma/adapter';
import type { TestServer } from './strapi';

/** Rows of an event's world written straight into the database (the routes under test read and change them). */

type Data = Record<string, unknown>;

export const insert = async (strapi: Core.Strapi, uid: string, data: Data): Promise<number> =>
  ((await strapi.db.query(uid).create({ data })) as { id: number }).id;

export const createEvent = (strapi: Core.Strapi, data: Data = {}): Promise<number> =>
  insert(strapi, 'api::event.event', {
    name: 'Congresso de Teste',
    description: 'Um evento de teste.',
    startDate: '2026-05-10',
    startTime: '08:00:00.000',
    published: false,
    ...data,
  });

export const createRoom = (strapi: Core.Strapi, eventId: number, data: Data = {}): Promise<number> =>
  insert(strapi, 'api::room.room', { name: 'Sala', number: 1, event: eventId, ...data });

export const createLecture = (strapi: Core.Strapi, roomId: number, data: Data = {}): Promise<number> =>
  insert(strapi, 'api::lecture.lecture', {
    name: 'Palestra',
    startDate: '2026-05-10',
    startTime: '08:00:00.000',
    endTime: '09:00:00.000',
    room: roomId,
    ...data,
  });

/**
 * A lecture's date and times (in São Paulo, the default zone) that put it on from an hour before
 * `instant` to `hours` after it: heartbeats are credited only while a lecture is on, or for a
 * recording the client holds (decision 102).
 */
export const onAround = (instant = Date.now(), hours = 8): Data => {
  const from = instant - 3_600_000;
  return {
    startDate: dateInZone(from),
    startTime: `${timeInZone(from)}:00.000`,
    endTime: `${timeInZone(instant + hours * 3_600_000)}:00.000`,
  };
};

/** The activity-log descriptions of an action prefix ('rooms.'), oldest first. */
export const logLines = async (server: TestServer, prefix: string): Promise<string[]> =>
  (
    (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: prefix } }, orderBy: { id: 'asc' }, select: ['description'] })) as Array<{
      description: string;
    }>
  ).map((row) => row.description);

/** An admin's request to /api/cms/v1 with a JSON body. */
export const cmsApi =
  (server: TestServer, token: () => string) => (method: 'get' | 'post' | 'put' | 'delete', url: string, body?: object) => {
    const req = server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${token()}`);
    return body ? req.send(body) : req;
  };
