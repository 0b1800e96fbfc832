import type { Core } from '@strapi/strapi';
import {
  ApiError,
  DASHBOARD_ONLINE_MINUTES,
  DASHBOARD_PAGE_CAP_SECONDS,
  DEFAULT_TIME_ZONE,
  type EventDashboard,
  type HallRow,
  type LectureRow,
  type StandRow,
} from '@plataforma/adapter';
import { flushHeartbeats, WATCH_MINUTES_TABLE } from '../analytics/watch';
import { flushPageViews } from '../analytics/page-views';
import { drainPageViewRollup } from '../analytics/page-view-rollup';
import { readPlaceHours, summarize, type Summary } from './place-hours';
import { money, num, sqlOf, UID, type Sql } from './sql';
import { addDays, daysOf, dayOfNumber, knownZone, todayIn, zonedRange, type ZonedRange } from './zone';

/** The event's part of a venue path: '/plataforma/1-congresso/hall-entrada' → 'hall-entrada'. */
export const hallOf = (path: string): string => path.replace(/^\/plataforma\/[^/]+\/?/, '') || '/';

/** The room of a lecture screen's page ('salas/17', 'congresso/salas/17'), if it is one. */
export const roomOfHall = (hall: string): number | null => {
  const match = /^(?:congresso\/)?salas\/(\d{1,9})\/?$/.exec(hall);
  return match ? Number(match[1]) : null;
};

/**
 * The names the server has for the halls' rows (decision 103): a room's page is named by the
 * rooms table (the event's rooms only), the event's own address by the event.
 */
export const nameHalls = async (strapi: Core.Strapi, event: { id: number; name: string }, rows: HallRow[]): Promise<HallRow[]> => {
  const roomIds = [...new Set(rows.map((row) => roomOfHall(row.hall)).filter((id): id is number => id !== null))];
  const rooms =
    roomIds.length === 0
      ? []
      : ((await strapi.db
          .query(UID.room)
          .findMany({ where: { id: { $in: roomIds }, event: { id: event.id } }, select: ['id', 'name'] })) as Array<{
          id: number;
          name: string;
        }>);
  const roomName = new Map(rooms.map((room) => [Number(room.id), room.name]));
  return rows.map((row) => {
    if (row.hall === '/') return { ...row, name: event.name };
    const roomId = roomOfHall(row.hall);
    const name = roomId === null ? undefined : roomName.get(roomId);
    return name === undefined || roomId === null ? row : { ...row, name, roomId };
  });
};

interface EventRow {
  id: number;
  name: string;
  startDate: string | null;
  endDate: string | null;
  timezone: string | null;
}

const isoDay = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
};

/** The event of a dashboard, its zone and the range asked for (its dates by default). */
export const eventAndRange = async (
  strapi: Core.Strapi,
  id: number,
  query: { from?: string; to?: string },
): Promise<{ event: EventRow; range: ZonedRange }> => {
  const event = (await strapi.db
    .query(UID.event)
    .findOne({ where: { id }, select: ['id', 'name', 'startDate', 'endDate', 'timezone'] })) as EventRow | null;
  if (!event) throw new ApiError(404, 'api.error.notFound');
  const timeZone = event.timezone && knownZone(event.timezone) ? event.timezone : DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const start = isoDay(event.startDate);
  const end = isoDay(event.endDate);
  const from = query.from ?? start ?? addDays(query.to ?? today, -29);
  const to = query.to ?? (end && end >= from ? end : start && start >= from ? start : today >= from ? today : from);
  return { event: { ...event, startDate: start, endDate: end }, range: zonedRange(from, to, timeZone) };
};

/** The page views of the event in the range, with their client and stand (a CTE's body). */
const eventViews = (s: Sql, eventId: number, range: ZonedRange): string => {
  const [pv, ev, cl, st] = [
    s.table(UID.pageView),
    s.link(UID.pageView, 'event'),
    s.link(UID.pageView, 'client'),
    s.link(UID.pageView, 'stand'),
  ];
  return (
    `select v.id, v.path, v.created_at, c.${cl.other} as client_id, st.${st.other} as stand_id from ${pv} v ` +
    `join ${ev.name} e on e.${ev.own} = v.id and e.${ev.other} = ${s.int(eventId)} ` +
    `left join ${cl.name} c on c.${cl.own} = v.id left join ${st.name} st on st.${st.own} = v.id ` +
    `where v.created_at >= ${s.at(range.start)} and v.created_at < ${s.at(range.end)}`
  );
};

