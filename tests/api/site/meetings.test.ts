import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createStaff } from '../helpers/accounts';
import { createEvent, createRoom, logLines } from '../helpers/event-fixtures';
import { sessionToken, startServer, withSettings, type TestServer } from '../helpers/strapi';

// POST /api/site/v1/meetings/signature (SPEC §7, declared; issue 13; decision 028).
const ZOOM = { ZOOM_SDK_KEY: 'KeyDoApp123', ZOOM_SDK_SECRET: 'segredo-do-sdk-zoom' };
const PATH = '/api/site/v1/meetings/signature';

let server: TestServer;
let zoomRoom: number;
let plainRoom: number;
let noLinkRoom: number;
let draftRoom: number;
let client: string;
let softClient: string;
let attendant: string;
let admin: string;

/** The claims of a signature, once its HMAC-SHA256 checks with the secret. */
const claimsOf = (signature: string, secret = ZOOM.ZOOM_SDK_SECRET): Record<string, unknown> => {
  const [header, payload, mac] = signature.split('.');
  expect(crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(mac);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
};

const ask = (token: string | null, body: Record<string, unknown>) => {
  const request = server.request().post(PATH).send(body);
  return token ? request.set('Authorization', `Bearer ${token}`) : request;
};

beforeAll(async () => {
  server = await startServer('site-meetings', { seed: false });
  const { strapi } = server;
  const event = await createEvent(strapi, { published: true });
  const draft = await createEvent(strapi, { name: 'Congresso em preparação' });
  draftRoom = await createRoom(strapi, draft, { name: 'Sala do rascunho', link: 'https://us02web.zoom.us/j/85099999999?pwd=Rasc01' });
  zoomRoom = await createRoom(strapi, event, { name: 'Sala Zoom', link: 'https://us02web.zoom.us/j/85012345678?pwd=Xy12ab' });
  plainRoom = await createRoom(strapi, event, { name: 'Sala Meet', link: 'https://meet.google.com/abc-defg-hij', number: 2 });
  noLinkRoom = await createRoom(strapi, event, { name: 'Sala sem link', number: 3 });
  const registered = await createClient(strapi);
  client = await sessionToken(server, 'client', registered.id);
  const { createSession } = createRequire(__filename)(
    path.resolve(__dirname, '../../../cms/dist/src/auth/sessions'),
  ) as typeof import('../../../cms/src/auth/sessions');
  softClient = (await createSession(strapi, { audience: 'client', accountId: (await createClient(strapi)).id, soft: true })).token;
  attendant = await sessionToken(server, 'staff', (await createStaff(strapi, { role: 'attendant' })).id);
  admin = await sessionToken(server, 'staff', (await createStaff(strapi, { role: 'admin' })).id);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('POST /api/site/v1/meetings/signature', () => {
  it('signs the meeting of the room’s own link for a signed-in client, as an attendee', async () => {
    await withSettings(ZOOM, async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await ask(client, { roomId: zoomRoom });
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe('api.ok');
      expect(res.body.data).toEqual({
        roomId: zoomRoom,
        sdkKey: 'KeyDoApp123',
        meetingNumber: '85012345678',
        passcode: 'Xy12ab',
        role: 0,
        signature: expect.any(String),
        expiresAt: expect.any(String),
      });
      const claims = claimsOf(res.body.data.signature);
      expect(claims).toMatchObject({ appKey: 'KeyDoApp123', sdkKey: 'KeyDoApp123', mn: '85012345678', role: 0 });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(1800);
      expect(Number(claims.iat)).toBeGreaterThanOrEqual(before - 31);
      expect(claims.tokenExp).toBe(claims.exp);
      expect(new Date(res.body.data.expiresAt).getTime()).toBe(Number(claims.exp) * 1000);
      expect(JSON.stringify(res.body)).not.toContain(ZOOM.ZOOM_SDK_SECRET);
    });
  });

  it('signs for a soft session and an attendant as attendees, and for an admin as host when asked', async () => {
    await withSettings(ZOOM, async () => {
      for (const token of [softClient, attendant, admin]) {
        const res = await ask(token, { roomId: zoomRoom });
        expect(res.status).toBe(200);
        expect(claimsOf(res.body.data.signature).role).toBe(0);
      }
      const host = await ask(admin, { roomId: String(zoomRoom), role: 'host' });
      expect(host.status).toBe(200);
      expect(host.body.data.role).toBe(1);
      expect(claimsOf(host.body.data.signature).role).toBe(1);
      expect(await logLines(server, 'meeting.')).toEqual([`Assinatura de anfitrião da reunião da sala Sala Zoom (${zoomRoom}).`]);
    });
  });

  it("keeps an unpublished event's meeting from visitors, and opens it to staff (issue 16)", async () => {
    await withSettings(ZOOM, async () => {
      for (const token of [client, softClient]) {
        const res = await ask(token, { roomId: draftRoom });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ data: null, msg: 'api.error.roomNotFound', status: 404 });
      }
      for (const token of [attendant, admin]) {
        const res = await ask(token, { roomId: draftRoom });
        expect(res.status).toBe(200);
        expect(res.body.data.meetingNumber).toBe('85099999999');
      }
    });
  });

  it('refuses the host role to everyone but admins', async () => {
    await withSettings(ZOOM, async () => {
      for (const token of [client, softClient, attendant]) {
        const res = await ask(token, { roomId: zoomRoom, role: 'host' });
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('meetings.error.hostForbidden');
      }
    });
  });

  it('never takes the meeting from the request', async () => {
    await withSettings(ZOOM, async () => {
      const res = await ask(client, { roomId: zoomRoom, meetingNumber: '99999999999' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('api.error.invalidBody');
      const other = await ask(client, { roomId: plainRoom, meetingNumber: '85012345678' });
      expect(other.status).toBe(400);
    });
  });

  it('answers a room without a Zoom meeting, an unknown room and a bad body with their keys', async () => {
    await withSettings(ZOOM, async () => {
      for (const roomId of [plainRoom, noLinkRoom]) {
        const res = await ask(client, { roomId });
        expect(res.status).toBe(422);
        expect(res.body.msg).toBe('meetings.error.noMeeting');
      }
      const missing = await ask(client, { roomId: 987654 });
      expect(missing.status).toBe(404);
      expect(missing.body.msg).toBe('api.error.roomNotFound');
      for (const body of [{}, { roomId: 'x' }, { roomId: zoomRoom, role: 'owner' }]) {
        const res = await ask(client, body);
        expect(res.status).toBe(400);
      }
    });
  });

  it('needs a live session', async () => {
    await withSettings(ZOOM, async () => {
      expect((await ask(null, { roomId: zoomRoom })).status).toBe(401);
      expect((await ask('not-a-token', { roomId: zoomRoom })).status).toBe(401);
    });
  });

  it('answers 501 with a key when the SDK is not configured', async () => {
    const res = await ask(client, { roomId: zoomRoom });
    expect(res.status).toBe(501);
    expect(res.body.msg).toBe('meetings.error.unavailable');
    expect(res.body.data).toBeNull();
  });
});
