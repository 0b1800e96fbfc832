import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/contacts: the back office's 'Contatos' (admin, read only). Contacts arrive through
// the site's routes (the general form, a client's request to a stand) and are listed newest
// first, searched by name, e-mail and message, filtered by subject and by stand, paged.
const UID = 'api::contact.contact';
let server: TestServer;
let tokens: { admin: string; attendant: string };
let vitalis: number;
let solaris: number;
let empty: number;

const api = (url: string, who: keyof typeof tokens | null = 'admin') => {
  const req = server.request().get(`/api/cms/v1${url}`);
  return who ? req.set('Authorization', `Bearer ${tokens[who]}`) : req;
};

interface Row {
  id: number;
  subject: string;
  name: string | null;
  message: string;
  stand: { id: number; name: string } | null;
}
const messages = (rows: Row[]) => rows.map((row) => row.message);

beforeAll(async () => {
  server = await startServer('cms-contacts', { seed: false });
  const db = server.strapi.db;
  const admin = await createStaff(server.strapi, { role: 'admin' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000', published: true },
  });
  vitalis = (await db.query('api::stand.stand').create({ data: { name: 'Vitalis', type: 'master', event: event.id } })).id;
  solaris = (await db.query('api::stand.stand').create({ data: { name: 'Solaris', type: 'bronze', event: event.id } })).id;
  empty = (await db.query('api::stand.stand').create({ data: { name: 'Sem contatos', type: 'bronze', event: event.id } })).id;
  await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: vitalis, user: attendant.id } });
  tokens = { admin: await sessionToken(server, 'staff', admin.id), attendant: await sessionToken(server, 'staff', attendant.id) };

  const site = (url: string, body: object, token?: string) => {
    const req = server.request().post(`/api/site/v1${url}`);
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body);
  };
  const sent = [
    await site('/contacts', {
      subject: 'doubts',
      name: 'Paula Dúvida',
      email: 'paula@exemplo.com.br',
      phone: '11987654321',
      message: 'Haverá certificado?',
    }),
    await site('/contacts', { subject: 'partner', name: 'Rui Parceiro', email: 'rui@empresa.com.br', message: 'Queremos patrocinar.' }),
  ];
  // A full sign-in (verified) writes to Vitalis; a soft session (an e-mail only) to Vitalis and Solaris.
  const client = await createClient(server.strapi, { email: 'marta@exemplo.com.br' });
  const full = await sessionToken(server, 'client', client.id);
  sent.push(await site('/contacts/stand', { standId: vitalis, message: 'Quero uma demonstração.' }, full));
  const soft = await server.request().post('/auth/soft/login').send({ email: 'marta@exemplo.com.br' });
  expect(soft.status).toBe(200);
  sent.push(await site('/contacts/stand', { standId: vitalis, message: 'Qual o preço do kit?' }, soft.body.data.token));
  sent.push(await site('/contacts/stand', { standId: solaris, message: 'Vocês atendem no Norte?' }, soft.body.data.token));
  expect(sent.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
  // An older contact, written last: the list orders by date, not by id.
  await db.query(UID).create({
    data: {
      subject: 'others',
      name: 'Antiga Remetente',
      email: 'antiga@exemplo.com.br',
      message: 'Mensagem de 2024',
      createdAt: new Date('2024-01-05T12:00:00Z'),
    },
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/cms/v1/contacts', () => {
  it('lists every contact newest first, with its subject, sender and stand', async () => {
    const res = await api('/contacts');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('api.ok');
    expect(res.body.data.count).toBe(6);
    expect(messages(res.body.data.rows)).toEqual([
      'Vocês atendem no Norte?',
      'Qual o preço do kit?',
      'Quero uma demonstração.',
      'Queremos patrocinar.',
      'Haverá certificado?',
      'Mensagem de 2024',
    ]);
    const [solarisRow, softRow, fullRow, , doubts, old] = res.body.data.rows;
    expect(Object.keys(doubts).sort()).toEqual(['createdAt', 'email', 'id', 'message', 'name', 'phone', 'stand', 'subject', 'verified']);
    expect(doubts).toMatchObject({
      subject: 'doubts',
      name: 'Paula Dúvida',
      email: 'paula@exemplo.com.br',
      phone: '11987654321',
      message: 'Haverá certificado?',
      verified: false,
      stand: null,
    });
    expect(doubts.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(old).toMatchObject({ subject: 'others', phone: null, createdAt: '2024-01-05T12:00:00.000Z', stand: null });
    // Name and e-mail of a stand request come from the client's account; a soft session leaves them unverified.
    expect(fullRow).toMatchObject({
      subject: 'stand',
      name: 'Cliente Teste',
      email: 'marta@exemplo.com.br',
      verified: true,
      stand: { id: vitalis, name: 'Vitalis' },
    });
    expect(softRow).toMatchObject({ verified: false, stand: { id: vitalis, name: 'Vitalis' } });
    expect(solarisRow.stand).toEqual({ id: solaris, name: 'Solaris' });
    expect(fullRow.phone).toMatch(/^21\d{9}$/);

    const one = await api(`/contacts/${doubts.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(doubts);
    expect((await api('/contacts/999999')).body).toEqual({ data: null, msg: 'api.error.notFound', status: 404 });
  });

  it('filters by subject and by stand, and both together', async () => {
    const stand = await api('/contacts?subject=stand');
    expect(stand.body.data.count).toBe(3);
    expect(stand.body.data.rows.every((row: Row) => row.subject === 'stand')).toBe(true);
    const partner = await api('/contacts?subject=partner');
    expect(messages(partner.body.data.rows)).toEqual(['Queremos patrocinar.']);

    const ofVitalis = await api(`/contacts?standId=${vitalis}`);
    expect(ofVitalis.body.data.count).toBe(2);
    expect(messages(ofVitalis.body.data.rows)).toEqual(['Qual o preço do kit?', 'Quero uma demonstração.']);
    const ofSolaris = await api(`/contacts?standId=${solaris}&subject=stand`);
    expect(messages(ofSolaris.body.data.rows)).toEqual(['Vocês atendem no Norte?']);
    const none = await api(`/contacts?standId=${vitalis}&subject=doubts`);
    expect(none.body.data).toEqual({ rows: [], count: 0 });
    expect((await api(`/contacts?standId=${empty}`)).body.data).toEqual({ rows: [], count: 0 });

    expect((await api('/contacts?subject=spam')).body).toEqual({ data: null, msg: 'api.error.invalidFilter', status: 400 });
    expect((await api('/contacts?standId=abc')).body).toEqual({ data: null, msg: 'api.error.invalidFilter', status: 400 });
    expect((await api('/contacts?standId=999999')).body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
  });

  it('searches name, e-mail and message without regard to case, and pages', async () => {
    expect(messages((await api('/contacts?search=PAULA')).body.data.rows)).toEqual(['Haverá certificado?']);
    expect(messages((await api('/contacts?search=empresa.com')).body.data.rows)).toEqual(['Queremos patrocinar.']);
    expect(messages((await api('/contacts?search=demonstra')).body.data.rows)).toEqual(['Quero uma demonstração.']);
    const inStand = await api(`/contacts?search=kit&standId=${vitalis}`);
    expect(messages(inStand.body.data.rows)).toEqual(['Qual o preço do kit?']);
    expect((await api('/contacts?search=ninguém')).body.data).toEqual({ rows: [], count: 0 });

    const page = await api('/contacts?limit=2&offset=2');
    expect(page.body.data.count).toBe(6);
    expect(messages(page.body.data.rows)).toEqual(['Quero uma demonstração.', 'Queremos patrocinar.']);
    const last = await api('/contacts?limit=4&offset=4');
    expect(messages(last.body.data.rows)).toEqual(['Haverá certificado?', 'Mensagem de 2024']);
    const oldest = await api('/contacts?order=createdAt:asc&limit=1');
    expect(messages(oldest.body.data.rows)).toEqual(['Mensagem de 2024']);
    const byName = await api('/contacts?order=name:asc&subject=others');
    expect(messages(byName.body.data.rows)).toEqual(['Mensagem de 2024']);
    expect((await api('/contacts?order=message:asc')).status).toBe(400);
  });

  it('is for admins only, and read only', async () => {
    const attendant = await api('/contacts', 'attendant');
    expect(attendant.status).toBe(403);
    expect(attendant.body).toMatchObject({ data: null, status: 403 });
    expect((await api(`/contacts?standId=${vitalis}`, 'attendant')).status).toBe(403);
    const guest = await api('/contacts', null);
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ data: null, status: 401 });
    const first = (await api('/contacts?limit=1')).body.data.rows[0] as Row;
    expect((await api(`/contacts/${first.id}`, 'attendant')).status).toBe(403);
    expect((await api(`/contacts/${first.id}`, null)).status).toBe(401);

    const admin = (method: 'post' | 'put' | 'delete', url: string) =>
      server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens.admin}`).send({ message: 'x' });
    expect((await admin('post', '/contacts')).status).toBe(404);
    expect((await admin('put', `/contacts/${first.id}`)).status).toBe(404);
    expect((await admin('delete', `/contacts?ids=${first.id}`)).status).toBe(404);
    expect(await server.strapi.db.query(UID).count({ where: { id: first.id } })).toBe(1);
  });
});
