import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { chatAccountLocked } from '../chat/registry';
import { ApiError } from '@plataforma/adapter';
import { uidOf, type AccountRow } from './accounts';
import { authSettings } from './settings';
import type { SmsSender } from '../sms/sender';
import type { Audience } from './tokens';
import { createAtomically } from '../lib/atomic';
import { reserveSms } from '../sms/guard';

export const CHALLENGE_UID = 'api::sms-challenge.sms-challenge';

export type Purpose = 'login' | 'password' | 'phone';

interface ChallengeRow {
  id: number;
  attemptId: string;
  codeHash: string;
  expiresAt: string | Date;
  failedAttempts: number;
  consumedAt: string | Date | null;
  createdAt: string | Date;
}

const ownerWhere = (audience: Audience, accountId: number) =>
  audience === 'staff' ? { audience, staffUser: { id: accountId } } : { audience, client: { id: accountId } };

const hashCode = (attemptId: string, code: string): string =>
  crypto.createHmac('sha256', authSettings().secret).update(`${attemptId}:${code}`).digest('hex');

/** A code of `length` digits from a cryptographic source, leading zeros kept. */
export const randomCode = (length: number): string => String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');

const secondsSince = (date: string | Date) => (Date.now() - new Date(date).getTime()) / 1000;

/**
 * Issues a code for a login attempt or a password change and sends it. A new code is
 * refused within SMS_RESEND_SECONDS of the last (429 with the seconds left) and past
 * SMS_MAX_PER_HOUR codes an hour. Older open codes of the same purpose die.
 *
 * Codes sent after the right password (`afterPassword`: login, first access, phone change) and
 * codes of a recovery (which anyone who knows the e-mail can start) are counted apart: the
 * resend wait and the hourly cap of one never hold back the other, so a stranger's recoveries
 * cannot keep the owner out, and only the first kind's failures lock the account. Past
 * SMS_SLOWDOWN_AFTER_FAILURES wrong codes in 24 hours each new login code waits longer
 * (SMS_SLOWDOWN_SECONDS, doubling, at most 15 minutes) before the lock (decision 008).
 *
 * Past those, the message passes the product's guard (sms/guard.ts, decision 084): the phone's
 * country in SMS_COUNTRIES (400 smsCountry), SMS_MAX_PER_NUMBER_PER_HOUR messages to the number
 * of every kind and account (429 smsLimit), and the hourly and daily budgets (429 smsBudget).
 * A refusal there leaves the open codes alive.
 */
export const issueChallenge = async (
  strapi: Core.Strapi,
  sender: SmsSender,
  input: {
    audience: Audience;
    purpose: Purpose;
    account: AccountRow;
    phone: string;
    text: (code: string) => string;
    afterPassword: boolean;
  },
): Promise<{ attemptId: string; resendIn: number }> => {
  const settings = authSettings();
  const query = strapi.db.query(CHALLENGE_UID);
  const owner = ownerWhere(input.audience, input.account.id);
  const hourAgo = new Date(Date.now() - 3600 * 1000);
  const kind = sameKind(input.afterPassword);
  const recent = (await query.findMany({
    where: { $and: [owner, kind, { createdAt: { $gt: hourAgo } }] },
    select: ['id', 'createdAt'],
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })) as Array<{ id: number; createdAt: string | Date }>;
  if (recent.length > 0) {
    let resend = settings.resendSeconds;
    if (input.afterPassword) {
      const beyond = (await wrongCodes(strapi, input.audience, input.account.id)) - settings.slowdownAfterFailures;
      if (beyond >= 0) resend = Math.max(resend, Math.min(settings.slowdownSeconds * 2 ** beyond, 900));
    }
    const wait = Math.ceil(resend - secondsSince(recent[0].createdAt));
    if (wait > 0) throw new ApiError(429, 'auth.error.smsTooSoon', { 'Retry-After': String(wait) }, { retryIn: wait });
  }
  if (recent.length >= settings.maxCodesPerHour) {
    const oldest = recent[settings.maxCodesPerHour - 1];
    const wait = Math.max(1, Math.ceil(3600 - secondsSince(oldest.createdAt)));
    throw new ApiError(429, 'auth.error.smsLimit', { 'Retry-After': String(wait) }, { retryIn: wait });
  }

  const release = await reserveSms(strapi, input.phone);

  const open = (await query.findMany({
    where: { $and: [owner, { purpose: input.purpose }, { consumedAt: null }] },
    select: ['id'],
  })) as Array<{ id: number }>;
  if (open.length) await query.updateMany({ where: { id: { $in: open.map((row) => row.id) } }, data: { consumedAt: new Date() } });

  const attemptId = crypto.randomBytes(18).toString('base64url');
  const code = randomCode(settings.codeLength);
  const row = (await createAtomically(strapi, CHALLENGE_UID, {
    data: {
      ...owner,
      ...(input.audience === 'staff' ? { staffUser: input.account.id } : { client: input.account.id }),
      purpose: input.purpose,
      afterPassword: input.afterPassword,
      attemptId,
      codeHash: hashCode(attemptId, code),
      expiresAt: new Date(Date.now() + settings.codeTtlSeconds * 1000),
      failedAttempts: 0,
      phoneHint: `…${input.phone.slice(-4)}`,
    },
    select: ['id'],
  })) as { id: number };
  try {
    await sender.send(input.phone, input.text(code));
  } catch (error) {
    await query.delete({ where: { id: row.id } });
    await release();
    strapi.log.error(`[sms] sending failed: ${(error as Error).message}`);
    throw new ApiError(502, 'auth.error.smsFailed');
  }
  return { attemptId, resendIn: settings.resendSeconds };
};

