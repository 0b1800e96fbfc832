import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfileWireSchema } from '@plataforma/adapter';
import { createClient, createStaff } from '../helpers/accounts';
import { cmsApi, insert, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// The back office's clients: CRUD for admins, the Brazilian rules (CPF, CEP, phone, state and a
// city of that state), e-mail unique whatever its case (409), deleting ends the client's
// sessions and keeps what they left, and the export of the searched list as CSV and XLSX.
let server: TestServer;
let token: string;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const CLIENT = 'api::client.client';

/**
 * The part of exceljs the test reads a workbook with. Loaded untyped: exceljs's own typings
 * declare a global `Buffer` that breaks every other Buffer of the tests' program.
 */
interface Workbook {
  xlsx: { load(data: Buffer): Promise<unknown> };
  getWorksheet(name: string): { rowCount: number; getRow(n: number): { values: unknown } } | undefined;
}
const ExcelJS = createRequire(__filename)('exceljs') as { Workbook: new () => Workbook };
const SESSION = 'api::session.session';

const ana = {
  name: 'Ana Souza',
  email: 'ana.souza@exemplo.com.br',
  cpf: '529.982.247-25',
  postalCode: '01310-100',
  address: 'Av. Paulista, 1000',
  state: 'SP',
  city: 'Campinas',
  ddi: '55',
  phone: '(11) 9 8765-4321',
};

beforeAll(async () => {
  server = await startServer('cms-clients', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'clientes@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
});

afterAll(async () => {
  await server?.stop();
});

const stored = async (id: number) =>
  (await server.strapi.db.query(CLIENT).findOne({ where: { id } })) as Record<string, unknown> & { password: string | null };

describe('clients CRUD', () => {
  let anaId: number;

  it('adds a client without a password, who then enters with the soft login', async () => {
    const res = await api('post', '/clients', ana);
    expect(res.status).toBe(201);
    expect(res.body.msg).toBe('api.created');
    anaId = res.body.data.id;
    expect(clientProfileWireSchema.parse(res.body.data)).toEqual({
      id: anaId,
      name: 'Ana Souza',
      email: 'ana.souza@exemplo.com.br',
      cpf: '52998224725',
      postalCode: '01310100',
      address: 'Av. Paulista, 1000',
      state: 'SP',
      city: 'Campinas',
      ddi: '55',
      ddd: '11',
      phone: '987654321',
      dddPhone: '11987654321',
      dddFullPhone: '5511987654321',
      language: 'pt',
      facebook: null,
      twitter: null,
      linkedIn: null,
      createdAt: res.body.data.createdAt,
    });
    const row = await stored(anaId);
    expect(row).toMatchObject({
      email: 'ana.souza@exemplo.com.br',
      ddd: '11',
      phone: '987654321',
      listedInNetwork: false,
      networkShowEmail: false,
    });
    expect(row.password).toBeNull();
    const soft = await server.request().post('/auth/soft/login').send({ email: 'ANA.SOUZA@exemplo.com.br' });
    expect(soft.status).toBe(200);
    expect(soft.body.data.account).toMatchObject({ id: anaId, soft: true });
    expect(await logLines(server, 'clients.')).toEqual([`Criou cliente nº ${anaId}.`]);
  });

  it('reads, lists, searches by name or e-mail and sorts', async () => {
    expect((await api('get', `/clients/${anaId}`)).body.data).toMatchObject({ id: anaId, name: 'Ana Souza' });
    expect((await api('get', '/clients/99999')).body).toEqual({ data: null, msg: 'api.error.notFound', status: 404 });
    await api('post', '/clients', { name: 'Bruno Lima', email: 'bruno@outro.com', state: 'RJ', city: 'Niterói' });
    await api('post', '/clients', { name: 'Carla Dias', email: 'carla@exemplo.com.br' });
    const all = await api('get', '/clients?order=name:desc');
    expect(all.body.data.count).toBe(3);
    expect(all.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Carla Dias', 'Bruno Lima', 'Ana Souza']);
    const byName = await api('get', '/clients?search=bruno');
    expect(byName.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Bruno Lima']);
    const byEmail = await api('get', '/clients?search=EXEMPLO.com');
    expect(byEmail.body.data.count).toBe(2);
    const byCity = await api('get', '/clients?order=city:asc&limit=1&offset=0');
    expect(byCity.body.data.rows).toHaveLength(1);
    expect((await api('get', '/clients?order=cpf:asc')).body.msg).toBe('api.error.invalidOrder');
  });

  it('updates a client; the phone set by staff needs no SMS code', async () => {
    const res = await api('put', `/clients/${anaId}`, {
      name: 'Ana S. Souza',
      phone: '(21) 9 1234-5678',
      state: 'RJ',
      city: 'Rio de Janeiro',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Ana S. Souza', ddd: '21', phone: '912345678', state: 'RJ', city: 'Rio de Janeiro' });
    expect(await stored(anaId)).toMatchObject({ ddd: '21', phone: '912345678', state: 'RJ', city: 'Rio de Janeiro' });
    const cleared = await api('put', `/clients/${anaId}`, { cpf: '', postalCode: '', state: '', city: '' });
    expect(cleared.body.data).toMatchObject({ cpf: null, postalCode: null, state: null, city: null });
    expect(await logLines(server, 'clients.update')).toEqual([`Alterou cliente nº ${anaId}.`, `Alterou cliente nº ${anaId}.`]);
  });

  it('refuses a bad CPF, CEP, phone, state, or a city of another state, with a key and nothing written', async () => {
    const before = await server.strapi.db.query(CLIENT).count({});
    const cases: Array<[Record<string, string>, string]> = [
      [{ cpf: '123.456.789-00' }, 'clients.error.invalidCpf'],
      [{ postalCode: '1234-567' }, 'clients.error.invalidCep'],
      [{ phone: '(11) 1234' }, 'clients.error.invalidPhone'],
      [{ state: 'XX', city: '' }, 'clients.error.invalidState'],
      [{ state: 'SP', city: 'Niterói' }, 'clients.error.invalidCity'],
      [{ state: '', city: 'Campinas' }, 'clients.error.invalidCity'],
      [{ email: 'sem-arroba' }, 'api.error.invalidBody'],
      [{ name: '' }, 'api.error.invalidBody'],
    ];
    for (const [change, msg] of cases) {
      const res = await api('post', '/clients', { ...ana, email: `novo${msg.length}@exemplo.com.br`, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.msg, JSON.stringify(change)).toBe(msg);
    }
    expect(await server.strapi.db.query(CLIENT).count({})).toBe(before);
    // An update that names only a city checks it against the stored state.
    const bruno = (await api('get', '/clients?search=bruno')).body.data.rows[0] as { id: number };
    expect((await api('put', `/clients/${bruno.id}`, { city: 'Campinas' })).body.msg).toBe('clients.error.invalidCity');
    expect((await api('put', `/clients/${bruno.id}`, { city: 'Petrópolis' })).body.data.city).toBe('Petrópolis');
  });

  it('answers 409 for an e-mail another client holds, whatever its case', async () => {
    const before = await server.strapi.db.query(CLIENT).count({});
    const dup = await api('post', '/clients', { name: 'Outra', email: 'BRUNO@Outro.com' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ data: null, msg: 'clients.error.emailTaken', status: 409 });
    // A row written with capitals (e.g. before e-mails were lower-cased) still counts.
    await insert(server.strapi, CLIENT, { name: 'Maiúsculas', email: 'Maiusculas@Exemplo.com.br' });
    expect((await api('post', '/clients', { name: 'x', email: 'maiusculas@exemplo.com.br' })).status).toBe(409);
    const carla = (await api('get', '/clients?search=carla')).body.data.rows[0] as { id: number; email: string };
    const taken = await api('put', `/clients/${carla.id}`, { email: 'Bruno@outro.com' });
    expect(taken.body.msg).toBe('clients.error.emailTaken');
    expect((await stored(carla.id)).email).toBe('carla@exemplo.com.br');
    // Its own e-mail, in another case, is no conflict.
    expect((await api('put', `/clients/${carla.id}`, { email: 'CARLA@exemplo.com.br' })).status).toBe(200);
    expect(await server.strapi.db.query(CLIENT).count({})).toBe(before + 1);
  });
});

describe('deleting clients', () => {
  it('ends their sessions and SMS codes in one go and keeps their contacts without the link', async () => {
    const one = await createClient(server.strapi);
    const two = await createClient(server.strapi);
    const keep = await createClient(server.strapi);
    const tokens = [await sessionToken(server, 'client', one.id), await sessionToken(server, 'client', two.id)];
    const kept = await sessionToken(server, 'client', keep.id);
    for (const t of [...tokens, kept]) {
      expect((await server.request().get('/api/site/v1/clients/me').set('Authorization', `Bearer ${t}`)).status).toBe(200);
    }
    await insert(server.strapi, 'api::sms-challenge.sms-challenge', {
      audience: 'client',
      purpose: 'login',
      client: one.id,
      attemptId: 'tentativa-1',
      codeHash: 'x',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const contact = await insert(server.strapi, 'api::contact.contact', {
      subject: 'doubts',
      message: 'Quero saber mais.',
      name: 'Cliente',
      email: one.email,
      client: one.id,
    });
    const res = await api('delete', `/clients?ids=${one.id},${two.id},99999`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ids: [one.id, two.id], count: 2 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(CLIENT).count({ where: { id: { $in: [one.id, two.id] } } })).toBe(0);
    expect(await server.strapi.db.query(SESSION).count({ where: { client: { id: { $in: [one.id, two.id] } } } })).toBe(0);
    expect(await server.strapi.db.query(SESSION).count({ where: { audience: 'client', client: { id: keep.id } } })).toBe(1);
    expect(await server.strapi.db.query('api::sms-challenge.sms-challenge').count({ where: { attemptId: 'tentativa-1' } })).toBe(0);
    for (const t of tokens) {
      expect((await server.request().get('/api/site/v1/clients/me').set('Authorization', `Bearer ${t}`)).status).toBe(401);
    }
    expect((await server.request().get('/api/site/v1/clients/me').set('Authorization', `Bearer ${kept}`)).status).toBe(200);
    const left = (await server.strapi.db.query('api::contact.contact').findOne({ where: { id: contact }, populate: ['client'] })) as {
      message: string;
      client: unknown;
    };
    expect(left).toMatchObject({ message: 'Quero saber mais.', client: null });
    expect(await logLines(server, 'clients.delete')).toEqual([`Excluiu clientes nº ${one.id}, ${two.id}.`]);
    expect((await api('delete', '/clients?ids=99999')).status).toBe(404);
  });
});

describe('export', () => {
  beforeAll(async () => {
    await api('post', '/clients', {
      name: '=HYPERLINK("http://mal.example")',
      email: 'formula@planilha.com',
      address: '+55 rua; "A"',
      city: '',
    });
    await api('post', '/clients', { name: '@SUM(1)', email: 'arroba@planilha.com', address: '-1' });
  });

  const download = (url: string) =>
    api('get', url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('writes the searched clients, every page, as a CSV Brazilian Excel opens, formulas neutralised', async () => {
    const res = await download('/clients/export?format=csv&search=planilha&order=email:asc');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('#;Nome;Email;CPF;Código do país;Telefone;Endereço;CEP;Cidade;Estado;Criado em');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toMatch(/^\d+;'@SUM\(1\);arroba@planilha\.com;;;;'-1;;;;\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(lines[2]).toMatch(/^\d+;"'=HYPERLINK\(""http:\/\/mal\.example""\)";formula@planilha\.com;;;;"'\+55 rua; ""A""";;;;/);
  });

  it('exports every client, past a page and past a batch of the server, with the phone and CEP masked', async () => {
    const many = Array.from({ length: 1005 }, (_, i) => ({ name: `Em massa ${i}`, email: `massa${i}@lote.com.br` }));
    await server.strapi.db.query(CLIENT).createMany({ data: many });
    const res = await download('/clients/export?format=csv');
    const lines = (res.body as Buffer).toString('utf8').split('\r\n').filter(Boolean);
    const count = await server.strapi.db.query(CLIENT).count({});
    expect(count).toBeGreaterThan(1005);
    expect(lines).toHaveLength(count + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(';')[0])).size).toBe(count);
    const bruno = lines.find((line) => line.includes('Bruno Lima'));
    expect(bruno).toContain(';RJ;');
    const ana = lines.find((line) => line.includes('Ana S. Souza'));
    expect(ana).toContain(';55;(21) 9 1234-5678;');
  });

  it('writes an XLSX that reads back', async () => {
    const res = await download('/clients/export?format=xlsx&search=planilha&order=email:asc');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Buffer);
    const sheet = book.getWorksheet('Clientes');
    expect(sheet?.rowCount).toBe(3);
    const values = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      '#',
      'Nome',
      'Email',
      'CPF',
      'Código do país',
      'Telefone',
      'Endereço',
      'CEP',
      'Cidade',
      'Estado',
      'Criado em',
    ]);
    expect(values(2).slice(0, 3)).toEqual([expect.any(Number), "'@SUM(1)", 'arroba@planilha.com']);
    expect(values(3)[1]).toBe('\'=HYPERLINK("http://mal.example")');
    expect(values(3)[6]).toBe('\'+55 rua; "A"');
  });

  it('refuses an unknown format or order', async () => {
    expect((await api('get', '/clients/export?format=pdf')).body.msg).toBe('api.error.invalidQuery');
    expect((await api('get', '/clients/export?format=csv&order=password:asc')).body.msg).toBe('api.error.invalidOrder');
  });
});
