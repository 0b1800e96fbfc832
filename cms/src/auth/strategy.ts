import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { ApiError, type AccessRole, type StaffRole } from '@plataforma/adapter';
import { uidOf } from './accounts';
import { roleOf, type Identity } from './identity';
import { SESSION_UID } from './sessions';
import type { SessionMemo } from './session-memo';
import { bearer, signingKeyGeneration, verifyToken, type Audience, type TokenClaims } from './tokens';

interface StrategyContext {
  request: { header: Record<string, string | string[] | undefined> };
  state: Record<string, unknown>;
}

interface AuthResult {
  authenticated: boolean;
  credentials?: Identity;
  error?: string;
}

const declaredAudiences = (config: { scope?: string[] } | undefined): Audience[] => {
  const scope = config?.scope ?? [];
  const audiences: Audience[] = [];
  if (scope.some((role) => role === 'admin' || role === 'attendant')) audiences.push('staff');
  if (scope.some((role) => role === 'client' || role === 'soft-client')) audiences.push('client');
  return audiences;
};

/**
 * The product's token check (one Strapi auth strategy): a JWT of the audience the route
 * admits (staff tokens never open client routes, and the other way round), whose session
 * row is live, whose account still exists and is not locked. The route's `scope` lists
 * the roles it admits; a valid token with another role gets 403.
 */
export const createStrategy = (getStrapi: () => Core.Strapi) => ({
  name: 'plataforma',

  async authenticate(ctx: StrategyContext): Promise<AuthResult> {
    const header = ctx.request.header.authorization;
    const token = bearer(Array.isArray(header) ? header[0] : header);
    if (!token) return { authenticated: false };
    const route = ctx.state.route as { config?: { auth?: { scope?: string[] } } } | undefined;
    return identify(getStrapi(), token, declaredAudiences(route?.config?.auth));
  },

  verify(auth: { credentials?: Identity }, config: { scope?: string[] }) {
    if (!auth?.credentials) throw new errors.UnauthorizedError();
    const scope = config.scope ?? [];
    const role = roleOf(auth.credentials);
    // A soft session (an e-mail only) on a route for full ones: told so, the venue asks for the password (decision 101).
    if (role === 'soft-client' && scope.includes('client') && !scope.includes('soft-client'))
      throw new ApiError(403, 'auth.error.fullAccountRequired');
    if (!scope.includes(role)) throw new errors.ForbiddenError();
  },
});

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
}

interface LiveRow {
  audience: string;
  soft: boolean | number | null;
  revokedAt: string | number | Date | null;
  expiresAt: string | number | Date;
  createdAt: string | number | Date | null;
  id: number;
  name: string;
  email: string;
  loginLocked: boolean | number | null;
  role?: string;
}

/**
 * The session a jti names with its account, in one statement (the session, its link to the
 * account, the account): every signed-in request asks it, a page view too (issue 16 §2).
 */
const liveRow = async (strapi: Core.Strapi, jti: string, audience: Audience): Promise<LiveRow | null> => {
  const sessions = strapi.db.metadata.get(SESSION_UID);
  const column = (meta: typeof sessions, attribute: string, fallback: string) =>
    (meta.attributes[attribute] as { columnName?: string } | undefined)?.columnName ?? fallback;
  const link = (sessions.attributes[audience === 'staff' ? 'staffUser' : 'client'] as unknown as { joinTable: JoinTable }).joinTable;
  const accounts = strapi.db.metadata.get(uidOf(audience));
  const row = (await strapi.db
    .connection(`${sessions.tableName} as s`)
    .join(`${link.name} as l`, `l.${link.joinColumn.name}`, 's.id')
    .join(`${accounts.tableName} as a`, 'a.id', `l.${link.inverseJoinColumn.name}`)
    .where('s.jti', jti)
    .first(
      's.audience as audience',
      `s.${column(sessions, 'soft', 'soft')} as soft`,
      `s.${column(sessions, 'revokedAt', 'revoked_at')} as revokedAt`,
      `s.${column(sessions, 'expiresAt', 'expires_at')} as expiresAt`,
      `s.${column(sessions, 'createdAt', 'created_at')} as createdAt`,
      'a.id as id',
      'a.name as name',
      'a.email as email',
      `a.${column(accounts, 'loginLocked', 'login_locked')} as loginLocked`,
      ...(audience === 'staff' ? ['a.role as role'] : []),
    )) as LiveRow | undefined;
  return row ?? null;
};

