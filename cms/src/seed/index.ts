import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { SITE_PAGES, dateInZone, lectureSpan, nextDay, timeInZone, type SitePageKey, type Timed } from '@plataforma/adapter';
import { SITE_PAGE_UIDS } from '../lib/site-pages';
import { hashPassword } from '../auth/accounts';
import { repoRoot } from '../lib/app-root';
import { settings, settingsOf, type Env } from '../lib/settings';
import { cpfFrom, logoSvg, makePdf, posterSvg } from './art';

interface Demo {
  event: Record<string, string | number | Record<string, string>> & {
    slug: string;
    name: string;
    category: string;
    categoryDescription: string;
    timezone: string;
    venue: Record<string, string>;
  };
  stands: Array<Record<string, string | null> & { name: string; subtitle: string; type: string; color: string }>;
  rooms: Array<{ name: string; number: number; link: string | null }>;
  lectures: Array<{
    name: string;
    room: number;
    startDate: string;
    startTime: string;
    endTime: string;
    videoId: string | null;
    /** A price (decision 045): the demo sells one lecture, for the checkout's demonstration. */
    value?: string;
    discount?: string;
    speakers: number[];
  }>;
  speakers: Array<{ name: string; title: string; description: string }>;
  sponsors: Array<{ name: string; type: string; color: string }>;
  clients: Array<Record<string, string>>;
  coupons: Array<Record<string, string | number | boolean>>;
  media: { videos: string[]; documents: string[]; images: string[] };
  products: Array<Record<string, string | number>>;
}

/** Development credentials, printed in the README; a production start refuses them. */
export const DEFAULT_STAFF = {
  admin: { email: 'admin@exemplo.com.br', password: 'Admin#2026dev' },
  attendant: { email: 'atendente@exemplo.com.br', password: 'Atendente#2026dev' },
} as const;

const loadDemo = (): Demo => JSON.parse(fs.readFileSync(path.join(repoRoot(), 'database', 'demo', 'demo.json'), 'utf8')) as Demo;

/** The seeded staff accounts, refusing the development defaults in production. */
export const staffAccounts = (env?: Env) => {
  const { seed, production } = settingsOf(env);
  const account = (role: 'admin' | 'attendant') => {
    const prefix = role === 'admin' ? 'SEED_ADMIN' : 'SEED_ATTENDANT';
    const email = seed[role].email || DEFAULT_STAFF[role].email;
    const password = seed[role].password || DEFAULT_STAFF[role].password;
    if (production && password === DEFAULT_STAFF[role].password) {
      throw new Error(
        `${prefix}_PASSWORD is unset or the development default: set a real password (or SEED_DEMO=false) before a production start.`,
      );
    }
    return { email: email.trim().toLowerCase(), password };
  };
  return { admin: account('admin'), attendant: account('attendant') };
};

type Uploader = (name: string, mime: string, body: Buffer | string, alt?: string) => Promise<number>;

/** An upload row as the upload service returns it (kept whole so a failed seed can remove it). */
type UploadedFile = { id: number } & Record<string, unknown>;

const uploadService = (strapi: Core.Strapi) =>
  strapi.plugin('upload').service('upload') as {
    upload(input: { data: Record<string, unknown>; files: Record<string, unknown> }): Promise<UploadedFile[]>;
    remove(file: UploadedFile): Promise<unknown>;
  };

const makeUploader =
  (strapi: Core.Strapi, dir: string, uploaded: UploadedFile[]): Uploader =>
  async (name, mime, body, alt) => {
    const filepath = path.join(dir, name);
    fs.writeFileSync(filepath, body);
    const [file] = await uploadService(strapi).upload({
      data: { fileInfo: { name, alternativeText: alt ?? name, caption: alt ?? name } },
      files: { filepath, originalFilename: name, mimetype: mime, size: fs.statSync(filepath).size },
    });
    uploaded.push(file);
    fs.rmSync(filepath, { force: true });
    return file.id;
  };

