import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import {
  DEFAULT_TIME_ZONE,
  formatOffsetSpan,
  formatUploadLimits,
  isVenuePage,
  metaSummary,
  offsetSpanAt,
  UPLOAD_LIMITS_META,
  type OffsetSpan,
} from '@plataforma/adapter';
import { repoRoot } from '../lib/app-root';
import { pickEncoding } from '../http/encoding';
import { isServerPath } from '../http/paths';
import { settings } from '../lib/settings';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

interface VenueContext {
  method: string;
  path: string;
  /** protocol://host of the request (Koa's). */
  origin: string;
  status: number;
  body: unknown;
  type: string;
  /** koa-compress's switch: false leaves the answer as it is. */
  compress?: boolean;
  set(field: string, value: string): void;
  get(field: string): string | undefined;
}

const NOT_BUILT = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Plataforma</title>
<body style="font-family:sans-serif;background:#000;color:#fff;padding:2rem">
<h1>A interface ainda não foi construída</h1><p>Rode <code>npm start</code> (constrói o que falta) ou <code>npm run build</code> na raiz do repositório.</p></body></html>`;

/** An event's public page, `/eventos/{id}` or `/eventos/{id-slug}`. */
const EVENT_PAGE = /^\/eventos\/(\d{1,9})(?:-[^/]*)?\/?$/;
/** A page of an event's venue (/plataforma/{id-slug}/…): the event's name in the loading shell, the dark shell. */
const VENUE_PAGE = /^\/plataforma\/(\d{1,9})(?:-[^/]*)?(?:\/|$)/;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

interface EventMetaRow {
  name: string;
  description: string | null;
  timezone?: string | null;
  banner?: { url: string } | null;
  image?: { url: string } | null;
}

/**
 * The first HTML of an event's page names the event (title, description, Open Graph), so a
 * shared link's preview shows it without running the app's scripts. Anything else keeps the
 * page's own tags.
 */
export const withEventMeta = (html: string, event: EventMetaRow, origin: string, pageUrl: string): string => {
  const title = escapeHtml(`${event.name} · Plataforma de Eventos`);
  const description = escapeHtml(metaSummary(event.description || event.name));
  const picture = event.banner?.url ?? event.image?.url;
  const tags = [
    `<meta property="og:title" content="${escapeHtml(event.name)}">`,
    `<meta property="og:description" content="${description}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
    picture ? `<meta property="og:image" content="${escapeHtml(new URL(picture, origin).href)}">` : '',
  ].join('');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/(<p class="boot-name">)[^<]*(<\/p>)/, (_, open: string, close: string) => `${open}${escapeHtml(event.name)}${close}`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${description}">`)
    .replace('</head>', () => `${tags}</head>`);
};

/** How far either side of now a span looks for the zone's next change (a page open longer falls back to Intl). */
const SPAN_REACH_MS = 60 * 86_400_000;
/** A span is made again once less than this is left of it: the page that carries it is good for a day at least. */
const SPAN_MARGIN_MS = 86_400_000;

/**
 * The event's zone's offset around now for the venue's page (decision 062): the page reckons 'AO VIVO'
 * without loading Intl's zone data. One span per zone, made again when it nears its end; a zone Intl
 * does not know gets none (the page then asks Intl, which says the same).
 */
const spanCache = new Map<string, OffsetSpan | null>();
export const zoneSpanMeta = (timeZone: string, now = Date.now()): string => {
  let span = spanCache.get(timeZone);
  if (span === undefined || (span && (now < span.from || now > span.until - SPAN_MARGIN_MS))) {
    try {
      span = offsetSpanAt(now, timeZone, SPAN_REACH_MS);
    } catch {
      span = null;
    }
    if (spanCache.size > 100) spanCache.clear();
    spanCache.set(timeZone, span);
  }
  return span ? `<meta name="plataforma-zone" content="${escapeHtml(formatOffsetSpan(span))}">` : '';
};

