import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsLectureSchema } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, createLecture, createRoom, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Lectures in the back office: a room's programme without overlaps (also when two saves race),
// end after start, speakers of the room's event, the video link or embed markup kept as typed.
let server: TestServer;
let token: string;
let eventId: number;
let roomId: number;
let otherRoomId: number;
let speakers: { ana: number; bruno: number; foreign: number };
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const LECTURE = 'api::lecture.lecture';

const lecture = (data: Record<string, unknown> = {}) => ({
  roomId,
  name: 'Sepse no adulto',
  startDate: '2026-05-10',
  startTime: '08:00',
  endTime: '09:00',
  ...data,
});

beforeAll(async () => {
  server = await startServer('cms-lectures', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'palestras@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  eventId = await createEvent(server.strapi, { name: 'Congresso', published: true, exchange: 5 });
  const otherEvent = await createEvent(server.strapi, { name: 'Outro' });
  roomId = await createRoom(server.strapi, eventId, { name: 'Sala 1', number: 1 });
  otherRoomId = await createRoom(server.strapi, eventId, { name: 'Sala 2', number: 2 });
  speakers = {
    ana: await insert(server.strapi, 'api::speaker.speaker', { name: 'Ana Souza', event: eventId }),
    bruno: await insert(server.strapi, 'api::speaker.speaker', { name: 'Bruno Lima', event: eventId }),
    foreign: await insert(server.strapi, 'api::speaker.speaker', { name: 'De outro evento', event: otherEvent }),
  };
});

afterAll(async () => {
  await server?.stop();
});

describe('lectures', () => {
  it('creates a lecture with its speakers and keeps embed markup as typed', async () => {
    const markup = '<iframe src="https://player.vimeo.com/video/76979871" allow="autoplay"></iframe>';
    const res = await api(
      'post',
      '/lectures',
      lecture({ videoId: markup, value: '150,00', discount: '30', installments: '3', speakerIds: [speakers.bruno, String(speakers.ana)] }),
    );
    expect(res.status).toBe(201);
    const data = cmsLectureSchema.parse(res.body.data);
    expect(data).toMatchObject({
      name: 'Sepse no adulto',
      startDate: '2026-05-10',
      formattedStartDate: '10/05/2026',
      startTime: '08:00:00',
      endTime: '09:00:00',
      videoId: markup,
      value: '150.00',
      discount: '30.00',
      discountValue: '120.00',
      hasDiscount: true,
      currency: 'R$',
      installments: 3,
      room: { id: roomId, name: 'Sala 1', eventId },
    });
    expect(data.speakers).toEqual([
      { id: speakers.ana, name: 'Ana Souza' },
      { id: speakers.bruno, name: 'Bruno Lima' },
    ]);
    const row = (await server.strapi.db.query(LECTURE).findOne({ where: { id: data.id } })) as { videoId: string; startTime: string };
    expect(row.videoId).toBe(markup);
    expect(row.startTime.slice(0, 8)).toBe('08:00:00');
    // The site reads it without its video: a priced lecture's video is its buyers' (decision 045).
    const site = await server.request().get(`/api/site/v1/lectures/${data.id}`);
    expect(site.body.data).toMatchObject({ id: data.id, videoId: null, value: '150.00' });
  });

  it('refuses an end at or before the start, and a discount above the value', async () => {
    const before = await server.strapi.db.query(LECTURE).count({});
    const backwards = await api('post', '/lectures', lecture({ startDate: '2026-05-11', startTime: '10:00', endTime: '09:30' }));
    expect(backwards.body).toEqual({ data: null, msg: 'lectures.error.endBeforeStart', status: 400 });
    const empty = await api('post', '/lectures', lecture({ startDate: '2026-05-11', startTime: '10:00', endTime: '10:00:00' }));
    expect(empty.body.msg).toBe('lectures.error.endBeforeStart');
    const discount = await api('post', '/lectures', lecture({ startDate: '2026-05-11', value: '10', discount: '20' }));
    expect(discount.body).toEqual({ data: null, msg: 'api.error.discountAboveValue', status: 400 });
    expect((await api('post', '/lectures', lecture({ startTime: '25:00' }))).body.msg).toBe('api.error.invalidBody');
    // The contract allows 300 characters; the column holds 255 on PostgreSQL: refused on both databases.
    expect((await api('post', '/lectures', lecture({ startDate: '2026-05-11', name: 'a'.repeat(280) }))).body.msg).toBe(
      'api.error.invalidBody',
    );
    expect((await api('post', '/lectures', lecture({ roomId: undefined }))).body.msg).toBe('api.error.invalidBody');
    expect((await api('post', '/lectures', lecture({ roomId: 9999 }))).body).toEqual({
      data: null,
      msg: 'api.error.roomNotFound',
      status: 404,
    });
    expect(await server.strapi.db.query(LECTURE).count({})).toBe(before);
  });

  it('refuses an overlap in the same room and day, not back to back, another day or another room', async () => {
    const clash = await api('post', '/lectures', lecture({ name: 'Choque', startTime: '08:30', endTime: '09:30' }));
    expect(clash.body).toEqual({ data: null, msg: 'lectures.error.overlap', status: 409 });
    const inside = await api('post', '/lectures', lecture({ name: 'Dentro', startTime: '08:15', endTime: '08:45' }));
    expect(inside.status).toBe(409);
    const around = await api('post', '/lectures', lecture({ name: 'Em volta', startTime: '07:00', endTime: '10:00' }));
    expect(around.status).toBe(409);
    const after = await api('post', '/lectures', lecture({ name: 'Logo depois', startTime: '09:00', endTime: '10:00' }));
    expect(after.status).toBe(201);
    const before = await api('post', '/lectures', lecture({ name: 'Logo antes', startTime: '07:00', endTime: '08:00' }));
    expect(before.status).toBe(201);
    expect((await api('post', '/lectures', lecture({ name: 'Outro dia', startDate: '2026-05-11' }))).status).toBe(201);
    expect((await api('post', '/lectures', lecture({ name: 'Outra sala', roomId: otherRoomId }))).status).toBe(201);
    expect(await server.strapi.db.query(LECTURE).count({ where: { name: { $in: ['Choque', 'Dentro', 'Em volta'] } } })).toBe(0);
  });

  it('lets only one of two overlapping saves at the same instant in', async () => {
    const room = await createRoom(server.strapi, eventId, { name: 'Corrida', number: 9 });
    const answers = await Promise.all(
      ['Primeira', 'Segunda', 'Terceira'].map((name, i) =>
        api('post', '/lectures', lecture({ roomId: room, name, startTime: `14:${10 * i + 10}`, endTime: '15:30' })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await server.strapi.db.query(LECTURE).count({ where: { room: { id: room } } })).toBe(1);
  });

  it('edits a lecture: its own hours never clash with itself, another’s do', async () => {
    const id = await createLecture(server.strapi, roomId, {
      name: 'Editável',
      startDate: '2026-05-12',
      startTime: '10:00:00.000',
      endTime: '11:00:00.000',
    });
    await createLecture(server.strapi, roomId, {
      name: 'Vizinha',
      startDate: '2026-05-12',
      startTime: '11:00:00.000',
      endTime: '12:00:00.000',
    });
    const same = await api('put', `/lectures/${id}`, { name: 'Editada', startTime: '10:00' });
    expect(same.body).toMatchObject({
      status: 200,
      msg: 'api.updated',
      data: { name: 'Editada', startTime: '10:00:00', endTime: '11:00:00' },
    });
    expect((await api('put', `/lectures/${id}`, { endTime: '11:30' })).body.msg).toBe('lectures.error.overlap');
    expect((await api('put', `/lectures/${id}`, { startTime: '11:30' })).body.msg).toBe('lectures.error.endBeforeStart');
    const moved = await api('put', `/lectures/${id}`, { roomId: otherRoomId, endTime: '11:30' });
    expect(moved.body.data).toMatchObject({ room: { id: otherRoomId }, endTime: '11:30:00' });
    const row = (await server.strapi.db.query(LECTURE).findOne({ where: { id } })) as { endTime: string; name: string };
    expect(row).toMatchObject({ name: 'Editada' });
    expect(row.endTime.slice(0, 8)).toBe('11:30:00');
    expect((await api('put', '/lectures/9999', { name: 'X' })).body.msg).toBe('api.error.lectureNotFound');
  });

  it('sets, replaces and clears speakers, only the room event’s', async () => {
    const id = await createLecture(server.strapi, roomId, { name: 'Com palestrantes', startDate: '2026-05-13' });
    const set = await api('put', `/lectures/${id}`, { speakerIds: [speakers.ana] });
    expect(set.body.data.speakers).toEqual([{ id: speakers.ana, name: 'Ana Souza' }]);
    const replaced = await api('put', `/lectures/${id}`, { speakerIds: [speakers.bruno] });
    expect(replaced.body.data.speakers).toEqual([{ id: speakers.bruno, name: 'Bruno Lima' }]);
    const foreign = await api('put', `/lectures/${id}`, { speakerIds: [speakers.bruno, speakers.foreign] });
    expect(foreign.body).toEqual({ data: null, msg: 'lectures.error.invalidSpeakers', status: 400 });
    expect((await api('put', `/lectures/${id}`, { speakerIds: [9999] })).body.msg).toBe('lectures.error.invalidSpeakers');
    const kept = (await server.strapi.db.query(LECTURE).findOne({ where: { id }, populate: { speakers: { select: ['id'] } } })) as {
      speakers: Array<{ id: number }>;
    };
    expect(kept.speakers.map((s) => s.id)).toEqual([speakers.bruno]);
    const cleared = await api('put', `/lectures/${id}`, { speakerIds: [] });
    expect(cleared.body.data.speakers).toEqual([]);
  });

  it('lists by day and hour, filtered by event or room, with search', async () => {
    const all = await api('get', `/lectures?eventId=${eventId}&limit=100`);
    expect(all.status).toBe(200);
    const rows = all.body.data.rows as Array<{ startDate: string; startTime: string; name: string; room: { id: number } }>;
    expect(all.body.data.count).toBe(rows.length);
    const keys = rows.map((r) => `${r.startDate} ${r.startTime}`);
    expect(keys).toEqual([...keys].sort());
    expect(rows.slice(0, 4).map((r) => r.name)).toEqual(['Logo antes', 'Sepse no adulto', 'Outra sala', 'Logo depois']);
    const ofRoom = await api('get', `/lectures?roomId=${otherRoomId}`);
    expect(ofRoom.body.data.rows.every((r: { room: { id: number } }) => r.room.id === otherRoomId)).toBe(true);
    expect(ofRoom.body.data.count).toBe(2);
    const search = await api('get', `/lectures?eventId=${eventId}&search=logo&order=name:asc`);
    expect(search.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Logo antes', 'Logo depois']);
    const byHourDesc = await api('get', `/lectures?roomId=${roomId}&order=startDate:desc&limit=2`);
    expect(byHourDesc.body.data.rows.map((r: { startDate: string }) => r.startDate)).toEqual(['2026-05-13', '2026-05-12']);
    expect((await api('get', '/lectures?roomId=9999')).body.msg).toBe('api.error.roomNotFound');
    expect((await api('get', '/lectures?eventId=9999')).body.msg).toBe('api.error.eventNotFound');
    expect((await api('get', '/lectures?order=videoId:asc')).body.msg).toBe('api.error.invalidOrder');
    const first = (rows[0] as unknown as { id: number }).id;
    const one = await api('get', `/lectures/${first}`);
    expect(cmsLectureSchema.parse(one.body.data)).toMatchObject({ id: first, name: 'Logo antes', speakers: [] });
    expect((await api('get', '/lectures/9999')).body).toEqual({ data: null, msg: 'api.error.lectureNotFound', status: 404 });
  });

  it('deletes lectures (not a sold one) and logs every change', async () => {
    const id = await createLecture(server.strapi, roomId, { name: 'Some', startDate: '2026-06-01', speakers: [speakers.ana] });
    const res = await api('delete', `/lectures?ids=${id}`);
    expect(res.body).toEqual({ data: { ids: [id], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(LECTURE).count({ where: { id } })).toBe(0);
    const ana = (await server.strapi.db
      .query('api::speaker.speaker')
      .findOne({ where: { id: speakers.ana }, populate: { lectures: { select: ['id'] } } })) as { lectures: Array<{ id: number }> };
    expect(ana.lectures.map((l) => l.id)).not.toContain(id);
    const sold = await createLecture(server.strapi, roomId, { name: 'Vendida', startDate: '2026-06-02' });
    const order = await insert(server.strapi, 'api::order.order', { status: 'pending' });
    await insert(server.strapi, 'api::order-item.order-item', { order, lecture: sold });
    expect((await api('delete', `/lectures?ids=${sold}`)).body).toEqual({ data: null, msg: 'api.error.hasOrders', status: 409 });
    expect(await server.strapi.db.query(LECTURE).count({ where: { id: sold } })).toBe(1);
    const lines = await logLines(server, 'lectures.');
    expect(lines).toContain(`Excluiu palestra nº ${id}.`);
    // Only the saves that went through: a refused one is rolled back with its log line.
    expect(lines.filter((l) => l.startsWith('Criou palestra'))).toHaveLength(6);
    expect(lines.filter((l) => l.startsWith('Alterou palestra'))).toHaveLength(5);
  });
});
