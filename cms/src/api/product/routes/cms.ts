import type { Core } from '@strapi/strapi';
import { ApiError, productInputSchema, productPaths, productUpdateSchema } from '@plataforma/adapter';
import { resourceRoutes, type ContextLike, type PreparedWrite } from '@plataforma/adapter/server';
import type { z } from 'zod';
import { logChanges } from '../../../http/changes';
import { filesOfRow, takeFiles } from '../../../http/files';
import { removalRoute } from '../../../http/removal';
import { cmsRouter, dbOf } from '../../../http/router';
import { checkProductMoney } from '../rules';
import { siteProductSpec } from '../wire';
import { uploadCap } from '../../../http/multipart-routes';

const UID = 'api::product.product';

type ProductCreate = z.output<typeof productInputSchema>;
type ProductUpdate = z.output<typeof productUpdateSchema>;

/** The attributes a save writes: the input without its flags and parent, undefined values left out. */
const attributes = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && key !== 'removeImage' && key !== 'standId'));

/**
 * Products and services of a stand for admins (the event editor's 'Produtos e serviços'): CRUD,
 * multipart with an optional `image` and `removeImage`; price and discount in reais, the price
 * after discount derived as the site shows it.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const log = logChanges(strapi, { one: 'produto', many: 'produtos' }, 'products');
  const imageField = (remove: boolean) => ({ field: 'image', kind: 'image' as const, remove });

  const prepareCreate = async (input: ProductCreate, ctx: ContextLike): Promise<PreparedWrite> => {
    if ((await strapi.db.query('api::stand.stand').count({ where: { id: input.standId } })) === 0)
      throw new ApiError(404, 'api.error.standNotFound');
    checkProductMoney(input.price, input.discount, input.installments);
    const files = await takeFiles(strapi, ctx, [imageField(false)], null);
    return {
      data: { ...attributes(input), stand: input.standId, ...files.data },
      onFailure: files.onFailure,
      afterWrite: files.afterWrite,
    };
  };

  const prepareUpdate = async (input: ProductUpdate, ctx: ContextLike): Promise<PreparedWrite> => {
    const id = Number(ctx.params.id);
    const stored = (await strapi.db.query(UID).findOne({ where: { id }, select: ['price', 'discount'] })) as {
      price: string | number | null;
      discount: string | number | null;
    } | null;
    checkProductMoney(input.price ?? stored?.price, input.discount ?? stored?.discount, input.installments);
    const files = await takeFiles(strapi, ctx, [imageField(input.removeImage === 1)], await filesOfRow(strapi, UID, id, ['image']));
    return { data: { ...attributes(input), ...files.data }, onFailure: files.onFailure, afterWrite: files.afterWrite };
  };

  const crud = resourceRoutes(
    dbOf(strapi),
    {
      ...siteProductSpec,
      path: productPaths.cms,
      filters: {
        standId: { where: (id) => ({ stand: { id } }), exists: { uid: 'api::stand.stand', notFound: 'api.error.standNotFound' } },
        eventId: {
          where: (id) => ({ stand: { event: { id } } }),
          exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' },
        },
      },
      input: {
        create: productInputSchema,
        update: productUpdateSchema,
        toData: (input, ctx) =>
          ctx.method === 'POST' ? prepareCreate(input as ProductCreate, ctx) : prepareUpdate(input as ProductUpdate, ctx),
        allowMultipart: uploadCap('image'),
      },
    },
    { actions: ['list', 'get', 'create', 'update'], config: { auth: false }, logger: strapi.log, onChange: log },
  );
  const remove = removalRoute(strapi, { uid: UID, path: productPaths.cms, notFound: 'api.error.notFound', fileFields: ['image'], log });
  return cmsRouter([...crud, remove]);
};
