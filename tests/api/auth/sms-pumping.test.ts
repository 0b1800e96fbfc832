import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff, outbox, PASSWORD, type TestAccount } from '../helpers/accounts';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// SMS pumping (issue 47 item 4, decision 084): a phone outside SMS_COUNTRIES is refused where it
// is entered and never texted; one number gets SMS_MAX_PER_NUMBER_PER_HOUR messages an hour of
// every kind and account together; the product sends at most SMS_BUDGET_PER_HOUR and
// SMS_BUDGET_PER_DAY, counted in the database (every instance shares the count), with a
// warning at 80 % and 100 %, and 429 auth.error.smsBudget past it.
let server: TestServer;
let box: string;

const post = (url: string, body: object, token?: string) => {
  const req = server.request().post(url).send(body);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const login = (email: string) => post('/auth/login', { email, password: PASSWORD, type: 'user' });
const sentTo = (phone: string) => outbox(box).filter((message) => message.phone === phone).length;
const knex = () => server.strapi.db.connection;
const HOUR = 3600 * 1000;

/** A staff account with a given phone (several accounts may share one number). */
const staffWith = async (phone: string, ddi = '55'): Promise<TestAccount> => {
  const email = `pessoa${Math.random().toString(36).slice(2, 10)}@exemplo.com.br`;
  const row = (await server.strapi.db.query('api::staff-user.staff-user').create({
    data: { name: 'Pessoa', email, role: 'attendant', ddi, ddd: '11', phone, firstAccess: false, password: bcrypt.hashSync(PASSWORD, 4) },
  })) as { id: number };
  return { id: row.id, email, phone, e164: `+${ddi}11${phone}` };
};

/** Sets this hour's and this day's budget counts, as if other instances had sent that many. */
const spent = async (hour: number | null, day: number | null) => {
  // Not across an hour's turn: the counts set here would belong to the hour gone by.
  const left = HOUR - (Date.now() % HOUR);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const now = Date.now();
  const rows = [
    hour === null ? null : { key: `h:${Math.floor(now / HOUR)}`, count: hour, expires_at: (Math.floor(now / HOUR) + 1) * HOUR },
    day === null
      ? null
      : { key: `d:${Math.floor(now / (24 * HOUR))}`, count: day, expires_at: (Math.floor(now / (24 * HOUR)) + 1) * 24 * HOUR },
  ].filter((row) => row !== null);
  for (const row of rows) await knex()('sms_counters').insert(row).onConflict('key').merge(['count']);
};

const activity = async (action: string) =>
  (await server.strapi.db.query('api::log.log').findMany({ where: { action }, select: ['id', 'description'] })) as Array<{
    description: string;
  }>;

beforeAll(async () => {
  box = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'sms.jsonl');
  server = await startServer('auth-sms-pumping', {
    seed: false,
    env: {
      SMS_PROVIDER: 'outbox',
      SMS_OUTBOX: box,
      SMS_RESEND_SECONDS: '0',
      SMS_MAX_PER_HOUR: '100',
      SMS_MAX_PER_NUMBER_PER_HOUR: '3',
      SMS_COUNTRIES: '',
      SMS_BUDGET_PER_HOUR: '',
      SMS_BUDGET_PER_DAY: '',
      AUTH_RATE_LIMIT_ACCOUNT_PER_MINUTE: '200',
      AUTH_RATE_LIMIT_IP_PER_MINUTE: '1000',
      REGISTER_PER_HOUR_PER_IP: '100',
      AUTH_RECOVERY_ANSWER_MS: '0',
      BCRYPT_COST: '4',
    },
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('SMS_COUNTRIES (default 55: Brazil)', () => {
  const base = { name: 'Fulano Satélite', password: 'Fulano#2026x', passwordConfirm: 'Fulano#2026x' };

  it('refuses a registration with a satellite number (+881, +882) and texts nobody', async () => {
    for (const ddi of ['881', '882', '1']) {
      const email = `satelite${ddi}@exemplo.com.br`;
      const res = await post('/api/site/v1/clients', { ...base, email, ddi, phone: '612345678' });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toEqual({ data: null, msg: 'auth.error.smsCountry', status: 400 });
      expect(await server.strapi.db.query('api::client.client').count({ where: { email } })).toBe(0);
    }
    const brazilian = await post('/api/site/v1/clients', { ...base, email: 'brasil@exemplo.com.br', ddi: '55', phone: '(11) 9 8765-1111' });
    expect(brazilian.status, JSON.stringify(brazilian.body)).toBe(201);
    expect(outbox(box)).toEqual([]);
  });

  it('refuses a phone change to a satellite number before any code is sent', async () => {
    const client = await createClient(server.strapi, { phone: null });
    const token = await sessionToken(server, 'client', client.id);
    const res = await post('/api/site/v1/clients/me/phone', { password: PASSWORD, ddi: '881', phone: '612345678' }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toBe('auth.error.smsCountry');
    expect(outbox(box).filter((message) => message.phone.startsWith('+881'))).toEqual([]);
    // A Brazilian one is texted as before.
    const ok = await post('/api/site/v1/clients/me/phone', { password: PASSWORD, ddi: '55', phone: '21987651234' }, token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(sentTo('+5521987651234')).toBe(1);
  });

  it('refuses a staff user with a foreign phone in the back office', async () => {
    const admin = await createStaff(server.strapi, { role: 'admin' });
    const token = await sessionToken(server, 'staff', admin.id);
    const res = await post(
      '/api/cms/v1/users',
      { name: 'Pessoa Nova', email: 'nova.satelite@exemplo.com.br', ddi: '882', phone: '1612345678', role: 'attendant' },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toBe('auth.error.smsCountry');
  });

  it('never texts a foreign phone already stored: login refused with the key, recovery answers as usual', async () => {
    const stored = await staffWith('612349999', '881');
    const res = await login(stored.email);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toBe('auth.error.smsCountry');
    const recovery = await post('/auth/password/recovery', { email: stored.email, type: 'user' });
    expect(recovery.status).toBe(200);
    expect(outbox(box).filter((message) => message.phone.startsWith('+881'))).toEqual([]);
  });
});

describe('one cap per phone number, every kind and account together', () => {
  it('sends SMS_MAX_PER_NUMBER_PER_HOUR messages to a number in an hour, then 429 smsLimit', async () => {
    const shared = '987650777';
    const [first, second, third] = [await staffWith(shared), await staffWith(shared), await staffWith(shared)];
    // Before: each account and each kind (login, recovery) had its own cap; 4 messages left here.
    expect((await login(first.email)).status).toBe(200);
    expect((await post('/auth/password/recovery', { email: first.email, type: 'user' })).status).toBe(200);
    expect((await login(second.email)).status).toBe(200);
    const fourth = await login(third.email);
    expect(fourth.status, JSON.stringify(fourth.body)).toBe(429);
    expect(fourth.body.msg).toBe('auth.error.smsLimit');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // The recovery past the cap answers as usual and sends nothing.
    expect((await post('/auth/password/recovery', { email: third.email, type: 'user' })).status).toBe(200);
    expect(sentTo(first.e164)).toBe(3);
    // The counters keep no phone number.
    const keys = (await knex()('sms_counters').select('key')) as Array<{ key: string }>;
    expect(keys.some((row) => row.key.includes(shared))).toBe(false);
  });
});

describe('the SMS budget (SMS_BUDGET_PER_HOUR 1000, SMS_BUDGET_PER_DAY 10000)', () => {
  it('warns at 80 % and at 100 % of the hour, once each, then refuses with 429 smsBudget', async () => {
    await spent(798, 0);
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createStaff(server.strapi, { role: 'attendant' })));
    expect((await login(accounts[0].email)).status).toBe(200); // 799
    expect(await activity('sms.budget.warning')).toEqual([]);
    expect((await login(accounts[1].email)).status).toBe(200); // 800: 80 %
    const warning = await activity('sms.budget.warning');
    expect(warning).toHaveLength(1);
    expect(warning[0].description).toContain('800 de 1000');

    await spent(999, null);
    expect((await login(accounts[2].email)).status).toBe(200); // 1000: 100 %
    const exhausted = await activity('sms.budget.exhausted');
    expect(exhausted).toHaveLength(1);
    expect(exhausted[0].description).toContain('SMS_BUDGET_PER_HOUR');
    const before = outbox(box).length;
    const refused = await login(accounts[3].email);
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.msg).toBe('auth.error.smsBudget');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.body.data).toEqual({ retryIn: wait });
    // A recovery past the budget answers as usual, and sends nothing either.
    expect((await post('/auth/password/recovery', { email: accounts[4].email, type: 'user' })).status).toBe(200);
    expect(outbox(box).length).toBe(before);
    expect(await activity('sms.budget.exhausted')).toHaveLength(1);
  });

  it('counts in one statement: parallel sends past the last 3 of the budget send exactly 3', async () => {
    await spent(997, 0);
    const accounts = await Promise.all(Array.from({ length: 8 }, () => createStaff(server.strapi, { role: 'attendant' })));
    const before = outbox(box).length;
    const statuses = (await Promise.all(accounts.map((account) => login(account.email)))).map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(outbox(box).length).toBe(before + 3);
  });

  it("refuses past the day's budget too, naming it in the activity log", async () => {
    await spent(0, 9999);
    const [last, over] = [await createStaff(server.strapi, { role: 'attendant' }), await createStaff(server.strapi, { role: 'attendant' })];
    expect((await login(last.email)).status).toBe(200);
    expect((await activity('sms.budget.exhausted')).some((row) => row.description.includes('SMS_BUDGET_PER_DAY'))).toBe(true);
    const refused = await login(over.email);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('auth.error.smsBudget');
  });
});
