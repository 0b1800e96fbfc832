import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_ACCESS } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { multipart } from '../helpers/stored-files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';
import { png } from '../storage/files';

// Every /api/cms/v1 route × no token, client token, attendant, admin: 401, 401 (a client
// token is foreign to the back office), 403 or success as CMS_ACCESS says.
let server: TestServer;
let tokens: Record<'client' | 'attendant' | 'admin', string>;
let ids: Record<string, number>;
let image: Buffer;

const db = () => server.strapi.db;
const insert = async (uid: string, data: Record<string, unknown>): Promise<number> =>
  (
    (await db()
      .query(uid)
      .create({ data, select: ['id'] })) as { id: number }
  ).id;

beforeAll(async () => {
  server = await startServer('role-matrix', { seed: false, env: { SMS_PROVIDER: 'log' } });
  image = await png(120, 80);
  const admin = await createStaff(server.strapi, { role: 'admin' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  const client = await createClient(server.strapi);
  const spare = await createStaff(server.strapi, { role: 'attendant' });
  const category = await insert('api::category.category', { name: 'Categoria' });
  const event = await insert('api::event.event', {
    name: 'E',
    description: 'd',
    startDate: '2020-11-12',
    startTime: '08:00:00.000',
    published: true,
    category,
  });
  const stand = await insert('api::stand.stand', { name: 'Do atendente', type: 'master', event });
  const otherStand = await insert('api::stand.stand', { name: 'De outro', type: 'bronze', event });
  await insert('api::stand-attendant.stand-attendant', { stand, user: attendant.id });
  const room = await insert('api::room.room', { name: 'Sala 1', event, number: 1 });
  ids = {
    user: spare.id,
    category,
    event,
    log: await insert('api::log.log', { description: 'Registro', action: 'test' }),
    stand,
    otherStand,
    room,
    lecture: await insert('api::lecture.lecture', {
      name: 'Abertura',
      room,
      startDate: '2020-11-12',
      startTime: '08:00:00.000',
      endTime: '09:00:00.000',
    }),
    speaker: await insert('api::speaker.speaker', { name: 'Dra. Ana', event }),
    coupon: await insert('api::coupon.coupon', { code: 'MATRIZ', value: 10, event }),
    media: await insert('api::media.media', { title: 'Vídeo', description: 'd', type: 'VIDEO', stand }),
    product: await insert('api::product.product', { title: 'Produto', description: 'd', stand }),
    sponsor: await insert('api::sponsor.sponsor', { name: 'Patrocinador', type: 'master', event }),
    client: await insert('api::client.client', { name: 'Cliente da matriz', email: 'matriz@exemplo.com.br' }),
    contact: await insert('api::contact.contact', { subject: 'stand', name: 'Contato', message: 'Olá', stand }),
    order: await insert('api::order.order', { status: 'pending', total: 10, event, client: client.id, history: [] }),
  };
  tokens = {
    admin: await sessionToken(server, 'staff', admin.id),
    attendant: await sessionToken(server, 'staff', attendant.id),
    client: await sessionToken(server, 'client', client.id),
  };
});

afterAll(async () => {
  await server?.stop();
});

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;
const file = (name = 'foto.png') => ({ data: image, name, type: 'image/png' });

/** A request of each route that succeeds for a role it admits: valid ids, bodies and files. */
interface Call {
  url: string;
  body?: object;
  fields?: Record<string, string | number>;
  files?: Record<string, { data: Buffer; name: string; type?: string }>;
  /** Its success answers a file (the clients export), not the envelope. */
  download?: boolean;
  /** Its success status when not the method's usual one (a POST that creates nothing). */
  success?: number;
}

/** The row a route acts on, by its collection (stands/:id/attendants acts on the attendant's stand). */
const rowOf = (path: string): number => {
  const collection = path.split('/')[1];
  // An event's dashboard (decision 048) names the event.
  if (path.startsWith('/dashboards/events/')) return ids.event;
  const byCollection: Record<string, string> = {
    users: 'user',
    categories: 'category',
    logs: 'log',
    events: 'event',
    stands: 'stand',
    rooms: 'room',
    lectures: 'lecture',
    speakers: 'speaker',
    coupons: 'coupon',
    medias: 'media',
    products: 'product',
    sponsors: 'sponsor',
    clients: 'client',
    contacts: 'contact',
  };
  return ids[byCollection[collection]] ?? 1;
};

/** A fresh row to delete for each DELETE route (the first success removes it). */
const freshRow = async (path: string): Promise<string> => {
  switch (path) {
    case '/users':
      return `?ids=${await insert('api::staff-user.staff-user', { name: 'x', email: `x${unique()}@exemplo.com.br`, role: 'attendant' })}`;
    case '/categories':
      return `?ids=${await insert('api::category.category', { name: 'x' })}`;
    case '/events':
      return `?ids=${await insert('api::event.event', { name: 'x', description: 'd', startDate: '2020-11-12', startTime: '08:00:00.000' })}`;
    case '/stands':
      return `?ids=${await insert('api::stand.stand', { name: 'x', type: 'bronze', event: ids.event })}`;
    case '/stands/:id/attendants': {
      const user = await createStaff(server.strapi, { role: 'attendant' });
      return `?ids=${await insert('api::stand-attendant.stand-attendant', { stand: ids.stand, user: user.id })}`;
    }
    case '/rooms':
      return `?ids=${await insert('api::room.room', { name: 'x', event: ids.event, number: 99 })}`;
    case '/lectures':
      return `?ids=${await insert('api::lecture.lecture', { name: 'x', room: ids.room, startDate: '2020-11-20', startTime: '08:00:00.000', endTime: '09:00:00.000' })}`;
    case '/speakers':
      return `?ids=${await insert('api::speaker.speaker', { name: 'x', event: ids.event })}`;
    case '/coupons':
      return `?ids=${await insert('api::coupon.coupon', { code: `X${unique().toUpperCase()}`, value: 1, event: ids.event })}`;
    case '/medias':
      return `?ids=${await insert('api::media.media', { title: 'x', description: 'd', type: 'IMAGE', stand: ids.stand })}`;
    case '/products':
      return `?ids=${await insert('api::product.product', { title: 'x', description: 'd', stand: ids.stand })}`;
    case '/sponsors':
      return `?ids=${await insert('api::sponsor.sponsor', { name: 'x', type: 'premium', event: ids.event })}`;
    case '/clients':
      return `?ids=${await insert('api::client.client', { name: 'x', email: `x${unique()}@exemplo.com.br` })}`;
    default:
      throw new Error(`No fresh row for DELETE ${path}: add one to the role matrix.`);
  }
};

/** A language pack of the upload's code: every text of the built-in PT pack, the back office's included. */
const languagePack = (): Buffer => {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../..', file), 'utf8')) as object;
  return Buffer.from(
    JSON.stringify({ ...read('venue/src/shared/i18n/locales/pt.json'), backoffice: read('venue/src/backoffice/i18n/pt.json') }),
  );
};
const packFile = () => ({ data: languagePack(), name: 'en.json', type: 'application/json' });

/** The language routes act on EN; its rollback needs a previous file, so EN gets two uploads first. */
const languageCall = async (method: string, path: string): Promise<Call> => {
  const url = `/api/cms/v1${path.replace(':code', 'en')}`;
  if (method === 'GET') return { url };
  if (method === 'PUT') return { url, fields: {}, files: { file: packFile() } };
  for (let i = 0; i < 2; i += 1)
    await multipart(
      server.request().put('/api/cms/v1/languages/en').set('Authorization', `Bearer ${tokens.admin}`),
      {},
      { file: packFile() },
    );
  return { url, success: 200 };
};

/** 'Pedidos': a refund needs a paid order, a confirmation a pending one with a manual PIX, a grant a client without the event. */
const orderCall = async (method: string, path: string): Promise<Call> => {
  const url = (id: number) => `/api/cms/v1${path.replace(':id', String(id))}`;
  if (method === 'GET') return { url: url(ids.order) };
  if (path === '/orders/grant') {
    const client = await insert('api::client.client', { name: 'Convidado', email: `convidado${unique()}@exemplo.com.br` });
    return { url: url(0), body: { eventId: ids.event, clientId: client } };
  }
  if (path === '/orders/:id/refund') {
    const paid = await insert('api::order.order', { status: 'paid', total: 0, event: ids.event, history: [] });
    return { url: url(paid), body: {}, success: 200 };
  }
  const pending = await insert('api::order.order', { status: 'pending', total: 10, event: ids.event, history: [] });
  await insert('api::payment.payment', { order: pending, provider: 'manual-pix', method: 'pix', status: 'pending', amount: 10 });
  return { url: url(pending), body: {}, success: 200 };
};

/** 'Tarefas' (decision 079): a dead job of a kind of the test's own, for each retry. */
const deadJob = async (): Promise<string> => {
  const jobs = createRequire(__filename)(path.resolve(__dirname, '../../../cms/dist/src/jobs')) as typeof import('../../../cms/src/jobs');
  const kind = jobs.defineJob<{ n: number }>({ name: 'test.matrix', handler: async () => undefined });
  const system = await jobs.createJobSystem(server.strapi.db.connection as unknown as Knex, server.strapi.db.dialect.client, [kind], {
    work: false,
    pollMs: 1000,
    maintenanceSeconds: 30,
    schema: 'pgboss',
    log: server.strapi.log,
  });
  const id = await system.store.send(kind, { n: 1 }, {});
  await system.store.take(kind, 1);
  await system.store.fail(kind, id, 'falhou', true);
  await jobs.stopJobSystem(system);
  return id;
};

/** 'E-mails' (decision 081): a failed message of its own for each call ('Reenviar' queues it again). */
const failedEmail = () =>
  insert('api::email-message.email-message', {
    recipient: `falhou${unique()}@exemplo.com.br`,
    template: 'welcome',
    category: 'transactional',
    language: 'pt',
    subject: 'Confirme seu e-mail',
    status: 'failed',
    error: '550 5.1.1 Mailbox unavailable',
    messageId: `<${unique()}@eventos.test>`,
    data: { name: 'X', url: 'http://localhost/x', hours: 72 },
  });

const callFor = async (method: string, path: string): Promise<Call> => {
  if (path.startsWith('/languages')) return languageCall(method, path);
  if (path === '/jobs/:id/retry') return { url: `/api/cms/v1/jobs/${await deadJob()}/retry`, success: 200 };
  if (path.startsWith('/emails/:id'))
    return { url: `/api/cms/v1${path.replace(':id', String(await failedEmail()))}`, success: method === 'POST' ? 200 : undefined };
  if (path.startsWith('/orders')) return orderCall(method, path);
  // The site's written pages: the about page, read (empty until written) and written whole.
  if (path === '/pages/:page') {
    const url = '/api/cms/v1/pages/about';
    return method === 'GET'
      ? { url }
      : { url, body: { title: 'Sobre nós', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Olá' }] }] } };
  }
  // The exhibitor report of the attendant's stand (decision 049): as JSON, and as a file.
  if (path.startsWith('/dashboards/stands/:id')) {
    const url = `/api/cms/v1${path.replace(':id', String(ids.stand))}`;
    return path.endsWith('/export') ? { url: `${url}?format=csv`, download: true } : { url };
  }
  const url = `/api/cms/v1${path.replace(':id', String(rowOf(path)))}`;
  if (method === 'DELETE') return { url: `${url}${await freshRow(path)}` };
  // A room list is always of one event.
  if (method === 'GET' && path === '/clients/export') return { url: `${url}?format=csv`, download: true };
  // The event dashboard's export is a file too (decision 048).
  if (path === '/dashboards/events/:id/export') return { url: `${url}?format=csv`, download: true };
  // An import job of its own (the path's :id is a job's, not a client's); the report is a file.
  if (path.startsWith('/clients/imports/:id')) {
    const job = await insert('api::import-job.import-job', { kind: 'clients', status: 'done', fileName: 'a.csv', format: 'csv', size: 10 });
    return { url: `/api/cms/v1${path.replace(':id', String(job))}`, download: path.endsWith('/report') };
  }
  if (method === 'POST' && path === '/clients/upload') {
    const sheet = Buffer.from(`Nome;Email\r\nPessoa;pessoa${unique()}@exemplo.com.br\r\n`);
    // An import is accepted (202) and runs in the background.
    return { url, fields: {}, files: { excelFile: { data: sheet, name: 'clientes.csv', type: 'text/csv' } }, success: 202 };
  }
  if (method === 'GET') return { url: path === '/rooms' ? `${url}?eventId=${ids.event}` : url };
  const creating = method === 'POST';
  switch (path.split('/')[1]) {
    case 'users':
      return creating
        ? {
            url,
            body: { name: 'Nova Pessoa', email: `nova${unique()}@exemplo.com.br`, ddi: '55', phone: '(11) 9 8765-4321', role: 'attendant' },
          }
        : { url, body: { name: 'Nome novo' } };
    case 'categories':
      return { url, body: { name: 'Outra categoria' } };
    case 'events':
      return creating
        ? {
            url,
            fields: { name: `Evento ${unique()}`, description: 'd', categoryId: ids.category, startDate: '2026-12-01', startTime: '08:00' },
            files: { imageFile: file(), bannerFile: file(), thumbFile: file() },
          }
        : { url, fields: { name: 'Evento renomeado' } };
    case 'stands':
      if (path.endsWith('/attendants')) return { url, body: { userId: (await createStaff(server.strapi, { role: 'attendant' })).id } };
      return creating
        ? { url, fields: { eventId: ids.event, name: 'Novo', subtitle: 's', description: 'd' }, files: { image: file() } }
        : { url, fields: { name: 'Do atendente' } };
    case 'rooms':
      return creating ? { url, body: { eventId: ids.event, name: `Sala ${unique()}` } } : { url, body: { name: 'Sala 1' } };
    case 'lectures':
      return creating
        ? {
            url,
            body: {
              roomId: ids.room,
              name: 'Nova',
              startDate: '2020-11-13',
              startTime: `${String(8 + (serial++ % 10)).padStart(2, '0')}:00`,
              endTime: `${String(8 + ((serial - 1) % 10)).padStart(2, '0')}:30`,
            },
          }
        : { url, body: { name: 'Abertura' } };
    case 'speakers':
      return creating ? { url, fields: { eventId: ids.event, name: 'Dr. Novo' } } : { url, fields: { name: 'Dra. Ana' } };
    case 'coupons':
      return creating
        ? { url, body: { eventId: ids.event, code: `C${unique().toUpperCase()}`, value: '5' } }
        : { url, body: { amount: 3 } };
    case 'medias':
      return creating
        ? { url, fields: { standId: ids.stand, title: 'Nova', description: 'd' }, files: { file: file() } }
        : { url, fields: { title: 'Vídeo' } };
    case 'products':
      return creating ? { url, fields: { standId: ids.stand, title: 'Novo', description: 'd' } } : { url, fields: { title: 'Produto' } };
    case 'sponsors':
      return creating
        ? { url, fields: { eventId: ids.event, name: 'Novo', type: 'supporter' }, files: { image: file() } }
        : { url, fields: { name: 'Patrocinador' } };
    case 'clients':
      return creating
        ? { url, body: { name: 'Novo Cliente', email: `cliente${unique()}@exemplo.com.br` } }
        : { url, body: { name: 'Outro nome' } };
    default:
      throw new Error(`No request for ${method} ${path}: add one to the role matrix.`);
  }
};

const send = (method: string, call: Call, token: string | null) => {
  const agent = server.request();
  const req =
    method === 'GET'
      ? agent.get(call.url)
      : method === 'POST'
        ? agent.post(call.url)
        : method === 'PUT'
          ? agent.put(call.url)
          : agent.delete(call.url);
  if (token) req.set('Authorization', `Bearer ${token}`);
  if (call.fields) return multipart(req, call.fields, call.files);
  return call.body ? req.send(call.body) : req;
};

describe('role matrix of /api/cms/v1', () => {
  it('has a rule for every registered route, and a route for every rule', () => {
    const registered = server.strapi.server
      .api('content-api')
      .listRoutes()
      .flatMap((layer: { path: string; methods: string[] }) =>
        layer.path.startsWith('/api/cms/v1/')
          ? layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path.slice('/api/cms/v1'.length)}`)
          : [],
      );
    expect(new Set(registered)).toEqual(new Set(Object.keys(CMS_ACCESS)));
  });

  for (const [route, roles] of Object.entries(CMS_ACCESS)) {
    const [method, path] = route.split(' ');
    it(`${route} admits ${roles.join(', ')}`, async () => {
      for (const who of [null, 'client', 'attendant', 'admin'] as const) {
        const call = await callFor(method, path);
        const res = await send(method, call, who && tokens[who]);
        expect(res.status, `${route} as ${who}: ${JSON.stringify(res.body)}`).toBe(
          expected(who, roles, call.success ?? (method === 'POST' ? 201 : 200)),
        );
        if (call.download && res.status === 200) expect(res.headers['content-disposition']).toMatch(/^attachment;/);
        else expect(res.body).toHaveProperty('msg');
      }
    });
  }

  it('shows an attendant only the stands assigned to them', async () => {
    const list = await send('GET', { url: '/api/cms/v1/stands' }, tokens.attendant);
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Do atendente']);
    const other = await send('GET', { url: `/api/cms/v1/stands/${ids.otherStand}` }, tokens.attendant);
    expect(other.status).toBe(404);
    const all = await send('GET', { url: '/api/cms/v1/stands?limit=100' }, tokens.admin);
    expect(all.body.data.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Do atendente', 'De outro']));
  });
});

function expected(who: 'client' | 'attendant' | 'admin' | null, roles: readonly string[], success = 200): number {
  if (who === null || who === 'client') return 401;
  return roles.includes(who) ? success : 403;
}
