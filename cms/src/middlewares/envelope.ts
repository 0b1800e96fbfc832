import type { Core } from '@strapi/strapi';
import { fail, type MessageKey } from '@plataforma/adapter';
import { answerError, type ContextLike } from '@plataforma/adapter/server';
import { isProductPath } from '../http/paths';

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'api.error.invalidBody',
  401: 'api.error.unauthorized',
  403: 'api.error.forbidden',
  404: 'api.error.routeNotFound',
  405: 'api.error.routeNotFound',
  413: 'api.error.payloadTooLarge',
  429: 'api.error.tooManyRequests',
  503: 'api.error.unavailable',
};

const isEnvelope = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'msg' in body && 'status' in body && 'data' in body;

/**
 * On the product's paths (/api/site/v1, /api/cms/v1, /auth) every answer is the
 * `{data, msg, status}` envelope: errors thrown before a handler runs (bad JSON,
 * body too large), unknown routes, and Strapi's own 401/403 included. Never a stack.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: ContextLike & { response: { get(field: string): string } }, next: () => Promise<void>) => {
    if (!isProductPath(ctx.path)) return next();
    try {
      await next();
    } catch (error) {
      answerError(ctx, error, strapi.log);
      return;
    }
    if (ctx.status >= 400 && !isEnvelope(ctx.body)) {
      const msg = STATUS_KEYS[ctx.status] ?? (ctx.status >= 500 ? 'api.error.internal' : 'api.error.invalidQuery');
      const status = ctx.status === 405 ? 404 : ctx.status;
      ctx.status = status;
      ctx.body = fail(status, msg);
    }
  };
