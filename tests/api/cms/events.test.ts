import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventDependentsSchema, eventSchema } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { cmsApi, createEvent, createLecture, createRoom, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

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
