import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPageParams, OrderBy, Where } from '@plataforma/adapter/server';
import { createListSql } from '../../../cms/src/http/list-sql';
import { ensurePinnedRelations } from '../../../cms/src/lib/pinned-relations';
import { createEvent, createRoom, insert } from '../helpers/event-fixtures';
import { startServer, type TestServer } from '../helpers/strapi';

// Issue 16 §1, decision 043: the cms writes a list's SQL itself. For every where shape the
// product's lists use, its page and count must be exactly the query engine's.
let server: TestServer;
let page: ReturnType<typeof createListSql>;
const ids = { published: 0, hidden: 0, other: 0, stands: [] as number[] };

const NAMES = ['Ágora Saúde', 'Bio_Lab', 'cardio 100%', 'Cardiovida', 'Delta', 'delta', 'Échos', 'Farma\\Mais', 'Gama', 'Hiper'];

beforeAll(async () => {
  server = await startServer('site-list-sql', { seed: false });
  const strapi = server.strapi;
  page = createListSql(strapi);
  ids.published = await createEvent(strapi, { published: true });
  ids.hidden = await createEvent(strapi, { published: false });
  ids.other = await createEvent(strapi, { published: true });
  for (const [index, name] of NAMES.entries()) {
    for (const event of [ids.published, ids.hidden, ids.other]) {
      ids.stands.push(
        await insert(strapi, 'api::stand.stand', {
          name,
          subtitle: index % 3 === 0 ? null : `Linha ${index} cardio`,
          type: index % 2 ? 'master' : 'bronze',
          position: index % 4,
          event,
        }),
      );
    }
  }
  await insert(strapi, 'api::stand.stand', { name: 'Sem evento', type: 'bronze' });
  for (const [index, name] of ['Ana Souza', 'Bruno Lima', 'carla souza', 'Davi Rocha', 'Elisa Souza'].entries()) {
    await insert(strapi, 'api::client.client', {
      name,
      email: `cliente${index}@souza.example`,
      listedInNetwork: index !== 1,
      networkShowEmail: index % 2 === 0,
      erasedAt: index === 4 ? new Date() : null,
      events: index === 3 ? [ids.other] : [ids.published, ids.other],
    });
  }
  for (const name of ['Dra. Ana', 'Dr. Bruno', 'Dra. Carla']) {
    await insert(strapi, 'api::speaker.speaker', { name, event: ids.published });
    await insert(strapi, 'api::speaker.speaker', { name, event: ids.other });
  }
  const room = await createRoom(strapi, ids.published);
  await insert(strapi, 'api::media.media', { title: 'Folheto', type: 'DOCUMENT', stand: ids.stands[0] });
  await insert(strapi, 'api::media.media', { title: 'Vídeo', type: 'VIDEO', stand: ids.stands[1] });
  expect(room).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const byName: OrderBy = [{ name: 'asc' }, { id: 'asc' }];

const engine = async (uid: string, params: ListPageParams) => {
  const [rows, count] = (await server.strapi.db.query(uid).findWithCount({ ...params, select: ['id'] })) as [Array<{ id: number }>, number];
  return { ids: rows.map((row) => row.id), count };
};

const cases = (): Array<[string, string, ListPageParams]> => [
  ['stands of an event (pinned relation)', 'api::stand.stand', { where: { event: { id: ids.published } }, orderBy: byName, limit: 4 }],
  [
    'the site: pinned and published',
    'api::stand.stand',
    { where: { $and: [{ event: { published: true } }, { event: { id: ids.published } }] }, orderBy: byName, limit: 5, offset: 3 },
  ],
  [
    'the site: an unpublished event',
    'api::stand.stand',
    { where: { $and: [{ event: { published: true } }, { event: { id: ids.hidden } }] }, orderBy: byName, limit: 20 },
  ],
  [
    'search with LIKE wildcards and case',
    'api::stand.stand',
    {
      where: {
        $and: [{ event: { id: ids.published } }, { $or: [{ name: { $containsi: 'CARDIO' } }, { subtitle: { $containsi: 'cardio' } }] }],
      },
      orderBy: byName,
      limit: 20,
    },
  ],
  ['search for a percent sign', 'api::stand.stand', { where: { name: { $containsi: '100%' } }, orderBy: byName, limit: 20 }],
  ['search for an underscore', 'api::stand.stand', { where: { name: { $containsi: 'o_l' } }, orderBy: byName, limit: 20 }],
  ['search for a backslash', 'api::stand.stand', { where: { name: { $containsi: 'a\\m' } }, orderBy: byName, limit: 20 }],
  [
    'search for a non-ASCII capital (the trigram index folds it, like does not)',
    'api::stand.stand',
    { where: { $or: [{ name: { $containsi: 'ágo' } }, { subtitle: { $containsi: 'ágo' } }] }, orderBy: byName, limit: 20 },
  ],
  [
    'search for a short term',
    'api::stand.stand',
    { where: { $or: [{ name: { $containsi: 'de' } }, { subtitle: { $containsi: 'de' } }] }, orderBy: byName, limit: 20 },
  ],
  [
    'search for a quote',
    'api::stand.stand',
    { where: { $or: [{ name: { $containsi: 'a"b' } }, { subtitle: { $containsi: 'a"b' } }] }, orderBy: byName, limit: 20 },
  ],
  [
    'published events of any stand, by position desc',
    'api::stand.stand',
    { where: { event: { published: true } }, orderBy: [{ position: 'desc' }, { id: 'desc' }], limit: 7 },
  ],
  ['no where at all', 'api::stand.stand', { orderBy: [{ type: 'asc' }, { id: 'asc' }], limit: 10, offset: 12 }],
  [
    'operators',
    'api::stand.stand',
    { where: { position: { $gte: 1, $lt: 3 }, type: { $in: ['master'] }, subtitle: { $notNull: true } }, orderBy: byName, limit: 50 },
  ],
  ['$ne and null', 'api::stand.stand', { where: { $or: [{ subtitle: null }, { name: { $ne: 'Delta' } }] }, orderBy: byName, limit: 50 }],
  ['empty $in', 'api::stand.stand', { where: { id: { $in: [] } }, orderBy: byName, limit: 5 }],
  [
    'rows of a stand (media)',
    'api::media.media',
    { where: { stand: { id: ids.stands[0] } }, orderBy: [{ title: 'asc' }, { id: 'asc' }], limit: 20 },
  ],
  [
    'rows of a stand of a published event (media)',
    'api::media.media',
    { where: { $and: [{ stand: { event: { published: true } } }, { stand: { id: ids.stands[1] } }] }, orderBy: [{ id: 'asc' }], limit: 20 },
  ],
  [
    'clients not erased (the back office)',
    'api::client.client',
    { where: { erasedAt: null }, orderBy: [{ name: 'asc' }, { id: 'asc' }], limit: 20 },
  ],
  [
    'clients not erased, searched (the back office)',
    'api::client.client',
    {
      where: { $and: [{ erasedAt: null }, { $or: [{ name: { $containsi: 'souza' } }, { email: { $containsi: 'souza' } }] }] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      limit: 20,
    },
  ],
  [
    'the network room (a to-many relation, a search that hides e-mails)',
    'api::client.client',
    {
      where: {
        $and: [
          { listedInNetwork: true },
          { events: { id: ids.published } },
          { $or: [{ name: { $containsi: 'souza' } }, { $and: [{ networkShowEmail: true }, { email: { $containsi: 'souza' } }] }] },
        ],
      },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      limit: 30,
    },
  ],
  [
    'speakers of an event (no pinned column: driven by the link table)',
    'api::speaker.speaker',
    {
      where: { $and: [{ event: { published: true } }, { event: { id: ids.published } }] },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      limit: 2,
    },
  ],
  [
    'media of an event (two levels)',
    'api::media.media',
    { where: { stand: { event: { id: ids.published } } }, orderBy: [{ id: 'desc' }], limit: 20 },
  ],
];

const pinned = async (table: string, id: number) =>
  ((await server.strapi.db.connection(table).where({ id }).first('lnk_event_id')) as { lnk_event_id: number | null }).lnk_event_id;

describe('the event id pinned on a stand (decision 043)', () => {
  it('follows the link table on every write, through the query engine and raw SQL', async () => {
    const strapi = server.strapi;
    const stand = await insert(strapi, 'api::stand.stand', { name: 'Móvel', type: 'bronze', event: ids.other });
    expect(await pinned('stands', stand)).toBe(ids.other);
    await strapi.db.query('api::stand.stand').update({ where: { id: stand }, data: { event: ids.published } });
    expect(await pinned('stands', stand)).toBe(ids.published);
    await strapi.db.connection('stands_event_lnk').where({ stand_id: stand }).delete();
    expect(await pinned('stands', stand)).toBeNull();
    await strapi.db.connection('stands_event_lnk').insert({ stand_id: stand, event_id: ids.other });
    expect(await pinned('stands', stand)).toBe(ids.other);
    await strapi.db.query('api::stand.stand').delete({ where: { id: stand } });
  });

  it('is repaired at start when it drifted while the triggers were missing', async () => {
    const strapi = server.strapi;
    const stand = ids.stands[0];
    await strapi.db.connection('stands').where({ id: stand }).update({ lnk_event_id: ids.other });
    expect(await pinned('stands', stand)).toBe(ids.other);
    await ensurePinnedRelations(strapi);
    expect(await pinned('stands', stand)).toBe(ids.published);
  });

  it('empties when the event is deleted', async () => {
    const strapi = server.strapi;
    const event = await createEvent(strapi, { published: true });
    const stand = await insert(strapi, 'api::stand.stand', { name: 'Efêmero', type: 'bronze', event });
    await strapi.db.query('api::event.event').delete({ where: { id: event } });
    expect(await pinned('stands', stand)).toBeNull();
    await strapi.db.query('api::stand.stand').delete({ where: { id: stand } });
  });
});

describe('list SQL against the query engine', () => {
  it.each(cases().map((item, index) => [item[0], index] as const))('%s', async (_name, index) => {
    const [, uid, params] = cases()[index];
    const fast = await page(uid, params);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(await engine(uid, params));
  });

  it('caches a count only until the next write, raw SQL and rolled-back transactions included', async () => {
    const strapi = server.strapi;
    const params: ListPageParams = { where: { event: { id: ids.other } }, orderBy: byName, limit: 1 };
    const before = (await page('api::stand.stand', params))?.count ?? -1;
    expect((await page('api::stand.stand', params))?.count).toBe(before);
    const [row] = (await strapi.db.connection('stands').insert({ name: 'Cru', type: 'bronze', document_id: 'cru' }, ['id'])) as Array<
      { id: number } | number
    >;
    const stand = typeof row === 'number' ? row : row.id;
    await strapi.db.connection('stands_event_lnk').insert({ stand_id: stand, event_id: ids.other });
    expect((await page('api::stand.stand', params))?.count).toBe(before + 1);
    const rollback = new Error('rollback');
    await expect(
      strapi.db.transaction(async () => {
        await insert(strapi, 'api::stand.stand', { name: 'Desfeito', type: 'bronze', event: ids.other });
        expect((await page('api::stand.stand', params))?.count).toBe(before + 2);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await page('api::stand.stand', params))?.count).toBe(before + 1);
    await strapi.db.query('api::stand.stand').delete({ where: { id: stand } });
    expect((await page('api::stand.stand', params))?.count).toBe(before);
  });

  it('keeps the SQLite search index in step with every write (decision 043)', async () => {
    const strapi = server.strapi;
    if (strapi.db.dialect.client !== 'sqlite') return;
    const found = async (term: string) =>
      (
        (await strapi.db.connection.raw(`select rowid as id from stands_search where stands_search match ?`, [`"${term}"`])) as Array<{
          id: number;
        }>
      ).map((row) => row.id);
    const stand = await insert(strapi, 'api::stand.stand', { name: 'Xilofone Médico', type: 'bronze', event: ids.other });
    expect(await found('xilofone')).toEqual([stand]);
    await strapi.db.query('api::stand.stand').update({ where: { id: stand }, data: { name: 'Zabumba' } });
    expect(await found('xilofone')).toEqual([]);
    expect(await found('zabumba')).toEqual([stand]);
    const search: ListPageParams = {
      where: { $or: [{ name: { $containsi: 'zabu' } }, { subtitle: { $containsi: 'zabu' } }] },
      orderBy: byName,
      limit: 5,
    };
    expect(await page('api::stand.stand', search)).toEqual({ ids: [stand], count: 1 });
    await strapi.db.query('api::stand.stand').delete({ where: { id: stand } });
    expect(await found('zabumba')).toEqual([]);
  });

  it('answers null for what it does not compile, so the engine answers', async () => {
    const unsupported: Where[] = [
      { createdAt: { $lt: new Date().toISOString() } },
      { name: { $startsWith: 'A' } },
      { $not: { name: 'Delta' } },
    ];
    for (const where of unsupported) expect(await page('api::stand.stand', { where, orderBy: byName, limit: 5 })).toBeNull();
  });

  it('serves the site list with the same body, and counts without the unpublished event', async () => {
    const res = await server.request().get(`/api/site/v1/stands?eventId=${ids.published}&limit=3&offset=2&order=name:asc`);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(NAMES.length);
    const expected = await engine('api::stand.stand', { where: { event: { id: ids.published } }, orderBy: byName, limit: 3, offset: 2 });
    expect(res.body.data.rows.map((row: { id: number }) => row.id)).toEqual(expected.ids);
    const hidden = await server.request().get(`/api/site/v1/stands?eventId=${ids.hidden}`);
    expect(hidden.status).toBe(404);
  });
});
