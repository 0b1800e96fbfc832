import type { Core } from '@strapi/strapi';
import {
  ApiError,
  DASHBOARD_EXPORT_FORMATS,
  dashboardPaths,
  dashboardRangeQuerySchema,
  parseId,
  type DashboardExportFormat,
} from '@plataforma/adapter';
import { reply, type RouteContext } from '@plataforma/adapter/server';
import { eventDashboard } from '../../../dashboards/event';
import { dashboardFile } from '../../../dashboards/export';
import { generalDashboard } from '../../../dashboards/general';
import { cmsRouter, PUBLIC, routeFor } from '../../../http/router';

/** `from`/`to` of the query, or 400. */
const rangeOf = (ctx: RouteContext) => {
  const query = ctx.query as Record<string, unknown>;
  const parsed = dashboardRangeQuerySchema.safeParse({ from: query.from || undefined, to: query.to || undefined });
  if (!parsed.success) throw new ApiError(400, 'api.error.invalidQuery');
  return parsed.data;
};

const idOf = (ctx: RouteContext): number => {
  const id = parseId((ctx.params as Record<string, string>).id);
  if (!id) throw new ApiError(404, 'api.error.notFound');
  return id;
};

/** The organiser's dashboards (admin; decision 048): 'Geral', an event's, and the export of an event's tables. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);
  // cmsRouter sets each route's roles from CMS_ACCESS.
  const config = PUBLIC;
  return cmsRouter([
    route({
      method: 'GET',
      path: dashboardPaths.general,
      config,
      handler: async (ctx) => reply(await generalDashboard(strapi, rangeOf(ctx))),
    }),
    route({
      method: 'GET',
      path: dashboardPaths.eventExport,
      config,
      handler: async (ctx) => {
        const format = (ctx.query as Record<string, unknown>).format ?? 'xlsx';
        if (typeof format !== 'string' || !(DASHBOARD_EXPORT_FORMATS as readonly string[]).includes(format))
          throw new ApiError(400, 'api.error.invalidQuery');
        const data = await eventDashboard(strapi, idOf(ctx), rangeOf(ctx));
        ctx.set(
          'Content-Disposition',
          `attachment; filename="painel-evento-${data.event.id}-${data.range.from}-${data.range.to}.${format}"`,
        );
        ctx.set('Cache-Control', 'no-store');
        ctx.set(
          'Content-Type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
        ctx.status = 200;
        ctx.body = await dashboardFile(data, format as DashboardExportFormat);
      },
    }),
    route({
      method: 'GET',
      path: dashboardPaths.event,
      config,
      handler: async (ctx) => reply(await eventDashboard(strapi, idOf(ctx), rangeOf(ctx))),
    }),
  ]);
};