/**
 * Serves the venue's build on the same origin: its files, index.html for each of the venue's pages
 * (SPA fallback for /, /plataforma/*, the public site's pages, /cms/*: the adapter's VENUE_PAGES, pages.ts),
 * and index.html with status 404 for any other page a browser asks for: the venue then shows its
 * not-found screen, and a crawler is told there is no page (decision 072).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const dist = settings().server.venueDist ?? path.join(repoRoot(), 'venue', 'dist');
  let index: { mtimeMs: number; html: string } | undefined;
  // The venue's embed sanitiser allows the same players as the CSP's frame-src (VIDEO_EMBED_HOSTS).
  // The back office refuses a picked file over this deployment's limits before sending it (UPLOAD_*_MAX_MB).
  const metas =
    `<meta name="${UPLOAD_LIMITS_META}" content="${formatUploadLimits(settings().uploads.limits.bytes)}">` +
    `<meta name="plataforma-video-hosts" content="${settings().video.hosts.join(',')}">`;
  const withHosts = (html: string): string => (html.includes('</head>') ? html.replace('</head>', `${metas}</head>`) : `${metas}${html}`);

  const readIndex = (): string | null => {
    const file = path.join(dist, 'index.html');
    try {
      const { mtimeMs } = fs.statSync(file);
      if (!index || index.mtimeMs !== mtimeMs) index = { mtimeMs, html: withHosts(fs.readFileSync(file, 'utf8')) };
      return index.html;
    } catch {
      return null;
    }
  };

  const fileFor = (urlPath: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const file = path.resolve(dist, `.${path.posix.normalize(decoded)}`);
    if (!file.startsWith(dist + path.sep)) return null;
    try {
      return fs.statSync(file).isFile() ? file : null;
    } catch {
      return null;
    }
  };

  /** Whether a precompressed twin exists; known once per hashed asset (a new build gives new names), looked up each time for the rest. */
  const twins = new Map<string, boolean>();
  const exists = (file: string): boolean => {
    if (!file.startsWith(path.join(dist, 'assets') + path.sep)) return fs.existsSync(file);
    let known = twins.get(file);
    if (known === undefined) {
      known = fs.existsSync(file);
      if (twins.size > 5000) twins.clear();
      twins.set(file, known);
    }
    return known;
  };

  strapi.log.debug(`[venue] serving ${dist}`);

  const serveIndex = (ctx: VenueContext, html = readIndex(), status = 200) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.status = html ? status : 503;
    ctx.body = html ?? NOT_BUILT;
  };

  /**
   * The index with the event's tags (and its name in the loading shell) on an event's page; the
   * plain index when the event is not published or the read fails. The venue's pages get the
   * dark shell, as the halls are dark.
   */
  const serveEventPage = async (ctx: VenueContext, id: number, venue: boolean) => {
    const read = readIndex();
    if (!read) return serveIndex(ctx, read);
    // `platform` is the class the venue's layout gives the body (colours, custom properties): set
    // here, the first render does not restyle the whole scene once mounted (decision 062).
    const html = venue ? read.replace('<body>', '<body class="boot-dark platform">') : read;
    try {
      const event = (await strapi.db.query('api::event.event').findOne({
        where: { id, published: true },
        select: ['name', 'description', 'timezone'],
        populate: { banner: { select: ['url'] }, image: { select: ['url'] } },
      })) as EventMetaRow | null;
      if (!event) return serveIndex(ctx, html);
      const tagged = withEventMeta(html, event, ctx.origin, `${ctx.origin}${ctx.path}`);
      serveIndex(ctx, venue ? tagged.replace('</head>', () => `${zoneSpanMeta(event.timezone || DEFAULT_TIME_ZONE)}</head>`) : tagged);
    } catch (error) {
      strapi.log.warn(`[venue] the tags of ${ctx.path} could not be read: ${String(error)}`);
      serveIndex(ctx, html);
    }
  };

  return async (ctx: VenueContext, next: () => Promise<void>) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServerPath(ctx.path)) return next();

    const file = ctx.path === '/' || ctx.path.endsWith('/') ? null : fileFor(ctx.path);
    if (file) {
      ctx.set('Content-Type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
      ctx.set('Cache-Control', ctx.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      // The build's brotli or gzip twin when the browser takes it: a third of the bytes, no work per request.
      const form = pickEncoding(ctx.get('accept-encoding'), ({ suffix }) => exists(file + suffix));
      ctx.set('Vary', 'Accept-Encoding');
      ctx.status = 200;
      if (form) ctx.set('Content-Encoding', form.encoding);
      // The build compressed what is worth it ahead of time; the rest (under 1 KB, images) goes as it is.
      ctx.compress = false;
      ctx.body = fs.createReadStream(form ? file + form.suffix : file);
      return;
    }

    const isPage = path.extname(ctx.path) === '';
    const eventPage = isPage ? EVENT_PAGE.exec(ctx.path) : null;
    if (eventPage) return serveEventPage(ctx, Number(eventPage[1]), false);
    const venuePage = isPage ? VENUE_PAGE.exec(ctx.path) : null;
    if (venuePage) return serveEventPage(ctx, Number(venuePage[1]), true);
    if (isPage && isVenuePage(ctx.path)) return serveIndex(ctx);

    // Anything else is Strapi's first (its admin API has paths such as /content-manager);
    // a browser asking for a page nobody serves gets the venue's not-found screen, still a 404.
    await next();
    const wantsHtml = (ctx.get('accept') ?? '').includes('text/html');
    if (isPage && wantsHtml && ctx.status === 404 && (ctx.body === undefined || ctx.body === null || ctx.body === 'Not Found'))
      serveIndex(ctx, readIndex(), 404);
  };
};
