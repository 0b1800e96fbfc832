import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';
import { filesIn, mp4, png, registerTestRoutes, uploadsModule } from './files';

// S3_BUCKET set: the upload plugin stores through @strapi/provider-upload-aws-s3, here against
// s3rver (a local S3-compatible server on a free port, objects in a temporary folder), addressed
// path-style through S3_ENDPOINT and served from S3_PUBLIC_URL.
const BUCKET = 'plataforma';
const FILE_UID = 'plugin::upload.file';
const store = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-s3rver-'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-upload-tmp-'));
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: store, silent: true, configureBuckets: [{ name: BUCKET }] });
let server: TestServer;
let endpoint: string;
let publicUrl: string;

beforeAll(async () => {
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  publicUrl = `${endpoint}/${BUCKET}`;
  server = await startServer('uploads-s3', {
    seed: false,
    env: {
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: publicUrl,
      UPLOAD_TMP_DIR: tmp,
    },
  });
  registerTestRoutes(server.strapi);
});

afterAll(async () => {
  await server?.stop();
  await s3rver.close();
  fs.rmSync(store, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The object s3rver holds for a URL under S3_PUBLIC_URL. */
const objectFile = (url: string) => {
  expect(url.startsWith(`${publicUrl}/`)).toBe(true);
  return path.join(store, BUCKET, `${url.slice(publicUrl.length + 1)}._S3rver_object`);
};
const objects = () => filesIn(path.join(store, BUCKET)).filter((name) => name.endsWith('._S3rver_object'));

describe('uploads on S3', () => {
  it('stores a file and its formats in the bucket, served from S3_PUBLIC_URL; nothing on the local disk', async () => {
    const content = await png();
    const res = await server.request().post('/api/site/v1/test-uploads/take/image').attach('file', content, 'logo.png');
    expect(res.status).toBe(201);
    const stored = res.body.data;
    expect(stored).toMatchObject({ mime: 'image/png', type: 'IMAGE', width: 320, height: 200 });
    // The upload plugin re-encodes images (its size optimisation): the object is a PNG, and what S3 serves.
    const object = fs.readFileSync(objectFile(stored.url));
    expect(object.subarray(1, 4).toString('latin1')).toBe('PNG');
    const row = await server.strapi.db.query(FILE_UID).findOne({ where: { id: stored.id } });
    expect(row.provider).toBe('aws-s3');
    expect(fs.existsSync(objectFile(row.formats.thumbnail.url))).toBe(true);
    // The folder holds only this instance's lock (decision 100), no file of the upload.
    expect(filesIn(path.join(process.env.PUBLIC_DIR as string, 'uploads')).filter((name) => !/^\.instance-.*\.lock$/.test(name))).toEqual(
      [],
    );

    const served = await fetch(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(object)).toBe(true);

    const { removeUploads } = uploadsModule();
    await removeUploads(server.strapi, [stored.id]);
    expect(fs.existsSync(objectFile(stored.url))).toBe(false);
    expect(fs.existsSync(objectFile(row.formats.thumbnail.url))).toBe(false);
    expect(await server.strapi.db.query(FILE_UID).findOne({ where: { id: stored.id } })).toBeNull();
    expect(filesIn(tmp)).toEqual([]);
  });

  it('streams a video larger than one multipart part (6 MB) into the bucket', async () => {
    const content = mp4(6 * 1024 * 1024);
    const res = await server.request().post('/api/site/v1/test-uploads/take/media').attach('file', content, 'aula.mp4');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ mime: 'video/mp4', type: 'VIDEO' });
    expect(fs.readFileSync(objectFile(res.body.data.url)).equals(content)).toBe(true);
  });

  it('a failed write leaves no object in the bucket and no file row', async () => {
    const before = { objects: objects(), rows: await server.strapi.db.query(FILE_UID).count({}) };
    const res = await server
      .request()
      .post('/api/site/v1/test-uploads/write')
      .field('fail', 'write')
      .attach('photo', await png(), 'foto.png')
      .attach('file', mp4(), 'aula.mp4');
    expect(res.status).toBe(500);
    expect({ objects: objects(), rows: await server.strapi.db.query(FILE_UID).count({}) }).toEqual(before);
  });

  it('a store that fails after the provider wrote (here the Media Library event) deletes the objects and the row', async () => {
    const before = { objects: objects(), rows: await server.strapi.db.query(FILE_UID).count({}) };
    const emit = vi.spyOn(server.strapi.eventHub, 'emit').mockImplementationOnce(() => {
      throw new Error('event hub down');
    });
    try {
      const res = await server
        .request()
        .post('/api/site/v1/test-uploads/take/image')
        .attach('file', await png(), 'falha.png');
      expect(res.status).toBe(500);
    } finally {
      emit.mockRestore();
    }
    expect({ objects: objects(), rows: await server.strapi.db.query(FILE_UID).count({}) }).toEqual(before);
  });

  it('lets the pages load images, videos and framed PDFs from the S3 origin (CSP)', async () => {
    const res = await server.request().get('/api/site/v1/events');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'frame-src']) {
      const sources = csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${directive} `));
      expect(sources?.split(' ')).toContain(endpoint);
    }
  });
});
