import type { Core } from '@strapi/strapi';
import { ApiError, parseId, standReportExportQuerySchema, standReportPaths, standReportQuerySchema } from '@plataforma/adapter';
import { reply } from '@plataforma/adapter/server';
import { standForReport, standReport } from '../../../dashboards/stand-report';
import { reportCsv, reportFileName, reportPdf, reportXlsx } from '../report-export';
import { cmsRouter, routeFor } from '../../../http/router';
import { attendantOf } from '../scope';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/**
 * The exhibitor report of a stand (issue 15, decision 049): GET answers it as JSON for the back
 * office's screen; `/export?format=csv|xlsx|pdf` as a file. An attendant reads only the stands
 * assigned to them (403 for another), an admin any.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);

  const one = route({
    method: 'GET',
    path: standReportPaths.one,
    config: { auth: false },
    handler: async (ctx) => {
      const query = standReportQuerySchema.safeParse(ctx.query);
      if (!query.success) throw new ApiError(400, 'api.error.invalidQuery');
      const stand = await standForReport(strapi, parseId(ctx.params.id), attendantOf(ctx)?.id ?? null);
      ctx.set('Cache-Control', 'no-store');
      return reply(await standReport(strapi, stand, { from: query.data.from ?? null, to: query.data.to ?? null }));
    },
  });

  const exported = route({
    method: 'GET',
    path: standReportPaths.export,
    config: { auth: false },
    handler: async (ctx) => {
      const query = standReportExportQuerySchema.safeParse(ctx.query);
      if (!query.success) throw new ApiError(400, 'api.error.invalidQuery');
      const { format, from, to } = query.data;
      const stand = await standForReport(strapi, parseId(ctx.params.id), attendantOf(ctx)?.id ?? null);
      // Every lead goes into a file (the screen lists the latest ones).
      const report = await standReport(strapi, stand, { from: from ?? null, to: to ?? null }, null);
      const body =
        format === 'csv' ? reportCsv(report) : format === 'xlsx' ? await reportXlsx(report) : Buffer.from(await reportPdf(report));
      ctx.set('Content-Disposition', `attachment; filename="${reportFileName(report, format)}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Type', CONTENT_TYPES[format]);
      ctx.status = 200;
      ctx.body = body;
    },
  });

  return cmsRouter([one, exported]);
};
