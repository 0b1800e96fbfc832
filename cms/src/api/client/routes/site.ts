import type { Core } from '@strapi/strapi';
import {
  ApiError,
  clientPaths,
  clientPhoneConfirmSchema,
  clientPasswordChangeSchema,
  clientPhoneRequestSchema,
  clientProfileUpdateSchema,
  clientRegisterSchema,
  passwordProblems,
  type ClientPhoneAnswer,
  type ClientPhoneRequest,
} from '@plataforma/adapter';
import { created, parseBody, reply, type RouteContext } from '@plataforma/adapter/server';
import { findAccount, hashPassword, passwordMatches, type AccountRow } from '../../../auth/accounts';
import { issueChallenge, redeemChallenge } from '../../../auth/challenges';
import { identityOf } from '../../../auth/identity';
import { RateLimiter } from '../../../auth/rate-limit';
import { createSession, revokeAllSessions } from '../../../auth/sessions';
import { access } from '../../../auth/strategy';
import { sessionClient } from '../../../auth/wire';
import { e164 } from '../../../sms/phone';
import { smsSender } from '../../../sms/sender';
import { smsText } from '../../../sms/texts';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { settings } from '../../../lib/settings';
import { confirmationPage, confirmEmail } from '../../../email/confirmation';
import { queueWelcome } from '../../../email/welcome';
import { CLIENT_COLUMNS, CLIENT_UID, checkPlace, clientData, clientToWire, type ClientRow } from '../wire';

