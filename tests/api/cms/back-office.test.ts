import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, outbox, type TestAccount } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Users, categories and the activity log as an admin uses them: paging, sorting and
// searching in SQL, validation, the rules on deleting, and every change logged.
let server: TestServer;
let box: string;
let admin: TestAccount;
let token: string;

const api = (method: 'get' | 'post' | 'put' | 'delete', url: string, body?: object) => {
  const req = server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${token}`);
  return body ? req.send(body) : req;
};

beforeAll(async () => {
  box = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'sms.jsonl');
  server = await startServer('back-office', { seed: false, env: { SMS_PROVIDER: 'outbox', SMS_OUTBOX: box } });
  admin = await createStaff(server.strapi, { role: 'admin', email: 'chefe@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  for (const name of ['Cardiologia', 'Pediatria', 'Neurologia', 'Oncologia', 'Cardio Pediátrica']) {
    await server.strapi.db.query('api::category.category').create({ data: { name } });
  }
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(path.dirname(box), { recursive: true, force: true });
});

describe('categories', () => {
  it('pages, sorts and searches', async () => {
    const page = await api('get', '/categories?limit=2&offset=2&order=name:asc');
    expect(page.body.data.count).toBe(5);
    expect(page.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Neurologia', 'Oncologia']);
    const search = await api('get', '/categories?search=cardio&order=name:desc');
    expect(search.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Cardiologia', 'Cardio Pediátrica']);
  });

  it('creates, edits and deletes with validation, logging each change', async () => {
    const blank = await api('post', '/categories', { name: '   ' });
    expect(blank.body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    const created = await api('post', '/categories', { name: ' Dermatologia ', description: 'Pele' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ msg: 'api.created', data: { name: 'Dermatologia', description: 'Pele' } });
    const id = created.body.data.id;
    const edited = await api('put', `/categories/${id}`, { description: null });
    expect(edited.body.data).toEqual({ id, name: 'Dermatologia', description: null });
    const removed = await api('delete', `/categories?ids=${id}`);
    expect(removed.body).toMatchObject({ msg: 'api.deleted', data: { ids: [id], count: 1 } });
    expect(await server.strapi.db.query('api::category.category').count({ where: { id } })).toBe(0);
    const missing = await api('delete', `/categories?ids=${id}`);
    expect(missing.status).toBe(404);
    const logs = (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: 'categories.' } }, orderBy: { id: 'asc' } })) as Array<{
      description: string;
      email: string;
      username: string;
    }>;
    expect(logs.map((l) => l.description)).toEqual([
      `Criou categoria nº ${id}.`,
      `Alterou categoria nº ${id}.`,
      `Excluiu categoria nº ${id}.`,
    ]);
    expect(logs[0]).toMatchObject({ email: 'chefe@exemplo.com.br', username: 'Pessoa admin' });
  });
});

describe('users', () => {
  it('creates a user on first access and sends the temporary password by SMS only', async () => {
    const res = await api('post', '/users', {
      name: 'Bruno Lima',
      email: 'Bruno.Lima@exemplo.com.br',
      ddi: '55',
      phone: '(21) 9 8877-6655',
      role: 'attendant',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Bruno Lima',
      email: 'bruno.lima@exemplo.com.br',
      ddi: '55',
      ddd: '21',
      phone: '988776655',
      role: 'attendant',
      roleLabel: 'Atendente',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|senha/i);
    const row = await server.strapi.db.query('api::staff-user.staff-user').findOne({ where: { id: res.body.data.id } });
    expect(row.firstAccess).toBe(true);
    const sms = outbox(box).pop();
    expect(sms?.phone).toBe('+5521988776655');
    expect(sms?.text).toMatch(/senha provisória é \S{12}\./);
    const duplicate = await api('post', '/users', {
      name: 'Outro',
      email: 'bruno.lima@exemplo.com.br',
      ddi: '55',
      phone: '(21) 9 8877-6655',
      role: 'admin',
    });
    expect(duplicate.body).toEqual({ data: null, msg: 'auth.error.emailTaken', status: 400 });
    const badPhone = await api('post', '/users', {
      name: 'Outro',
      email: 'outro@exemplo.com.br',
      ddi: '55',
      phone: '(00) 1234-5678',
      role: 'admin',
    });
    expect(badPhone.body.msg).toBe('clients.error.invalidPhone');
    const noRole = await api('post', '/users', { name: 'Outro', email: 'outro@exemplo.com.br', ddi: '55', phone: '(21) 9 8877-6655' });
    expect(noRole.body.msg).toBe('api.error.invalidBody');
  });

  it('lists with search and order, never with password hashes', async () => {
    const res = await api('get', '/users?search=bruno&order=createdAt:desc');
    expect(res.body.data.count).toBe(1);
    expect(res.body.data.rows[0]).not.toHaveProperty('password');
    const bad = await api('get', '/users?order=password:asc');
    expect(bad.body.msg).toBe('api.error.invalidOrder');
  });

  it('refuses to delete oneself or the last admin', async () => {
    const self = await api('delete', `/users?ids=${admin.id}`);
    expect(self.body).toEqual({ data: null, msg: 'users.error.cannotDeleteSelf', status: 400 });
    const demote = await api('put', `/users/${admin.id}`, { role: 'attendant' });
    expect(demote.body.msg).toBe('users.error.lastAdmin');
    const other = await createStaff(server.strapi, { role: 'admin' });
    const removed = await api('delete', `/users?ids=${other.id}`);
    expect(removed.status).toBe(200);
    expect(await server.strapi.db.query('api::staff-user.staff-user').count({ where: { role: 'admin' } })).toBe(1);
  });
});

describe('activity log', () => {
  it('is read-only, newest first, with every field in the detail', async () => {
    const list = await api('get', '/logs?limit=5');
    expect(list.status).toBe(200);
    const ids = list.body.data.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const detail = await api('get', `/logs/${ids[0]}`);
    expect(Object.keys(detail.body.data).sort()).toEqual([
      'action',
      'createdAt',
      'description',
      'email',
      'id',
      'ip',
      'updatedAt',
      'username',
    ]);
    expect((await api('post', '/logs', { description: 'x' })).status).toBe(404);
    expect((await api('delete', `/logs?ids=${ids[0]}`)).status).toBe(404);
    const search = await api('get', '/logs?search=chefe@exemplo');
    expect(search.body.data.count).toBeGreaterThan(0);
  });
});
