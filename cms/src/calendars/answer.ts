import { CALENDAR_CONTENT_TYPE } from '@plataforma/adapter';
import type { RouteContext } from '@plataforma/adapter/server';
import { etagOf, matchesEtag } from '../http/conditional';

/**
 * An `.ics` answer: `text/calendar; charset=utf-8` as an attachment with its file name, its ETag
 * (the bytes are the same while nothing changed: a matching If-None-Match answers 304),
 * Last-Modified and the Cache-Control given.
 */
export const answerIcs = (
  ctx: RouteContext,
  body: string,
  options: { fileName: string; updatedAt: Date; cache: string; inline?: boolean },
): void => {
  const etag = etagOf(body);
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', options.cache);
  if (options.updatedAt.getTime() > 0) ctx.set('Last-Modified', options.updatedAt.toUTCString());
  if (matchesEtag(ctx.get('if-none-match'), etag)) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  ctx.set('Content-Type', CALENDAR_CONTENT_TYPE);
  ctx.set('Content-Disposition', `${options.inline ? 'inline' : 'attachment'}; filename="${options.fileName}"`);
  ctx.status = 200;
  ctx.body = body;
};
