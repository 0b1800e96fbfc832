import type { Core } from '@strapi/strapi';
import { ApiError, CLIENT_EXPORT_FORMATS, clientPaths, parseListQuery, type ClientExportFormat } from '@plataforma/adapter';
import { buildListParams, resourceRoutes } from '@plataforma/adapter/server';
import { logChanges } from '../../../http/changes';
import { removeClientDependents } from '../removal';
import { clientRules } from '../rules';
import { removalRoute } from '../../../http/removal';
import { cmsRouter, dbOf, routeFor } from '../../../http/router';
import { conflictAs } from '../../../http/transaction';
import { exportStream } from '../export';
import { importRoutes } from '../import/routes';
import { CLIENT_UID, clientAdminSpec } from '../wire';

/**
 * The back office's clients (admin, SPEC §2.3, §7): the list, a client by id, add, edit, delete
 * the export of the searched list as CSV or XLSX, and the spreadsheet import (import/).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, clientRules.labels, clientRules.logAction);
  const spec = clientAdminSpec(strapi);

  // Before the crud routes: '/clients/export' is not a client's id.
  const exportRoute = routeFor(strapi)({
    method: 'GET',
    path: clientPaths.export,
    config: { auth: false },
    handler: async (ctx) => {
      const format = ctx.query.format ?? 'xlsx';
      if (typeof format !== 'string' || !(CLIENT_EXPORT_FORMATS as readonly string[]).includes(format))
        throw new ApiError(400, 'api.error.invalidQuery');
      const { search, order } = parseListQuery(ctx.query, spec.order);
      const { params } = buildListParams(spec, {}, { search, order, limit: 1, offset: 0 });
      const day = new Date().toISOString().slice(0, 10);
      ctx.set('Content-Disposition', `attachment; filename="clientes-${day}.${format}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.set(
        'Content-Type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      ctx.status = 200;
      ctx.body = exportStream(strapi, format as ClientExportFormat, { where: params.where, orderBy: params.orderBy });
    },
  });

  const crud = conflictAs(
    'clients.error.emailTaken',
    resourceRoutes(dbOf(strapi), spec, {
      actions: ['list', 'get', 'create', 'update'],
      config: { auth: false },
      logger: strapi.log,
      onChange: log,
    }),
  );

  // What goes with a deleted client (sessions, SMS codes, their rollup rows): removal.ts, which
  // the Content Manager's deletion runs too (the client's rules).
  const remove = removalRoute(strapi, {
    uid: CLIENT_UID,
    path: clientPaths.cms,
    notFound: 'api.error.notFound',
    fileFields: [],
    log,
    dependents: async (ids) => {
      await removeClientDependents(strapi, ids);
      return [];
    },
  });

  return cmsRouter([exportRoute, ...importRoutes(strapi), ...crud, remove]);
};