/** The content types the seed writes, whose ids it relies on. */
const SEEDED_UIDS = [
  'api::category.category',
  'api::event.event',
  'api::stand.stand',
  'api::media.media',
  'api::product.product',
  'api::room.room',
  'api::speaker.speaker',
  'api::lecture.lecture',
  'api::sponsor.sponsor',
  'api::coupon.coupon',
  'api::client.client',
  'api::staff-user.staff-user',
  'api::stand-attendant.stand-attendant',
] as const;

/**
 * Restarts the id counter of every seeded table that is empty, so event 1 and stands 1–19
 * come out right after an earlier failed attempt (a PostgreSQL sequence is not rolled back
 * with the transaction) or after the demo rows were deleted by hand.
 */
const resetIdCounters = async (strapi: Core.Strapi): Promise<void> => {
  const client = strapi.db.dialect.client;
  for (const uid of SEEDED_UIDS) {
    if ((await strapi.db.query(uid).count({})) > 0) continue;
    const { tableName } = strapi.db.metadata.get(uid);
    if (client === 'postgres') {
      const schema = strapi.db.getSchemaName();
      const table = schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
      await strapi.db.connection.raw(`select setval(pg_get_serial_sequence(?, 'id'), 1, false)`, [table]);
    } else if (client === 'sqlite') {
      const counters = await strapi.db.connection.raw(`select name from sqlite_master where type = 'table' and name = 'sqlite_sequence'`);
      if (Array.isArray(counters) && counters.length > 0)
        await strapi.db.connection.raw('delete from sqlite_sequence where name = ?', [tableName]);
    }
  }
};

/** Removes what a failed attempt uploaded (rows and stored files), so nothing is left behind. */
const removeUploads = async (strapi: Core.Strapi, uploaded: UploadedFile[]): Promise<void> => {
  for (const file of uploaded) {
    try {
      await uploadService(strapi).remove(file);
    } catch (error) {
      strapi.log.warn(`[seed] could not remove upload ${file.id}: ${(error as Error).message}`);
    }
  }
};

const time = (hhmm: string) => `${hhmm.slice(0, 5)}:00.000`;

/**
 * Loads the demo event into an empty database (no event and no staff user): event 1 with
 * 19 stands in the tier layout of SPEC §2.4, rooms, lectures, sponsors, speakers, clients,
 * and an admin and an attendant. SEED_DEMO=false turns it off.
 */
export const seedDemo = async (strapi: Core.Strapi): Promise<void> => {
  if (!settings().seed.demo) return;
  const [events, users] = await Promise.all([
    strapi.db.query('api::event.event').count({}),
    strapi.db.query('api::staff-user.staff-user').count({}),
  ]);
  if (events === 0 && users === 0) {
    // Only a seed that is about to run refuses the development passwords in production.
    const staff = staffAccounts();
    const started = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-seed-'));
    const uploaded: UploadedFile[] = [];
    try {
      await resetIdCounters(strapi);
      await insertDemo(strapi, loadDemo(), staff, makeUploader(strapi, dir, uploaded));
      strapi.log.info(`[seed] demo event, 19 stands, rooms, lectures and staff accounts loaded in ${Date.now() - started} ms`);
    } catch (error) {
      // The rows were rolled back with the transaction; the uploads are removed here, so the
      // database is empty again and the next start simply tries again.
      await removeUploads(strapi, uploaded);
      strapi.log.error(
        `[seed] the demo data could not be loaded and nothing was kept (the next start tries again): ${(error as Error).message}`,
      );
      throw error;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  await ensureLiveDemoLecture(strapi);
  await ensureSitePages(strapi);
};

/**
 * The demo's terms of use and 'about us' (database/demo/pages.json), written once into their
 * single types when they are still empty; an admin's own text is never replaced.
 */
const ensureSitePages = async (strapi: Core.Strapi): Promise<void> => {
  const pages = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'database', 'demo', 'pages.json'), 'utf8')) as Record<
    SitePageKey,
    { title: string; sections: Array<[string, string]> }
  >;
  for (const key of SITE_PAGES) {
    const uid = SITE_PAGE_UIDS[key];
    if ((await strapi.db.query(uid).count({})) > 0) continue;
    const body = pages[key].sections.flatMap(([heading, text]) => [
      { type: 'heading', level: 2, children: [{ type: 'text', text: heading }] },
      { type: 'paragraph', children: [{ type: 'text', text }] },
    ]);
    await strapi.db.query(uid).create({ data: { title: pages[key].title, body } });
  }
};

