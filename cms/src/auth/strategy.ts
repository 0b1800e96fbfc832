import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { AccessRole, StaffRole } from '@plataforma/adapter';
import { uidOf } from './accounts';
import { roleOf, type Identity } from './identity';
import { liveSession } from './sessions';
import { bearer, verifyToken, type Audience } from './tokens';

interface StrategyContext {
  request: { header: Record<string, string | string[] | undefined> };
  state: Record<string, unknown>;
}

/** What a token's account must still be: there, and not locked. */
interface LiveAccount {
  id: number;
  name: string;
  email: string;
  role?: StaffRole;
  loginLocked: boolean | null;
}
const LIVE_COLUMNS = ['id', 'name', 'email', 'loginLocked'];

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
  const account = (await strapi.db.query(uidOf(claims.aud)).findOne({
    where: { id: accountId },
    select: claims.aud === 'staff' ? [...LIVE_COLUMNS, 'role'] : LIVE_COLUMNS,
  })) as LiveAccount | null;
  if (!account || account.loginLocked) return { authenticated: false, error: 'Account unavailable' };
  const { id, name, email } = account;
  const credentials: Identity =
    claims.aud === 'staff'
      ? { kind: 'staff', id, name, email, role: account.role as StaffRole, jti: claims.jti }
      : { kind: 'client', id, name, email, soft: session.soft, jti: claims.jti };
  return { authenticated: true, credentials };
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