/** The table and columns of the challenges, as the query engine named them. */
const challengeTable = (strapi: Core.Strapi) => {
  const meta = strapi.db.metadata.get(CHALLENGE_UID);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;
  return { table: meta.tableName, failed: column('failedAttempts'), consumed: column('consumedAt') };
};

/**
 * Reserves one try of a code in ONE statement (`failed = failed + 1 … where failed < max
 * returning failed`), so parallel guesses cannot read the same count and both pass: on
 * PostgreSQL a read-then-write lost updates under concurrency (issue 18: nine parallel wrong
 * codes and the right one all evaluated). Answers the tries used, or null when none is left.
 */
const reserveTry = async (strapi: Core.Strapi, id: number, maxTries: number): Promise<number | null> => {
  const { table, failed, consumed } = challengeTable(strapi);
  const knex = strapi.db.connection;
  const rows = (await knex(table)
    .where({ id })
    .whereNull(consumed)
    .where(failed, '<', maxTries)
    .update({ [failed]: knex.raw('?? + 1', [failed]) }, [failed])) as Array<Record<string, number>>;
  return rows.length === 0 ? null : Number(rows[0][failed]);
};

/** Consumes a right code once and gives its try back, so the count holds wrong codes only. */
const consumeRight = async (strapi: Core.Strapi, id: number): Promise<boolean> => {
  const { table, failed, consumed } = challengeTable(strapi);
  const knex = strapi.db.connection;
  const count = await knex(table)
    .where({ id })
    .whereNull(consumed)
    .update({ [consumed]: new Date(), [failed]: knex.raw('?? - 1', [failed]) });
  return Number(count) > 0;
};

/**
 * Checks a code. Each check first reserves one of the code's SMS_MAX_TRIES tries with one
 * atomic statement, so parallel guesses cannot exceed them; a right code is consumed once.
 * After SMS_LOCK_AFTER_FAILURES wrong codes in 24 hours the account's login is locked.
 * Returns true when the account was just locked (the caller logs it).
 */