/**
 * Whether the range can be read from the hourly rollup (decision 053): its zone's offsets over the
 * range are whole hours (Brazil's, most zones), so each UTC hour falls whole in one local day and
 * hour. A zone with a :30 or :45 offset (India, Newfoundland, Nepal…) is read from the views.
 */
export const hourAligned = (range: ZonedRange): boolean =>
  range.start % 3_600_000 === 0 && range.end % 3_600_000 === 0 && range.offsets.every((piece) => piece.offset % 3600 === 0);

/** Distinct clients with a page view or a heartbeat in the last minutes (of one event, or of all). */
export const onlineNow = async (s: Sql, eventId: number | null, now = Date.now()): Promise<number> => {
  const since = s.at(now - DASHBOARD_ONLINE_MINUTES * 60_000);
  const [pv, pvEvent, pvClient] = [s.table(UID.pageView), s.link(UID.pageView, 'event'), s.link(UID.pageView, 'client')];
  const [ws, wsEvent, wsClient] = [s.table(UID.watch), s.link(UID.watch, 'event'), s.link(UID.watch, 'client')];
  const last = s.col(UID.watch, 'lastHeartbeatAt');
  const ofEvent = (link: { name: string; own: string; other: string }, alias: string) =>
    eventId === null ? '' : `join ${link.name} e on e.${link.own} = ${alias}.id and e.${link.other} = ${s.int(eventId)} `;
  const [row] = await s.rows<{ n: unknown }>(
    `select count(*) as n from (` +
      `select c.${pvClient.other} as client_id from ${pv} v ${ofEvent(pvEvent, 'v')}join ${pvClient.name} c on c.${pvClient.own} = v.id where v.created_at >= ${since} ` +
      `union select c.${wsClient.other} from ${ws} w ${ofEvent(wsEvent, 'w')}join ${wsClient.name} c on c.${wsClient.own} = w.id where w.${last} >= ${since}` +
      `) x`,
  );
  return num(row?.n);
};

const trafficOfViews = async (s: Sql, views: string, local: string) => {
  const [perDay, perHour, totals] = await Promise.all([
    s.rows<{ d: unknown; visits: unknown; uniques: unknown }>(
      `with ev as (${views}) select ${local} / 86400 as d, count(*) as visits, count(distinct client_id) as uniques from ev group by 1`,
    ),
    s.rows<{ h: unknown; visits: unknown; uniques: unknown }>(
      `with ev as (${views}) select (${local} / 3600) % 24 as h, count(*) as visits, count(distinct client_id) as uniques from ev group by 1`,
    ),
    s.rows<{ visits: unknown; uniques: unknown }>(
      `with ev as (${views}) select count(*) as visits, count(distinct client_id) as uniques from ev`,
    ),
  ]);
  return { perDay, perHour, totals };
};

const traffic = async (s: Sql, views: string, range: ZonedRange, summary: Summary | null) => {
  const { perDay, perHour, totals } = summary ?? (await trafficOfViews(s, views, s.local('created_at', range)));
  const days = new Map(perDay.map((row) => [dayOfNumber(num(row.d)), row]));
  const hours = new Map(perHour.map((row) => [num(row.h), row]));
  return {
    perDay: daysOf(range).map((day) => ({ day, visits: num(days.get(day)?.visits), uniqueVisitors: num(days.get(day)?.uniques) })),
    perHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      visits: num(hours.get(hour)?.visits),
      uniqueVisitors: num(hours.get(hour)?.uniques),
    })),
    visits: num(totals[0]?.visits),
    uniqueVisitors: num(totals[0]?.uniques),
  };
};

/**
 * Halls: the event's pages that are not a stand's, by path. A view's time is until the same
 * client's next view of the event (any page, a stand's too), at most 30 minutes; a client's last
 * view of the range, and an anonymous visitor's views, count no time (nothing tells when they left).
 */
const halls = async (s: Sql, views: string, summary: Summary | null): Promise<HallRow[]> => {
  const epoch = s.epoch('created_at');
  const cap = s.int(DASHBOARD_PAGE_CAP_SECONDS);
  type Row = { path: string; visits: unknown; uniques: unknown; seconds: unknown };
  const rows = summary
    ? summary.halls
    : await s.rows<Row>(
        `with ev as (${views}), timed as (select path, stand_id, client_id, case when client_id is null then null else ` +
          `lead(${epoch}) over (partition by client_id order by created_at, id) - ${epoch} end as gap from ev) ` +
          `select path, count(*) as visits, count(distinct client_id) as uniques, ` +
          `coalesce(sum(case when gap is null then 0 when gap > ${cap} then ${cap} else gap end), 0) as seconds from timed where stand_id is null group by path`,
      );
  return rows
    .map((row) => ({ hall: hallOf(row.path), visits: num(row.visits), uniqueVisitors: num(row.uniques), seconds: num(row.seconds) }))
    .sort((a, b) => b.visits - a.visits || b.seconds - a.seconds || a.hall.localeCompare(b.hall));
};