/**
 * POST /clients registers and signs the client in (a full session); GET/PUT /clients/me
 * read and change the own profile — only with a full login: a soft (email-only) session
 * never reads or changes personal data. The phone is the client's second factor: changing or
 * removing it takes the password and a code sent to the current phone (POST then PUT
 * /clients/me/phone); PUT /clients/me refuses a different phone, and a different e-mail without
 * the current password. PUT /clients/me/password changes the password.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const limiter = new RateLimiter(60 * 60 * 1000);
  const own = async (id: number) =>
    (await strapi.db.query(CLIENT_UID).findOne({ where: { id }, select: CLIENT_COLUMNS })) as ClientRow | null;
  /** The signed-in client's id (the route admits clients only). */
  const callerId = (ctx: RouteContext): number => {
    const who = identityOf(ctx.state);
    if (!who) throw new ApiError(401, 'api.error.unauthorized');
    return who.id;
  };

  const register = route({
    method: 'POST',
    path: clientPaths.site,
    config: PUBLIC,
    handler: async (ctx) => {
      await limiter.hit(`register:${ctx.ip}`, settings().rateLimits.registerPerHourPerIp);
      const { password, passwordConfirm, acceptTerms, ...profile } = parseBody(clientRegisterSchema, ctx.request.body);
      if (passwordConfirm !== undefined && passwordConfirm !== password) throw new ApiError(400, 'auth.error.passwordMismatch');
      const problems = passwordProblems(password);
      if (problems.length) throw new ApiError(400, 'auth.error.passwordRules', {}, { rules: problems });
      // The place as the back office's: a state of the reference data and one of its cities.
      checkPlace(profile);
      const data = await clientData(strapi, profile);
      const passwordHash = await hashPassword(password);
      // The client and the welcome with the link that confirms the address: both or neither.
      const id = await strapi.db.transaction(async () => {
        const row = (await strapi.db.query(CLIENT_UID).create({
          data: {
            ...data,
            password: passwordHash,
            listedInNetwork: false,
            networkShowEmail: false,
            loginLocked: false,
            termsAcceptedAt: acceptTerms === true ? new Date() : null,
          },
          select: ['id', 'name', 'email', 'language'],
        })) as Pick<ClientRow, 'id' | 'name' | 'email' | 'language'>;
        await queueWelcome(strapi, row);
        return row.id;
      });
      const row = (await own(id)) as ClientRow;
      const session = await createSession(strapi, { audience: 'client', accountId: row.id, ip: ctx.ip, userAgent: ctx.get('user-agent') });
      return created({
        token: session.token,
        expiresAt: session.expiresAt,
        account: sessionClient(row, false),
        profile: clientToWire(row),
      });
    },
  });

  const read = route({
    method: 'GET',
    path: clientPaths.me,
    config: access('client'),
    handler: async (ctx) => {
      const row = await own(callerId(ctx));
      if (!row) throw new ApiError(401, 'api.error.unauthorized');
      return reply(clientToWire(row));
    },
  });

  /**
   * The stored phone and the one a body asks for, both as E.164 (null: none). A new phone outside
   * SMS_COUNTRIES is refused (400 auth.error.smsCountry) unless `compareOnly` (the profile's PUT,
   * which never changes the phone, only sees whether the same one came back).
   */
  const phonesOf = async (row: ClientRow, input: Pick<ClientPhoneRequest, 'ddi' | 'ddd' | 'phone'>, compareOnly = false) => {
    const asked = await clientData(
      strapi,
      { ddi: input.ddi ?? row.ddi ?? '55', ddd: input.ddd ?? undefined, phone: input.phone ?? '' },
      row.id,
      { anyCountry: compareOnly },
    );
    return {
      current: e164(row),
      asked: e164({
        ddi: (asked.ddi as string | null | undefined) ?? row.ddi,
        ddd: asked.ddd as string | null,
        phone: asked.phone as string | null,
      }),
      data: { ddi: input.ddi ?? row.ddi ?? '55', ddd: asked.ddd ?? null, phone: asked.phone ?? null },
    };
  };
  /** The caller's account, with its password checked (the same answer as a wrong login). */
  const withPassword = async (ctx: RouteContext, password: string): Promise<{ row: ClientRow; account: AccountRow }> => {
    const row = await own(callerId(ctx));
    if (!row) throw new ApiError(401, 'api.error.unauthorized');
    await limiter.hit(`phone:${row.id}`, settings().rateLimits.phoneChangesPerHour);
    const account = await findAccount(strapi, 'client', row.email);
    if (!account || !(await passwordMatches(account, password))) throw new ApiError(400, 'auth.error.invalidCredentials');
    return { row, account };
  };

  const update = route({
    method: 'PUT',
    path: clientPaths.me,
    config: access('client'),
    body: clientProfileUpdateSchema,
    handler: async (ctx, input) => {
      const id = callerId(ctx);
      const row = await own(id);
      if (!row) throw new ApiError(401, 'api.error.unauthorized');
      const { ddi, ddd, phone, currentPassword, ...rest } = input;
      // The e-mail is the login: another one takes the current password (a stolen open session
      // must not be enough to take the account over).
      if (rest.email !== undefined && rest.email.trim().toLowerCase() !== row.email.toLowerCase()) {
        if (!currentPassword) throw new ApiError(403, 'clients.error.emailNeedsPassword');
        await withPassword(ctx, currentPassword);
      }
      if (ddi !== undefined || ddd !== undefined || phone !== undefined) {
        // The same phone sent back by a profile form is fine; another one (or none) needs the code.
        const { current, asked } = await phonesOf(
          row,
          {
            ddi: ddi === undefined ? row.ddi : ddi,
            ddd: ddd === undefined && phone === undefined ? row.ddd : ddd,
            phone: phone === undefined ? row.phone : phone,
          },
          true,
        );
        if (current !== asked) throw new ApiError(403, 'clients.error.phoneNeedsCode');
      }
      checkPlace(rest, { state: row.state, city: row.city });
      await strapi.db.query(CLIENT_UID).update({ where: { id }, data: await clientData(strapi, rest, id) });
      return reply(clientToWire((await own(id)) as ClientRow), 'api.updated');
    },
  });

  const askPhoneChange = route({
    method: 'POST',
    path: clientPaths.phone,
    config: access('client'),
    body: clientPhoneRequestSchema,
    handler: async (ctx, input) => {
      const { row, account } = await withPassword(ctx, input.password);
      const { current, asked } = await phonesOf(row, input);
      if (current === asked) throw new ApiError(400, 'api.error.invalidBody');
      const to = current ?? asked;
      if (!to) throw new ApiError(400, 'api.error.invalidBody');
      const { attemptId, resendIn } = await issueChallenge(strapi, smsSender(strapi.log), {
        audience: 'client',
        purpose: 'phone',
        account,
        phone: to,
        text: smsText.phone,
        afterPassword: true,
      });
      const answer: ClientPhoneAnswer = { attemptId, resendIn, sentTo: `…${to.slice(-4)}` };
      return reply(answer, 'clients.phoneCodeSent');
    },
  });

  const confirmPhoneChange = route({
    method: 'PUT',
    path: clientPaths.phone,
    config: access('client'),
    body: clientPhoneConfirmSchema,
    handler: async (ctx, input) => {
      const { row } = await withPassword(ctx, input.password);
      const { current, asked, data } = await phonesOf(row, input);
      if (current === asked) throw new ApiError(400, 'api.error.invalidBody');
      await redeemChallenge(strapi, {
        audience: 'client',
        purpose: 'phone',
        accountId: row.id,
        code: input.code,
        attemptId: input.attemptId,
      });
      await strapi.db.query(CLIENT_UID).update({ where: { id: row.id }, data });
      return reply(clientToWire((await own(row.id)) as ClientRow), 'clients.phoneChanged');
    },
  });

  /**
   * The own password, changed while signed in: the current one checked (the same answer as a
   * wrong login), the new one under the rules; every other session of the client ends.
   */
  const changePassword = route({
    method: 'PUT',
    path: clientPaths.password,
    config: access('client'),
    body: clientPasswordChangeSchema,
    handler: async (ctx, input) => {
      if (input.password !== input.passwordConfirm) throw new ApiError(400, 'auth.error.passwordMismatch');
      const problems = passwordProblems(input.password);
      if (problems.length) throw new ApiError(400, 'auth.error.passwordRules', {}, { rules: problems });
      const { row } = await withPassword(ctx, input.currentPassword);
      await strapi.db.query(CLIENT_UID).update({ where: { id: row.id }, data: { password: await hashPassword(input.password) } });
      const who = identityOf(ctx.state);
      await revokeAllSessions(strapi, 'client', row.id, who?.jti);
      return reply(null, 'auth.password.changed');
    },
  });

  /** The registration e-mail's link (GET, from a mail client): confirms the address, then the site's page says how it went. */
  const confirm = route({
    method: 'GET',
    path: clientPaths.confirmEmail,
    config: PUBLIC,
    handler: async (ctx) => {
      const outcome = await confirmEmail(strapi, ctx.query.token);
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.set('Location', confirmationPage(outcome));
      ctx.status = 302;
      ctx.body = '';
    },
  });

  return siteRouter([register, confirm, read, update, askPhoneChange, confirmPhoneChange, changePassword]);
};
