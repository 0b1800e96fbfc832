import type { Core } from '@strapi/strapi';
import {
  ApiError,
  authPaths,
  changePasswordInputSchema,
  checkSmsInputSchema,
  loginInputSchema,
  passwordProblems,
  recoveryInputSchema,
  softLoginInputSchema,
  type LoginAnswer,
  type MessageKey,
} from '@plataforma/adapter';
import { parseBody, reply, type Reply, type RouteContext, type RouteDef } from '@plataforma/adapter/server';
import type { z } from 'zod';
import { logActivity } from '../activity/log';
import { routeFor } from '../http/router';
import { e164 } from '../sms/phone';
import type { SmsSender } from '../sms/sender';
import { smsText } from '../sms/texts';
import { audienceOf, findAccount, hashPassword, passwordMatches, STAFF_UID, uidOf, type AccountRow } from './accounts';
import { issueChallenge, redeemChallenge } from './challenges';
import { RateLimiter } from './rate-limit';
import { createSession, revokeAllSessions, revokeSession } from './sessions';
import { authSettings } from './settings';
import { bearer, verifyToken, type Audience } from './tokens';
import { sessionClient, STAFF_COLUMNS, staffToWire, type StaffRow } from './wire';

/** A body with a wrong `type` answers auth.error.invalidType; any other mistake api.error.invalidBody. */
const invalid = (issues: readonly z.core.$ZodIssue[]) =>
  issues.some((issue) => issue.path[0] === 'type') ? 'auth.error.invalidType' : 'api.error.invalidBody';

