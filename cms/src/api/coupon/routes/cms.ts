import type { Core } from '@strapi/strapi';
import { resourceRoutes } from '@plataforma/adapter/server';
import { logChanges } from '../../../http/changes';
import { cmsRouter, dbOf } from '../../../http/router';
import { conflictAs } from '../../../http/transaction';
import { refuseWhenOrdered } from '../../event/cascade';
import { cmsCouponSpec } from '../wire';

/**
 * Coupons for admins. The code check and the database's unique index (database/sql) both
 * answer 'coupons.error.codeTaken': the index catches two saves of one code at the same instant.
 */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  cmsRouter(
    conflictAs(
      'coupons.error.codeTaken',
      resourceRoutes(dbOf(strapi), cmsCouponSpec(strapi), {
        actions: ['list', 'get', 'create', 'update', 'delete'],
        config: { auth: false },
        logger: strapi.log,
        beforeDelete: (ids) => refuseWhenOrdered(strapi, { coupons: ids }),
        onChange: logChanges(strapi, { one: 'cupom', many: 'cupons' }, 'coupons'),
      }),
    ),
  );
