import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventDependentsSchema, eventSchema } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, createLecture, createRoom, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';
import { elf, filesIn, png } from '../storage/files';

// Events for admins: every event (drafts too) listed, featured and read by id; what a delete
// takes with it; the delete of an event and everything of it in one transaction.
let server: TestServer;
let token: string;
let categoryId: number;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const EVENT = 'api::event.event';
const FILE = 'plugin::upload.file';

/** A file row as the upload plugin writes it (the store is not needed to delete links). */
const fileRow = (name: string) =>
  insert(server.strapi, FILE, {
    name,
    hash: `${name.replace(/\W/g, '_')}_${Math.random().toString(36).slice(2)}`,
    ext: '.png',
    mime: 'image/png',
    size: 1,
    url: `/uploads/${name}`,
    provider: 'local',
  });

/** Everything an event can own, written straight into the database; answers the ids by kind. */
const eventWorld = async (name: string) => {
  const s = server.strapi;
  const files = {
    image: await fileRow(`${name}-fundo.png`),
    stand: await fileRow(`${name}-estande.png`),
    shared: await fileRow(`${name}-comum.png`),
  };
  const event = await createEvent(s, { name, image: files.image, category: categoryId });
  const room = await createRoom(s, event, { name: `${name} sala` });
  const speaker = await insert(s, 'api::speaker.speaker', { name: `${name} palestrante`, event, image: files.shared });
  const lecture = await createLecture(s, room, { name: `${name} palestra`, speakers: [speaker] });
  const stand = await insert(s, 'api::stand.stand', { name: `${name} estande`, type: 'master', event, image: files.stand });
  const attendantUser = await createStaff(s, { role: 'attendant' });
  const attendant = await insert(s, 'api::stand-attendant.stand-attendant', { stand, user: attendantUser.id });
  const media = await insert(s, 'api::media.media', { title: 'Vídeo', type: 'VIDEO', stand, file: files.shared });
  const product = await insert(s, 'api::product.product', { title: 'Produto', stand });
  const client = await createClient(s);
  await s.db.query('api::client.client').update({ where: { id: client.id }, data: { events: [event] } });
  const chat = await insert(s, 'api::chat.chat', { stand, client: client.id, lastMessage: 'Olá', lastSender: 'client' });
  const message = await insert(s, 'api::chat-message.chat-message', { chat, text: 'Olá', senderType: 'client' });
  const contact = await insert(s, 'api::contact.contact', { subject: 'stand', message: 'Quero saber mais', stand });
  const viewOfEvent = await insert(s, 'api::page-view.page-view', { path: '/plataforma/1/hall-entrada', event });
  const viewOfStand = await insert(s, 'api::page-view.page-view', { path: '/plataforma/1/estande/1', stand });
  // Heartbeats and stand events (decision 047): by the lecture or stand alone, and by the event.
  const watchOfLecture = await insert(s, 'api::watch-session.watch-session', {
    key: `${client.id}:${lecture}`,
    lecture,
    client: client.id,
    seconds: 30,
  });
  const watchOfEvent = await insert(s, 'api::watch-session.watch-session', { event, seconds: 60 });
  const clickOfStand = await insert(s, 'api::stand-event.stand-event', { kind: 'media_opened', stand, media, client: client.id });
  const chatOfEvent = await insert(s, 'api::stand-event.stand-event', { kind: 'chat_started', event });
  // An attendance certificate of the event (decision 050).
  const certificate = await insert(s, 'api::certificate.certificate', {
    code: `${name.slice(0, 4).toUpperCase().padEnd(4, '0')}-0000-0000-0000`,
    key: `${client.id}:${event}`,
    client: client.id,
    event,
    name: 'Cliente Teste',
    seconds: 60,
  });
  const sponsor = await insert(s, 'api::sponsor.sponsor', { name: 'Patrocinador', type: 'master', event });
  const coupon = await insert(s, 'api::coupon.coupon', { code: `${name.toUpperCase()}10`, value: 10, event });
  return {
    files,
    rows: {
      [EVENT]: [event],
      'api::room.room': [room],
      'api::lecture.lecture': [lecture],
      'api::speaker.speaker': [speaker],
      'api::stand.stand': [stand],
      'api::stand-attendant.stand-attendant': [attendant],
      'api::media.media': [media],
      'api::product.product': [product],
      'api::chat.chat': [chat],
      'api::chat-message.chat-message': [message],
      'api::contact.contact': [contact],
      'api::page-view.page-view': [viewOfEvent, viewOfStand],
      'api::watch-session.watch-session': [watchOfLecture, watchOfEvent],
      'api::stand-event.stand-event': [clickOfStand, chatOfEvent],
      'api::certificate.certificate': [certificate],
      'api::sponsor.sponsor': [sponsor],
      'api::coupon.coupon': [coupon],
    } as Record<string, number[]>,
    client: client.id,
    attendantUser: attendantUser.id,
  };
};
type World = Awaited<ReturnType<typeof eventWorld>>;