/** The /auth routes (SPEC §7), mounted at the root in bootstrap. */
export const authRoutes = (strapi: Core.Strapi, sms: SmsSender, limiter = new RateLimiter(60_000)): RouteDef[] => {
  const settings = authSettings();
  /** One hit per request and IP (before the body is read), one per request and account (after). */
  const limitIp = (ctx: RouteContext, route: string) => limiter.hit(`ip:${ctx.ip}:${route}`, settings.ipPerMinute);
  const limitAccount = (email: string, route: string) => limiter.hit(`account:${email}:${route}`, settings.accountPerMinute);
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
    ctx: RouteContext,
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
  const tokenAnswer = async (ctx: RouteContext, audience: Audience, account: AccountRow, soft = false) => {
    const session = await createSession(strapi, { audience, accountId: account.id, soft, ip: ctx.ip, userAgent: ctx.get('user-agent') });
    if (audience === 'staff') {
      const row = (await strapi.db.query(STAFF_UID).findOne({ where: { id: account.id }, select: STAFF_COLUMNS })) as StaffRow;
      return { token: session.token, expiresAt: session.expiresAt, account: staffToWire(row), jti: session.jti };
    }
    return { token: session.token, expiresAt: session.expiresAt, account: sessionClient(account, soft), jti: session.jti };
  };

  /** The account a code is checked for: unknown answers `missing`, locked answers 423. */
  const unlockedAccount = async (audience: Audience, email: string, missing: MessageKey): Promise<AccountRow> => {
    const account = await findAccount(strapi, audience, email);
    if (!account) throw new ApiError(400, missing);
    if (account.loginLocked) throw new ApiError(423, 'auth.error.accountLocked');
    return account;
  };
  /** Staff sign-ins and password changes leave a line in the activity log; clients' do not. */
  const logStaff = async (ctx: RouteContext, audience: Audience, account: AccountRow, action: string, description: string) => {
    if (audience === 'staff') await logActivity(strapi, { action, description, actor: actorOf(audience, account), ip: ctx.ip });
  };

  const route = routeFor(strapi);
  const open = { auth: false } as const;
  /**
   * An /auth route taking a body: the hit is counted by IP, the body read, then the hit is
   * counted by account, before the handler runs.
   */
  const post = <S extends z.ZodType<{ email: string }>>(
    path: string,
    limitName: string,
    schema: S,
    handler: (ctx: RouteContext, input: z.infer<S>) => Promise<Reply>,
  ): RouteDef =>
    route({
      method: 'POST',
      path,
      config: open,
      handler: async (ctx) => {
        await limitIp(ctx, limitName);
        const input = parseBody(schema, ctx.request.body, invalid);
        await limitAccount(input.email, limitName);
        return handler(ctx, input);
      },
    });

  return [
    post(authPaths.login, 'login', loginInputSchema, async (ctx, input) => {
      const audience = audienceOf(input.type);
      const account = await findAccount(strapi, audience, input.email);
      const matches = await passwordMatches(account, input.password);
      // A locked account answers the same for a right and a wrong password (the hash is compared
      // either way, so the time is the same too): the lock never confirms a guess.
      if (account?.loginLocked) throw new ApiError(423, 'auth.error.accountLocked');
      if (!matches || !account) {
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
      const phone = e164(account);
      if (audience === 'staff' && !phone) throw new ApiError(400, 'users.error.phoneRequired');
      if (audience === 'staff' && account.firstAccess) {
        await issueChallenge(strapi, sms, {
          audience,
          purpose: 'password',
          account,
          phone: phone as string,
          text: smsText.password,
          afterPassword: true,
        });
        const answer: LoginAnswer = { firstAccess: true, sms: true, attemptId: null };
        return reply(answer, 'auth.firstAccess');
      }
      if (phone) {
        const { attemptId, resendIn } = await issueChallenge(strapi, sms, {
          audience,
          purpose: 'login',
          account,
          phone,
          text: smsText.login,
          afterPassword: true,
        });
        const answer: LoginAnswer = { firstAccess: false, sms: true, attemptId, resendIn };
        return reply(answer, 'auth.sms.sent');
      }
      // A client without a phone has no second factor to receive: the password alone.
      const issued = await tokenAnswer(ctx, audience, account);
      const answer: LoginAnswer = { firstAccess: false, sms: false, token: issued.token, client: sessionClient(account, false) };
      return reply(answer, 'auth.login.ok');
    }),

    post(authPaths.checkSms, 'check', checkSmsInputSchema, async (ctx, input) => {
      const audience = audienceOf(input.type);
      const account = await unlockedAccount(audience, input.email, 'auth.error.invalidCode');
      await redeem(ctx, audience, account, { purpose: 'login', code: input.code, attemptId: input.attemptId });
      const { jti: _jti, ...answer } = await tokenAnswer(ctx, audience, account);
      await logStaff(ctx, audience, account, 'auth.login', 'Login realizado.');
      return reply(answer, 'auth.login.ok');
    }),

    post(authPaths.recovery, 'recovery', recoveryInputSchema, async (ctx, input) => {
      const started = Date.now();
      const audience = audienceOf(input.type);
      const account = await findAccount(strapi, audience, input.email);
      const phone = account ? e164(account) : null;
      // The same answer whether or not the account exists, is locked or was asked too soon.
      if (account && phone && !account.loginLocked) {
        try {
          await issueChallenge(strapi, sms, {
            audience,
            purpose: 'password',
            account,
            phone,
            text: smsText.password,
            afterPassword: false,
          });
          await logStaff(ctx, audience, account, 'auth.recovery', 'Recuperação de senha solicitada.');
        } catch (error) {
          // Too soon, past a cap or the budget, or a country the product sends no SMS to: the same answer.
          if (!(error instanceof ApiError) || (error.status !== 429 && error.msg !== 'auth.error.smsCountry')) throw error;
        }
      }
      // …and after the same time: an unknown e-mail answered in 4 ms, a known one in 11 ms.
      const wait = settings.recoveryAnswerMs - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return reply(null, 'auth.recovery.sent');
    }),

    post(authPaths.changePassword, 'change', changePasswordInputSchema, async (ctx, input) => {
      if (input.password1 !== input.password2) throw new ApiError(400, 'auth.error.passwordMismatch');
      const problems = passwordProblems(input.password1);
      if (problems.length) throw new ApiError(400, 'auth.error.passwordRules', {}, { rules: problems });
      const audience = audienceOf(input.type);
      const account = await unlockedAccount(audience, input.email, 'auth.error.invalidCode');
      await redeem(ctx, audience, account, { purpose: 'password', code: input.code });
      await strapi.db.query(uidOf(audience)).update({
        where: { id: account.id },
        data: { password: await hashPassword(input.password1), ...(audience === 'staff' ? { firstAccess: false } : {}) },
      });
      await revokeAllSessions(strapi, audience, account.id);
      const { jti: _jti, ...answer } = await tokenAnswer(ctx, audience, account);
      await logStaff(ctx, audience, account, 'auth.password.changed', 'Senha alterada; as outras sessões foram encerradas.');
      return reply(answer, 'auth.password.changed');
    }),

    route({
      method: 'GET',
      path: authPaths.logout,
      config: open,
      handler: async (ctx) => {
        await limitIp(ctx, 'logout');
        const token = bearer(ctx.get('authorization'));
        const claims = token ? verifyToken(token, ['staff', 'client']) : null;
        if (!claims) throw new ApiError(401, 'api.error.unauthorized');
        await revokeSession(strapi, claims.jti);
        if (claims.aud === 'staff') {
          const user = (await strapi.db
            .query(STAFF_UID)
            .findOne({ where: { id: Number(claims.sub) }, select: ['id', 'name', 'email'] })) as AccountRow | null;
          if (user) await logStaff(ctx, 'staff', user, 'auth.logout', 'Logout realizado.');
        }
        return reply(null, 'auth.logout.ok');
      },
    }),

    post(authPaths.softLogin, 'soft', softLoginInputSchema, async (ctx, input) => {
      const client = await unlockedAccount('client', input.email, 'auth.error.clientNotFound');
      const { jti: _jti, ...answer } = await tokenAnswer(ctx, 'client', client, true);
      return reply(answer, 'auth.login.ok');
    }),
  ];
};
