import type { Core } from '@strapi/strapi';
import {
  ApiError,
  changePasswordInputSchema,
  checkSmsInputSchema,
  loginInputSchema,
  ok,
  passwordProblems,
  recoveryInputSchema,
  softLoginInputSchema,
  type LoginAnswer,
} from '@plataforma/adapter';
import { guarded, type ContextLike, type RouteDef } from '@plataforma/adapter/server';
import type { z } from 'zod';
import { logActivity } from '../activity/log';
import { audienceOf, findAccount, hashPassword, passwordMatches, STAFF_UID, uidOf, type AccountRow } from './accounts';
import { issueChallenge, redeemChallenge } from './challenges';
import { RateLimiter } from './rate-limit';
import { createSession, revokeAllSessions, revokeSession } from './sessions';
import { authSettings } from './settings';
import { e164, type SmsSender } from './sms';
import { bearer, verifyToken, type Audience } from './tokens';
import { sessionClient, STAFF_COLUMNS, staffToWire, type StaffRow } from './wire';

interface AuthContext extends ContextLike {
  get(field: string): string;
}

const parse = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const typeIssue = parsed.error.issues.some((issue) => issue.path[0] === 'type');
    throw new ApiError(400, typeIssue ? 'auth.error.invalidType' : 'api.error.invalidBody');
  }
  return parsed.data;
};

const smsText = {
  login: (code: string) => `Seu código de acesso é ${code}. Ele vale por 5 minutos. Não o compartilhe.`,
  password: (code: string) => `Seu código para criar a senha é ${code}. Ele vale por 5 minutos. Não o compartilhe.`,
};

