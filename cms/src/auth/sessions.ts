import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { authSettings } from './settings';
import { signToken, type Audience } from './tokens';
import { createAtomically } from '../lib/atomic';
import { chatSessionsEnded } from '../chat/registry';

export const SESSION_UID = 'api::session.session';

export interface SessionRow {
  id: number;
  audience: Audience;
  jti: string;
  soft: boolean;
  expiresAt: string | Date;
  revokedAt: string | Date | null;
  staffUser?: { id: number } | null;
  client?: { id: number } | null;
}

export interface IssuedSession {
  token: string;
  expiresAt: string;
  jti: string;
}

interface SessionInput {
  audience: Audience;
  accountId: number;
  soft?: boolean;
  ip?: string;
  userAgent?: string;
}

/** A session row and the short JWT that names it. */
export const createSession = async (strapi: Core.Strapi, input: SessionInput): Promise<IssuedSession> => {
  const settings = authSettings();
  const ttl = input.audience === 'staff' ? settings.staffTtlSeconds : settings.clientTtlSeconds;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  const jti = crypto.randomBytes(24).toString('base64url');
  await createAtomically(strapi, SESSION_UID, {
    data: {
      audience: input.audience,
      jti,
      soft: input.soft ?? false,
      expiresAt,
      ip: input.ip?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ...(input.audience === 'staff' ? { staffUser: input.accountId } : { client: input.accountId }),
    },
  });
  return { token: signToken({ sub: input.accountId, aud: input.audience, jti, expiresAt }), expiresAt: expiresAt.toISOString(), jti };
};

/** The live session behind a token's jti (not revoked, not expired), or null. */
export const liveSession = async (strapi: Core.Strapi, jti: string): Promise<SessionRow | null> => {
  const row = (await strapi.db.query(SESSION_UID).findOne({
    where: { jti },
    populate: { staffUser: { select: ['id'] }, client: { select: ['id'] } },
  })) as SessionRow | null;
  if (!row || row.revokedAt || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return row;
};

export const revokeSession = async (strapi: Core.Strapi, jti: string): Promise<void> => {
  await strapi.db.query(SESSION_UID).updateMany({ where: { jti, revokedAt: null }, data: { revokedAt: new Date() } });
  // Its chat sockets close at once (on every instance).
  chatSessionsEnded([jti]);
};

/** Ends every session of an account but the one kept (a password change keeps none of the old ones). */
export const revokeAllSessions = async (strapi: Core.Strapi, audience: Audience, accountId: number, keepJti?: string): Promise<void> => {
  const owner = audience === 'staff' ? { staffUser: { id: accountId } } : { client: { id: accountId } };
  const live = (await strapi.db
    .query(SESSION_UID)
    .findMany({ where: { $and: [owner, { revokedAt: null }] }, select: ['id', 'jti'] })) as Array<{
    id: number;
    jti: string;
  }>;
  const ended = live.filter((session) => session.jti !== keepJti);
  const ids = ended.map((session) => session.id);
  if (ids.length) await strapi.db.query(SESSION_UID).updateMany({ where: { id: { $in: ids } }, data: { revokedAt: new Date() } });
  chatSessionsEnded(ended.map((session) => session.jti));
};
