import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { logChanges } from '../../../http/changes';
import { lectureRules } from '../rules';
import { cmsRouter, dbOf } from '../../../http/router';
import { inTransaction } from '../../../http/transaction';
import { refuseWhenOrdered } from '../../event/cascade';
import { cmsLectureSpec } from '../wire';

/** Lectures for admins: list, get, create and update (no overlap in a room), delete. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const spec = cmsLectureSpec(strapi);
  const options = {
    config: { auth: false as const },
    logger: strapi.log,
    onChange: logChanges(strapi, lectureRules.labels, lectureRules.logAction),
  };
  return cmsRouter([
    ...resourceRoutes(dbOf(strapi), spec, { ...options, actions: ['list', 'get'] }),
    ...inTransaction(
      strapi,
      resourceRoutes(dbOf(strapi), spec, {
        ...options,
        actions: ['create', 'update', 'delete'],
        beforeDelete: (ids) => refuseWhenOrdered(strapi, { lectures: ids }),
      }),
    ),
  ]);
};