/** The /auth routes (SPEC §7), mounted at the root in bootstrap. */
export const authRoutes = (strapi: Core.Strapi, sms: SmsSender, limiter = new RateLimiter(60_000)): RouteDef[] => {
  const settings = authSettings();
  const limit = (ctx: AuthContext, route: string, email?: string) => {
    limiter.hit(`ip:${ctx.ip}:${route}`, settings.ipPerMinute);
    if (email) limiter.hit(`account:${email}:${route}`, settings.accountPerMinute);
  };
  const actorOf = (audience: Audience, account: Pick<AccountRow, 'id' | 'name' | 'email'>) => ({
    id: account.id,
    name: account.name,
    email: account.email,
    staff: audience === 'staff',
  });
  const logLock = (audience: Audience, account: AccountRow, ip: string) =>
    logActivity(strapi, {
      action: 'account.locked',
      description: `Acesso bloqueado após ${settings.lockAfterFailures} códigos SMS incorretos em 24 horas (${audience === 'staff' ? 'usuário' : 'cliente'} ${account.email}).`,
      actor: actorOf(audience, account),
      ip,
    });
  const redeem = async (
    ctx: AuthContext,
    audience: Audience,
    account: AccountRow,
    input: { purpose: 'login' | 'password'; code: string; attemptId?: string },
  ) => {
    try {
      await redeemChallenge(strapi, { audience, accountId: account.id, ...input });
    } catch (error) {
      if (error instanceof ApiError && error.msg === 'auth.error.accountLocked') await logLock(audience, account, ctx.ip);
      if (audience === 'staff' && error instanceof ApiError) {
        await logActivity(strapi, {
          action: 'auth.code.failed',
          description: 'Código SMS incorreto ou expirado.',
          actor: actorOf(audience, account),
          ip: ctx.ip,
        });
      }
      throw error;
    }
  };
  const tokenAnswer = async (ctx: AuthContext, audience: Audience, account: AccountRow, soft = false) => {
    const session = await createSession(strapi, { audience, accountId: account.id, soft, ip: ctx.ip, userAgent: ctx.get('user-agent') });
    if (audience === 'staff') {
      const row = (await strapi.db.query(STAFF_UID).findOne({ where: { id: account.id }, select: STAFF_COLUMNS })) as StaffRow;
      return { token: session.token, expiresAt: session.expiresAt, account: staffToWire(row), jti: session.jti };
    }
    return { token: session.token, expiresAt: session.expiresAt, account: sessionClient(account, soft), jti: session.jti };
  };

  const route = (method: RouteDef['method'], path: string, handler: (ctx: AuthContext) => Promise<void>): RouteDef => ({
    method,
    path,
    config: { auth: false },
    handler: guarded(handler as (ctx: ContextLike) => Promise<void>, strapi.log),
  });

  return [
    route('POST', '/auth/login', async (ctx) => {
      limit(ctx, 'login');
      const input = parse(loginInputSchema, ctx.request.body);
      limit(ctx, 'login', input.email);
      const audience = audienceOf(input.type);
      const account = await findAccount(strapi, audience, input.email);
      if (!(await passwordMatches(account, input.password)) || !account) {
        if (audience === 'staff') {
          await logActivity(strapi, {
            action: 'auth.login.failed',
            description: 'Tentativa de login com e-mail ou senha incorretos.',
            actor: { name: account?.name ?? null, email: input.email, id: account?.id, staff: Boolean(account) },
            ip: ctx.ip,
          });
        }
        throw new ApiError(400, 'auth.error.invalidCredentials');
      }
      if (account.loginLocked) throw new ApiError(423, 'auth.error.accountLocked');
      const phone = e164(account);
      let answer: LoginAnswer;
      if (audience === 'staff' && !phone) throw new ApiError(400, 'users.error.phoneRequired');
      if (audience === 'staff' && account.firstAccess) {
        await issueChallenge(strapi, sms, { audience, purpose: 'password', account, phone: phone as string, text: smsText.password });
        answer = { firstAccess: true, sms: true, attemptId: null };
        ctx.body = ok(answer, 'auth.firstAccess');
        return;
      }
      if (phone) {
        const { attemptId, resendIn } = await issueChallenge(strapi, sms, {
          audience,
          purpose: 'login',
          account,
          phone,
          text: smsText.login,
        });
        answer = { firstAccess: false, sms: true, attemptId, resendIn };
        ctx.body = ok(answer, 'auth.sms.sent');
        return;
      }
      // A client without a phone has no second factor to receive: the password alone.
      const issued = await tokenAnswer(ctx, audience, account);
      answer = { firstAccess: false, sms: false, token: issued.token, client: sessionClient(account, false) };
      ctx.body = ok(answer, 'auth.login.ok');
    }),

    route('POST', '/auth/check/sms', async (ctx) => {
      limit(ctx, 'check');
      const input = parse(checkSmsInputSchema, ctx.request.body);
      limit(ctx, 'check', input.email);
      const audience = audienceOf(input.type);
      const account = await findAccount(strapi, audience, input.email);
      if (!account) throw new ApiError(400, 'auth.error.invalidCode');
      if (account.loginLocked) throw new ApiError(423, 'auth.error.accountLocked');
      await redeem(ctx, audience, account, { purpose: 'login', code: input.code, attemptId: input.attemptId });
      const { jti: _jti, ...answer } = await tokenAnswer(ctx, audience, account);
      if (audience === 'staff')
        await logActivity(strapi, { action: 'auth.login', description: 'Login realizado.', actor: actorOf(audience, account), ip: ctx.ip });
      ctx.body = ok(answer, 'auth.login.ok');
    }),

    route('POST', '/auth/password/recovery', async (ctx) => {
      limit(ctx, 'recovery');
      const input = parse(recoveryInputSchema, ctx.request.body);
      limit(ctx, 'recovery', input.email);
      const audience = audienceOf(input.type);
      const account = await findAccount(strapi, audience, input.email);
      const phone = account ? e164(account) : null;
      // The same answer whether or not the account exists, is locked or was asked too soon.
      if (account && phone && !account.loginLocked) {
        try {
          await issueChallenge(strapi, sms, { audience, purpose: 'password', account, phone, text: smsText.password });
          if (audience === 'staff') {
            await logActivity(strapi, {
              action: 'auth.recovery',
              description: 'Recuperação de senha solicitada.',
              actor: actorOf(audience, account),
              ip: ctx.ip,
            });
          }
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 429) throw error;
        }
      }
      ctx.body = ok(null, 'auth.recovery.sent');
    }),

    route('POST', '/auth/password/change', async (ctx) => {
      limit(ctx, 'change');
      const input = parse(changePasswordInputSchema, ctx.request.body);
      limit(ctx, 'change', input.email);
      if (input.password1 !== input.password2) throw new ApiError(400, 'auth.error.passwordMismatch');
      const problems = passwordProblems(input.password1);
      if (problems.length) throw new ApiError(400, 'auth.error.passwordRules', {}, { rules: problems });
      const audience = audienceOf(input.type);
      const account = await findAccount(strapi, audience, input.email);
      if (!account) throw new ApiError(400, 'auth.error.invalidCode');
      if (account.loginLocked) throw new ApiError(423, 'auth.error.accountLocked');
      await redeem(ctx, audience, account, { purpose: 'password', code: input.code });
      await strapi.db.query(uidOf(audience)).update({
        where: { id: account.id },
        data: { password: await hashPassword(input.password1), ...(audience === 'staff' ? { firstAccess: false } : {}) },
      });
      await revokeAllSessions(strapi, audience, account.id);
      const { jti: _jti, ...answer } = await tokenAnswer(ctx, audience, account);
      if (audience === 'staff') {
        await logActivity(strapi, {
          action: 'auth.password.changed',
          description: 'Senha alterada; as outras sessões foram encerradas.',
          actor: actorOf(audience, account),
          ip: ctx.ip,
        });
      }
      ctx.body = ok(answer, 'auth.password.changed');
    }),

    route('GET', '/auth/logout', async (ctx) => {
      limit(ctx, 'logout');
      const token = bearer(ctx.get('authorization'));
      const claims = token ? verifyToken(token, ['staff', 'client']) : null;
      if (!claims) throw new ApiError(401, 'api.error.unauthorized');
      await revokeSession(strapi, claims.jti);
      if (claims.aud === 'staff') {
        const user = (await strapi.db
          .query(STAFF_UID)
          .findOne({ where: { id: Number(claims.sub) }, select: ['id', 'name', 'email'] })) as AccountRow | null;
        if (user)
          await logActivity(strapi, { action: 'auth.logout', description: 'Logout realizado.', actor: actorOf('staff', user), ip: ctx.ip });
      }
      ctx.body = ok(null, 'auth.logout.ok');
    }),

    route('POST', '/auth/soft/login', async (ctx) => {
      limit(ctx, 'soft');
      const input = parse(softLoginInputSchema, ctx.request.body);
      limit(ctx, 'soft', input.email);
      const client = await findAccount(strapi, 'client', input.email);
      if (!client) throw new ApiError(400, 'auth.error.clientNotFound');
      if (client.loginLocked) throw new ApiError(423, 'auth.error.accountLocked');
      const { jti: _jti, ...answer } = await tokenAnswer(ctx, 'client', client, true);
      ctx.body = ok(answer, 'auth.login.ok');
    }),
  ];
};
