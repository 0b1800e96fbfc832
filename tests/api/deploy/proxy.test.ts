// The production recipe's reverse proxy (config/nginx/plataforma.conf), run as it is by Debian's
// nginx in front of two instances of the product on one database and the machine's Redis: HTTP
// goes to HTTPS, a staff member signs in through it (password, then the SMS code), a list comes
// back compressed, the product knows the visit came over HTTPS (X-Forwarded-* trusted from the
// proxy), a rate limit holds for the two instances together, and a visitor on the proxy's
// WebSocket converses with an attendant on the other instance.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatOpenAck, ChatSendAck } from '@plataforma/adapter';
import { lastCode } from '../helpers/accounts';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { connect, emit, freePort, next, startInstance, stopInstance, type Accounts, type Instance } from '../helpers/instances';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
const RECIPE = path.resolve(__dirname, '../../../config/nginx/plataforma.conf');
const STAFF_PHONE = '+5511987654321';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json: () => { data: unknown; msg: string; status: number };
}

/** The recipe with this run's addresses: only the lines marked "test:" change. */
const render = (recipe: string, at: { instances: [number, number]; http: number; https: number; cert: string; key: string }) =>
  recipe
    .split('\n')
    .map((line) => {
      if (!line.includes('# test:')) return line;
      if (line.includes('test: instance 1')) return line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${at.instances[0]}`);
      if (line.includes('test: instance 2')) return line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${at.instances[1]}`);
      if (line.includes('test: http port')) return line.replace(/listen \d+/, `listen 127.0.0.1:${at.http}`);
      if (line.includes('test: https port')) return line.replace(/listen \d+/, `listen 127.0.0.1:${at.https}`);
      if (line.includes('test: certificate')) return line.replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${at.cert};`);
      if (line.includes('test: key')) return line.replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${at.key};`);
      throw new Error(`unknown test marker: ${line}`);
    })
    .join('\n');

