import type { Core } from '@strapi/strapi';
import { cmsRouter } from '../../../http/router';
import { jobRoutes } from '../../../jobs/routes';

/** 'Tarefas' (admin): the job system's jobs (decision 079); no content type of its own (pg-boss's tables, or a table of the SQLite file). */
export default ({ strapi }: { strapi: Core.Strapi }) => cmsRouter(jobRoutes(strapi));
