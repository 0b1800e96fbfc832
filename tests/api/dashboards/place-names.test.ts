import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDashboardSchema } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, createRoom } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 56, item 8 (decision 103): 'Halls por visitas' listed route slugs ('salas/17',
// '/'); the server names the rooms from the rooms table and the event's own address by the
// event. A drawn hall keeps its path: the back office names it as the venue does.
let server: TestServer;
let token: string;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const load = createRequire(__filename);
type PageViews = typeof import('../../../cms/src/analytics/page-views');
const { writePageViews } = load(path.resolve(__dirname, '../../../cms/dist/src/analytics/page-views')) as PageViews;

const ids = { event: 0, other: 0, room: 0, foreignRoom: 0, client: 0 };

beforeAll(async () => {
  server = await startServer('dashboards-place-names', { seed: false, env: { PAGE_VIEWS_FLUSH_MS: '600000' } });
  const s = server.strapi;
  const admin = await createStaff(s, { role: 'admin' });
  token = await sessionToken(server, 'staff', admin.id);
  ids.event = await createEvent(s, { name: 'CBMI 2021', startDate: '2026-05-10', endDate: '2026-05-10', published: true });
  ids.other = await createEvent(s, { name: 'Outro', startDate: '2026-05-10', published: true });
  ids.room = await createRoom(s, ids.event, { name: 'Sala Órion' });
  ids.foreignRoom = await createRoom(s, ids.other, { name: 'Sala de outro evento' });
  ids.client = (await createClient(s)).id;
  const view = (page: string, minute: number) => ({
    path: `/plataforma/${ids.event}-cbmi-2021${page}`,
    referrer: null,
    language: 'pt',
    eventId: ids.event,
    standId: null,
    clientId: ids.client,
    createdAt: new Date(Date.parse('2026-05-10T13:00:00Z') + minute * 60_000),
  });
  await writePageViews(s, [
    view(`/salas/${ids.room}`, 0),
    view(`/salas/${ids.room}`, 1),
    view(`/congresso/salas/${ids.room}`, 2),
    view('', 3),
    view('/hall-estandes-gold', 4),
    view(`/salas/${ids.foreignRoom}`, 5),
  ]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('event dashboard: the places by their names', () => {
  it('names a room page by its room and the event address by the event; another event’s room stays unnamed', async () => {
    const res = await api('get', `/dashboards/events/${ids.event}?from=2026-05-10&to=2026-05-10`);
    expect(res.status).toBe(200);
    const data = eventDashboardSchema.parse(res.body.data);
    const byHall = Object.fromEntries(data.halls.map((row) => [row.hall, { name: row.name, roomId: row.roomId, visits: row.visits }]));
    expect(byHall).toEqual({
      [`salas/${ids.room}`]: { name: 'Sala Órion', roomId: ids.room, visits: 2 },
      [`congresso/salas/${ids.room}`]: { name: 'Sala Órion', roomId: ids.room, visits: 1 },
      '/': { name: 'CBMI 2021', roomId: undefined, visits: 1 },
      'hall-estandes-gold': { name: undefined, roomId: undefined, visits: 1 },
      [`salas/${ids.foreignRoom}`]: { name: undefined, roomId: undefined, visits: 1 },
    });
  });

  it('exports the names beside the paths', async () => {
    const res = await server
      .request()
      .get(`/api/cms/v1/dashboards/events/${ids.event}/export?format=csv&from=2026-05-10&to=2026-05-10`)
      .set('Authorization', `Bearer ${token}`)
      .buffer(true);
    expect(res.status).toBe(200);
    const lines = String(res.text).slice(1).split('\r\n');
    expect(lines).toContain('Hall;Visitas;Visitantes únicos;Tempo (s);Nome');
    expect(lines).toContain(`salas/${ids.room};2;1;120;Sala Órion`);
    expect(lines).toContain('/;1;1;60;CBMI 2021');
  });
});
