import type { Core } from '@strapi/strapi';
import { reachesThreshold, requiredSeconds } from '@plataforma/adapter';
import { joinOf, rowsOf, tableOf } from '../analytics/sql';
import { WATCH_SESSION_UID, flushHeartbeats } from '../analytics/watch';

const LECTURE = 'api::lecture.lecture';
const ROOM = 'api::room.room';

/** An event's certificate settings as stored. */
export interface CertificateSettings {
  id: number;
  name: string;
  timezone: string | null;
  published: boolean | number;
  certificateEnabled: boolean | number | null;
  certificateMinMinutes: number | null;
  certificateMinShare: number | null;
  certificateText: string | null;
}

export const readCertificateSettings = async (strapi: Core.Strapi, eventId: number): Promise<CertificateSettings | null> =>
  (await strapi.db.query('api::event.event').findOne({
    where: { id: eventId },
    select: [
      'id',
      'name',
      'timezone',
      'published',
      'certificateEnabled',
      'certificateMinMinutes',
      'certificateMinShare',
      'certificateText',
    ],
  })) as CertificateSettings | null;

/** `from lectures l join … where <event> = ?`: the event's lectures through their rooms. */
const lecturesOfEvent = (strapi: Core.Strapi, lectureColumn: string): string => {
  const lr = joinOf(strapi, LECTURE, 'room');
  const re = joinOf(strapi, ROOM, 'event');
  return (
    `join ${lr.name} lr on lr.${lr.joinColumn.name} = ${lectureColumn} ` +
    `join ${re.name} re on re.${re.joinColumn.name} = lr.${lr.inverseJoinColumn.name} ` +
    `where re.${re.inverseJoinColumn.name} = ?`
  );
};

/** A lecture's seconds from its start and end times (same day; never negative; no end counts 0). */
const durationSql = (strapi: Core.Strapi): string =>
  strapi.db.dialect.client === 'postgres'
    ? 'greatest(0, coalesce(extract(epoch from (l.end_time - l.start_time)), 0))'
    : "max(0, coalesce(cast(strftime('%s', '2000-01-01 ' || substr(l.end_time, 1, 8)) as integer) - " +
      "cast(strftime('%s', '2000-01-01 ' || substr(l.start_time, 1, 8)) as integer), 0))";

/** The programme's total in seconds: the sum of the event's lectures' durations (SQL). */
export const programmeSeconds = async (strapi: Core.Strapi, eventId: number): Promise<number> => {
  const [row] = rowsOf<{ total: number | string | null }>(
    await strapi.db.connection.raw(
      `select coalesce(sum(${durationSql(strapi)}), 0) as total from ${tableOf(strapi, LECTURE)} l ${lecturesOfEvent(strapi, 'l.id')}`,
      [eventId],
    ),
  );
  return Math.round(Number(row?.total ?? 0));
};

/**
 * The seconds a client watched of an event's lectures (decision 047's watch sessions), summed in
 * SQL after the heartbeats waiting in the buffer are written.
 */
export const watchedSeconds = async (strapi: Core.Strapi, clientId: number, eventId: number): Promise<number> => {
  await flushHeartbeats(strapi);
  const wc = joinOf(strapi, WATCH_SESSION_UID, 'client');
  const wl = joinOf(strapi, WATCH_SESSION_UID, 'lecture');
  const [row] = rowsOf<{ total: number | string | null }>(
    await strapi.db.connection.raw(
      `select coalesce(sum(ws.seconds), 0) as total from ${tableOf(strapi, WATCH_SESSION_UID)} ws ` +
        `join ${wc.name} wc on wc.${wc.joinColumn.name} = ws.id and wc.${wc.inverseJoinColumn.name} = ? ` +
        `join ${wl.name} wl on wl.${wl.joinColumn.name} = ws.id ` +
        lecturesOfEvent(strapi, `wl.${wl.inverseJoinColumn.name}`),
      [clientId, eventId],
    ),
  );
  return Math.round(Number(row?.total ?? 0));
};

export interface Figures {
  enabled: boolean;
  rule: 'minutes' | 'share' | null;
  programme: number;
  watched: number;
  required: number | null;
  eligible: boolean;
}

/** Where a client stands for an event: watched against the event's threshold. */
export const figuresOf = async (strapi: Core.Strapi, event: CertificateSettings, clientId: number): Promise<Figures> => {
  const rule = { minMinutes: event.certificateMinMinutes ?? null, minShare: event.certificateMinShare ?? null };
  const [programme, watched] = [await programmeSeconds(strapi, event.id), await watchedSeconds(strapi, clientId, event.id)];
  const required = requiredSeconds(rule, programme);
  const enabled = Boolean(event.certificateEnabled) && (rule.minMinutes !== null || rule.minShare !== null);
  return {
    enabled,
    rule: rule.minMinutes !== null ? 'minutes' : rule.minShare !== null ? 'share' : null,
    programme,
    watched,
    required,
    eligible: enabled && reachesThreshold(watched, required),
  };
};
