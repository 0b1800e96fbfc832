import { expect } from 'vitest';
import { createClient, createStaff } from './accounts';
import { createEvent } from './event-fixtures';
import { sessionToken, startServer, type TestServer } from './strapi';

/** A bearer token's header, or none. */
export const auth = (bearer?: string) => (bearer ? { Authorization: `Bearer ${bearer}` } : {});

/**
 * The site API's routes of one kind of a client's marks (decision 034: the agenda's stars, the
 * favourite stands) under `/api/site/v1{path}`: the list of an event, the mark (POST `body`), the
 * unmark (DELETE `{path}/:id`), and `idsOf`, the list's ids (`listKey`) after checking it is a 200.
 */
export const markRoutes = (server: () => TestServer, path: string, listKey: string) => {
  const url = `/api/site/v1${path}`;
  const list = (bearer: string | undefined, event: number | string) => server().request().get(`${url}?eventId=${event}`).set(auth(bearer));
  return {
    list,
    mark: (bearer: string | undefined, body: object) => server().request().post(url).set(auth(bearer)).send(body),
    unmark: (bearer: string | undefined, id: number | string) => server().request().delete(`${url}/${id}`).set(auth(bearer)),
    idsOf: async (bearer: string, event: number): Promise<number[]> => {
      const res = await list(bearer, event);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data[listKey] as number[];
    },
  };
};

export interface MarksWorld {
  server: TestServer;
  /** A published event (named `eventName`), another published one, and a draft ('Rascunho'). */
  eventId: number;
  otherEventId: number;
  draftEventId: number;
  /** A new client's session token, and an admin's (which opens no client route). */
  token: string;
  adminToken: string;
}

/** A server without the demo seed, with the three events the marks' tests mark in, a client and an admin. */
export const startMarksWorld = async (label: string, eventName: string): Promise<MarksWorld> => {
  const server = await startServer(label, { seed: false });
  const { strapi } = server;
  const eventId = await createEvent(strapi, { name: eventName, published: true });
  const otherEventId = await createEvent(strapi, { name: 'Outro Congresso', published: true });
  const draftEventId = await createEvent(strapi, { name: 'Rascunho', published: false });
  const client = await createClient(strapi);
  const token = await sessionToken(server, 'client', client.id);
  const admin = await createStaff(strapi, { role: 'admin' });
  const adminToken = await sessionToken(server, 'staff', admin.id);
  return { server, eventId, otherEventId, draftEventId, token, adminToken };
};

/** A soft session's token for a new client (the soft login, as a visitor signs in to the venue). */
export const softSession = async (server: TestServer): Promise<string> => {
  const someone = await createClient(server.strapi);
  const soft = await server.request().post('/auth/soft/login').send({ email: someone.email });
  expect(soft.status).toBe(200);
  return soft.body.data.token as string;
};
