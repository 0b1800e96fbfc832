// Files for the upload tests, made here: real images (sharp, the upload plugin's own image
// library), an MP4 header, a PDF, executables, an SVG with a script.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { defineRoute, reply, type RouteDef } from '@plataforma/adapter/server';

const cmsDir = path.resolve(__dirname, '../../../cms');
// sharp as the cms resolves it (a dependency of @strapi/upload).
const sharp = createRequire(path.join(cmsDir, 'package.json'))('sharp') as typeof import('sharp').default;

/** The compiled multipart route caps the server's guard reads (middlewares/multipart.ts). */
const multipartRoutes = () =>
  createRequire(__filename)(path.join(cmsDir, 'dist/src/http/multipart-routes')) as typeof import('../../../cms/src/http/multipart-routes');

/** The compiled uploads module the server runs. */
export const uploadsModule = () =>
  createRequire(__filename)(path.join(cmsDir, 'dist/src/storage')) as typeof import('../../../cms/src/storage');

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

export const png = (width = 320, height = 200) => image('png', width, height);
export const jpeg = (width = 320, height = 200) => image('jpeg', width, height);
export const webp = (width = 64, height = 64) => image('webp', width, height);
export const gif = (width = 64, height = 64) => image('gif', width, height);
export const avif = (width = 32, height = 32): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .avif()
    .toBuffer();

/** An ISO-BMFF box: 32-bit size, type, payload. */
const box = (type: string, payload: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};

/** The opening of an MP4 file (ftyp isom, then an mdat of zeros): what the bytes check reads. */
export const mp4 = (padding = 4096, major = 'isom'): Buffer =>
  Buffer.concat([box('ftyp', Buffer.from(`${major}\0\0\x02\0isomiso2avc1mp41`, 'latin1')), box('mdat', Buffer.alloc(padding))]);

/** A small PDF with one empty page. */
export const pdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

/** An ELF executable's header (Linux) and a PE one (Windows), padded. */
export const elf = (): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(2048, 0x90)]);
export const pe = (): Buffer => Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'), Buffer.alloc(2048, 0x00)]);

export const svgWithScript = (): Buffer =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  );

/** A file of `size` bytes that opens like a PNG (signature and IHDR) and is zeros after. */
export const pngShaped = (size: number): Buffer => {
  const buffer = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(buffer);
  return buffer;
};

/** The names of the files in a folder (none when it does not exist). */
export const filesIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

/**
 * Test-only routes under /api/site/v1/test-uploads (registered after the server loaded, never
 * in the product): one field through takeUpload, and several through withUploads around a
 * write of a speaker (image) and a stand media (file) that the body can make fail.
 */
export const registerTestRoutes = (strapi: Core.Strapi): void => {
  const { takeUpload, withUploads } = uploadsModule();
  const { registerMultipartRoutes, uploadCap } = multipartRoutes();
  const routes: RouteDef[] = [
    defineRoute({
      method: 'POST',
      path: '/api/site/v1/test-uploads/take/:kind',
      config: { auth: false },
      allowMultipart: uploadCap('media'),
      handler: async (ctx) => {
        const kind = ctx.params.kind === 'image' ? 'image' : 'media';
        return reply(await takeUpload(strapi, ctx, 'file', kind), 'api.created', 201);
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/site/v1/test-uploads/write',
      config: { auth: false },
      allowMultipart: uploadCap('image', 'media'),
      handler: async (ctx) => {
        const body = (ctx.request.body ?? {}) as Record<string, string>;
        const result = await withUploads(strapi, ctx, { photo: 'image', file: 'media' }, (files) =>
          // The rows in one transaction: a failure takes them back, withUploads takes the files.
          strapi.db.transaction(async () => {
            const speaker = await strapi.db
              .query('api::speaker.speaker')
              .create({ data: { name: body.name ?? 'Palestrante', image: files.photo?.id ?? null } });
            const media = await strapi.db
              .query('api::media.media')
              .create({ data: { title: 'Mídia', type: files.file?.type ?? 'DOCUMENT', file: files.file?.id ?? null } });
            if (body.fail === 'write') throw new Error('the write failed after the files were stored');
            return { speaker: speaker.id as number, media: media.id as number, files };
          }),
        );
        return reply(result, 'api.created', 201);
      },
    }),
  ];
  // Multipart routes, as the product's: the guard refuses multipart to a route that does not say it takes one.
  registerMultipartRoutes('', routes);
  strapi.server.routes(routes as unknown as Parameters<Core.Strapi['server']['routes']>[0]);
};
