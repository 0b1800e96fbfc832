import type { Core } from '@strapi/strapi';
import { ApiError, clientErasureSchema, clientPaths, type ClientDataExport, type StandEventKind } from '@plataforma/adapter';
import { reply } from '@plataforma/adapter/server';
import { logActivity } from '../../../activity/log';
import { findAccount, passwordMatches } from '../../../auth/accounts';
import { RateLimiter } from '../../../auth/rate-limit';
import { settings } from '../../../lib/settings';
import { eraseClient } from '../erasure';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { routeFor, siteRouter } from '../../../http/router';
import { dateOnly, isoString } from '../../../lib/wire';
import { CLIENT_COLUMNS, CLIENT_UID, clientToWire, type ClientRow } from '../wire';
import { flushPageViews } from '../../../analytics/page-views';
import { STAND_EVENT_UID, flushStandEvents } from '../../../analytics/stand-events';
import { WATCH_MINUTES_TABLE, WATCH_SESSION_UID, flushHeartbeats } from '../../../analytics/watch';
import { rowsOf } from '../../../analytics/sql';
import { certificatesOf } from '../../../certificates/issue';
import { clientEmails, emailConfirmedAt } from '../../../email/messages';
import { feedStatus } from '../../../calendars/feed';

type Stamp = string | Date;
const when = (value: Stamp | null | undefined): string | null => (value ? isoString(value) : null);
const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
const idOf = (row: { id: number } | null | undefined): number | null => row?.id ?? null;

type Ref = { id: number } | null | undefined;
interface SessionRow {
  createdAt: Stamp;
  expiresAt: Stamp | null;
  revokedAt: Stamp | null;
  soft: boolean | number | null;
  ip: string | null;
  userAgent: string | null;
}
interface ViewRow {
  createdAt: Stamp;
  path: string;
  referrer: string | null;
  language: string | null;
  event?: Ref;
  stand?: Ref;
}
interface WatchRow {
  id: number;
  seconds: number | null;
  heartbeats: number | null;
  firstHeartbeatAt: Stamp | null;
  lastHeartbeatAt: Stamp | null;
  lecture?: Ref;
  event?: Ref;
}
interface StandEventRow {
  createdAt: Stamp;
  kind: StandEventKind;
  target: string | null;
  stand?: Ref;
  media?: Ref;
  product?: Ref;
}
interface ContactRow {
  createdAt: Stamp;
  subject: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  stand?: Ref;
}
interface ChatRow {
  id: number;
  createdAt: Stamp;
  leadConsent: boolean | number | null;
  stand?: { id: number; name: string } | null;
  messages?: Array<{ createdAt: Stamp; senderType: string; text: string | null }>;
}
interface StarRow {
  id: number;
  name: string;
  startDate: Stamp;
  room?: { event?: Ref } | null;
}
interface FavouriteRow {
  id: number;
  name: string;
  event?: Ref;
}
interface OrderRow {
  id: number;
  createdAt: Stamp;
  status: string;
  total: string | number | null;
  discount: string | number | null;
  event?: Ref;
}

/** The most rows of one kind an export carries (a person's page views over years stay far below). */
const MAX_ROWS = 20_000;

