import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { ApiError } from '@plataforma/adapter';
import { logActivity } from '../activity/log';
import { settings } from '../lib/settings';
import type { SmsSender } from './sender';

/**
 * What every paid text message passes before it leaves (decision 084, issue 47 item 4):
 *
 * 1. the phone's calling code is one of SMS_COUNTRIES (400 `auth.error.smsCountry`);
 * 2. the number has had fewer than SMS_MAX_PER_NUMBER_PER_HOUR messages this hour, of every kind
 *    (login, first access, recovery, phone change, welcome) and every account that has it
 *    (429 `auth.error.smsLimit`);
 * 3. the product has sent fewer than SMS_BUDGET_PER_HOUR this hour and SMS_BUDGET_PER_DAY this
 *    UTC day (429 `auth.error.smsBudget`); 80 % and 100 % of either write a warning in the log
 *    and a line in the activity log, once.
 *
 * The counts live in the database (one small table, `sms_counters`), each taken by ONE
 * `insert … on conflict do update set count = count + 1 returning count`, so several instances
 * share them and parallel sends cannot read the same count. A refused or failed send gives its
 * counts back.
 */

export const SMS_COUNTERS_TABLE = 'sms_counters';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** The digits of a calling code: `+55`, `55` → `55`; none → Brazil's. */
const codeOf = (ddi: string | null | undefined): string => (ddi ?? '').replace(/\D/g, '') || '55';

/** Whether a stored calling code (ddi) is one of SMS_COUNTRIES. */
export const smsCountryAllowed = (ddi: string | null | undefined, countries = settings().sms.countries): boolean =>
  countries.includes(codeOf(ddi));

/**
 * Whether an E.164 number (`+5511…`) starts with one of SMS_COUNTRIES. Calling codes are a
 * prefix code (no code begins another), so the prefix names the country.
 */
export const smsNumberAllowed = (phone: string, countries = settings().sms.countries): boolean =>
  countries.some((code) => phone.startsWith(`+${code}`));

/** Refuses a phone whose calling code is outside SMS_COUNTRIES (400 `auth.error.smsCountry`). */
export const requireSmsCountry = (ddi: string | null | undefined): void => {
  if (!smsCountryAllowed(ddi)) throw new ApiError(400, 'auth.error.smsCountry');
};

/** Per database handle: a test process may start servers on several databases. */
const ready = new WeakMap<object, Promise<void>>();

interface SchemaAware {
  getConnection(table: string): Knex.QueryBuilder;
  getSchemaConnection(): Knex.SchemaBuilder;
}
const knexOf = (strapi: Core.Strapi): Knex => strapi.db.connection as unknown as Knex;
/** The table in Strapi's schema (DATABASE_SCHEMA on PostgreSQL). */
const tableOf = (strapi: Core.Strapi) => (strapi.db as unknown as SchemaAware).getConnection(SMS_COUNTERS_TABLE);
const schemaOf = (strapi: Core.Strapi) => (strapi.db as unknown as SchemaAware).getSchemaConnection();

/** Creates the counters' table once per process (another instance may have made it first). */
const ensureTable = (strapi: Core.Strapi): Promise<void> => {
  const known = ready.get(strapi.db);
  if (known) return known;
  const making = (async () => {
    if (await schemaOf(strapi).hasTable(SMS_COUNTERS_TABLE)) return;
    try {
      await schemaOf(strapi).createTable(SMS_COUNTERS_TABLE, (table) => {
        table.string('key', 120).primary();
        table.integer('count').notNullable();
        table.bigInteger('expires_at').notNullable();
        table.index(['expires_at'], 'sms_counters_expiry');
      });
    } catch (error) {
      // A parallel start made it between the look and the creation: fine.
      if (!(await schemaOf(strapi).hasTable(SMS_COUNTERS_TABLE))) throw error;
    }
  })().catch((error: unknown) => {
    ready.delete(strapi.db);
    throw error;
  });
  ready.set(strapi.db, making);
  return making;
};

/** Adds `by` to a counter in one statement and answers the new count. */
const bump = async (strapi: Core.Strapi, key: string, expiresAt: number, by = 1): Promise<number> => {
  const knex = knexOf(strapi);
  const rows = (await tableOf(strapi)
    .insert({ key, count: by, expires_at: expiresAt })
    .onConflict('key')
    .merge({ count: knex.raw('??.?? + ?', [SMS_COUNTERS_TABLE, 'count', by]) })
    .returning(['count'])) as Array<{ count: number | string }>;
  return Number(rows[0]?.count ?? 0);
};

