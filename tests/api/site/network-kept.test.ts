import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/accounts';
import { createEvent } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The network room's search kept one second per (event, term, page) (issue 48 item 1, decision
// 075): a list of who entered one second ago is still right. A consent change of the asker empties
// it, so their own row follows their toggle at once.
let server: TestServer;

beforeAll(async () => {
  server = await startServer('site-network-kept', { seed: false });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('network room, kept one second', () => {
  it("answers a second search within the second from the first (a newly listed person waits for it), and follows the asker's toggle at once", async () => {
    const s = server.strapi;
    const event = await createEvent(s, { name: 'Rede guardada', published: true });
    const person = async (name: string, listed: boolean) => {
      const { id } = await createClient(s);
      await s.db.query('api::client.client').update({ where: { id }, data: { name, listedInNetwork: listed, events: [event] } });
      return id;
    };
    const asker = await person('Rede Ana', true);
    await person('Rede Bruno', true);
    const carla = await person('Rede Carla', false);
    const auth = { Authorization: `Bearer ${await sessionToken(server, 'client', asker)}` };
    const names = async (query = 'search=Rede') => {
      const res = await server.request().get(`/api/site/v1/networks/${event}?${query}`).set(auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.rows as Array<{ name: string }>).map((row) => row.name);
    };

    const started = Date.now();
    expect(await names()).toEqual(['Rede Ana', 'Rede Bruno']);
    // Carla agrees to be listed (written by another instance, or the Content Manager: nothing here
    // empties the answer kept).
    await s.db.query('api::client.client').update({ where: { id: carla }, data: { listedInNetwork: true } });
    const kept = await names();
    const within = Date.now() - started < 1_000;
    if (within) expect(kept).toEqual(['Rede Ana', 'Rede Bruno']);
    // Another term or page is another answer: read now.
    expect(await names('search=Carla')).toEqual(['Rede Carla']);
    expect(await names('search=Rede&offset=1')).toEqual(['Rede Bruno', 'Rede Carla']);
    // The second passed: the list says what the database says.
    await sleep(Math.max(0, started + 1_100 - Date.now()));
    expect(await names()).toEqual(['Rede Ana', 'Rede Bruno', 'Rede Carla']);
    expect(within, 'the two searches were more than a second apart: the machine was too slow to tell').toBe(true);

    // The asker leaves the list: their next search no longer shows them, at once.
    const off = await server.request().put('/api/site/v1/networks/consent').set(auth).send({ listed: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await names()).toEqual(['Rede Bruno', 'Rede Carla']);
    // And back on, shown again at once, with the e-mail they now choose to show.
    expect((await server.request().put('/api/site/v1/networks/consent').set(auth).send({ listed: true, showEmail: true })).status).toBe(
      200,
    );
    const res = await server.request().get(`/api/site/v1/networks/${event}?search=Rede`).set(auth);
    expect(res.body.data.rows[0]).toMatchObject({ name: 'Rede Ana', email: expect.stringContaining('@exemplo.com.br') });
    expect(res.body.data.count).toBe(3);
  });

  it('keeps no answer for an event that is not there (404 each time)', async () => {
    const auth = { Authorization: `Bearer ${await sessionToken(server, 'client', (await createClient(server.strapi)).id)}` };
    const event = await createEvent(server.strapi, { name: 'Rede oculta', published: false });
    expect((await server.request().get(`/api/site/v1/networks/${event}`).set(auth)).status).toBe(404);
    await server.strapi.db.query('api::event.event').update({ where: { id: event }, data: { published: true } });
    expect((await server.request().get(`/api/site/v1/networks/${event}`).set(auth)).status).toBe(200);
  });
});