export const redeemChallenge = async (
  strapi: Core.Strapi,
  input: { audience: Audience; purpose: Purpose; accountId: number; code: string; attemptId?: string },
): Promise<{ lockedNow: boolean }> => {
  const settings = authSettings();
  const query = strapi.db.query(CHALLENGE_UID);
  const owner = ownerWhere(input.audience, input.accountId);
  const where = input.attemptId
    ? { $and: [owner, { purpose: input.purpose }, { attemptId: input.attemptId }] }
    : // SPEC §7's payload has no attempt: the newest code of that purpose not yet used.
      { $and: [owner, { purpose: input.purpose }, { consumedAt: null }] };
  const challenge = (await query.findOne({
    where,
    select: ['id', 'attemptId', 'codeHash', 'expiresAt', 'failedAttempts', 'consumedAt', 'createdAt'],
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })) as ChallengeRow | null;

  if (!challenge || challenge.consumedAt) throw new ApiError(400, 'auth.error.invalidCode');
  if (new Date(challenge.expiresAt).getTime() <= Date.now()) throw new ApiError(400, 'auth.error.codeExpired');

  const used = await reserveTry(strapi, challenge.id, settings.maxTries);
  if (used === null) {
    // No try left, or a parallel check used the code between the read and the reservation.
    const now = (await query.findOne({ where: { id: challenge.id }, select: ['consumedAt'] })) as { consumedAt: unknown } | null;
    throw new ApiError(400, now?.consumedAt ? 'auth.error.invalidCode' : 'auth.error.codeBlocked');
  }

  const expected = Buffer.from(challenge.codeHash, 'hex');
  const given = Buffer.from(hashCode(challenge.attemptId, input.code), 'hex');
  const right = expected.length === given.length && crypto.timingSafeEqual(expected, given);
  if (right) {
    // The right try is given back, so failedAttempts counts wrong codes only.
    if (!(await consumeRight(strapi, challenge.id))) throw new ApiError(400, 'auth.error.invalidCode');
    return { lockedNow: false };
  }

  const lockedNow = await lockIfTooManyFailures(strapi, input.audience, input.accountId);
  if (lockedNow) throw new ApiError(423, 'auth.error.accountLocked', {}, null);
  const tries = (await query.findOne({ where: { id: challenge.id }, select: ['failedAttempts'] })) as { failedAttempts: number };
  throw new ApiError(
    400,
    tries.failedAttempts >= settings.maxTries ? 'auth.error.codeBlocked' : 'auth.error.invalidCode',
    {},
    {
      triesLeft: Math.max(0, settings.maxTries - tries.failedAttempts),
    },
  );
};

/** Codes of one kind: sent after the right password, or by a recovery (older rows: null). */
const sameKind = (afterPassword: boolean) =>
  afterPassword ? { afterPassword: true } : { $or: [{ afterPassword: false }, { afterPassword: null }] };

/**
 * Wrong codes in the last 24 hours among codes sent after the right password: a recovery's
 * codes are left out, so a stranger who knows only the e-mail can never lock the account.
 */
const wrongCodes = async (strapi: Core.Strapi, audience: Audience, accountId: number): Promise<number> => {
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  const rows = (await strapi.db.query(CHALLENGE_UID).findMany({
    where: { $and: [ownerWhere(audience, accountId), sameKind(true), { createdAt: { $gt: since } }] },
    // With a relation in the where clause Strapi selects DISTINCT: keep the id in the select,
    // or rows with the same count collapse into one.
    select: ['id', 'failedAttempts'],
  })) as Array<{ id: number; failedAttempts: number }>;
  return rows.reduce((sum, row) => sum + row.failedAttempts, 0);
};

/** Wrong codes in the last 24 hours: tries used, minus the right ones. Locks past the limit. */
const lockIfTooManyFailures = async (strapi: Core.Strapi, audience: Audience, accountId: number): Promise<boolean> => {
  if ((await wrongCodes(strapi, audience, accountId)) < authSettings().lockAfterFailures) return false;
  const account = (await strapi.db.query(uidOf(audience)).findOne({ where: { id: accountId }, select: ['loginLocked'] })) as {
    loginLocked: boolean;
  } | null;
  if (!account || account.loginLocked) return false;
  await strapi.db.query(uidOf(audience)).update({ where: { id: accountId }, data: { loginLocked: true } });
  chatAccountLocked(audience, accountId);
  return true;
};

/** An admin's unlock forgives the wrong codes counted so far, so the next one does not lock again. */
export const clearFailures = async (strapi: Core.Strapi, audience: Audience, accountId: number): Promise<void> => {
  const rows = (await strapi.db.query(CHALLENGE_UID).findMany({ where: ownerWhere(audience, accountId), select: ['id'] })) as Array<{
    id: number;
  }>;
  if (rows.length === 0) return;
  // Open codes die too: a fresh login sends a new one.
  await strapi.db.query(CHALLENGE_UID).updateMany({
    where: { id: { $in: rows.map((row) => row.id) } },
    data: { failedAttempts: 0, consumedAt: new Date() },
  });
};