const insertDemo = async (strapi: Core.Strapi, demo: Demo, staff: ReturnType<typeof staffAccounts>, upload: Uploader) => {
  const q = (uid: string) => strapi.db.query(uid as Parameters<typeof strapi.db.query>[0]);
  const e = demo.event;

  // Files first (outside the transaction: the upload provider writes to disk).
  const svg = 'image/svg+xml';
  const files = {
    image: await upload('evento-fundo.svg', svg, posterSvg(1920, 500, '', ''), `Fundo do evento ${e.name}`),
    banner: await upload('evento-banner.svg', svg, posterSvg(240, 340, 'CBVMI', '2020'), `Banner do evento ${e.name}`),
    thumb: await upload(
      'evento-miniatura.svg',
      svg,
      posterSvg(252, 150, 'CBVMI 2020', 'Medicina Intensiva'),
      `Miniatura do evento ${e.name}`,
    ),
    infoPdf: await upload(
      'informacoes-cbvmi.pdf',
      'application/pdf',
      makePdf('Informações do congresso', [
        'Datas: 12 a 14 de novembro de 2020.',
        'Formato: online, com salas ao vivo e pavilhões de expositores.',
        'Certificados: enviados por e-mail após o evento.',
      ]),
    ),
    mapPdf: await upload(
      'mapa-do-evento.pdf',
      'application/pdf',
      makePdf('Mapa do evento', ['Hall de entrada → Congresso → Pavilhões Ouro, Prata e Bronze.', 'Help desk: atendimento das 8h às 18h.']),
    ),
    speakersPdf: await upload(
      'informacoes-palestrantes.pdf',
      'application/pdf',
      makePdf('Informações para palestrantes', ['Teste sua câmera 30 minutos antes da sessão.', 'Envie seus slides até o dia anterior.']),
    ),
    video: await upload(
      'video-demonstracao.mp4',
      'video/mp4',
      fs.readFileSync(path.join(repoRoot(), 'database', 'demo', 'assets', 'demo-video.mp4')),
      'Vídeo de demonstração',
    ),
    documents: [] as number[],
    images: [] as number[],
    logos: [] as number[],
    sponsors: [] as number[],
    products: [] as number[],
  };
  for (const [index, title] of demo.media.documents.entries()) {
    files.documents.push(
      await upload(
        `documento-${index + 1}.pdf`,
        'application/pdf',
        makePdf(title, ['Material de demonstração do congresso.', 'Conteúdo fictício para o ambiente de desenvolvimento.']),
      ),
    );
  }
  for (const [index, title] of demo.media.images.entries()) {
    files.images.push(await upload(`foto-${index + 1}.svg`, svg, posterSvg(1200, 800, title, 'CBVMI 2020'), title));
  }
  for (const stand of demo.stands)
    files.logos.push(
      await upload(`logo-${files.logos.length + 1}.svg`, svg, logoSvg(stand.name, stand.color), `Logotipo de ${stand.name}`),
    );
  for (const sponsor of demo.sponsors)
    files.sponsors.push(
      await upload(
        `patrocinador-${files.sponsors.length + 1}.svg`,
        svg,
        logoSvg(sponsor.name, sponsor.color),
        `Logotipo de ${sponsor.name}`,
      ),
    );
  for (const [index, product] of demo.products.entries())
    files.products.push(
      await upload(
        `produto-${index + 1}.svg`,
        svg,
        posterSvg(800, 600, String(product.title), 'Oferta do congresso'),
        String(product.title),
      ),
    );

  await strapi.db.transaction(async () => {
    const category = await q('api::category.category').create({ data: { name: e.category, description: e.categoryDescription } });
    const event = await q('api::event.event').create({
      data: {
        slug: e.slug,
        name: e.name,
        description: e.description,
        category: category.id,
        startDate: e.startDate,
        endDate: e.endDate,
        startTime: time(String(e.startTime)),
        endTime: time(String(e.endTime)),
        timezone: e.timezone,
        value: e.value,
        discount: e.discount,
        installments: e.installments,
        exchange: e.exchange,
        status: e.status,
        facebook: e.facebook,
        twitter: e.twitter,
        linkedIn: e.linkedIn,
        published: true,
        featured: false,
        ...e.venue,
        image: files.image,
        banner: files.banner,
        thumb: files.thumb,
        infoPdf: files.infoPdf,
        mapPdf: files.mapPdf,
        speakersPdf: files.speakersPdf,
      },
    });
    if (event.id !== 1) throw new Error(`the demo event got id ${event.id}, not 1: is the database really empty?`);

    const standIds: number[] = [];
    for (const [index, stand] of demo.stands.entries()) {
      const row = await q('api::stand.stand').create({
        data: { ...stand, position: index + 1, event: event.id, image: files.logos[index] },
      });
      if (row.id !== index + 1) throw new Error(`stand ${stand.name} got id ${row.id}, not ${index + 1}`);
      standIds.push(row.id);
      for (const title of demo.media.videos) {
        await q('api::media.media').create({
          data: { title, type: 'VIDEO', description: `${title} — ${stand.name}.`, stand: row.id, file: files.video },
        });
      }
      for (const [n, title] of demo.media.documents.entries()) {
        await q('api::media.media').create({
          data: { title, type: 'DOCUMENT', description: `${title} de ${stand.name} (PDF).`, stand: row.id, file: files.documents[n] },
        });
      }
      for (const [n, title] of demo.media.images.entries()) {
        if (stand.type !== 'master' && n > 0) break;
        await q('api::media.media').create({
          data: { title, type: 'IMAGE', description: `${title} — ${stand.name}.`, stand: row.id, file: files.images[n] },
        });
      }
      for (const [n, product] of demo.products.entries()) {
        await q('api::product.product').create({
          data: { ...product, ctaLink: `${stand.website}/ofertas`, stand: row.id, image: files.products[n] },
        });
      }
    }

    const roomIds: number[] = [];
    for (const room of demo.rooms) {
      const row = await q('api::room.room').create({ data: { ...room, slug: `sala-${room.number}`, event: event.id } });
      roomIds.push(row.id);
    }
    const speakerIds: number[] = [];
    for (const speaker of demo.speakers)
      speakerIds.push((await q('api::speaker.speaker').create({ data: { ...speaker, event: event.id } })).id);
    for (const lecture of demo.lectures) {
      await q('api::lecture.lecture').create({
        data: {
          name: lecture.name,
          room: roomIds[lecture.room - 1],
          startDate: lecture.startDate,
          startTime: time(lecture.startTime),
          endTime: time(lecture.endTime),
          videoId: lecture.videoId,
          value: lecture.value ?? 0,
          discount: lecture.discount ?? 0,
          speakers: lecture.speakers.map((n) => speakerIds[n - 1]),
        },
      });
    }
    for (const [index, sponsor] of demo.sponsors.entries()) {
      await q('api::sponsor.sponsor').create({
        data: {
          name: sponsor.name,
          type: sponsor.type,
          position: index + 1,
          link: `https://${sponsor.name
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z]/g, '')}.exemplo.com.br`,
          event: event.id,
          image: files.sponsors[index],
        },
      });
    }
    for (const coupon of demo.coupons) await q('api::coupon.coupon').create({ data: { ...coupon, event: event.id } });

    const clientPassword = await hashPassword('Cliente#2026dev');
    for (const [index, client] of demo.clients.entries()) {
      await q('api::client.client').create({
        data: {
          ...client,
          ddi: '55',
          cpf: cpfFrom(String(123456780 + index * 111)),
          password: clientPassword,
          listedInNetwork: true,
          // The first three show their e-mail in the network room, the other two do not (issue 17).
          networkShowEmail: index < 3,
          language: 'pt',
          events: [event.id],
        },
      });
    }

    await q('api::staff-user.staff-user').create({
      data: {
        name: 'Administradora Demo',
        email: staff.admin.email,
        password: await hashPassword(staff.admin.password),
        role: 'admin',
        ddi: '55',
        ddd: '11',
        phone: '999990001',
        firstAccess: false,
      },
    });
    const attendant = await q('api::staff-user.staff-user').create({
      data: {
        name: 'Atendente Demo',
        email: staff.attendant.email,
        password: await hashPassword(staff.attendant.password),
        role: 'attendant',
        ddi: '55',
        ddd: '11',
        phone: '999990002',
        firstAccess: false,
      },
    });
    for (const standId of [standIds[0], standIds[4]])
      await q('api::stand-attendant.stand-attendant').create({ data: { stand: standId, user: attendant.id } });
  });
};