/** How many of a world's rows are still in the database, by content type. */
const remaining = async (world: World) => {
  const counts: Record<string, number> = {};
  for (const [uid, ids] of Object.entries(world.rows))
    counts[uid] = await server.strapi.db.query(uid).count({ where: { id: { $in: ids } } });
  return counts;
};
const all = (world: World, n: number) => Object.fromEntries(Object.entries(world.rows).map(([uid, ids]) => [uid, n * ids.length]));

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn?: { name: string };
  morphColumn?: { idColumn: { name: string }; typeColumn: { name: string } };
}

/**
 * Link rows that name a row that no longer exists, in every link table of the product's types
 * and in the upload plugin's file links: what "nothing orphaned" means in Strapi's schema.
 */
const orphanLinks = async (): Promise<string[]> => {
  const { db } = server.strapi;
  const knex = db.connection;
  const found: string[] = [];
  const tableOf = (uid: string) => db.metadata.get(uid).tableName;
  for (const uid of Object.keys(server.strapi.contentTypes).filter((u) => u.startsWith('api::'))) {
    const meta = db.metadata.get(uid);
    for (const [name, attribute] of Object.entries(meta.attributes)) {
      const join = (attribute as { joinTable?: JoinTable; target?: string }).joinTable;
      const target = (attribute as { target?: string }).target;
      if (!join || !target || join.morphColumn || !join.inverseJoinColumn) continue;
      for (const [column, table] of [
        [join.joinColumn.name, tableOf(uid)],
        [join.inverseJoinColumn.name, tableOf(target)],
      ]) {
        const [{ n }] = (await knex(join.name)
          .leftJoin(table, `${join.name}.${column}`, `${table}.id`)
          .whereNull(`${table}.id`)
          .count({ n: '*' })) as Array<{ n: number | string }>;
        if (Number(n) > 0) found.push(`${join.name}.${column} (${uid}.${name})`);
      }
    }
  }
  const related = db.metadata.get(FILE).attributes.related as unknown as { joinTable: Required<JoinTable> };
  const { name: links, morphColumn } = related.joinTable;
  const types = (await knex(links).distinct(morphColumn.typeColumn.name)) as Array<Record<string, string>>;
  for (const row of types) {
    const type = row[morphColumn.typeColumn.name];
    const table = tableOf(type);
    const [{ n }] = (await knex(links)
      .leftJoin(table, `${links}.${morphColumn.idColumn.name}`, `${table}.id`)
      .where(`${links}.${morphColumn.typeColumn.name}`, type)
      .whereNull(`${table}.id`)
      .count({ n: '*' })) as Array<{ n: number | string }>;
    if (Number(n) > 0) found.push(`${links} → ${type}`);
  }
  return found;
};

