import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_ACCESS } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Every /api/cms/v1 route × no token, client token, attendant, admin: 401, 401 (a client
// token is foreign to the back office), 403 or success as CMS_ACCESS says.
let server: TestServer;
let tokens: Record<'client' | 'attendant' | 'admin', string>;
let ids: { user: number; category: number; log: number; stand: number; otherStand: number };

beforeAll(async () => {
  server = await startServer('role-matrix', { seed: false, env: { SMS_PROVIDER: 'log' } });
  const db = server.strapi.db;
  const admin = await createStaff(server.strapi, { role: 'admin' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  const client = await createClient(server.strapi);
  const spare = await createStaff(server.strapi, { role: 'attendant' });
  const event = await db
    .query('api::event.event')
    .create({ data: { name: 'E', description: 'd', startDate: '2020-11-12', startTime: '08:00:00.000', published: true } });
  const stand = await db.query('api::stand.stand').create({ data: { name: 'Do atendente', type: 'master', event: event.id } });
  const otherStand = await db.query('api::stand.stand').create({ data: { name: 'De outro', type: 'bronze', event: event.id } });
  await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: stand.id, user: attendant.id } });
  const category = await db.query('api::category.category').create({ data: { name: 'Categoria' } });
  const log = await db.query('api::log.log').create({ data: { description: 'Registro', action: 'test' } });
  ids = { user: spare.id, category: category.id, log: log.id, stand: stand.id, otherStand: otherStand.id };
  tokens = {
    admin: await sessionToken(server, 'staff', admin.id),
    attendant: await sessionToken(server, 'staff', attendant.id),
    client: await sessionToken(server, 'client', client.id),
  };
});

afterAll(async () => {
  await server?.stop();
});

/** A request that succeeds for an admitted role (valid ids and bodies). */
const requestFor = (method: string, path: string) => {
  const resource = path.split('/')[1];
  const id = { users: ids.user, categories: ids.category, logs: ids.log, stands: ids.stand }[resource] ?? 1;
  const url = `/api/cms/v1${path.replace(':id', String(id))}`;
  let body: object | undefined;
  if (resource === 'users')
    body = {
      name: 'Nova Pessoa',
      email: `nova${Math.random().toString(36).slice(2)}@exemplo.com.br`,
      ddi: '55',
      phone: '(11) 9 8765-4321',
      role: 'attendant',
    };
  if (resource === 'categories') body = { name: 'Outra categoria' };
  if (method === 'PUT' && resource === 'users') body = { name: 'Nome novo' };
  return { url, body };
};

const send = (method: string, url: string, token: string | null, body?: object) => {
  const agent = server.request();
  const req =
    method === 'GET' ? agent.get(url) : method === 'POST' ? agent.post(url) : method === 'PUT' ? agent.put(url) : agent.delete(url);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return body ? req.send(body) : req;
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
        // DELETE needs a fresh row each time: the first success removes it.
        if (method === 'DELETE') {
          const uid = path === '/users' ? 'api::staff-user.staff-user' : 'api::category.category';
          const row = await server.strapi.db.query(uid).create({
            data: uid.includes('staff') ? { name: 'x', email: `x${Math.random()}@exemplo.com.br`, role: 'attendant' } : { name: 'x' },
          });
          const res = await send('DELETE', `/api/cms/v1${path}?ids=${row.id}`, who && tokens[who]);
          expect(res.status, `${route} as ${who}`).toBe(expected(who, roles));
          continue;
        }
        const { url, body } = requestFor(method, path);
        const res = await send(method, url, who && tokens[who], body);
        expect(res.status, `${route} as ${who}: ${JSON.stringify(res.body)}`).toBe(expected(who, roles, method === 'POST' ? 201 : 200));
        expect(res.body).toHaveProperty('msg');
      }
    });
  }

  it('shows an attendant only the stands assigned to them', async () => {
    const list = await send('GET', '/api/cms/v1/stands', tokens.attendant);
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Do atendente']);
    const other = await send('GET', `/api/cms/v1/stands/${ids.otherStand}`, tokens.attendant);
    expect(other.status).toBe(404);
    const all = await send('GET', '/api/cms/v1/stands', tokens.admin);
    expect(all.body.data.count).toBe(2);
  });
});

function expected(who: 'client' | 'attendant' | 'admin' | null, roles: readonly string[], success = 200): number {
  if (who === null || who === 'client') return 401;
  return roles.includes(who) ? success : 403;
}
