import type { Core } from '@strapi/strapi';
import { DEFAULT_TIME_ZONE, type GeneralDashboard } from '@plataforma/adapter';
import { flushHeartbeats } from '../analytics/watch';
import { flushPageViews } from '../analytics/page-views';
import { drainPageViewRollup } from '../analytics/page-view-rollup';
import { hourAligned, onlineNow } from './event';
import { eventTotals } from './place-hours';
import { money, num, sqlOf, UID } from './sql';
import { addDays, daysOf, dayOfNumber, todayIn, zonedRange } from './zone';

/**
 * 'Geral' (decision 048): every event's visits and unique visitors in the range, who is online
 * now, accounts created per day, and paid orders per event. In the product's zone; the last 30
 * days by default.
 */
export const generalDashboard = async (strapi: Core.Strapi, query: { from?: string; to?: string }): Promise<GeneralDashboard> => {
  const timeZone = DEFAULT_TIME_ZONE;
  const to = query.to ?? (query.from && query.from > todayIn(timeZone) ? query.from : todayIn(timeZone));
  const from = query.from ?? addDays(to, -29);
  const range = zonedRange(from, to, timeZone);
  await Promise.all([flushPageViews(strapi), flushHeartbeats(strapi)]);
  await drainPageViewRollup(strapi); // the rollup exact (decision 075)
  const s = sqlOf(strapi);
  const [start, end] = [s.at(range.start), s.at(range.end)];
  const [pvEvent, pvClient, orderEvent] = [s.link(UID.pageView, 'event'), s.link(UID.pageView, 'client'), s.link(UID.order, 'event')];
  const paidAt = s.col(UID.order, 'paidAt');
  const erased = s.col(UID.client, 'erasedAt');
  const paid =
    `select oe.${orderEvent.other} as event_id, count(*) as n, coalesce(sum(round(o.total * 100)), 0) as cents from ${s.table(UID.order)} o ` +
    `join ${orderEvent.name} oe on oe.${orderEvent.own} = o.id where o.status = 'paid' and o.${paidAt} >= ${start} and o.${paidAt} < ${end} ` +
    `group by oe.${orderEvent.other}`;
  type Visited = { id: number; name: string; visits: unknown; uniques: unknown; n: unknown; cents: unknown };
  // Visits and visitors per event from the dashboard's summary (decision 060) when the zone's
  // hours are whole, else from the views.
  const visited = async (): Promise<Visited[]> => {
    if (!hourAligned(range))
      return s.rows<Visited>(
        `with v as (select e.${pvEvent.other} as event_id, count(*) as visits, count(distinct c.${pvClient.other}) as uniques from ${s.table(UID.pageView)} pv ` +
          `join ${pvEvent.name} e on e.${pvEvent.own} = pv.id left join ${pvClient.name} c on c.${pvClient.own} = pv.id ` +
          `where pv.created_at >= ${start} and pv.created_at < ${end} group by e.${pvEvent.other}), paid as (${paid}) ` +
          `select ev.id, ev.name, v.visits, v.uniques, paid.n, paid.cents from v join ${s.table(UID.event)} ev on ev.id = v.event_id ` +
          `left join paid on paid.event_id = v.event_id`,
      );
    const totals = await eventTotals(strapi, range.start / 3_600_000, range.end / 3_600_000);
    if (totals.size === 0) return [];
    const events = await s.rows<{ id: number; name: string; n: unknown; cents: unknown }>(
      `with paid as (${paid}) select ev.id, ev.name, paid.n, paid.cents from ${s.table(UID.event)} ev left join paid on paid.event_id = ev.id ` +
        `where ev.id in (${[...totals.keys()].map(s.int).join(', ')})`,
    );
    return events.map((event) => ({
      ...event,
      visits: totals.get(Number(event.id))?.visits,
      uniques: totals.get(Number(event.id))?.uniques,
    }));
  };
  const [visits, sold, perDay, clients, online] = await Promise.all([
    visited(),
    s.rows<{ id: number; name: string; n: unknown; cents: unknown }>(
      `with paid as (${paid}) select ev.id, ev.name, paid.n, paid.cents from paid join ${s.table(UID.event)} ev on ev.id = paid.event_id`,
    ),
    s.rows<{ d: unknown; n: unknown }>(
      `select ${s.local('created_at', range)} / 86400 as d, count(*) as n from ${s.table(UID.client)} ` +
        `where created_at >= ${start} and created_at < ${end} group by 1`,
    ),
    s.rows<{ n: unknown }>(`select count(*) as n from ${s.table(UID.client)} where ${erased} is null`),
    onlineNow(s, null),
  ]);
  const days = new Map(perDay.map((row) => [dayOfNumber(num(row.d)), num(row.n)]));
  const clientsPerDay = daysOf(range).map((day) => ({ day, clients: days.get(day) ?? 0 }));
  const sales = sold
    .map((row) => ({ eventId: Number(row.id), name: row.name, paidOrders: num(row.n), revenue: money(row.cents), cents: num(row.cents) }))
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name));
  return {
    range: { from: range.from, to: range.to, timeZone },
    onlineNow: online,
    events: visits
      .map((row) => ({
        eventId: Number(row.id),
        name: row.name,
        visits: num(row.visits),
        uniqueVisitors: num(row.uniques),
        paidOrders: num(row.n),
        revenue: money(row.cents),
      }))
      .sort((a, b) => b.uniqueVisitors - a.uniqueVisitors || b.visits - a.visits || a.name.localeCompare(b.name)),
    clientsPerDay,
    clientsInRange: clientsPerDay.reduce((sum, row) => sum + row.clients, 0),
    clientsTotal: num(clients[0]?.n),
    sales: sales.map(({ cents: _cents, ...row }) => row),
    salesTotal: {
      paidOrders: sales.reduce((sum, row) => sum + row.paidOrders, 0),
      revenue: money(sales.reduce((sum, row) => sum + row.cents, 0)),
    },
  };
};