beforeAll(async () => {
  server = await startServer('cms-events', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'eventos@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  categoryId = await insert(server.strapi, 'api::category.category', { name: 'Medicina Intensiva' });
});

afterAll(async () => {
  await server?.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('event reads', () => {
  let draft: number;
  let published: number;
  let featured: number;

  beforeAll(async () => {
    draft = await createEvent(server.strapi, {
      name: 'Rascunho de Congresso',
      startDate: '2026-03-01',
      published: false,
      category: categoryId,
      value: 200,
      discount: 50,
    });
    published = await createEvent(server.strapi, { name: 'Simpósio Publicado', startDate: '2026-01-15', published: true });
    featured = await createEvent(server.strapi, { name: 'Jornada em Destaque', startDate: '2026-02-10', published: true, featured: true });
  });

  it('lists every event, drafts too, with its category, searched and sorted', async () => {
    const res = await api('get', '/events');
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(3);
    expect(res.body.data.rows.map((e: { id: number }) => e.id)).toEqual([published, featured, draft]);
    const row = eventSchema.parse(res.body.data.rows[2]);
    expect(row).toMatchObject({
      name: 'Rascunho de Congresso',
      published: 0,
      category: { id: categoryId, name: 'Medicina Intensiva' },
      categoryId,
      value: '200.00',
      discount: '50.00',
      discountValue: '150.00',
      hasDiscount: true,
      installments: 1,
      exchange: '1.00',
    });
    const search = await api('get', '/events?search=congresso&order=name:asc');
    expect(search.body.data.rows.map((e: { id: number }) => e.id)).toEqual([draft]);
    const paged = await api('get', '/events?order=name:desc&limit=1&offset=1');
    expect(paged.body.data).toMatchObject({ count: 3, rows: [{ id: draft }] });
    expect((await api('get', '/events?order=value:asc')).body.msg).toBe('api.error.invalidOrder');
  });

  it('lists the featured events only', async () => {
    const res = await api('get', '/events/featured');
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((e: { id: number; featured: number }) => [e.id, e.featured])).toEqual([[featured, 1]]);
  });

  it('reads one event, a draft too, by id and by the private path', async () => {
    for (const path of [`/events/${draft}`, `/events/private/${draft}`]) {
      const res = await api('get', path);
      expect(res.status, path).toBe(200);
      expect(eventSchema.parse(res.body.data)).toMatchObject({ id: draft, published: 0 });
    }
    expect((await api('get', '/events/9999')).body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
    expect((await api('get', '/events/private/9999')).status).toBe(404);
    expect((await api('get', '/events/abc')).body.msg).toBe('api.error.invalidId');
    // The site still sees only published events.
    expect((await server.request().get(`/api/site/v1/events/${draft}`)).status).toBe(404);
    expect((await server.request().get(`/api/site/v1/events/${published}`)).status).toBe(200);
  });
});

describe('event delete', () => {
  it('says what deleting an event takes with it', async () => {
    const world = await eventWorld('Contagem');
    const event = world.rows[EVENT][0];
    const room = world.rows['api::room.room'][0];
    await createLecture(server.strapi, room, { name: 'Segunda', startTime: '10:00:00.000', endTime: '11:00:00.000' });
    const res = await api('get', `/events/${event}/dependents`);
    expect(res.status).toBe(200);
    expect(eventDependentsSchema.parse(res.body.data)).toEqual({
      rooms: 1,
      lectures: 2,
      stands: 1,
      medias: 1,
      products: 1,
      sponsors: 1,
      speakers: 1,
      coupons: 1,
    });
    expect((await api('get', '/events/9999/dependents')).body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
  });

  it('deletes an event and everything of it, nothing of another, nothing orphaned', async () => {
    const gone = await eventWorld('Apagado');
    const kept = await eventWorld('Mantido');
    // One file linked from the kept event too: it stays linked there.
    await server.strapi.db
      .query('api::sponsor.sponsor')
      .update({ where: { id: kept.rows['api::sponsor.sponsor'][0] }, data: { image: gone.files.shared } });
    const event = gone.rows[EVENT][0];
    const res = await api('delete', `/events?ids=${event}`);
    expect(res.body).toEqual({ data: { ids: [event], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await remaining(gone)).toEqual(all(gone, 0));
    expect(await remaining(kept)).toEqual(all(kept, 1));
    expect(await orphanLinks()).toEqual([]);
    // People are not content of an event: the client and the attendant's account stay.
    expect(await server.strapi.db.query('api::client.client').count({ where: { id: gone.client } })).toBe(1);
    expect(await server.strapi.db.query('api::staff-user.staff-user').count({ where: { id: gone.attendantUser } })).toBe(1);
    const sponsor = (await server.strapi.db
      .query('api::sponsor.sponsor')
      .findOne({ where: { id: kept.rows['api::sponsor.sponsor'][0] }, populate: { image: { select: ['id'] } } })) as {
      image: { id: number };
    };
    expect(sponsor.image.id).toBe(gone.files.shared);
    // The files only the deleted rows linked are gone from the Media Library; the shared one stays.
    expect(await server.strapi.db.query(FILE).count({ where: { id: { $in: [gone.files.image, gone.files.stand] } } })).toBe(0);
    expect(await server.strapi.db.query(FILE).count({ where: { id: gone.files.shared } })).toBe(1);
    expect(await logLines(server, 'events.')).toContain(`Excluiu evento nº ${event}.`);
    expect((await api('delete', `/events?ids=${event}`)).body).toEqual({ data: null, msg: 'api.error.eventNotFound', status: 404 });
  });

  it('deletes nothing when a statement in the middle fails', async () => {
    const world = await eventWorld('Falha');
    const event = world.rows[EVENT][0];
    const { db } = server.strapi;
    const query = db.query.bind(db);
    // Rooms, lectures and stands are deleted before sponsors: the failure comes half-way.
    vi.spyOn(db, 'query').mockImplementation((uid: string) => {
      const repository = query(uid as Parameters<typeof query>[0]);
      if (uid !== 'api::sponsor.sponsor') return repository;
      return {
        ...repository,
        deleteMany: async () => {
          throw new Error('disco cheio');
        },
      };
    });
    const res = await api('delete', `/events?ids=${event}`);
    vi.restoreAllMocks();
    expect(res.body).toEqual({ data: null, msg: 'api.error.internal', status: 500 });
    expect(await remaining(world)).toEqual(all(world, 1));
    const link = (await db.query(EVENT).findOne({ where: { id: event }, populate: { image: { select: ['id'] } } })) as {
      image: { id: number };
    };
    expect(link.image.id).toBe(world.files.image);
    expect(await logLines(server, 'events.')).not.toContain(`Excluiu evento nº ${event}.`);
  });

  it('keeps an event that has orders, and everything of it', async () => {
    const world = await eventWorld('Vendido');
    const event = world.rows[EVENT][0];
    const order = await insert(server.strapi, 'api::order.order', { status: 'paid', total: 100, event });
    await insert(server.strapi, 'api::order-item.order-item', { order, event, price: 100 });
    expect((await api('delete', `/events?ids=${event}`)).body).toEqual({ data: null, msg: 'api.error.hasOrders', status: 409 });
    expect(await remaining(world)).toEqual(all(world, 1));
  });

  it('deletes several events at once, skipping ids that do not exist', async () => {
    const a = await createEvent(server.strapi, { name: 'A' });
    const b = await createEvent(server.strapi, { name: 'B' });
    const res = await api('delete', `/events?ids=${a},${b},9999`);
    expect(res.body).toEqual({ data: { ids: [a, b, 9999], count: 2 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(EVENT).count({ where: { id: { $in: [a, b] } } })).toBe(0);
    expect(await logLines(server, 'events.')).toContain(`Excluiu eventos nº ${a}, ${b}.`);
    expect((await api('delete', '/events')).body.msg).toBe('api.error.invalidId');
  });
});

const uploadsDir = () => path.join(process.env.PUBLIC_DIR as string, 'uploads');
/** What the upload plugin holds: its rows and the files on disk. */
const store = async () => ({ rows: await server.strapi.db.query(FILE).count({}), disk: filesIn(uploadsDir()).length });
const onDisk = (url: string) => fs.existsSync(path.join(uploadsDir(), path.basename(url)));

/** A multipart save of the event editor: its fields as strings and the files given. */
const multipart = (method: 'post' | 'put', url: string, fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
  const req = server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const [name, content] of Object.entries(files)) req.attach(name, content, `${name}.png`);
  return req;
};

const basics = (data: Record<string, string> = {}) => ({
  name: 'Congresso Brasileiro de Medicina Intensiva',
  description: 'Três dias de palestras.',
  categoryId: String(categoryId),
  startDate: '2026-11-12',
  endDate: '2026-11-14',
  startTime: '08:00',
  endTime: '18:00',
  status: 'open',
  published: '0',
  featured: '0',
  ...data,
});

const images = async () => ({ imageFile: await png(192, 50), bannerFile: await png(24, 34), thumbFile: await png(25, 15) });

describe('event saves', () => {
  it('creates an event with its three images; the slug leads with the id', async () => {
    const before = await store();
    const res = await multipart('post', '/events', basics({ value: '', discount: '' }), await images());
    expect(res.status).toBe(201);
    const event = eventSchema.parse(res.body.data);
    expect(event).toMatchObject({
      name: 'Congresso Brasileiro de Medicina Intensiva',
      slug: `${event.id}-congresso-brasileiro-de-medicina-intensiva`,
      categoryId,
      startDate: '2026-11-12',
      endDate: '2026-11-14',
      startTime: '08:00:00',
      endTime: '18:00:00',
      value: '0.00',
      discount: '0.00',
      hasDiscount: false,
      installments: 1,
      exchange: '1.00',
      featured: 0,
      published: 0,
      status: 'open',
    });
    for (const url of [event.image, event.banner, event.thumb]) {
      expect(url).toMatch(/^\/uploads\/\w+\.png$/);
      expect(onDisk(url as string)).toBe(true);
    }
    const after = await store();
    expect(after.rows).toBe(before.rows + 3);
    const row = (await server.strapi.db.query(EVENT).findOne({
      where: { id: event.id },
      populate: { image: { select: ['id', 'url'] }, banner: { select: ['url'] }, thumb: { select: ['url'] } },
    })) as { slug: string; installments: number; image: { url: string }; banner: { url: string }; thumb: { url: string } };
    expect(row).toMatchObject({ slug: event.slug, installments: 1, image: { url: event.image }, banner: { url: event.banner } });
    expect(await logLines(server, 'events.')).toContain(`Criou evento nº ${event.id}.`);
    // The editor reads it back as it saved it.
    expect((await api('get', `/events/private/${event.id}`)).body.data).toEqual(res.body.data);
  });

  it('keeps the amounts as typed: a paid event with a discount, installments always 1, featured as sent', async () => {
    const res = await multipart(
      'post',
      '/events',
      basics({
        name: 'Curso Pago',
        value: '1.234,50',
        discount: '234,50',
        installments: '12',
        exchange: '5,25',
        featured: '1',
        published: '1',
      }),
      await images(),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      value: '1234.50',
      discount: '234.50',
      discountValue: '1000.00',
      hasDiscount: true,
      installments: 1,
      exchange: '5.25',
      featured: 1,
      published: 1,
    });
  });

  it('refuses a create without each image, naming the missing one, and keeps no file', async () => {
    const before = await store();
    const events = await server.strapi.db.query(EVENT).count({});
    const all = await images();
    for (const [missing, msg] of [
      ['imageFile', 'events.error.imageRequired'],
      ['bannerFile', 'events.error.bannerRequired'],
      ['thumbFile', 'events.error.thumbRequired'],
    ] as const) {
      const files: Record<string, Buffer> = { ...all };
      delete files[missing];
      const res = await multipart('post', '/events', basics(), files);
      expect(res.body, missing).toEqual({ data: null, msg, status: 400 });
    }
    expect(await store()).toEqual(before);
    expect(await server.strapi.db.query(EVENT).count({})).toBe(events);
  });

  it('refuses bad fields before storing any file, and a file that is not an image', async () => {
    const before = await store();
    const all = await images();
    const cases: Array<[Record<string, string>, string, number]> = [
      [{ name: ' ' }, 'api.error.invalidBody', 400],
      [{ categoryId: '9999' }, 'api.error.categoryNotFound', 404],
      [{ endDate: '2026-11-11' }, 'events.error.endBeforeStart', 400],
      [{ endDate: '2026-11-12', endTime: '07:00' }, 'events.error.endBeforeStart', 400],
      [{ value: '100', discount: '150' }, 'api.error.discountAboveValue', 400],
      [{ value: '0', discount: '10' }, 'api.error.discountAboveValue', 400],
      [{ timezone: 'America/Atlantida' }, 'events.error.invalidTimezone', 400],
      [{ exchange: '0' }, 'api.error.invalidBody', 400],
      [{ startDate: '2026-02-30' }, 'api.error.invalidBody', 400],
      [{ status: 'cancelled' }, 'api.error.invalidBody', 400],
      [{ facebook: 'javascript:alert(1)' }, 'api.error.invalidBody', 400],
      // Longer than the column holds on PostgreSQL (varchar 255): refused on both databases.
      [{ linkedIn: `https://www.linkedin.com/company/${'a'.repeat(240)}` }, 'api.error.invalidBody', 400],
      // The venue's PDFs are files of the event, not links.
      [{ infoPdf: 'https://exemplo.com/info.pdf' }, 'api.error.invalidBody', 400],
    ];
    for (const [fields, msg, status] of cases) {
      const res = await multipart('post', '/events', basics(fields), all);
      expect(res.body, JSON.stringify(fields)).toEqual({ data: null, msg, status });
    }
    const executable = await multipart('post', '/events', basics(), { ...all, thumbFile: elf() });
    expect(executable.body).toEqual({ data: null, msg: 'upload.error.type', status: 400 });
    expect(await store()).toEqual(before);
  });

  it('keeps the reply-to and the colour of the event’s e-mails, the reply-to shown to the back office only (decision 080)', async () => {
    const created = await multipart(
      'post',
      '/events',
      basics({ replyTo: 'Organizacao@Congresso.com.br', brandColor: '#0F766E', published: '1' }),
      await images(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ replyTo: 'organizacao@congresso.com.br', brandColor: '#0f766e' });
    const id = created.body.data.id as number;
    const site = await server.request().get(`/api/site/v1/events/${id}`);
    expect(site.status).toBe(200);
    expect(site.body.data.brandColor).toBe('#0f766e');
    expect(site.body.data).not.toHaveProperty('replyTo');
    const refused: Array<Record<string, string>> = [{ replyTo: 'não é e-mail' }, { brandColor: 'azul' }, { brandColor: '#12345' }];
    for (const fields of refused) {
      const res = await multipart('put', `/events/${id}`, fields);
      expect(res.body, JSON.stringify(fields)).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    }
    const cleared = await multipart('put', `/events/${id}`, { replyTo: '', brandColor: '' });
    expect(cleared.body.data).toMatchObject({ replyTo: null, brandColor: null });
  });

  it('edits an event: a new name gives a new slug, a replaced image is deleted, a removed one needs a new one', async () => {
    const created = await multipart('post', '/events', basics({ name: 'Primeiro Nome' }), await images());
    const id = created.body.data.id as number;
    const old = created.body.data as { image: string; banner: string; thumb: string };
    const before = await store();

    const renamed = await multipart('put', `/events/${id}`, { name: 'Nome Novo', value: '0', discount: '0', published: '1' });
    expect(renamed.body).toMatchObject({ status: 200, msg: 'api.updated', data: { slug: `${id}-nome-novo`, published: 1, value: '0.00' } });
    expect(renamed.body.data).toMatchObject({ image: old.image, banner: old.banner, thumb: old.thumb });

    const removed = await multipart('put', `/events/${id}`, { removeBannerFile: '1', description: 'Outra' });
    expect(removed.body).toEqual({ data: null, msg: 'events.error.bannerRequired', status: 400 });
    const unchanged = (await api('get', `/events/${id}`)).body.data;
    expect(unchanged).toMatchObject({ banner: old.banner, description: 'Três dias de palestras.' });

    const replaced = await multipart('put', `/events/${id}`, { removeBannerFile: '1' }, { bannerFile: await png(48, 68) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.banner).not.toBe(old.banner);
    expect(onDisk(replaced.body.data.banner)).toBe(true);
    expect(onDisk(old.banner)).toBe(false);
    expect(await server.strapi.db.query(FILE).count({ where: { url: old.banner } })).toBe(0);
    expect(await store()).toEqual(before);
    expect(replaced.body.data).toMatchObject({ image: old.image, thumb: old.thumb });

    expect((await multipart('put', `/events/${id}`, { endDate: '2026-11-01' })).body.msg).toBe('events.error.endBeforeStart');
    expect((await multipart('put', '/events/9999', { name: 'X' })).body).toEqual({
      data: null,
      msg: 'api.error.eventNotFound',
      status: 404,
    });
    const lines = await logLines(server, 'events.');
    expect(lines.filter((line) => line === `Alterou evento nº ${id}.`)).toHaveLength(2);
  });

  it('leaves no file behind when the write fails after the files were stored', async () => {
    const before = await store();
    const events = await server.strapi.db.query(EVENT).count({});
    const { db } = server.strapi;
    const query = db.query.bind(db);
    vi.spyOn(db, 'query').mockImplementation((uid: string) => {
      const repository = query(uid as Parameters<typeof query>[0]);
      if (uid !== EVENT) return repository;
      return {
        ...repository,
        update: async () => {
          throw new Error('conexão perdida');
        },
      };
    });
    const res = await multipart('post', '/events', basics({ name: 'Não salvo' }), await images());
    vi.restoreAllMocks();
    expect(res.body).toEqual({ data: null, msg: 'api.error.internal', status: 500 });
    // The row's insert was taken back with the slug's update, the files by withUploads.
    expect(await server.strapi.db.query(EVENT).count({})).toBe(events);
    expect(await store()).toEqual(before);
  });

  it('removes the images of a deleted event from the store', async () => {
    const created = await multipart('post', '/events', basics({ name: 'Para Excluir' }), await images());
    const { id, image, banner, thumb } = created.body.data as { id: number; image: string; banner: string; thumb: string };
    const before = await store();
    expect((await api('delete', `/events?ids=${id}`)).body.status).toBe(200);
    for (const url of [image, banner, thumb]) {
      expect(onDisk(url)).toBe(false);
      expect(await server.strapi.db.query(FILE).count({ where: { url } })).toBe(0);
    }
    expect((await store()).rows).toBe(before.rows - 3);
    expect(await orphanLinks()).toEqual([]);
  });
});