/**
 * Keeps the demo's lecture screen alive: when nothing runs in room 1 of the demo event now (in
 * the event's time zone), a lecture live from 30 minutes ago for two hours is added, and one
 * later today when the day has room for it. A live lecture the end of the day cuts short is
 * continued by one from midnight to 02:00 of the next day, so a server started late in the
 * evening still has a lecture live after midnight.
 */
export const ensureLiveDemoLecture = async (strapi: Core.Strapi, now = Date.now()): Promise<void> => {
  if (!settings().seed.demo) return;
  const demo = loadDemo();
  const event = (await strapi.db.query('api::event.event').findOne({ where: { slug: demo.event.slug }, select: ['id', 'timezone'] })) as {
    id: number;
    timezone: string | null;
  } | null;
  if (!event) return;
  const room = (await strapi.db.query('api::room.room').findOne({ where: { event: { id: event.id }, number: 1 }, select: ['id'] })) as {
    id: number;
  } | null;
  if (!room) return;
  const zone = event.timezone || 'America/Sao_Paulo';
  const today = dateInZone(now, zone);
  const tomorrow = nextDay(today);
  const lecturesOn = async (day: string) =>
    (await strapi.db.query('api::lecture.lecture').findMany({
      where: { room: { id: room.id }, startDate: day },
      select: ['startDate', 'startTime', 'endTime'],
    })) as Timed[];
  const todays = await lecturesOn(today);
  const live = todays.some((lecture) => {
    const span = lectureSpan(lecture, zone);
    return span.start <= now && now < span.end;
  });
  if (live) return;
  const create = (name: string, day: string, startTime: string, endTime: string, videoId: string) =>
    strapi.db.query('api::lecture.lecture').create({
      data: { name, room: room.id, startDate: day, startTime, endTime, videoId, value: 0, discount: 0 },
    });
  // Live: from 30 minutes ago (on a 5-minute mark) for two hours, within the day.
  const [hour, minute] = timeInZone(now, zone).split(':').map(Number);
  const startMinutes = Math.max(0, Math.floor((hour * 60 + minute - 30) / 5) * 5);
  const dayEnd = 24 * 60;
  const endMinutes = Math.min(dayEnd, startMinutes + 120);
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  await create(
    'Ao vivo: casos clínicos comentados',
    today,
    time(hhmm(startMinutes)),
    endMinutes === dayEnd ? '23:59:59.000' : time(hhmm(endMinutes)),
    demo.event.venue.welcomeVideo,
  );
  if (endMinutes + 30 + 60 < dayEnd && !todays.some((lecture) => lecture.startTime.slice(0, 5) >= hhmm(endMinutes)))
    await create(
      'Mesa-redonda: o futuro da terapia intensiva',
      today,
      time(hhmm(endMinutes + 30)),
      time(hhmm(endMinutes + 90)),
      'https://vimeo.com/76979871',
    );
  if (endMinutes === dayEnd && (await lecturesOn(tomorrow)).length === 0)
    await create('Ao vivo: casos clínicos comentados (continuação)', tomorrow, time('00:00'), time('02:00'), demo.event.venue.welcomeVideo);
};
