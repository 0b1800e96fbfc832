import type { Core } from '@strapi/strapi';
import {
  ApiError,
  BROWSER_STAND_EVENT_KINDS,
  DEFAULT_TIME_ZONE,
  STAND_REPORT_FIGURES,
  STAND_REPORT_LEADS_MAX,
  nextDay,
  zonedInstant,
  type LeadConsent,
  type StandLead,
  type StandReport,
  type StandReportFigure,
} from '@plataforma/adapter';
import { joinOf, rowsOf, stampOf, tableOf } from '../analytics/sql';
import { PAGE_VIEW_HOURS_TABLE } from '../analytics/page-view-hours';
import { flushPageViews } from '../analytics/page-views';
import { drainPageViewRollup } from '../analytics/page-view-rollup';
import { flushStandEvents } from '../analytics/stand-events';

/**
 * The exhibitor report of one stand (issue 15, decision 049). Every figure is counted by the
 * database, for the stand and for each stand of its tier in its event in the same statement, so
 * the tier's average is the database's `avg` over those stands (the stand itself included, a stand
 * with nothing counting 0). Written once for SQLite and PostgreSQL: the only difference is how
 * two instants are subtracted (milliseconds on SQLite, timestamps on PostgreSQL).
 */

const STAND = 'api::stand.stand';
const PAGE_VIEW = 'api::page-view.page-view';
const STAND_EVENT = 'api::stand-event.stand-event';
const CONTACT = 'api::contact.contact';
const CHAT = 'api::chat.chat';
const MESSAGE = 'api::chat-message.chat-message';
const CLIENT = 'api::client.client';

/** A piece of SQL with its bindings, kept together so their order cannot drift apart. */
interface Sql {
  text: string;
  values: unknown[];
}
const isSql = (value: unknown): value is Sql =>
  typeof value === 'object' && value !== null && 'text' in value && 'values' in value && Array.isArray((value as Sql).values);

/** sql`… ${value} …`: a value becomes a `?` binding, a nested Sql is spliced in with its bindings. */
const sql = (strings: TemplateStringsArray, ...parts: unknown[]): Sql => {
  let text = strings[0];
  const values: unknown[] = [];
  parts.forEach((part, index) => {
    if (isSql(part)) {
      text += part.text;
      values.push(...part.values);
    } else {
      text += '?';
      values.push(part);
    }
    text += strings[index + 1];
  });
  return { text, values };
};
/** Trusted text (a table or column name of the schema, a constant): never a value from a request. */
const raw = (text: string): Sql => ({ text, values: [] });
const join = (parts: Sql[], separator: string): Sql => ({
  text: parts.map((part) => part.text).join(separator),
  values: parts.flatMap((part) => part.values),
});

export interface ReportRange {
  /** Days in the event's zone, both included; null: no bound. */
  from: string | null;
  to: string | null;
}

export interface StandOfReport {
  id: number;
  name: string;
  type: string | null;
  event: { id: number; name: string; timezone: string };
}

/** The stand with its event, or 404; an attendant not assigned to it gets 403 (decision 049). */
export const standForReport = async (strapi: Core.Strapi, standId: number, attendantId: number | null): Promise<StandOfReport> => {
  const row = (await strapi.db.query(STAND).findOne({
    where: { id: standId },
    select: ['id', 'name', 'type'],
    populate: { event: { select: ['id', 'name', 'timezone'] } },
  })) as { id: number; name: string; type: string | null; event: { id: number; name: string; timezone: string | null } | null } | null;
  if (!row || !row.event) throw new ApiError(404, 'api.error.standNotFound');
  if (attendantId !== null) {
    const mine = await strapi.db.query(STAND).count({ where: { id: standId, attendants: { user: { id: attendantId } } } });
    if (mine === 0) throw new ApiError(403, 'api.error.forbidden');
  }
  return {
    id: row.id,
    name: row.name,
    type: row.type ?? null,
    event: { id: row.event.id, name: row.event.name, timezone: row.event.timezone || DEFAULT_TIME_ZONE },
  };
};

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const count = (value: unknown): number => Number(value ?? 0);
/** An average as shown: two decimals. */
const round2 = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);

