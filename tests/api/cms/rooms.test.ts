import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomSchema } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, createLecture, createRoom, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The event editor's 'Salas': rooms of any event (draft too), the next number by default, a
// slug from the name, and a delete that takes the room's lectures with it in one transaction.
let server: TestServer;
let token: string;
let eventId: number;
let otherEventId: number;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const ROOM = 'api::room.room';
const LECTURE = 'api::lecture.lecture';

beforeAll(async () => {
  server = await startServer('cms-rooms', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'salas@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  eventId = await createEvent(server.strapi, { name: 'Rascunho', published: false });
  otherEventId = await createEvent(server.strapi, { name: 'Outro', published: true });
  await createRoom(server.strapi, otherEventId, { name: 'Sala de outro evento', number: 1 });
});

afterAll(async () => {
  await server?.stop();
});

describe('rooms', () => {
  it('creates rooms of a draft event with the next number and a slug unique in the event', async () => {
    const first = await api('post', '/rooms', { eventId, name: ' Auditório Principal ', link: 'https://meet.exemplo.com/a' });
    expect(first.status).toBe(201);
    expect(first.body.msg).toBe('api.created');
    expect(roomSchema.parse(first.body.data)).toEqual({
      id: first.body.data.id,
      eventId,
      name: 'Auditório Principal',
      link: 'https://meet.exemplo.com/a',
      slug: 'auditorio-principal',
      number: 1,
    });
    const second = await api('post', '/rooms', { eventId: String(eventId), name: 'Auditório principal', link: '' });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ number: 2, slug: 'auditorio-principal-2', link: null });
    const placed = await api('post', '/rooms', { eventId, name: 'Sala 10', number: '10' });
    expect(placed.body.data.number).toBe(10);
    const next = await api('post', '/rooms', { eventId, name: 'Depois' });
    expect(next.body.data.number).toBe(11);
    const row = (await server.strapi.db
      .query(ROOM)
      .findOne({ where: { id: second.body.data.id }, populate: { event: { select: ['id'] } } })) as {
      name: string;
      slug: string;
      event: { id: number };
    };
    expect(row).toMatchObject({ name: 'Auditório principal', slug: 'auditorio-principal-2', event: { id: eventId } });
  });

  it('refuses a room without a name, a bad link, or an event that does not exist', async () => {
    const before = await server.strapi.db.query(ROOM).count({});
    expect((await api('post', '/rooms', { eventId, name: '  ' })).body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    expect((await api('post', '/rooms', { eventId, name: 'X', link: 'javascript:alert(1)' })).status).toBe(400);
    expect((await api('post', '/rooms', { name: 'Sem evento' })).status).toBe(400);
    // Longer than the column holds on PostgreSQL (varchar 255): refused on both databases.
    const long = await api('post', '/rooms', { eventId, name: 'X', link: `https://meet.exemplo.com/${'a'.repeat(240)}` });
    expect(long.body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    const missing = await api('post', '/rooms', { eventId: 9999, name: 'X' });
    expect(missing.body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    expect(await server.strapi.db.query(ROOM).count({})).toBe(before);
  });

  it('gives two rooms created at the same instant different numbers', async () => {
    const eventOfTwo = await createEvent(server.strapi, { name: 'Concorrência' });
    const answers = await Promise.all([1, 2, 3].map((n) => api('post', '/rooms', { eventId: eventOfTwo, name: `Paralela ${n}` })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.body.data.number).sort()).toEqual([1, 2, 3]);
  });

  it('lists the rooms of one event in number order, with search, and needs the event', async () => {
    const list = await api('get', `/rooms?eventId=${eventId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBe(4);
    expect(list.body.data.rows.map((r: { number: number }) => r.number)).toEqual([1, 2, 10, 11]);
    const search = await api('get', `/rooms?eventId=${eventId}&search=audit&order=name:desc`);
    expect(search.body.data.rows.map((r: { slug: string }) => r.slug)).toEqual(['auditorio-principal-2', 'auditorio-principal']);
    expect((await api('get', '/rooms')).body.msg).toBe('api.error.invalidFilter');
    expect((await api('get', '/rooms?eventId=9999')).body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    expect((await api('get', `/rooms?eventId=${eventId}&order=link:asc`)).body.msg).toBe('api.error.invalidOrder');
  });

  it('reads and edits one room; a new name gives a new slug', async () => {
    const id = await createRoom(server.strapi, eventId, { name: 'Velha', number: 20, slug: 'velha' });
    expect((await api('get', `/rooms/${id}`)).body.data).toMatchObject({ id, name: 'Velha', eventId, number: 20 });
    const edited = await api('put', `/rooms/${id}`, { name: 'Sala Nova', link: 'https://meet.exemplo.com/nova' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ msg: 'api.updated', data: { id, name: 'Sala Nova', slug: 'sala-nova', number: 20 } });
    const cleared = await api('put', `/rooms/${id}`, { link: '', number: 5 });
    expect(cleared.body.data).toMatchObject({ link: null, number: 5, name: 'Sala Nova' });
    // The event of a room is not changed by an edit.
    await api('put', `/rooms/${id}`, { eventId: otherEventId });
    const row = (await server.strapi.db.query(ROOM).findOne({ where: { id }, populate: { event: { select: ['id'] } } })) as {
      event: { id: number };
    };
    expect(row.event.id).toBe(eventId);
    expect((await api('get', '/rooms/9999')).body).toEqual({ data: null, msg: 'api.error.roomNotFound', status: 404 });
    expect((await api('put', '/rooms/9999', { name: 'X' })).body.msg).toBe('api.error.roomNotFound');
  });

  it('deletes rooms with their lectures, and logs each change', async () => {
    const room = await createRoom(server.strapi, eventId, { name: 'Para excluir', number: 30 });
    const speaker = await insert(server.strapi, 'api::speaker.speaker', { name: 'Dra. Ana', event: eventId });
    const lectures = [
      await createLecture(server.strapi, room, { name: 'A', speakers: [speaker] }),
      await createLecture(server.strapi, room, { name: 'B', startTime: '10:00:00.000', endTime: '11:00:00.000' }),
    ];
    const keep = await createRoom(server.strapi, eventId, { name: 'Fica', number: 31 });
    const kept = await createLecture(server.strapi, keep, { name: 'Fica' });
    const res = await api('delete', `/rooms?ids=${room}`);
    expect(res.body).toEqual({ data: { ids: [room], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(ROOM).count({ where: { id: room } })).toBe(0);
    expect(await server.strapi.db.query(LECTURE).count({ where: { id: { $in: lectures } } })).toBe(0);
    expect(await server.strapi.db.query(LECTURE).count({ where: { id: kept } })).toBe(1);
    const speakerRow = (await server.strapi.db
      .query('api::speaker.speaker')
      .findOne({ where: { id: speaker }, populate: { lectures: { select: ['id'] } } })) as { lectures: unknown[] };
    expect(speakerRow.lectures).toEqual([]);
    expect((await api('delete', `/rooms?ids=${room}`)).body.msg).toBe('api.error.roomNotFound');
    const lines = await logLines(server, 'rooms.');
    expect(lines).toContain(`Excluiu sala nº ${room}.`);
    expect(lines.filter((line) => line.startsWith('Criou sala nº'))).toHaveLength(7);
    expect(lines.some((line) => line.startsWith('Alterou sala nº'))).toBe(true);
  });

  it('keeps a room whose lecture was ordered, its lectures included', async () => {
    const room = await createRoom(server.strapi, eventId, { name: 'Vendida', number: 40 });
    const free = await createLecture(server.strapi, room, { name: 'Gratuita' });
    const sold = await createLecture(server.strapi, room, { name: 'Vendida', startTime: '12:00:00.000', endTime: '13:00:00.000' });
    const order = await insert(server.strapi, 'api::order.order', { status: 'paid', total: 10 });
    await insert(server.strapi, 'api::order-item.order-item', { order, lecture: sold, price: 10 });
    const res = await api('delete', `/rooms?ids=${room}`);
    expect(res.body).toEqual({ data: null, msg: 'api.error.hasOrders', status: 409 });
    expect(await server.strapi.db.query(ROOM).count({ where: { id: room } })).toBe(1);
    expect(await server.strapi.db.query(LECTURE).count({ where: { id: { $in: [free, sold] } } })).toBe(2);
  });

  it('is for admins only', async () => {
    const attendant = await createStaff(server.strapi, { role: 'attendant' });
    const res = await server
      .request()
      .get(`/api/cms/v1/rooms?eventId=${eventId}`)
      .set('Authorization', `Bearer ${await sessionToken(server, 'staff', attendant.id)}`);
    expect(res.status).toBe(403);
  });
});
