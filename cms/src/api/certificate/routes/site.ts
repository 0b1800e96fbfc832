import type { Core } from '@strapi/strapi';
import {
  ApiError,
  certificateIssueInputSchema,
  certificatePaths,
  certificateStatusQuerySchema,
  fillPath,
  normaliseCertificateCode,
  type CertificateStatus,
  type CertificateVerification,
} from '@plataforma/adapter';
import { created, reply, type RouteContext } from '@plataforma/adapter/server';
import { identityOf } from '../../../auth/identity';
import { RateLimiter } from '../../../auth/rate-limit';
import { access } from '../../../auth/strategy';
import { figuresOf, readCertificateSettings, type CertificateSettings } from '../../../certificates/figures';
import { certificateKey, certificateToWire, findCertificate, issueCertificate } from '../../../certificates/issue';
import { certificatePdf } from '../../../certificates/pdf';
import { PUBLIC, routeFor, siteRouter } from '../../../http/router';
import { settings } from '../../../lib/settings';

/** Verifications per visitor (IP) in a minute: enough for a person, too few to walk codes. */
const VERIFY_PER_MINUTE = 30;

const clientOf = (ctx: RouteContext) => {
  const who = identityOf(ctx.state);
  if (!who || who.kind !== 'client') throw new ApiError(401, 'api.error.unauthorized');
  return who;
};

const minutes = (seconds: number | null): number | null => (seconds === null ? null : Math.ceil(seconds / 60));

/**
 * `<origin>/certificados/{code}`: PUBLIC_URL when set, else the request's origin. PUBLIC_URL
 * unset reads as '' (not undefined): `??` kept it and the PDF printed a bare path (issue 56, item 10).
 */
const verifyUrl = (ctx: RouteContext, code: string): string => {
  const origin = (settings().server.publicUrl || (ctx as unknown as { origin: string }).origin).replace(/\/+$/, '');
  return `${origin}${fillPath(certificatePaths.page, { code })}`;
};

/**
 * Attendance certificates on the site (decision 050): the client's status for an event, issuing
 * (once; the same certificate again after), the holder's PDF and the public verification.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  const limiter = new RateLimiter(60_000);

  /** A published event; 404 otherwise. */
  const eventOf = async (eventId: number): Promise<CertificateSettings> => {
    const event = await readCertificateSettings(strapi, eventId);
    if (!event || !event.published) throw new ApiError(404, 'api.error.eventNotFound');
    return event;
  };

  const status = route({
    method: 'GET',
    path: certificatePaths.me,
    config: access('client', 'soft-client'),
    handler: async (ctx) => {
      const who = clientOf(ctx);
      // The certificate's code and the time watched are the account's: not for a soft session (decision 101).
      if (who.soft) throw new ApiError(403, 'certificates.error.fullAccountRequired');
      const query = certificateStatusQuerySchema.safeParse(ctx.query);
      if (!query.success) throw new ApiError(400, 'api.error.invalidQuery');
      const event = await eventOf(query.data.eventId);
      const figures = await figuresOf(strapi, event, who.id);
      const issued = await findCertificate(strapi, { key: certificateKey(who.id, event.id) });
      const answer: CertificateStatus = {
        eventId: event.id,
        enabled: figures.enabled,
        rule: figures.rule,
        minShare: figures.rule === 'share' ? (event.certificateMinShare ?? null) : null,
        programmeMinutes: Math.floor(figures.programme / 60),
        watchedSeconds: figures.watched,
        watchedMinutes: Math.floor(figures.watched / 60),
        requiredSeconds: figures.required,
        requiredMinutes: minutes(figures.required),
        eligible: figures.eligible,
        fullAccountRequired: who.soft,
        certificate: issued ? certificateToWire(issued) : null,
      };
      ctx.set('Cache-Control', 'no-store');
      return reply(answer);
    },
  });

  const issue = route({
    method: 'POST',
    path: certificatePaths.issue,
    config: access('client', 'soft-client'),
    body: certificateIssueInputSchema,
    handler: async (ctx, { eventId }) => {
      const who = clientOf(ctx);
      // The name printed must be the account's own: a soft session proves an e-mail only.
      if (who.soft) throw new ApiError(403, 'certificates.error.fullAccountRequired');
      const event = await eventOf(eventId);
      const existing = await findCertificate(strapi, { key: certificateKey(who.id, event.id) });
      if (existing) return reply(certificateToWire(existing), 'certificates.issued');
      const figures = await figuresOf(strapi, event, who.id);
      if (!figures.enabled) throw new ApiError(403, 'certificates.error.disabled');
      if (!figures.eligible)
        throw new ApiError(
          403,
          'certificates.error.notEligible',
          {},
          {
            watchedMinutes: Math.floor(figures.watched / 60),
            requiredMinutes: minutes(figures.required),
          },
        );
      const client = (await strapi.db.query('api::client.client').findOne({ where: { id: who.id }, select: ['name'] })) as {
        name: string;
      } | null;
      if (!client) throw new ApiError(401, 'api.error.unauthorized');
      const row = await issueCertificate(strapi, {
        clientId: who.id,
        eventId: event.id,
        name: client.name,
        eventName: event.name,
        seconds: figures.watched,
        text: event.certificateText,
      });
      return created(certificateToWire(row), 'certificates.issued');
    },
  });

  const verify = route({
    method: 'GET',
    path: certificatePaths.verify,
    config: PUBLIC,
    handler: async (ctx) => {
      await limiter.hit(`certificate-verify:ip:${ctx.ip}`, VERIFY_PER_MINUTE);
      const code = normaliseCertificateCode(String(ctx.params.code ?? ''));
      const row = code ? await findCertificate(strapi, { code }) : null;
      if (!row) throw new ApiError(404, 'certificates.error.notFound');
      const wire = certificateToWire(row);
      const answer: CertificateVerification = {
        code: wire.code,
        status: row.revokedAt ? 'revoked' : 'valid',
        name: row.revokedAt ? null : wire.name,
        eventName: wire.eventName,
        seconds: wire.seconds,
        issuedAt: wire.issuedAt,
        timezone: wire.timezone,
      };
      ctx.set('Cache-Control', 'no-store');
      return reply(answer);
    },
  });

  const pdf = route({
    method: 'GET',
    path: certificatePaths.pdf,
    config: access('client', 'soft-client'),
    handler: async (ctx) => {
      const who = clientOf(ctx);
      if (who.soft) throw new ApiError(403, 'certificates.error.fullAccountRequired');
      const code = normaliseCertificateCode(String(ctx.params.code ?? ''));
      const row = code ? await findCertificate(strapi, { code }) : null;
      // Someone else's certificate answers as an unknown one: the route tells nothing of it.
      if (!row || row.revokedAt || row.client?.id !== who.id) throw new ApiError(404, 'certificates.error.notFound');
      const certificate = certificateToWire(row);
      const bytes = await certificatePdf(certificate, row.text, verifyUrl(ctx, certificate.code));
      ctx.set('Content-Type', 'application/pdf');
      ctx.set('Content-Disposition', `attachment; filename="certificado-${certificate.code}.pdf"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 200;
      ctx.body = Buffer.from(bytes);
    },
  });

  // verify before pdf: '/certificates/verify/:code' and '/certificates/:code/pdf' have as many segments.
  return siteRouter([status, issue, verify, pdf]);
};