describe.skipIf(!NGINX)("two instances behind the recipe's nginx (issue 16)", () => {
  let dir: string;
  let database: TestDatabase;
  let first: Instance | null = null;
  let second: Instance | null = null;
  let nginx: ChildProcess | null = null;
  let accounts: Accounts;
  let ca: string;
  let httpPort: number;
  let httpsPort: number;
  let outboxFile: string;
  const sockets: Socket[] = [];

  const request = (method: string, url: string, options: { body?: object; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = options.body ? JSON.stringify(options.body) : undefined;
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path: url,
          method,
          ca,
          headers: {
            host: 'eventos.exemplo.com.br',
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
            ...options.headers,
          },
          servername: 'localhost',
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            const text = () => (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(text()) });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-proxy-'));
    fs.chmodSync(dir, 0o755);
    database = await createTestDatabase('proxy');
    outboxFile = path.join(dir, 'sms.jsonl');
    const env = { SMS_PROVIDER: 'outbox', SMS_OUTBOX: outboxFile, SMS_RESEND_SECONDS: '0', TRUST_PROXY: '127.0.0.1' };
    const setupFile = path.join(dir, 'accounts.json');
    first = await startInstance(dir, database, await freePort(), { setupFile, env });
    accounts = JSON.parse(fs.readFileSync(setupFile, 'utf8')) as Accounts;
    second = await startInstance(dir, database, await freePort(), { env });

    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' }); // prettier-ignore
    ca = fs.readFileSync(cert, 'utf8');
    httpPort = await freePort();
    httpsPort = await freePort();
    fs.writeFileSync(
      path.join(dir, 'plataforma.conf'),
      render(fs.readFileSync(RECIPE, 'utf8'), { instances: [first.port, second.port], http: httpPort, https: httpsPort, cert, key }),
    );
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, temp), { mode: 0o777 });
    // The frame an operator's /etc/nginx/nginx.conf gives the recipe, with this run's paths.
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'daemon off;',
        'events { worker_connections 256; }',
        'http {',
        '  log_format upstream "$request_uri $status $upstream_addr";',
        `  access_log ${dir}/access.log upstream;`,
        ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${dir}/${temp};`,
        ),
        `  include ${dir}/plataforma.conf;`,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX as string, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    for (let i = 0; i < 50; i += 1) {
      const up = await request('GET', '/api/site/v1/events').then(
        () => true,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null) throw new Error(fs.readFileSync(path.join(dir, 'error.log'), 'utf8'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    nginx?.kill('SIGQUIT');
    await stopInstance(first);
    await stopInstance(second);
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends plain HTTP to HTTPS', async () => {
    const answer = await fetch(`http://127.0.0.1:${httpPort}/plataforma/1/hall-entrada`, {
      redirect: 'manual',
      headers: { host: 'eventos.exemplo.com.br' },
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toMatch(/^https:\/\/[^/]+\/plataforma\/1\/hall-entrada$/);
  });

  it('signs a staff member in with the password and the SMS code, and knows the visit came over HTTPS', async () => {
    const login = await request('POST', '/auth/login', {
      body: { email: accounts.staff.email, password: accounts.staff.password, type: 'user' },
    });
    expect(login.status, login.body.toString()).toBe(200);
    expect(login.json().msg).toBe('auth.sms.sent');
    const check = await request('POST', '/auth/check/sms', {
      body: { email: accounts.staff.email, code: lastCode(outboxFile, STAFF_PHONE), type: 'user' },
    });
    expect(check.status, check.body.toString()).toBe(200);
    const { token } = check.json().data as { token: string };
    const me = await request('GET', '/api/cms/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.json().data).toMatchObject({ email: accounts.staff.email });
    // X-Forwarded-Proto from the trusted proxy: the product knows it answered over HTTPS.
    expect(me.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('answers a list through the proxy, compressed by the product', async () => {
    const list = await request('GET', `/api/site/v1/stands?eventId=${accounts.eventId}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(list.status).toBe(200);
    expect(list.json()).toMatchObject({ status: 200, data: { count: 1, rows: [{ id: accounts.stands[0].standId }] } });
    expect(list.headers.etag).toMatch(/^W\//);
  });

  it('counts a rate limit once for both instances, whatever X-Forwarded-For a client sends', async () => {
    const email = `limite-${crypto.randomBytes(4).toString('hex')}@exemplo.com.br`;
    const wrong = (spoof: string) =>
      request('POST', '/auth/login', { body: { email, password: 'errada', type: 'user' }, headers: { 'x-forwarded-for': spoof } });
    for (let i = 0; i < 10; i += 1) expect((await wrong(`10.0.0.${i}`)).status).toBe(400);
    const refused = await wrong('10.0.0.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Ten more straight to the instance the proxy did not use would be refused too: the count is in Redis.
    const direct = await fetch(`http://127.0.0.1:${second!.port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'errada', type: 'user' }),
    });
    expect(direct.status).toBe(429);
  });

  it("lets a visitor on the proxy's WebSocket converse with an attendant on the other instance", async () => {
    const [{ standId, token: staffToken }] = accounts.stands;
    const [{ id: clientId, token: clientToken }] = accounts.clients;
    // Polling first, then the upgrade: the balancer's hash keeps both on one instance.
    const visitor = await connect(`https://127.0.0.1:${httpsPort}`, clientToken, { polling: true, ca });
    sockets.push(visitor);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const opened = await emit<ChatOpenAck>(visitor, 'chat_open', { standId, clientId, fetchMessages: true });
    expect(opened).toMatchObject({ ok: true });
    expect(visitor.io.engine.transport.name).toBe('websocket');

    const served = fs
      .readFileSync(path.join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/socket.io/'))
      .map((line) => Number(line.split(':').pop()));
    const visitorPort = served[served.length - 1];
    expect([first!.port, second!.port]).toContain(visitorPort);
    const other = visitorPort === first!.port ? second!.port : first!.port;
    const attendant = await connect(`http://127.0.0.1:${other}`, staffToken);
    sockets.push(attendant);
    await emit<ChatOpenAck>(attendant, 'chat_open', { standId, clientId });

    const arrived = next<ChatMessage>(attendant, 'chat_message', (m) => m.senderType === 'client');
    const sent = await emit<ChatSendAck>(visitor, 'chat_client_message', { text: 'Olá pelo proxy!', clientMessageId: 'p-1' });
    expect(sent.ok).toBe(true);
    expect((await arrived).text).toBe('Olá pelo proxy!');
    const answer = next<ChatMessage>(visitor, 'chat_message', (m) => m.senderType === 'stand');
    await emit<ChatSendAck>(attendant, 'chat_stand_message', { text: 'Recebido!', clientMessageId: 'p-2' });
    expect((await answer).text).toBe('Recebido!');
  });
});
