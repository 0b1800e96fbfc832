import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetSpanAt, parseOffsetSpan, parseUploadLimits, type OffsetSpan } from '@plataforma/adapter';
import { createEvent, insert } from '../helpers/event-fixtures';
import { startServer, type TestServer } from '../helpers/strapi';

// The venue's embed sanitiser and the page's CSP frame-src come from one setting, VIDEO_EMBED_HOSTS.
let server: TestServer;
const SCRIPT = `export const words = ${JSON.stringify('Plataforma de eventos virtuais. '.repeat(200))};\n`;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-venue-dist-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="description" content="Plataforma de eventos virtuais."><title>Plataforma</title></head><body><div id="root"></div><div class="boot" role="status"><p class="boot-name">Plataforma de Eventos</p></div></body></html>',
  );
  // A hashed asset with the build's precompressed twins (venue/vite.config.ts), and one without.
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
  server = await startServer('venue-video-hosts', {
    seed: false,
    env: {
      VENUE_DIST: dist,
      VIDEO_EMBED_HOSTS: 'https://player.vimeo.com,fast.wistia.net',
      UPLOAD_IMAGE_MAX_MB: '5',
      UPLOAD_MEDIA_MAX_MB: '64',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('UPLOAD_IMAGE_MAX_MB and UPLOAD_MEDIA_MAX_MB on the venue page', () => {
  it("writes the deployment's size limits into the page, which the back office checks a picked file against", async () => {
    const res = await server.request().get('/cms/eventos/new').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    const content = /<meta name="plataforma-upload-limits" content="([^"]*)">/.exec(res.text)?.[1];
    expect(parseUploadLimits(content)).toEqual({ image: 5 * 1024 * 1024, media: 64 * 1024 * 1024 });
  });
});

describe('VIDEO_EMBED_HOSTS on the venue page', () => {
  it('writes the allowed players into the page and the same list into frame-src', async () => {
    const res = await server.request().get('/plataforma/1/salas/1').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta name="plataforma-video-hosts" content="player.vimeo.com,fast.wistia.net"></head>');
    expect(res.text).toContain('<div id="root"></div>');
    const csp = res.headers['content-security-policy'] as string;
    const frameSrc = csp.split(';').find((directive) => directive.startsWith('frame-src'));
    expect(frameSrc).toBe("frame-src 'self' blob: https://player.vimeo.com https://fast.wistia.net");
  });

  it("admits the back office's preview of a chosen PDF (an object URL in an iframe) and nothing else of blob:", async () => {
    const res = await server.request().get('/cms/eventos/new').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    const directives = String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/));
    expect(directives.find(([name]) => name === 'frame-src')).toContain('blob:');
    for (const name of ['default-src', 'script-src', 'object-src']) {
      expect(directives.find(([directive]) => directive === name) ?? [], name).not.toContain('blob:');
    }
  });
});