/** The event's stands: visits, unique visitors, contacts, chats and the median first response. */
const stands = async (s: Sql, eventId: number, views: string, range: ZonedRange, summary: Promise<Summary | null>): Promise<StandRow[]> => {
  const standEvent = s.link(UID.stand, 'event');
  const [contactStand, chatStand, messageChat] = [s.link(UID.contact, 'stand'), s.link(UID.chat, 'stand'), s.link(UID.message, 'chat')];
  const sender = s.col(UID.message, 'senderType');
  const [from, to] = [s.at(range.start), s.at(range.end)];
  const ofEvent = `select ${standEvent.own} as stand_id from ${standEvent.name} where ${standEvent.other} = ${s.int(eventId)}`;
  const [list, visits, contacts, chats, medians] = await Promise.all([
    s.rows<{ id: number; name: string; type: string | null }>(
      `select t.id, t.name, t.type from ${s.table(UID.stand)} t where t.id in (${ofEvent})`,
    ),
    summary.then((made) =>
      made
        ? made.stands
        : s.rows<{ stand_id: number; visits: unknown; uniques: unknown }>(
            `with ev as (${views}) select stand_id, count(*) as visits, count(distinct client_id) as uniques from ev where stand_id is not null group by stand_id`,
          ),
    ),
    s.rows<{ stand_id: number; n: unknown }>(
      `select l.${contactStand.other} as stand_id, count(*) as n from ${s.table(UID.contact)} c join ${contactStand.name} l on l.${contactStand.own} = c.id ` +
        `where l.${contactStand.other} in (${ofEvent}) and c.created_at >= ${from} and c.created_at < ${to} group by l.${contactStand.other}`,
    ),
    s.rows<{ stand_id: number; n: unknown }>(
      `select l.${chatStand.other} as stand_id, count(*) as n from ${s.table(UID.chat)} c join ${chatStand.name} l on l.${chatStand.own} = c.id ` +
        `where l.${chatStand.other} in (${ofEvent}) and c.created_at >= ${from} and c.created_at < ${to} group by l.${chatStand.other}`,
    ),
    // Per chat: its first client message in the range, then the stand's first message after it;
    // per stand, the median of those seconds (the middle one, or the mean of the middle two).
    s.rows<{ stand_id: number; median: unknown }>(
      `with msgs as (select l.${messageChat.other} as chat_id, m.${sender} as sender, m.created_at from ${s.table(UID.message)} m ` +
        `join ${messageChat.name} l on l.${messageChat.own} = m.id ` +
        `join ${chatStand.name} cs on cs.${chatStand.own} = l.${messageChat.other} and cs.${chatStand.other} in (${ofEvent})), ` +
        `firsts as (select chat_id, min(created_at) as first_at from msgs where sender = 'client' group by chat_id), ` +
        `answers as (select f.chat_id, ${s.epoch('min(m.created_at)')} - ${s.epoch('f.first_at')} as secs from firsts f ` +
        `join msgs m on m.chat_id = f.chat_id and m.sender = 'stand' and m.created_at >= f.first_at ` +
        `where f.first_at >= ${from} and f.first_at < ${to} group by f.chat_id, f.first_at), ` +
        `ranked as (select cs.${chatStand.other} as stand_id, a.secs, row_number() over (partition by cs.${chatStand.other} order by a.secs) as rn, ` +
        `count(*) over (partition by cs.${chatStand.other}) as n from answers a join ${chatStand.name} cs on cs.${chatStand.own} = a.chat_id) ` +
        `select stand_id, avg(secs) as median from ranked where rn in ((n + 1) / 2, (n + 2) / 2) group by stand_id`,
    ),
  ]);
  const by = <R extends { stand_id: number }>(rows: R[]) => new Map(rows.map((row) => [Number(row.stand_id), row]));
  const [v, c, ch, m] = [by(visits), by(contacts), by(chats), by(medians)];
  return list
    .map((stand) => {
      const median = m.get(Number(stand.id))?.median;
      return {
        standId: Number(stand.id),
        name: stand.name,
        tier: stand.type ?? null,
        visits: num(v.get(Number(stand.id))?.visits),
        uniqueVisitors: num(v.get(Number(stand.id))?.uniques),
        contacts: num(c.get(Number(stand.id))?.n),
        chats: num(ch.get(Number(stand.id))?.n),
        medianFirstResponseSeconds: median === undefined || median === null ? null : Math.round(num(median) * 10) / 10,
      };
    })
    .sort((a, b) => b.visits - a.visits || b.uniqueVisitors - a.uniqueVisitors || a.name.localeCompare(b.name));
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The event's lectures: the watch sessions that overlap the range (their seconds, whole), and
 * the peak of distinct sessions in one minute of the range (watch_minutes).
 */
const lectures = async (s: Sql, eventId: number, range: ZonedRange): Promise<LectureRow[]> => {
  const [lectureRoom, roomEvent, watchLecture] = [s.link(UID.lecture, 'room'), s.link(UID.room, 'event'), s.link(UID.watch, 'lecture')];
  const [first, last] = [s.col(UID.watch, 'firstHeartbeatAt'), s.col(UID.watch, 'lastHeartbeatAt')];
  const ofEvent =
    `select lr.${lectureRoom.own} from ${lectureRoom.name} lr join ${roomEvent.name} re on re.${roomEvent.own} = lr.${lectureRoom.other} ` +
    `where re.${roomEvent.other} = ${s.int(eventId)}`;
  const [list, sessions, peaks] = await Promise.all([
    s.rows<{ id: number; name: string; room: string | null }>(
      `select l.id, l.name, r.name as room from ${s.table(UID.lecture)} l left join ${lectureRoom.name} lr on lr.${lectureRoom.own} = l.id ` +
        `left join ${s.table(UID.room)} r on r.id = lr.${lectureRoom.other} where l.id in (${ofEvent})`,
    ),
    s.rows<{ lecture_id: number; watchers: unknown; seconds: unknown }>(
      `select wl.${watchLecture.other} as lecture_id, count(*) as watchers, sum(w.seconds) as seconds from ${s.table(UID.watch)} w ` +
        `join ${watchLecture.name} wl on wl.${watchLecture.own} = w.id where wl.${watchLecture.other} in (${ofEvent}) ` +
        `and w.seconds > 0 and w.${last} >= ${s.at(range.start)} and w.${first} < ${s.at(range.end)} group by wl.${watchLecture.other}`,
    ),
    s.rows<{ lecture_id: number; peak: unknown }>(
      `select lecture_id, max(n) as peak from (select lecture_id, minute, count(*) as n from ${WATCH_MINUTES_TABLE} ` +
        `where lecture_id in (${ofEvent}) and minute >= ${s.int(Math.floor(range.start / 60_000))} and minute < ${s.int(Math.ceil(range.end / 60_000))} ` +
        `group by lecture_id, minute) x group by lecture_id`,
    ),
  ]);
  const watched = new Map(sessions.map((row) => [Number(row.lecture_id), row]));
  const peak = new Map(peaks.map((row) => [Number(row.lecture_id), num(row.peak)]));
  return list
    .map((lecture) => {
      const row = watched.get(Number(lecture.id));
      const watchers = num(row?.watchers);
      const seconds = num(row?.seconds);
      return {
        lectureId: Number(lecture.id),
        name: lecture.name,
        room: lecture.room ?? null,
        peakWatchers: peak.get(Number(lecture.id)) ?? 0,
        watchers,
        minutes: oneDecimal(seconds / 60),
        averageMinutes: watchers ? oneDecimal(seconds / 60 / watchers) : 0,
      };
    })
    .sort((a, b) => b.peakWatchers - a.peakWatchers || b.minutes - a.minutes || a.name.localeCompare(b.name));
};

/** Attendees (clients who entered the event, not erased) and those of them listed in its network room. */
const network = async (s: Sql, eventId: number) => {
  const link = s.link(UID.client, 'events');
  const [listed, erased] = [s.col(UID.client, 'listedInNetwork'), s.col(UID.client, 'erasedAt')];
  const [row] = await s.rows<{ attendees: unknown; listed: unknown }>(
    `select count(*) as attendees, coalesce(sum(case when c.${listed} = ${s.yes} then 1 else 0 end), 0) as listed from ${s.table(UID.client)} c ` +
      `join ${link.name} l on l.${link.own} = c.id and l.${link.other} = ${s.int(eventId)} where c.${erased} is null`,
  );
  return { attendees: num(row?.attendees), optIns: num(row?.listed) };
};

/** Paid orders of an event paid in the range (a refunded order is 'refunded', not counted). */
const sales = async (s: Sql, eventId: number, range: ZonedRange) => {
  const [orderEvent, itemOrder] = [s.link(UID.order, 'event'), s.link(UID.item, 'order')];
  const [paidAt, code] = [s.col(UID.order, 'paidAt'), s.col(UID.order, 'couponCode')];
  const paid =
    `select o.id, o.total, o.discount, o.${code} as code from ${s.table(UID.order)} o join ${orderEvent.name} oe on oe.${orderEvent.own} = o.id ` +
    `and oe.${orderEvent.other} = ${s.int(eventId)} where o.status = 'paid' and o.${paidAt} >= ${s.at(range.start)} and o.${paidAt} < ${s.at(range.end)}`;
  const cents = (expression: string) => `coalesce(sum(round(${expression} * 100)), 0)`;
  const [totals, items, coupons] = await Promise.all([
    s.rows<{ n: unknown; revenue: unknown }>(`with paid as (${paid}) select count(*) as n, ${cents('total')} as revenue from paid`),
    s.rows<{ item: string; quantity: unknown; revenue: unknown }>(
      `with paid as (${paid}) select i.description as item, coalesce(sum(i.quantity), 0) as quantity, ` +
        `${cents('(i.price - coalesce(i.discount, 0)) * coalesce(i.quantity, 1)')} as revenue from ${s.table(UID.item)} i ` +
        `join ${itemOrder.name} io on io.${itemOrder.own} = i.id join paid p on p.id = io.${itemOrder.other} group by i.description`,
    ),
    s.rows<{ coupon: string; n: unknown; discount: unknown; revenue: unknown }>(
      `with paid as (${paid}) select code as coupon, count(*) as n, ${cents('coalesce(discount, 0)')} as discount, ${cents('total')} as revenue ` +
        `from paid where code is not null and code <> '' group by code`,
    ),
  ]);
  return {
    paidOrders: num(totals[0]?.n),
    revenue: money(totals[0]?.revenue),
    byItem: items
      .map((row) => ({ item: row.item, quantity: num(row.quantity), revenue: money(row.revenue), cents: num(row.revenue) }))
      .sort((a, b) => b.cents - a.cents || a.item.localeCompare(b.item))
      .map(({ cents: _cents, ...row }) => row),
    byCoupon: coupons
      .map((row) => ({
        coupon: row.coupon,
        orders: num(row.n),
        discount: money(row.discount),
        revenue: money(row.revenue),
        cents: num(row.revenue),
      }))
      .sort((a, b) => b.orders - a.orders || b.cents - a.cents || a.coupon.localeCompare(b.coupon))
      .map(({ cents: _cents, ...row }) => row),
  };
};

/** The event's dashboard (decision 048); what the buffers hold is written first. */
export const eventDashboard = async (strapi: Core.Strapi, id: number, query: { from?: string; to?: string }): Promise<EventDashboard> => {
  const { event, range } = await eventAndRange(strapi, id, query);
  await Promise.all([flushPageViews(strapi), flushHeartbeats(strapi)]);
  // Then the views the batches left pending are rolled up: the dashboard stays exact (decision 075).
  await drainPageViewRollup(strapi);
  const s = sqlOf(strapi);
  const views = eventViews(s, event.id, range);
  // Visits, visitors, halls and stands from the hourly rollup's summary when the zone allows
  // (decisions 053 and 060; it may make its stale hours again first), the other figures meanwhile.
  const summary = hourAligned(range)
    ? readPlaceHours(strapi, event.id, range.start / 3_600_000, range.end / 3_600_000).then((rows) => summarize(rows, range))
    : Promise.resolve(null);
  const [traffics, online, hallRows, standRows, lectureRows, net, sold] = await Promise.all([
    summary.then((made) => traffic(s, views, range, made)),
    onlineNow(s, event.id),
    summary.then((made) => halls(s, views, made)).then((rows) => nameHalls(strapi, event, rows)),
    stands(s, event.id, views, range, summary),
    lectures(s, event.id, range),
    network(s, event.id),
    sales(s, event.id, range),
  ]);
  return {
    event: { id: event.id, name: event.name, startDate: event.startDate, endDate: event.endDate },
    range: { from: range.from, to: range.to, timeZone: range.timeZone },
    totals: {
      visits: traffics.visits,
      uniqueVisitors: traffics.uniqueVisitors,
      onlineNow: online,
      watchMinutes: oneDecimal(lectureRows.reduce((sum, row) => sum + row.minutes, 0)),
      contacts: standRows.reduce((sum, row) => sum + row.contacts, 0),
      chats: standRows.reduce((sum, row) => sum + row.chats, 0),
    },
    perDay: traffics.perDay,
    perHour: traffics.perHour,
    halls: hallRows,
    stands: standRows,
    lectures: lectureRows,
    network: net,
    sales: sold,
  };
};
