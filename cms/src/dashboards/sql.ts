import type { Core } from '@strapi/strapi';
import { columnOf, joinOf, rowsOf, tableOf } from '../analytics/sql';
import type { ZonedRange } from './zone';

/**
 * The dashboards' SQL pieces, the same on SQLite and PostgreSQL (decision 048). Every value put
 * in a statement is an integer the server computed (ids, instants, offsets): checked here, and
 * written inline, so the statements' fragments compose without binding order.
 */
export interface Sql {
  pg: boolean;
  /** A table's name. */
  table: (uid: string) => string;
  /** An attribute's column. */
  col: (uid: string, attribute: string) => string;
  /** A relation's link table: its name, the owner's column and the target's. */
  link: (uid: string, attribute: string) => { name: string; own: string; other: string };
  /** An integer, checked. */
  int: (value: number) => string;
  /** An instant (ms) as the stored datetimes compare with it. */
  at: (ms: number) => string;
  /** Whole seconds since 1970 of a datetime expression. */
  epoch: (expression: string) => string;
  /** The local seconds of a datetime expression in a range's zone. */
  local: (expression: string, range: ZonedRange) => string;
  /** The local seconds of an expression of seconds since 1970 in a range's zone. */
  localSeconds: (seconds: string, range: ZonedRange) => string;
  /** true as the engine stores booleans. */
  yes: string;
  /** Runs a statement and answers its rows. */
  rows: <T>(statement: string) => Promise<T[]>;
}

const checked = (value: number): string => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return String(value);
};

/** The local seconds of an expression of seconds since 1970 in a range's zone: a CASE over its offset changes. */
const localOf = (seconds: string, range: ZonedRange): string => {
  if (range.offsets.length === 1) return `(${seconds} + ${checked(range.offsets[0].offset)})`;
  const cases = range.offsets
    .slice(1)
    .map((piece, index) => `when ${seconds} < ${checked(Math.floor(piece.since / 1000))} then ${checked(range.offsets[index].offset)}`)
    .join(' ');
  return `(${seconds} + case ${cases} else ${checked(range.offsets[range.offsets.length - 1].offset)} end)`;
};

export const sqlOf = (strapi: Core.Strapi): Sql => {
  const pg = strapi.db.dialect.client === 'postgres';
  const epoch = (expression: string) =>
    pg ? `cast(floor(extract(epoch from ${expression})) as bigint)` : `(cast(${expression} as integer) / 1000)`;
  return {
    pg,
    table: (uid) => tableOf(strapi, uid),
    col: (uid, attribute) => columnOf(strapi, uid, attribute),
    link: (uid, attribute) => {
      const join = joinOf(strapi, uid, attribute);
      return { name: join.name, own: join.joinColumn.name, other: join.inverseJoinColumn.name };
    },
    int: checked,
    at: (ms) => (pg ? `to_timestamp(${checked(ms)} / 1000.0)` : checked(ms)),
    epoch,
    local: (expression, range) => localOf(epoch(expression), range),
    localSeconds: (seconds, range) => localOf(`(${seconds})`, range),
    yes: pg ? 'true' : '1',
    rows: async <T>(statement: string) => rowsOf<T>(await strapi.db.connection.raw(statement)),
  };
};

/** A count or sum the driver gave as a string (PostgreSQL's bigint, numeric) as a number. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Cents as a decimal string with two places. */
export const money = (cents: unknown): string => (num(cents) / 100).toFixed(2);

export const UID = {
  event: 'api::event.event',
  pageView: 'api::page-view.page-view',
  watch: 'api::watch-session.watch-session',
  stand: 'api::stand.stand',
  room: 'api::room.room',
  lecture: 'api::lecture.lecture',
  chat: 'api::chat.chat',
  message: 'api::chat-message.chat-message',
  contact: 'api::contact.contact',
  client: 'api::client.client',
  order: 'api::order.order',
  item: 'api::order-item.order-item',
} as const;
