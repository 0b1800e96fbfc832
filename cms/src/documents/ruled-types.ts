import type { Core } from '@strapi/strapi';
import type { MessageKey } from '@plataforma/adapter';
import { LOG_UID } from '../activity/log';
import { keepAppendOnly } from './append-only';
import { checkRuled, type TypeSchema } from './ruled-check';
import { documentRules, type DocumentRules, type ReadOnlyType } from './rules';

/** The content-API routes of Strapi's core routers by the type they serve ('api::stand.stand.find' serves 'api::stand.stand'). */
const routedTypes = (strapi: Core.Strapi): Set<string> => {
  const served = new Set<string>();
  for (const api of Object.values(strapi.apis as Record<string, { routes?: Record<string, { routes?: Array<{ handler?: unknown }> }> }>)) {
    for (const router of Object.values(api.routes ?? {})) {
      for (const route of router.routes ?? []) {
        if (typeof route.handler !== 'string') continue;
        const uid = /^(api::[\w-]+\.[\w-]+)\./.exec(route.handler)?.[1];
        if (uid) served.add(uid);
      }
    }
  }
  return served;
};

/**
 * Stops the start unless every type of the product is ruled, read only or hidden, as the router
 * stops it for a route missing from the access table: the error names each type and what to do.
 */
export const assertRuled = (strapi: Core.Strapi, ruled: ReadonlyArray<{ uid: string }>): void => {
  const served = routedTypes(strapi);
  const { unruled, unknown } = checkRuled(strapi.contentTypes as unknown as Record<string, TypeSchema>, (uid) => served.has(uid), ruled);
  if (unruled.length > 0)
    throw new Error(
      `Content types without rules on the Content Manager and the content API: ${unruled.join(', ')}. Give each a DocumentRules ` +
        `(cms/src/api/<type>/rules.ts) or a ReadOnlyType and list it in cms/src/api/ruled-types.ts, or hide it ` +
        `(pluginOptions content-manager.visible and content-type-builder.visible false, and no content-API route): decision 077.`,
    );
  if (unknown.length > 0) throw new Error(`Rules for content types that do not exist: ${unknown.join(', ')} (cms/src/api/ruled-types.ts).`);
};

/**
 * The stock write paths held to the product's rules (called in `register` with every type's,
 * `cms/src/api/ruled-types.ts`): the start-up check, the document service middleware of every
 * ruled type, and the activity log append-only below it (the query engine refuses to change or
 * delete a line). `ptText` gives a key's PT text.
 */
export const holdStockPaths = (
  strapi: Core.Strapi,
  ruled: ReadonlyArray<DocumentRules | ReadOnlyType>,
  ptText: (key: MessageKey) => string,
): void => {
  assertRuled(strapi, ruled);
  strapi.documents.use(documentRules(strapi, ruled, ptText) as Parameters<Core.Strapi['documents']['use']>[0]);
  keepAppendOnly(strapi, LOG_UID, 'api.error.appendOnlyLog');
};
