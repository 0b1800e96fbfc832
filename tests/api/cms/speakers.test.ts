import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { speakerSchema } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, createLecture, createRoom, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';
import { elf, filesIn, jpeg, png } from '../storage/files';

// Speakers of an event: name, title, description and an optional photo (multipart, images
// only, checked on their bytes), their lectures; a replaced or removed photo leaves the store.
let server: TestServer;
let token: string;
let eventId: number;
let otherEventId: number;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const SPEAKER = 'api::speaker.speaker';
const FILE = 'plugin::upload.file';

const uploadsDir = () => path.join(process.env.PUBLIC_DIR as string, 'uploads');
const store = async () => ({ rows: await server.strapi.db.query(FILE).count({}), disk: filesIn(uploadsDir()).length });
const onDisk = (url: string) => fs.existsSync(path.join(uploadsDir(), path.basename(url)));

const multipart = (method: 'post' | 'put', url: string, fields: Record<string, string>, photo?: Buffer) => {
  const req = server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (photo) req.attach('image', photo, 'foto.jpg');
  return req;
};

beforeAll(async () => {
  server = await startServer('cms-speakers', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'palestrantes@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  eventId = await createEvent(server.strapi, { name: 'Congresso' });
  otherEventId = await createEvent(server.strapi, { name: 'Outro' });
});

afterAll(async () => {
  await server?.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('speakers', () => {
  it('creates a speaker with a photo, and one without', async () => {
    const before = await store();
    const res = await multipart(
      'post',
      '/speakers',
      { eventId: String(eventId), name: ' Dra. Ana Souza ', title: 'Intensivista', description: 'Vinte anos de UTI.' },
      await jpeg(120, 120),
    );
    expect(res.status).toBe(201);
    const speaker = speakerSchema.parse(res.body.data);
    expect(speaker).toMatchObject({
      eventId,
      name: 'Dra. Ana Souza',
      title: 'Intensivista',
      description: 'Vinte anos de UTI.',
      lectures: [],
    });
    expect(speaker.image).toMatch(/^\/uploads\/\w+\.jpg$/);
    expect(onDisk(speaker.image as string)).toBe(true);
    expect((await store()).rows).toBe(before.rows + 1);
    const plain = await api('post', '/speakers', { eventId, name: 'Bruno Lima', title: '' });
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ name: 'Bruno Lima', title: null, description: null, image: null });
  });

  it('refuses a bad photo, a missing name or event, storing nothing', async () => {
    const before = await store();
    const speakers = await server.strapi.db.query(SPEAKER).count({});
    const executable = await multipart('post', '/speakers', { eventId: String(eventId), name: 'X' }, elf());
    expect(executable.body).toEqual({ data: null, msg: 'upload.error.type', status: 400 });
    expect((await multipart('post', '/speakers', { eventId: String(eventId), name: ' ' }, await png())).body.msg).toBe(
      'api.error.invalidBody',
    );
    expect((await multipart('post', '/speakers', { name: 'Sem evento' }, await png())).body.msg).toBe('api.error.invalidBody');
    expect((await multipart('post', '/speakers', { eventId: '9999', name: 'X' }, await png())).body).toEqual({
      data: null,
      msg: 'api.error.eventNotFound',
      status: 404,
    });
    expect(await store()).toEqual(before);
    expect(await server.strapi.db.query(SPEAKER).count({})).toBe(speakers);
  });

  it('replaces and removes a photo, deleting the old file', async () => {
    const created = await multipart('post', '/speakers', { eventId: String(eventId), name: 'Carla Dias' }, await png(64, 64));
    const id = created.body.data.id as number;
    const first = created.body.data.image as string;
    const replaced = await multipart('put', `/speakers/${id}`, { title: 'Pneumologista' }, await png(80, 80));
    expect(replaced.body).toMatchObject({ status: 200, msg: 'api.updated', data: { title: 'Pneumologista', name: 'Carla Dias' } });
    const second = replaced.body.data.image as string;
    expect(second).not.toBe(first);
    expect(onDisk(first)).toBe(false);
    expect(await server.strapi.db.query(FILE).count({ where: { url: first } })).toBe(0);
    const kept = await multipart('put', `/speakers/${id}`, { description: 'Nova descrição' });
    expect(kept.body.data).toMatchObject({ image: second, description: 'Nova descrição' });
    const removed = await multipart('put', `/speakers/${id}`, { removeImage: '1' });
    expect(removed.body.data.image).toBeNull();
    expect(onDisk(second)).toBe(false);
    expect(await server.strapi.db.query(FILE).count({ where: { url: second } })).toBe(0);
    // The event of a speaker does not change.
    await api('put', `/speakers/${id}`, { eventId: otherEventId });
    expect((await api('get', `/speakers/${id}`)).body.data.eventId).toBe(eventId);
    expect((await api('put', '/speakers/9999', { name: 'X' })).body).toEqual({ data: null, msg: 'api.error.speakerNotFound', status: 404 });
  });

  it('leaves no file behind when the write fails', async () => {
    const id = (await api('post', '/speakers', { eventId, name: 'Falha' })).body.data.id as number;
    const before = await store();
    const { db } = server.strapi;
    const query = db.query.bind(db);
    vi.spyOn(db, 'query').mockImplementation((uid: string) => {
      const repository = query(uid as Parameters<typeof query>[0]);
      if (uid !== SPEAKER) return repository;
      return {
        ...repository,
        update: async () => {
          throw new Error('conexão perdida');
        },
      };
    });
    const res = await multipart('put', `/speakers/${id}`, { name: 'Não salvo' }, await png());
    vi.restoreAllMocks();
    expect(res.body).toEqual({ data: null, msg: 'api.error.internal', status: 500 });
    expect(await store()).toEqual(before);
    expect((await api('get', `/speakers/${id}`)).body.data).toMatchObject({ name: 'Falha', image: null });
  });

  it('lists the speakers of an event with their lectures', async () => {
    const room = await createRoom(server.strapi, eventId);
    const [ana] = (await server.strapi.db.query(SPEAKER).findMany({ where: { name: 'Dra. Ana Souza' }, select: ['id'] })) as Array<{
      id: number;
    }>;
    const late = await createLecture(server.strapi, room, {
      name: 'Tarde',
      startTime: '14:00:00.000',
      endTime: '15:00:00.000',
      speakers: [ana.id],
    });
    const early = await createLecture(server.strapi, room, { name: 'Manhã', speakers: [ana.id] });
    await api('post', '/speakers', { eventId: otherEventId, name: 'Alguém de fora' });
    const list = await api('get', `/speakers?eventId=${eventId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.rows.map((s: { name: string }) => s.name)).toEqual(['Bruno Lima', 'Carla Dias', 'Dra. Ana Souza', 'Falha']);
    const row = list.body.data.rows.find((s: { id: number }) => s.id === ana.id);
    expect(row.lectures).toEqual([
      { id: early, name: 'Manhã' },
      { id: late, name: 'Tarde' },
    ]);
    expect((await api('get', '/speakers?search=intensiv')).body.data.rows.map((s: { id: number }) => s.id)).toEqual([ana.id]);
    expect((await api('get', '/speakers')).body.data.count).toBe(5);
    expect((await api('get', '/speakers?eventId=9999')).body.msg).toBe('api.error.eventNotFound');
    expect((await api('get', `/speakers/${ana.id}`)).body.data.lectures).toHaveLength(2);
    expect((await api('get', '/speakers/9999')).body.msg).toBe('api.error.speakerNotFound');
  });

  it('deletes speakers with their photos, keeping their lectures, and logs every change', async () => {
    const created = await multipart('post', '/speakers', { eventId: String(eventId), name: 'Para excluir' }, await png());
    const { id, image } = created.body.data as { id: number; image: string };
    const room = await createRoom(server.strapi, eventId, { name: 'Outra', number: 2 });
    const lecture = await createLecture(server.strapi, room, { name: 'Fica', speakers: [id] });
    const res = await api('delete', `/speakers?ids=${id}`);
    expect(res.body).toEqual({ data: { ids: [id], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(SPEAKER).count({ where: { id } })).toBe(0);
    expect(onDisk(image)).toBe(false);
    expect(await server.strapi.db.query(FILE).count({ where: { url: image } })).toBe(0);
    const left = (await server.strapi.db
      .query('api::lecture.lecture')
      .findOne({ where: { id: lecture }, populate: { speakers: { select: ['id'] } } })) as { speakers: unknown[] };
    expect(left.speakers).toEqual([]);
    expect((await api('delete', `/speakers?ids=${id}`)).body).toEqual({ data: null, msg: 'api.error.speakerNotFound', status: 404 });
    const lines = await logLines(server, 'speakers.');
    expect(lines).toContain(`Excluiu palestrante nº ${id}.`);
    expect(lines.filter((l) => l.startsWith('Criou palestrante'))).toHaveLength(6);
    expect(lines.filter((l) => l.startsWith('Alterou palestrante'))).toHaveLength(4);
  });
});
