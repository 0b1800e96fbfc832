import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSourcesSchema, srcSet, type ImageSource } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { insert } from '../helpers/event-fixtures';
import { multipart, onDisk } from '../helpers/stored-files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';
import { pdf, png } from '../storage/files';

// The sizes of each image on the wire (issue 10, "Uploads": the venue draws Strapi's generated
// formats with srcset, so a phone never downloads the 1920-wide background). Images uploaded
// through the back office's routes answer, beside their URL, every format the upload plugin
// made and the original; a file without formats (the seed's SVGs) answers its URL alone.
const FILE = 'plugin::upload.file';
let server: TestServer;
let token: string;
let categoryId: number;

type Method = 'get' | 'post' | 'put';
const cms = (method: Method, url: string) => server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${token}`);
const site = (url: string) => server.request().get(`/api/site/v1${url}`);

interface FileRowWithFormats {
  id: number;
  url: string;
  width: number;
  formats: Record<string, { url: string; width: number }> | null;
}

/** The upload row behind a URL the API sent, with the formats the upload plugin stored. */
const fileRow = async (url: string): Promise<FileRowWithFormats> =>
  (await server.strapi.db.query(FILE).findOne({ where: { url }, select: ['id', 'url', 'width', 'formats'] })) as FileRowWithFormats;

/** What the wire must hold for a stored file: its formats and itself, narrowest first. */
const expectedSources = (row: FileRowWithFormats): ImageSource[] =>
  [...Object.values(row.formats ?? {}).map(({ url, width }) => ({ url, width })), { url: row.url, width: row.width }].sort(
    (a, b) => a.width - b.width,
  );

const widths = (sources: ImageSource[]) => sources.map((source) => source.width);

/** Checks an image's sources against the database and the disk, and answers their widths. */
const checkSources = async (url: string, sent: unknown): Promise<number[]> => {
  const sources = imageSourcesSchema.parse(sent);
  expect(sources).toEqual(expectedSources(await fileRow(url)));
  expect(sources[sources.length - 1]).toEqual({ url, width: expect.any(Number) });
  for (const source of sources) expect(onDisk(source.url)).toBe(true);
  return widths(sources);
};

let eventId: number;
let standId: number;

beforeAll(async () => {
  server = await startServer('site-image-sources', { seed: false });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'imagens@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
  categoryId = await insert(server.strapi, 'api::category.category', { name: 'Medicina Intensiva' });
});

afterAll(async () => {
  await server?.stop();
});

describe('image sizes on the wire', () => {
  it("sends an event's three images with their formats: the 1920×500 background down to 245 px", async () => {
    const created = await multipart(
      cms('post', '/events'),
      {
        name: 'Congresso de Imagens',
        description: 'Formatos gerados.',
        categoryId,
        startDate: '2026-11-12',
        startTime: '08:00',
        published: '1',
      },
      {
        imageFile: { data: await png(1920, 500), name: 'fundo.png' },
        bannerFile: { data: await png(240, 340), name: 'banner.png' },
        thumbFile: { data: await png(252, 150), name: 'miniatura.png' },
      },
    );
    expect(created.status).toBe(201);
    eventId = created.body.data.id;

    const res = await site(`/events/${eventId}`);
    expect(res.status).toBe(200);
    const event = res.body.data;
    // The URLs keep their meaning: the original file.
    expect((await fileRow(event.image)).width).toBe(1920);
    // thumbnail (fits 245×156), small, medium and large (1000 wide), then the original.
    expect(await checkSources(event.image, event.imageSources)).toEqual([245, 500, 750, 1000, 1920]);
    expect(srcSet(event.imageSources)).toMatch(/^\/uploads\/thumbnail_\w+\.png 245w, .+ 1000w, \/uploads\/\w+\.png 1920w$/);
    // 240×340 is taller than a thumbnail: a 110×156 one, no breakpoint below its size.
    expect(await checkSources(event.banner, event.bannerSources)).toEqual([110, 240]);
    expect(await checkSources(event.thumb, event.thumbSources)).toEqual([245, 252]);
    // The back office's reads send them too.
    const edited = await cms('get', `/events/private/${eventId}`);
    expect(edited.body.data.imageSources).toEqual(event.imageSources);
  });

  it("sends a stand's, a sponsor's, a product's, a speaker's and an image media's formats", async () => {
    const stand = await multipart(
      cms('post', '/stands'),
      { eventId, name: 'Vitalis', subtitle: 'UTI', description: 'Equipamentos.', type: 'master' },
      { image: { data: await png(1008, 600), name: 'vitalis.png' } },
    );
    expect(stand.status).toBe(201);
    standId = stand.body.data.id;
    const read = (await site(`/stands/${standId}`)).body.data;
    expect(await checkSources(read.image, read.imageSources)).toEqual([245, 500, 750, 1000, 1008]);
    const listed = (await site(`/stands?eventId=${eventId}`)).body.data.rows[0];
    expect(listed.imageSources).toEqual(read.imageSources);

    const sponsor = await multipart(
      cms('post', '/sponsors'),
      { eventId, name: 'Aurora', type: 'master' },
      { image: { data: await png(480, 680), name: 'aurora.png' } },
    );
    expect(sponsor.status).toBe(201);
    const sponsors = (await site(`/sponsors?eventId=${eventId}`)).body.data.rows;
    expect(await checkSources(sponsors[0].image, sponsors[0].imageSources)).toEqual([110, 353, 480]);

    const product = await multipart(
      cms('post', '/products'),
      { standId, title: 'Monitor', description: 'Multiparamétrico.', price: '100' },
      { image: { data: await png(800, 476), name: 'monitor.png' } },
    );
    expect(product.status).toBe(201);
    const products = (await site(`/products?standId=${standId}`)).body.data.rows;
    expect(await checkSources(products[0].image, products[0].imageSources)).toEqual([245, 500, 750, 800]);

    const speaker = await multipart(
      cms('post', '/speakers'),
      { eventId, name: 'Ana Souza' },
      { image: { data: await png(600, 600), name: 'ana.png' } },
    );
    expect(speaker.status).toBe(201);
    const read2 = (await cms('get', `/speakers/${speaker.body.data.id}`)).body.data;
    expect(await checkSources(read2.image, read2.imageSources)).toEqual([156, 500, 600]);

    const media = await multipart(
      cms('post', '/medias'),
      { standId, title: 'Galeria', description: 'Foto do estande.' },
      { file: { data: await png(1200, 800), name: 'galeria.png' } },
    );
    const document = await multipart(
      cms('post', '/medias'),
      { standId, title: 'Folder', description: 'PDF.' },
      { file: { data: pdf(), name: 'folder.pdf' } },
    );
    expect([media.status, document.status]).toEqual([201, 201]);
    const medias = (await site(`/medias?standId=${standId}`)).body.data.rows as Array<{
      type: string;
      file: { url: string; sources: unknown };
    }>;
    const image = medias.find((row) => row.type === 'IMAGE');
    const pdfRow = medias.find((row) => row.type === 'DOCUMENT');
    expect(await checkSources(image?.file.url ?? '', image?.file.sources)).toEqual([234, 500, 750, 1000, 1200]);
    expect(pdfRow?.file.sources).toEqual([]);
  });

  it('sends a file without formats (as the seed stores its SVGs) as its URL alone, and an absent image as nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svg-'));
    const filepath = path.join(dir, 'logo.svg');
    fs.writeFileSync(filepath, '<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="500"><rect width="1920" height="500"/></svg>');
    const [svg] = (await server.strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name: 'logo.svg' } },
        files: { filepath, originalFilename: 'logo.svg', mimetype: 'image/svg+xml', size: fs.statSync(filepath).size },
      })) as Array<{ id: number; url: string; width: number | null; formats: unknown }>;
    fs.rmSync(dir, { recursive: true, force: true });
    expect(svg.formats ?? null).toBeNull();
    const plain = await insert(server.strapi, 'api::stand.stand', {
      name: 'Seed',
      type: 'bronze',
      position: 9,
      event: eventId,
      image: svg.id,
    });
    const bare = await insert(server.strapi, 'api::stand.stand', { name: 'Sem imagem', type: 'bronze', position: 10, event: eventId });

    const seeded = (await site(`/stands/${plain}`)).body.data;
    expect(seeded.image).toBe(svg.url);
    // The upload plugin reads an SVG's width but makes no formats of it: one size, nothing to choose from.
    const sources = imageSourcesSchema.parse(seeded.imageSources);
    expect(sources).toEqual([{ url: svg.url, width: 1920 }]);
    expect(srcSet(sources)).toBeUndefined();
    expect((await site(`/stands/${bare}`)).body.data).toMatchObject({ image: null, imageSources: [] });
  });
});
