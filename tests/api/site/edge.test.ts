import net from 'node:net';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../helpers/accounts';
import { createEvent } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';
import { jpeg } from '../storage/files';

// The edge of the HTTP server (issue 47): what is refused before a body is read or stored.
let server: TestServer;
let own: http.Server;
let port: number;
let token: string;
let eventId: number;
const MB = 1024 * 1024;

beforeAll(async () => {
  server = await startServer('edge', { seed: false, env: { UPLOAD_IMAGE_MAX_MB: '1' } });
  own = http.createServer(server.strapi.server.app.callback());
  // A refused request's unread body ends in a parse error at the HTTP layer: expected here.
  own.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
  port = (own.address() as AddressInfo).port;
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'borda@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  eventId = await createEvent(server.strapi, { name: 'Congresso da Borda' });
});

afterAll(async () => {
  await new Promise((resolve) => own?.close(resolve));
  await server?.stop();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: { msg?: string; status?: number; data?: unknown };
  /** Bytes of the body the client had sent when the answer arrived. */
  sent: number;
  ms: number;
}

/**
 * Sends `head` then up to `total` bytes of zeros in 64 KB writes, and stops writing as soon as an
 * answer arrives (a server that reads the body to its end never answers before it is all sent).
 */
const rawRequest = (head: string, total: number, timeoutMs = 10_000): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer after ${timeoutMs} ms (${sent} bytes sent)`));
    }, timeoutMs);
    const chunk = Buffer.alloc(64 * 1024);
    const pump = () => {
      while (!answered && sent < total && !socket.destroyed) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void socket.once('drain', pump);
      }
    };
    socket.on('error', () => {});
    socket.on('data', (data) => {
      received += data.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = /content-length:\s*(\d+)/i.exec(received.slice(0, end))?.[1];
      if (length === undefined || received.length < end + 4 + Number(length)) return;
      answered = true;
      clearTimeout(timer);
      const headers = received.slice(0, end);
      const body = received.slice(end + 4, end + 4 + Number(length));
      socket.destroy();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1]),
        headers,
        body: JSON.parse(Buffer.from(body, 'latin1').toString('utf8')) as RawAnswer['body'],
        sent,
        ms: Date.now() - started,
      });
    });
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
  });

const headOf = (path: string, headers: Record<string, string>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

describe('multipart bodies are held to their route before they are read (issue 47, item 2)', () => {
  it('refuses 50 MB of zeros without a boundary to POST /contacts at once (415), not read to its end', async () => {
    const total = 50 * MB;
    const answer = await rawRequest(
      headOf('/api/site/v1/contacts', { 'Content-Type': 'multipart/form-data', 'Content-Length': String(total) }),
      total,
    );
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ data: null, msg: 'api.error.multipartNotAccepted', status: 415 });
    expect(answer.headers).toMatch(/^connection: close$/im);
    expect(answer.sent).toBeLessThan(total);
  });

  it('refuses a multipart body over the route’s largest upload by its Content-Length (413), unread', async () => {
    const total = 40 * MB;
    const answer = await rawRequest(
      headOf('/api/cms/v1/speakers', {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'multipart/form-data; boundary=borda',
        'Content-Length': String(total),
      }),
      total,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ data: null, msg: 'upload.error.tooLarge', status: 413 });
    expect(answer.headers).toMatch(/^connection: close$/im);
    expect(answer.sent).toBeLessThan(total);
  });

  it('refuses a multipart body with no length (chunked) with 411, and one with no boundary with 400', async () => {
    const chunked = await rawRequest(
      headOf('/api/cms/v1/speakers', {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'multipart/form-data; boundary=borda',
        'Transfer-Encoding': 'chunked',
      }),
      0,
    );
    expect(chunked.status).toBe(411);
    expect(chunked.body.msg).toBe('api.error.lengthRequired');
    const total = 5 * MB;
    const noBoundary = await rawRequest(
      headOf('/api/cms/v1/speakers', {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'multipart/form-data',
        'Content-Length': String(512 * 1024),
      }),
      total,
    );
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.msg).toBe('api.error.invalidBody');
  });

  it('still takes a valid contact (JSON) and a valid multipart save with its photo', async () => {
    const contact = await server
      .request()
      .post('/api/site/v1/contacts')
      .send({ subject: 'doubts', name: 'Maria Borda', email: 'maria@exemplo.com.br', message: 'Olá, tenho uma dúvida.' });
    expect(contact.status).toBe(201);
    const speaker = await server
      .request()
      .post('/api/cms/v1/speakers')
      .set('Authorization', `Bearer ${token}`)
      .field('eventId', String(eventId))
      .field('name', 'Dra. Borda')
      .attach('image', await jpeg(120, 120), 'foto.jpg');
    expect(speaker.status).toBe(201);
    expect(speaker.body.data.name).toBe('Dra. Borda');
  });
});

describe('a NUL character is refused at the edge, the same on both databases (issue 47, item 8)', () => {
  const contacts = () => server.strapi.db.query('api::contact.contact').count({});

  it('in the query string: a search answers 400 api.error.nulCharacter, not a 500', async () => {
    for (const url of [`/api/site/v1/stands?eventId=${eventId}&search=a%00b`, '/api/site/v1/events?search=%00']) {
      const res = await server.request().get(url);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ data: null, msg: 'api.error.nulCharacter', status: 400 });
    }
    const cms = await server.request().get('/api/cms/v1/clients?search=jo%00ao').set('Authorization', `Bearer ${token}`);
    expect(cms.status).toBe(400);
    expect(cms.body.msg).toBe('api.error.nulCharacter');
  });

  it('in any string of a JSON body (a value or a key, however deep): 400, nothing stored', async () => {
    const before = await contacts();
    const valid = { subject: 'doubts', name: 'Maria Borda', email: 'maria@exemplo.com.br', message: 'Olá' };
    for (const body of [
      { ...valid, message: 'Olá\u0000mundo' },
      { ...valid, name: 'Maria\u0000' },
      { ...valid, 'extra\u0000': 1 },
      { ...valid, deep: [{ list: ['x', 'y\u0000'] }] },
    ]) {
      const res = await server.request().post('/api/site/v1/contacts').send(body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('api.error.nulCharacter');
    }
    expect(await contacts()).toBe(before);
  });

  it('in a multipart text field: 400, nothing stored', async () => {
    const speakers = () => server.strapi.db.query('api::speaker.speaker').count({});
    const before = await speakers();
    const res = await server
      .request()
      .post('/api/cms/v1/speakers')
      .set('Authorization', `Bearer ${token}`)
      .field('eventId', String(eventId))
      .field('name', 'Dr.\u0000 Nulo');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('api.error.nulCharacter');
    expect(await speakers()).toBe(before);
  });
});