/** Takes one back (a refused or failed send). */
const giveBack = async (strapi: Core.Strapi, key: string): Promise<void> => {
  const knex = knexOf(strapi);
  await tableOf(strapi)
    .where({ key })
    .update({ count: knex.raw('?? - 1', ['count']) });
};

/** A stable key for a number that does not keep the number itself (a keyed hash). */
const numberKey = (phone: string): string =>
  crypto.createHmac('sha256', settings().auth.secret).update(`sms-number:${phone}`).digest('base64url').slice(0, 32);

interface Window {
  key: string;
  limit: number;
  endsAt: number;
  /** 'number' never alerts; the budgets do. */
  label: 'number' | 'hour' | 'day';
}

const windowsFor = (phone: string, now: number): Window[] => {
  const { maxPerNumberPerHour, budgetPerHour, budgetPerDay } = settings().sms;
  const hour = Math.floor(now / HOUR);
  const day = Math.floor(now / DAY);
  return [
    { key: `n:${numberKey(phone)}:${hour}`, limit: maxPerNumberPerHour, endsAt: (hour + 1) * HOUR, label: 'number' },
    { key: `h:${hour}`, limit: budgetPerHour, endsAt: (hour + 1) * HOUR, label: 'hour' },
    { key: `d:${day}`, limit: budgetPerDay, endsAt: (day + 1) * DAY, label: 'day' },
  ];
};

const alert = async (strapi: Core.Strapi, window: Window, count: number): Promise<void> => {
  const span = window.label === 'hour' ? 'da hora' : 'do dia';
  const variable = window.label === 'hour' ? 'SMS_BUDGET_PER_HOUR' : 'SMS_BUDGET_PER_DAY';
  const full = count >= window.limit;
  const description = full
    ? `Orçamento de SMS ${span} esgotado (${count} de ${window.limit}, ${variable}): novos SMS são recusados até ${new Date(window.endsAt).toISOString()}.`
    : `Orçamento de SMS ${span} em 80% (${count} de ${window.limit}, ${variable}).`;
  strapi.log.warn(`[sms] budget: ${description}`);
  await logActivity(strapi, { action: full ? 'sms.budget.exhausted' : 'sms.budget.warning', description });
};

/**
 * Takes this message's share of the number's cap and of the budgets, or refuses. Answers a
 * function that gives them back (a send that failed after all).
 */
export const reserveSms = async (strapi: Core.Strapi, phone: string): Promise<() => Promise<void>> => {
  if (!smsNumberAllowed(phone)) throw new ApiError(400, 'auth.error.smsCountry');
  await ensureTable(strapi);
  const now = Date.now();
  // Counters of windows gone by are dropped as new ones begin (one cheap indexed delete).
  await tableOf(strapi).where('expires_at', '<=', now).delete();
  const taken: string[] = [];
  const release = async () => {
    for (const key of taken.splice(0)) await giveBack(strapi, key);
  };
  for (const window of windowsFor(phone, now)) {
    const count = await bump(strapi, window.key, window.endsAt);
    taken.push(window.key);
    if (count > window.limit) {
      await release();
      const wait = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
      const key = window.label === 'number' ? 'auth.error.smsLimit' : 'auth.error.smsBudget';
      if (window.label !== 'number') strapi.log.warn(`[sms] refused: the ${window.label}'s budget (${window.limit}) is spent`);
      throw new ApiError(429, key, { 'Retry-After': String(wait) }, { retryIn: wait });
    }
    // Each count is handed out once, so exactly one send (of all instances) crosses each mark.
    if (window.label !== 'number' && (count === Math.ceil(window.limit * 0.8) || count === window.limit))
      await alert(strapi, window, count);
  }
  return release;
};

/** Sends one message through the guard: refused past it, the counts given back when the sender fails. */
export const guardedSend = async (strapi: Core.Strapi, sender: SmsSender, phone: string, text: string): Promise<void> => {
  const release = await reserveSms(strapi, phone);
  try {
    await sender.send(phone, text);
  } catch (error) {
    await release();
    throw error;
  }
};