/** A token's check with the time its session ends (or 0 when it is not live). */
const check = async (strapi: Core.Strapi, claims: TokenClaims): Promise<{ auth: AuthResult; endsAt: number }> => {
  const row = await liveRow(strapi, claims.jti, claims.aud);
  const endsAt = row ? new Date(row.expiresAt).getTime() : 0;
  const live = row && !row.revokedAt && endsAt > Date.now();
  const refused = (error: string) => ({ auth: { authenticated: false, error }, endsAt: 0 });
  if (!row || !live || row.audience !== claims.aud) return refused('Session ended');
  if (Number(row.id) !== Number(claims.sub)) return refused('Session mismatch');
  if (row.loginLocked) return refused('Account unavailable');
  const id = Number(row.id);
  const { name, email } = row;
  const credentials: Identity =
    claims.aud === 'staff'
      ? { kind: 'staff', id, name, email, role: row.role as StaffRole, jti: claims.jti }
      : {
          kind: 'client',
          id,
          name,
          email,
          soft: Boolean(row.soft),
          jti: claims.jti,
          startedAt: row.createdAt === null ? Date.now() : new Date(row.createdAt).getTime(),
        };
  return { auth: { authenticated: true, credentials }, endsAt: Math.min(endsAt, claims.exp * 1000) };
};

/** Who a token names, when it is valid for one of the audiences and its session is live. */
export const identify = async (strapi: Core.Strapi, token: string, audiences: Audience[]): Promise<AuthResult> => {
  const claims = verifyToken(token, audiences);
  if (!claims) return { authenticated: false, error: 'Invalid token' };
  return (await check(strapi, claims)).auth;
};

/**
 * `identify` for a client's heartbeat (decision 061). A token found valid with a live session is
 * remembered (auth/session-memo.ts) until a write to sessions or clients, the session's or the
 * token's end, the signing secret's change, or the memo's time: the next heartbeats with that
 * same token are trusted without verifying its signature again or asking the database. Heartbeats
 * of one token arriving together share one check.
 */
export const identifyRemembered = async (strapi: Core.Strapi, memo: SessionMemo, token: string): Promise<AuthResult> => {
  const key = `${signingKeyGeneration()}.${token}`;
  const known = memo.get(key);
  if (known) return { authenticated: true, credentials: known };
  return memo.once(key, async () => {
    const claims = verifyToken(token, ['client']);
    if (!claims) return { authenticated: false, error: 'Invalid token' };
    const generation = memo.generation;
    const { auth, endsAt } = await check(strapi, claims);
    if (auth.authenticated && auth.credentials?.kind === 'client') memo.set(key, auth.credentials, endsAt, generation);
    return auth;
  });
};

/** The caller of a route open to everyone, when it carries a valid token (else null). */
export const optionalIdentity = async (
  strapi: Core.Strapi,
  authorization: string | undefined,
  audiences: Audience[],
): Promise<Identity | null> => {
  const token = bearer(authorization);
  if (!token) return null;
  const result = await identify(strapi, token, audiences);
  return result.authenticated ? (result.credentials ?? null) : null;
};

let strategy: ReturnType<typeof createStrategy> | undefined;

/** Route config admitting only these roles (the one place each route states who may call it). */
export const access = (...roles: AccessRole[]) => {
  strategy ??= createStrategy(() => strapi);
  return { auth: { strategies: [strategy], scope: roles } };
};
