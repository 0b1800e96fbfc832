import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CLIENT_UID, STAFF_UID } from './accounts';
import type { AccessRole, Identity } from './identity';
import { roleOf } from './identity';
import { liveSession } from './sessions';
import { bearer, verifyToken, type Audience } from './tokens';

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
    if (!(config.scope ?? []).includes(roleOf(auth.credentials))) throw new errors.ForbiddenError();
  },
});

/** Who a token names, when it is valid for one of the audiences and its session is live. */
export const identify = async (strapi: Core.Strapi, token: string, audiences: Audience[]): Promise<AuthResult> => {
  const claims = verifyToken(token, audiences);
  if (!claims) return { authenticated: false, error: 'Invalid token' };
  const session = await liveSession(strapi, claims.jti);
  const accountId = Number(claims.sub);
  if (!session || session.audience !== claims.aud) return { authenticated: false, error: 'Session ended' };
  if ((claims.aud === 'staff' ? session.staffUser?.id : session.client?.id) !== accountId)
    return { authenticated: false, error: 'Session mismatch' };
  if (claims.aud === 'staff') {
    const user = (await strapi.db
      .query(STAFF_UID)
      .findOne({ where: { id: accountId }, select: ['id', 'name', 'email', 'role', 'loginLocked'] })) as {
      id: number;
      name: string;
      email: string;
      role: 'admin' | 'attendant';
      loginLocked: boolean | null;
    } | null;
    if (!user || user.loginLocked) return { authenticated: false, error: 'Account unavailable' };
    return {
      authenticated: true,
      credentials: { kind: 'staff', id: user.id, name: user.name, email: user.email, role: user.role, jti: claims.jti },
    };
  }
  const client = (await strapi.db
    .query(CLIENT_UID)
    .findOne({ where: { id: accountId }, select: ['id', 'name', 'email', 'loginLocked'] })) as {
    id: number;
    name: string;
    email: string;
    loginLocked: boolean | null;
  } | null;
  if (!client || client.loginLocked) return { authenticated: false, error: 'Account unavailable' };
  return {
    authenticated: true,
    credentials: { kind: 'client', id: client.id, name: client.name, email: client.email, soft: session.soft, jti: claims.jti },
  };
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