const isoOf = (value: unknown): string =>
  new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number | Date)).toISOString();

/** Everything about one stand over a range, as the report's answer (the leads' rows up to `leadsLimit`). */
export const standReport = async (
  strapi: Core.Strapi,
  stand: StandOfReport,
  range: ReportRange,
  leadsLimit: number | null = STAND_REPORT_LEADS_MAX,
): Promise<StandReport> => {
  // What the buffers hold is written first (as the event dashboard does): a visit or a click the
  // attendant just saw counts in the report they open.
  await Promise.all([flushPageViews(strapi), flushStandEvents(strapi)]);
  await drainPageViewRollup(strapi); // the rollup exact (decision 075)
  const knex = strapi.db.connection;
  const postgres = strapi.db.dialect.client === 'postgres';
  const stamp = stampOf(strapi);
  const tz = stand.event.timezone;
  const startMs = range.from ? new Date(zonedInstant(range.from, '00:00', tz)).getTime() : null;
  const endMs = range.to ? new Date(zonedInstant(nextDay(range.to), '00:00', tz)).getTime() : null;
  const start = startMs === null ? null : stamp(new Date(startMs));
  const end = endMs === null ? null : stamp(new Date(endMs));
  // Visits and visitors from the hourly rollup when the range's bounds are whole UTC hours (a zone
  // with a whole-hour offset; decision 053), else from the views.
  const HOUR = 3_600_000;
  const rolledUp = (startMs === null || startMs % HOUR === 0) && (endMs === null || endMs % HOUR === 0);
  const hoursWithin = join(
    [...(startMs === null ? [] : [sql` and h.hour >= ${startMs / HOUR}`]), ...(endMs === null ? [] : [sql` and h.hour < ${endMs / HOUR}`])],
    '',
  );
  /** `and <column> in the range`. */
  const within = (column: string): Sql =>
    join(
      [...(start === null ? [] : [sql` and ${raw(column)} >= ${start}`]), ...(end === null ? [] : [sql` and ${raw(column)} < ${end}`])],
      '',
    );
  /** Seconds from one instant column to another. */
  const seconds = (from: string, to: string): string =>
    postgres ? `extract(epoch from (${to} - ${from}))` : `((${to} - ${from}) / 1000.0)`;

  const link = (uid: string, attribute: string) => {
    const table = joinOf(strapi, uid, attribute);
    return { table: table.name, own: table.joinColumn.name, other: table.inverseJoinColumn.name };
  };
  const standEvent = link(STAND, 'event');
  const pvStand = link(PAGE_VIEW, 'stand');
  const pvClient = link(PAGE_VIEW, 'client');
  const seStand = link(STAND_EVENT, 'stand');
  const seClient = link(STAND_EVENT, 'client');
  const seMedia = link(STAND_EVENT, 'media');
  const seProduct = link(STAND_EVENT, 'product');
  const contactStand = link(CONTACT, 'stand');
  const contactClient = link(CONTACT, 'client');
  const chatStand = link(CHAT, 'stand');
  const chatClient = link(CHAT, 'client');
  const messageChat = link(MESSAGE, 'chat');
  const clientEvents = link(CLIENT, 'events');
  const T = {
    stands: tableOf(strapi, STAND),
    pageViews: tableOf(strapi, PAGE_VIEW),
    standEvents: tableOf(strapi, STAND_EVENT),
    contacts: tableOf(strapi, CONTACT),
    chats: tableOf(strapi, CHAT),
    messages: tableOf(strapi, MESSAGE),
    clients: tableOf(strapi, CLIENT),
    medias: tableOf(strapi, 'api::media.media'),
    products: tableOf(strapi, 'api::product.product'),
  };

  const run = async <R>(query: Sql): Promise<R[]> => rowsOf<R>(await knex.raw(query.text, query.values as never[]));

  /** The stands the averages are taken over: same event, same tier (a stand without a tier with the others without one). */
  const tier = sql`select s.id as stand_id from ${raw(T.stands)} s join ${raw(standEvent.table)} se on se.${raw(standEvent.own)} = s.id
    where se.${raw(standEvent.other)} = ${stand.event.id} and ${stand.type === null ? raw('s.type is null') : sql`s.type = ${stand.type}`}`;

  /** Each chat of the tier's stands: when its client first wrote, and when the stand first answered after that. */
  const chatTimes = sql`select f.stand_id, f.chat_id, f.first_client,
      (select min(m.created_at) from ${raw(T.messages)} m join ${raw(messageChat.table)} mc on mc.${raw(messageChat.own)} = m.id
        where mc.${raw(messageChat.other)} = f.chat_id and m.sender_type = 'stand' and m.created_at >= f.first_client) as first_reply
    from (select l.${raw(chatStand.other)} as stand_id, mc.${raw(messageChat.other)} as chat_id, min(m.created_at) as first_client
      from ${raw(T.messages)} m join ${raw(messageChat.table)} mc on mc.${raw(messageChat.own)} = m.id
      join ${raw(chatStand.table)} l on l.${raw(chatStand.own)} = mc.${raw(messageChat.other)}
      join tier t on t.stand_id = l.${raw(chatStand.other)}
      where m.sender_type = 'client'
      group by l.${raw(chatStand.other)}, mc.${raw(messageChat.other)}) f`;

  /** Who interacted with the tier's stands in the range: a contact sent, a message written in a chat, a click. */
  const leadSources = sql`
    select l.${raw(contactStand.other)} as stand_id, cc.${raw(contactClient.other)} as client_id, 'contact' as source, c.created_at as at
      from ${raw(T.contacts)} c join ${raw(contactStand.table)} l on l.${raw(contactStand.own)} = c.id
      join ${raw(contactClient.table)} cc on cc.${raw(contactClient.own)} = c.id
      join tier t on t.stand_id = l.${raw(contactStand.other)}
      where 1 = 1${within('c.created_at')}
    union all
    select l.${raw(chatStand.other)}, chc.${raw(chatClient.other)}, 'chat', m.created_at
      from ${raw(T.messages)} m join ${raw(messageChat.table)} mc on mc.${raw(messageChat.own)} = m.id
      join ${raw(chatStand.table)} l on l.${raw(chatStand.own)} = mc.${raw(messageChat.other)}
      join ${raw(chatClient.table)} chc on chc.${raw(chatClient.own)} = mc.${raw(messageChat.other)}
      join tier t on t.stand_id = l.${raw(chatStand.other)}
      where m.sender_type = 'client'${within('m.created_at')}
    union all
    select l.${raw(seStand.other)}, ec.${raw(seClient.other)}, 'click', e.created_at
      from ${raw(T.standEvents)} e join ${raw(seStand.table)} l on l.${raw(seStand.own)} = e.id
      join ${raw(seClient.table)} ec on ec.${raw(seClient.own)} = e.id
      join tier t on t.stand_id = l.${raw(seStand.other)}
      where e.kind in (${raw(BROWSER_STAND_EVENT_KINDS.map((kind) => `'${kind}'`).join(', '))})${within('e.created_at')}`;

  const eventsOfKind = (kind: string) =>
    sql`(select count(*) from ${raw(T.standEvents)} e join ${raw(seStand.table)} l on l.${raw(seStand.own)} = e.id
      where l.${raw(seStand.other)} = t.stand_id and e.kind = ${kind}${within('e.created_at')})`;

  const columns: Record<StandReportFigure, Sql> = {
    visits: rolledUp
      ? sql`(select coalesce(sum(h.views), 0) from ${raw(PAGE_VIEW_HOURS_TABLE)} h where h.stand_id = t.stand_id${hoursWithin})`
      : sql`(select count(*) from ${raw(T.pageViews)} pv join ${raw(pvStand.table)} l on l.${raw(pvStand.own)} = pv.id
      where l.${raw(pvStand.other)} = t.stand_id${within('pv.created_at')})`,
    uniqueVisitors: rolledUp
      ? sql`(select count(distinct h.client_id) from ${raw(PAGE_VIEW_HOURS_TABLE)} h where h.stand_id = t.stand_id and h.client_id <> 0${hoursWithin})`
      : sql`(select count(distinct pc.${raw(pvClient.other)}) from ${raw(T.pageViews)} pv
      join ${raw(pvStand.table)} l on l.${raw(pvStand.own)} = pv.id join ${raw(pvClient.table)} pc on pc.${raw(pvClient.own)} = pv.id
      where l.${raw(pvStand.other)} = t.stand_id${within('pv.created_at')})`,
    mediaOpened: eventsOfKind('media_opened'),
    documentsOpened: eventsOfKind('document_opened'),
    productClicks: eventsOfKind('product_cta_clicked'),
    websiteClicks: eventsOfKind('website_clicked'),
    socialClicks: eventsOfKind('social_clicked'),
    contacts: sql`(select count(*) from ${raw(T.contacts)} c join ${raw(contactStand.table)} l on l.${raw(contactStand.own)} = c.id
      where l.${raw(contactStand.other)} = t.stand_id${within('c.created_at')})`,
    chatsStarted: sql`(select count(*) from chat_times c where c.stand_id = t.stand_id${within('c.first_client')})`,
    chatsAnswered: sql`(select count(*) from chat_times c where c.stand_id = t.stand_id and c.first_reply is not null${within('c.first_client')})`,
    medianFirstResponseSeconds: sql`(select md.median from medians md where md.stand_id = t.stand_id)`,
    leads: sql`(select count(distinct s.client_id) from lead_sources s where s.stand_id = t.stand_id)`,
  };

  const figuresQuery = sql`with tier as (${tier}),
    chat_times as (${chatTimes}),
    responses as (select stand_id, secs, row_number() over (partition by stand_id order by secs) as rn, count(*) over (partition by stand_id) as cnt
      from (select stand_id, ${raw(seconds('first_client', 'first_reply'))} as secs from chat_times
        where first_reply is not null${within('first_client')}) x),
    medians as (select stand_id, avg(secs) as median from responses where rn in ((cnt + 1) / 2, (cnt + 2) / 2) group by stand_id),
    lead_sources as (${leadSources}),
    per as (select t.stand_id, ${join(
      STAND_REPORT_FIGURES.map((key, index) => sql`${columns[key]} as ${raw(`f_${index}`)}`),
      ', ',
    )} from tier t)
    select count(*) as stands, ${join(
      STAND_REPORT_FIGURES.map((_key, index) =>
        // The average is of the tier's OTHER stands (decision 103): with itself in, a lone stand
        // was "compared" with itself (12 s beside a '12,33' average of its own unrounded median).
        raw(
          `max(case when stand_id = ${Number(stand.id)} then f_${index} end) as own_${index}, ` +
            `avg(case when stand_id <> ${Number(stand.id)} then f_${index} end) as avg_${index}`,
        ),
      ),
      ', ',
    )} from per`;
  const [totals] = await run<Record<string, unknown>>(figuresQuery);
  const figures = Object.fromEntries(
    // Aliases by position: PostgreSQL folds unquoted names to lower case.
    STAND_REPORT_FIGURES.map((key, index) => {
      const own = num(totals?.[`own_${index}`]);
      const value = key === 'medianFirstResponseSeconds' ? (own === null ? null : Math.round(own)) : (own ?? 0);
      return [key, { value, tierAverage: round2(num(totals?.[`avg_${index}`])) }];
    }),
  ) as StandReport['figures'];

  /** The stand's events of a kind by what they named (a media, a product, a network), most first. */
  const byTarget = async (kind: string, target: Sql, title: Sql, joins: Sql) =>
    run<{ target_id: unknown; title: string | null; n: unknown }>(
      sql`select ${target} as target_id, ${title} as title, count(*) as n from ${raw(T.standEvents)} e
        join ${raw(seStand.table)} l on l.${raw(seStand.own)} = e.id ${joins}
        where l.${raw(seStand.other)} = ${stand.id} and e.kind = ${kind}${within('e.created_at')}
        group by ${target}, ${title} order by n desc, title`,
    );
  const mediaJoins = sql`left join ${raw(seMedia.table)} ml on ml.${raw(seMedia.own)} = e.id left join ${raw(T.medias)} md on md.id = ml.${raw(seMedia.other)}`;
  const mediaRows = async (kind: string) =>
    (await byTarget(kind, raw(`ml.${seMedia.other}`), raw('md.title'), mediaJoins)).map((row) => ({
      mediaId: num(row.target_id),
      title: row.title ?? null,
      count: count(row.n),
    }));
  const media = await mediaRows('media_opened');
  const documents = await mediaRows('document_opened');
  const products = (
    await byTarget(
      'product_cta_clicked',
      raw(`pl.${seProduct.other}`),
      raw('pd.title'),
      sql`left join ${raw(seProduct.table)} pl on pl.${raw(seProduct.own)} = e.id left join ${raw(T.products)} pd on pd.id = pl.${raw(seProduct.other)}`,
    )
  ).map((row) => ({ productId: num(row.target_id), title: row.title ?? null, count: count(row.n) }));
  const social = (await byTarget('social_clicked', raw('e.target'), raw('e.target'), raw(''))).map((row) => ({
    network: String(row.target_id ?? ''),
    count: count(row.n),
  }));

  // The leads of this stand: each client once, with what they did and on what their data may be shown.
  const truthy = (column: string) => `${column} = true`;
  const classified = sql`with tier as (select cast(${stand.id} as integer) as stand_id),
    lead_sources as (${leadSources}),
    agg as (select client_id, sum(case when source = 'contact' then 1 else 0 end) as contacts,
        sum(case when source = 'chat' then 1 else 0 end) as chat_messages, sum(case when source = 'click' then 1 else 0 end) as clicks,
        max(at) as last_at from lead_sources group by client_id),
    marked as (select a.*, cl.name as client_name, cl.email as client_email, cl.network_show_email as show_email,
        (select c.id from ${raw(T.contacts)} c join ${raw(contactStand.table)} l on l.${raw(contactStand.own)} = c.id
          join ${raw(contactClient.table)} cc on cc.${raw(contactClient.own)} = c.id
          where l.${raw(contactStand.other)} = ${stand.id} and cc.${raw(contactClient.other)} = a.client_id${within('c.created_at')}
          order by c.created_at desc, c.id desc limit 1) as contact_id,
        case
          when cl.erased_at is not null then null
          when a.contacts > 0 then 'contact'
          when exists (select 1 from ${raw(T.chats)} ch join ${raw(chatStand.table)} l on l.${raw(chatStand.own)} = ch.id
            join ${raw(chatClient.table)} chc on chc.${raw(chatClient.own)} = ch.id
            where l.${raw(chatStand.other)} = ${stand.id} and chc.${raw(chatClient.other)} = a.client_id and ${raw(truthy('ch.lead_consent'))}) then 'chat'
          when ${raw(truthy('cl.listed_in_network'))} and exists (select 1 from ${raw(clientEvents.table)} ce
            where ce.${raw(clientEvents.own)} = a.client_id and ce.${raw(clientEvents.other)} = ${stand.event.id}) then 'network'
          when exists (select 1 from ${raw(T.chats)} ch join ${raw(chatStand.table)} l on l.${raw(chatStand.own)} = ch.id
            join ${raw(chatClient.table)} chc on chc.${raw(chatClient.own)} = ch.id
            join ${raw(messageChat.table)} mc on mc.${raw(messageChat.other)} = ch.id
            join ${raw(T.messages)} m on m.id = mc.${raw(messageChat.own)} and m.sender_type = 'stand'
            where l.${raw(chatStand.other)} = ${stand.id} and chc.${raw(chatClient.other)} = a.client_id) then 'conversation'
          else null end as consent
      from agg a join ${raw(T.clients)} cl on cl.id = a.client_id)`;

  const [leadTotals] = await run<Record<string, unknown>>(
    sql`${classified} select count(*) as total, count(consent) as identified,
      sum(case when contacts > 0 then 1 else 0 end) as by_contact, sum(case when chat_messages > 0 then 1 else 0 end) as by_chat,
      sum(case when clicks > 0 then 1 else 0 end) as by_click from marked`,
  );
  // What each lead wrote last to this stand in the range: their chat messages and contact requests, newest first (decision 105).
  const written = sql`, written as (select w.client_id, w.body, row_number() over (partition by w.client_id order by w.at desc, w.ord desc) as rn
    from (select chc.${raw(chatClient.other)} as client_id, m.text as body, m.created_at as at, m.id as ord
        from ${raw(T.messages)} m join ${raw(messageChat.table)} mc on mc.${raw(messageChat.own)} = m.id
        join ${raw(chatStand.table)} l on l.${raw(chatStand.own)} = mc.${raw(messageChat.other)}
        join ${raw(chatClient.table)} chc on chc.${raw(chatClient.own)} = mc.${raw(messageChat.other)}
        where l.${raw(chatStand.other)} = ${stand.id} and m.sender_type = 'client'${within('m.created_at')}
      union all
      select cc.${raw(contactClient.other)}, c.message, c.created_at, c.id
        from ${raw(T.contacts)} c join ${raw(contactStand.table)} l on l.${raw(contactStand.own)} = c.id
        join ${raw(contactClient.table)} cc on cc.${raw(contactClient.own)} = c.id
        where l.${raw(contactStand.other)} = ${stand.id}${within('c.created_at')}) w)`;
  const leadRows = await run<Record<string, unknown>>(
    sql`${classified}${written} select m.consent, m.contacts, m.chat_messages, m.clicks, m.last_at, m.client_id, w.body as last_message,
        case when m.consent = 'contact' then c.name else m.client_name end as name,
        case when m.consent = 'contact' then c.email when m.consent = 'chat' then m.client_email
          when m.consent = 'network' and ${raw(truthy('m.show_email'))} then m.client_email else null end as email,
        case when m.consent = 'contact' then c.phone else null end as phone
      from marked m left join ${raw(T.contacts)} c on c.id = m.contact_id
      left join written w on w.client_id = m.client_id and w.rn = 1
      where m.consent is not null order by m.last_at desc, m.client_id desc${leadsLimit === null ? raw('') : sql` limit ${leadsLimit}`}`,
  );
  const rows: StandLead[] = leadRows.map((row) => ({
    name: String(row.name ?? ''),
    email: (row.email as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
    consent: row.consent as LeadConsent,
    contacts: count(row.contacts),
    chatMessages: count(row.chat_messages),
    clicks: count(row.clicks),
    lastAt: isoOf(row.last_at),
    lastMessage: (row.last_message as string | null) ?? null,
  }));
  const total = count(leadTotals?.total);
  const identified = count(leadTotals?.identified);

  return {
    stand: { id: stand.id, name: stand.name, type: stand.type },
    event: stand.event,
    range: { from: range.from, to: range.to },
    tierStands: count(totals?.stands),
    figures,
    media,
    documents,
    products,
    social,
    leads: {
      total,
      identified,
      anonymous: total - identified,
      bySource: { contact: count(leadTotals?.by_contact), chat: count(leadTotals?.by_chat), click: count(leadTotals?.by_click) },
      rows,
    },
  };
};