/**
 * `DELETE /api/site/v1/clients/me` (LGPD art. 18, VI; a full login, the password and the typed
 * word): the account is erased as `eraseClient` says and the answer is the last one the client's
 * token gets. The log keeps that an account was deleted, never whose.
 *
 * `GET /api/site/v1/clients/me/data`: everything the product holds about the signed-in client
 * (LGPD art. 18, II and V), as a JSON attachment — a full login only, like the profile. Session
 * tokens, password hashes and internal keys are never part of it.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = (uid: string) => strapi.db.query(uid as Parameters<typeof strapi.db.query>[0]);
  const limiter = new RateLimiter(60 * 60 * 1000);
  const erase = routeFor(strapi)({
    method: 'DELETE',
    path: clientPaths.me,
    config: access('client'),
    body: clientErasureSchema,
    handler: async (ctx, input) => {
      const who = identityOf(ctx.state);
      if (!who) throw new ApiError(401, 'api.error.unauthorized');
      await limiter.hit(`erase:${who.id}`, settings().rateLimits.phoneChangesPerHour);
      const row = (await q(CLIENT_UID).findOne({ where: { id: who.id }, select: ['email'] })) as { email: string } | null;
      const account = row ? await findAccount(strapi, 'client', row.email) : null;
      if (!account || !(await passwordMatches(account, input.password))) throw new ApiError(400, 'auth.error.invalidCredentials');
      const done = await eraseClient(strapi, who.id);
      await logActivity(strapi, {
        action: 'clients.erased',
        description:
          `Conta de cliente nº ${who.id} excluída a pedido do titular (LGPD): ${done.contacts} contato(s) e ` +
          `${done.messages} mensagem(ns) de chat anonimizados, ${done.pageViews} visualização(ões), ` +
          `${done.watchSessions} sessão(ões) de palestra e ${done.standEvents} interação(ões) com estandes desvinculadas, ` +
          `${done.certificates} certificado(s) revogado(s)` +
          (done.keptBuyer ? '; nome e CPF mantidos por pedidos pagos.' : '.'),
        ip: ctx.ip,
      });
      return reply({ erased: true }, 'clients.erased');
    },
  });
  return siteRouter([
    erase,
    routeFor(strapi)({
      method: 'GET',
      path: clientPaths.myData,
      config: access('client'),
      handler: async (ctx) => {
        const who = identityOf(ctx.state);
        if (!who) throw new ApiError(401, 'api.error.unauthorized');
        const id = who.id;
        await flushPageViews(strapi); // the export holds every view, including those still in the buffer
        await flushHeartbeats(strapi); // and every heartbeat and stand event (decision 047)
        await flushStandEvents(strapi);
        const row = (await q(CLIENT_UID).findOne({
          where: { id },
          select: [...CLIENT_COLUMNS, 'listedInNetwork', 'networkShowEmail', 'termsAcceptedAt'],
          populate: {
            events: { select: ['id', 'name'] },
            agendaLectures: {
              select: ['id', 'name', 'startDate'],
              populate: { room: { select: ['id'], populate: { event: { select: ['id'] } } } },
            },
            favouriteStands: { select: ['id', 'name'], populate: { event: { select: ['id'] } } },
          },
        })) as
          | (ClientRow & {
              listedInNetwork: boolean | number;
              networkShowEmail: boolean | number | null;
              termsAcceptedAt: Stamp | null;
              events?: Array<{ id: number; name: string }>;
              agendaLectures?: StarRow[];
              favouriteStands?: FavouriteRow[];
            })
          | null;
        if (!row) throw new ApiError(401, 'api.error.unauthorized');
        const [sessions, pageViews, contacts, chats, orders, watched, standEvents] = (await Promise.all([
          q('api::session.session').findMany({
            where: { client: { id } },
            select: ['createdAt', 'expiresAt', 'revokedAt', 'soft', 'ip', 'userAgent'],
            orderBy: { id: 'asc' },
            limit: MAX_ROWS,
          }),
          q('api::page-view.page-view').findMany({
            where: { client: { id } },
            select: ['createdAt', 'path', 'referrer', 'language'],
            populate: { event: { select: ['id'] }, stand: { select: ['id'] } },
            orderBy: { id: 'asc' },
            limit: MAX_ROWS,
          }),
          q('api::contact.contact').findMany({
            where: { client: { id } },
            select: ['createdAt', 'subject', 'name', 'email', 'phone', 'message'],
            populate: { stand: { select: ['id'] } },
            orderBy: { id: 'asc' },
            limit: MAX_ROWS,
          }),
          q('api::chat.chat').findMany({
            where: { client: { id } },
            select: ['id', 'createdAt', 'leadConsent'],
            populate: {
              stand: { select: ['id', 'name'] },
              messages: { select: ['createdAt', 'senderType', 'text'], orderBy: { id: 'asc' } },
            },
            orderBy: { id: 'asc' },
            limit: MAX_ROWS,
          }),
          q('api::order.order').findMany({
            where: { client: { id } },
            select: ['id', 'createdAt', 'status', 'total', 'discount'],
            populate: { event: { select: ['id'] } },
            orderBy: { id: 'asc' },
            limit: MAX_ROWS,
          }),
          q(WATCH_SESSION_UID).findMany({
            where: { client: { id } },
            select: ['id', 'seconds', 'heartbeats', 'firstHeartbeatAt', 'lastHeartbeatAt'],
            populate: { lecture: { select: ['id'] }, event: { select: ['id'] } },
            orderBy: { id: 'asc' },
            limit: MAX_ROWS,
          }),
          q(STAND_EVENT_UID).findMany({
            where: { client: { id } },
            select: ['createdAt', 'kind', 'target'],
            populate: { stand: { select: ['id'] }, media: { select: ['id'] }, product: { select: ['id'] } },
            orderBy: { id: 'asc' },
            limit: MAX_ROWS,
          }),
        ])) as [SessionRow[], ViewRow[], ContactRow[], ChatRow[], OrderRow[], WatchRow[], StandEventRow[]];
        // The minutes of the sessions' heartbeats (decision 048), one query for all of them.
        const minuteRows = watched.length
          ? rowsOf<{ session_id: number; minute: number | string }>(
              await strapi.db.connection.raw(
                `select session_id, minute from ${WATCH_MINUTES_TABLE} where session_id in (${watched.map(() => '?').join(', ')}) order by session_id, minute`,
                watched.map((w) => w.id),
              ),
            )
          : [];
        const minutesOf = (sessionId: number) =>
          minuteRows.filter((m) => Number(m.session_id) === sessionId).map((m) => new Date(Number(m.minute) * 60_000).toISOString());
        const answer: ClientDataExport = {
          exportedAt: new Date().toISOString(),
          profile: {
            ...clientToWire(row),
            listedInNetwork: Boolean(row.listedInNetwork),
            networkShowEmail: Boolean(row.networkShowEmail),
          },
          eventsEntered: (row.events ?? []).map((event) => ({ id: event.id, name: event.name })),
          sessions: sessions.map((s) => ({
            createdAt: isoString(s.createdAt),
            expiresAt: when(s.expiresAt),
            revokedAt: when(s.revokedAt),
            soft: Boolean(s.soft),
            ip: text(s.ip),
            userAgent: text(s.userAgent),
          })),
          pageViews: pageViews.map((v) => ({
            createdAt: isoString(v.createdAt),
            path: String(v.path),
            eventId: idOf(v.event),
            standId: idOf(v.stand),
            referrer: text(v.referrer),
            language: text(v.language),
          })),
          watchSessions: watched.map((w) => ({
            lectureId: idOf(w.lecture),
            eventId: idOf(w.event),
            seconds: Number(w.seconds ?? 0),
            heartbeats: Number(w.heartbeats ?? 0),
            firstHeartbeatAt: when(w.firstHeartbeatAt),
            lastHeartbeatAt: when(w.lastHeartbeatAt),
            minutes: minutesOf(Number(w.id)),
          })),
          certificates: await certificatesOf(strapi, id),
          // The messages sent to them (decision 081): to which address, what, when, how it went.
          emailConfirmedAt: await emailConfirmedAt(strapi, id),
          termsAcceptedAt: when(row.termsAcceptedAt),
          emails: await clientEmails(strapi, id),
          standEvents: standEvents.map((e) => ({
            createdAt: isoString(e.createdAt),
            kind: e.kind,
            standId: idOf(e.stand),
            mediaId: idOf(e.media),
            productId: idOf(e.product),
            target: text(e.target),
          })),
          contacts: contacts.map((c) => ({
            createdAt: isoString(c.createdAt),
            subject: text(c.subject),
            name: text(c.name),
            email: text(c.email),
            phone: text(c.phone),
            message: text(c.message),
            standId: idOf(c.stand),
          })),
          chats: chats.map((c) => ({
            id: c.id,
            standId: idOf(c.stand),
            standName: text(c.stand?.name),
            createdAt: isoString(c.createdAt),
            leadConsent: Boolean(c.leadConsent),
            messages: (c.messages ?? []).map((m) => ({
              createdAt: isoString(m.createdAt),
              senderType: String(m.senderType),
              text: String(m.text ?? ''),
            })),
          })),
          orders: orders.map((o) => ({
            id: o.id,
            createdAt: isoString(o.createdAt),
            status: String(o.status),
            total: text(o.total),
            discount: text(o.discount),
            eventId: idOf(o.event),
          })),
          agenda: (row.agendaLectures ?? [])
            .map((lecture) => ({
              lectureId: lecture.id,
              name: lecture.name,
              startDate: dateOnly(lecture.startDate) ?? '',
              eventId: idOf(lecture.room?.event),
            }))
            .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.lectureId - b.lectureId),
          favourites: (row.favouriteStands ?? [])
            .map((stand) => ({ standId: stand.id, name: stand.name, eventId: idOf(stand.event) }))
            .sort((a, b) => a.standId - b.standId),
          // Whether a calendar feed of the agenda exists, never its secret (decision 108).
          calendarFeed: await feedStatus(strapi, id),
        };
        ctx.set('Content-Disposition', 'attachment; filename="meus-dados-plataforma.json"');
        ctx.set('Cache-Control', 'no-store');
        return reply(answer);
      },
    }),
  ]);
};