describe('the first HTML of an event’s public page (issue 13: a shared link shows the event)', () => {
  it('names the published event in the title, the description and the Open Graph tags, escaped', async () => {
    const { strapi } = server;
    const file = await insert(strapi, 'plugin::upload.file', {
      name: 'banner.png',
      hash: 'banner_meta',
      ext: '.png',
      mime: 'image/png',
      size: 1,
      url: '/uploads/banner_meta.png',
      provider: 'local',
    });
    const id = await createEvent(strapi, {
      name: 'Congresso "Saúde" & <Vida>',
      description: `Três dias\n\nde ciência. ${'Mais texto. '.repeat(30)}`,
      published: true,
      banner: file,
    });
    const res = await server.request().get(`/eventos/${id}-congresso-saude`).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Congresso &quot;Saúde&quot; &amp; &lt;Vida&gt; · Plataforma de Eventos</title>');
    expect(res.text).toContain('<meta property="og:title" content="Congresso &quot;Saúde&quot; &amp; &lt;Vida&gt;">');
    expect(res.text).toMatch(/<meta name="description" content="Três dias de ciência\. Mais texto\.[^"]{0,140}…">/);
    expect(res.text).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/banner_meta\.png">/);
    expect(res.text).toContain(`/eventos/${id}-congresso-saude">`);
    expect(res.text.match(/name="description"/g)).toHaveLength(1);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('keeps the page’s own tags for a draft, an unknown event and the catalogue', async () => {
    const draft = await createEvent(server.strapi, { name: 'Rascunho secreto', published: false });
    for (const url of [`/eventos/${draft}`, '/eventos/999999-nada', '/eventos']) {
      const res = await server.request().get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('<title>Plataforma</title>');
      expect(res.text, url).not.toContain('og:title');
      expect(res.text, url).not.toContain('Rascunho secreto');
    }
  });
});

describe('the loading shell of an event’s pages (issue 17: no white page while the scripts load)', () => {
  it('names the published event in the shell, escaped; the venue’s pages get the dark shell, the public page the light one', async () => {
    const id = await createEvent(server.strapi, { name: 'Jornada <Cardio> & "UTI"', published: true });
    const named = '<p class="boot-name">Jornada &lt;Cardio&gt; &amp; &quot;UTI&quot;</p>';
    for (const url of [`/plataforma/${id}/hall-entrada`, `/plataforma/${id}-jornada/estande/3-aurora`, `/plataforma/${id}`]) {
      const res = await server.request().get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain(named);
      expect(res.text, url).toContain('<body class="boot-dark platform">');
      expect(res.text, url).toContain('<meta property="og:title" content="Jornada &lt;Cardio&gt; &amp; &quot;UTI&quot;">');
    }
    const site = await server.request().get(`/eventos/${id}-jornada`).set('Accept', 'text/html');
    expect(site.text).toContain(named);
    expect(site.text).toContain('<body>');
    expect(site.text).not.toContain('boot-dark');
  });

  it('keeps the shell’s own name for a draft or an unknown event, and never names the draft', async () => {
    const draft = await createEvent(server.strapi, { name: 'Rascunho do shell', published: false });
    for (const url of [`/plataforma/${draft}/hall-entrada`, '/plataforma/999999/hall-entrada']) {
      const res = await server.request().get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('<p class="boot-name">Plataforma de Eventos</p>');
      expect(res.text, url).toContain('<body class="boot-dark platform">');
      expect(res.text, url).not.toContain('Rascunho do shell');
    }
  });
});

describe('the zone span of the venue’s pages (issue 17, decision 062: no Intl on the first reckoning)', () => {
  const spanOf = (html: string) => /<meta name="plataforma-zone" content="([^"]*)">/.exec(html)?.[1] ?? null;

  it("writes the event's zone's offset around now into the venue's pages, in the form the venue reads", async () => {
    const berlin = await createEvent(server.strapi, { name: 'Kongress', published: true, timezone: 'Europe/Berlin' });
    const saoPaulo = await createEvent(server.strapi, { name: 'Congresso', published: true });
    const before = Date.now();
    const res = await server.request().get(`/plataforma/${berlin}/hall-entrada`).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    const span = parseOffsetSpan(spanOf(res.text));
    expect(span).not.toBeNull();
    const { timeZone, offset, from, until } = span as OffsetSpan;
    expect(timeZone).toBe('Europe/Berlin');
    expect(from).toBeLessThanOrEqual(before);
    expect(until).toBeGreaterThan(Date.now());
    // It is Berlin's offset now, as the engine reckons it, and it holds over the span.
    expect(offsetSpanAt(before, 'Europe/Berlin', 60 * 86_400_000)).toEqual(span);
    expect([3_600_000, 7_200_000]).toContain(offset);

    const plain = await server.request().get(`/plataforma/${saoPaulo}-congresso/salas/1`).set('Accept', 'text/html');
    expect(parseOffsetSpan(spanOf(plain.text))).toMatchObject({ timeZone: 'America/Sao_Paulo', offset: -10_800_000 });
  });

  it('writes none into the public page, a draft’s, an unknown event’s, or for a zone the engine does not know', async () => {
    const id = await createEvent(server.strapi, { name: 'Congresso', published: true });
    const draft = await createEvent(server.strapi, { name: 'Rascunho', published: false });
    const unknownZone = await createEvent(server.strapi, { name: 'Em Marte', published: true, timezone: 'Mars/Olympus_Mons' });
    for (const url of [
      `/eventos/${id}`,
      `/plataforma/${draft}/hall-entrada`,
      '/plataforma/999999/hall-entrada',
      `/plataforma/${unknownZone}/hall-entrada`,
      '/cms/eventos',
    ]) {
      const res = await server.request().get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(spanOf(res.text), url).toBeNull();
    }
  });
});

describe('the venue’s files (issue 17: the first load on a slow network)', () => {
  // supertest decodes what it receives: the body read is the file, whichever form travelled.
  const get = (file: string, accept: string) => server.request().get(`/assets/${file}`).set('Accept-Encoding', accept);

  it('sends the brotli twin to a browser that accepts it, gzip to one that takes only gzip, the file itself otherwise', async () => {
    const br = await get('app-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.text).toBe(SCRIPT);

    const gz = await get('app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(SCRIPT);

    const plain = await get('app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'] ?? plain.text.length)).toBe(Buffer.byteLength(SCRIPT));
    expect(plain.text).toBe(SCRIPT);
  });

  it('sends a file without twins as it is, whatever the browser accepts', async () => {
    const res = await get('tiny-abc123.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe('export {};\n');
  });
});
