import { ApiError, productInputSchema, productUpdateSchema, toCents } from '@plataforma/adapter';
import { nullAsAbsent, type DocumentRules } from '../../documents/rules';
import { filesOf, removeFreedFiles } from '../event/cascade';

const UID = 'api::product.product';

type Money = string | number | null | undefined;

/**
 * A product is sold in at least one instalment, and never for less than nothing: its discount is
 * never above its price (issue 47 saw `discountValue -99989.00` on the site). The back office's
 * route and the stock paths run it on what the write leaves (its values over the stored ones).
 */
export const checkProductMoney = (price: Money, discount: Money, installments?: number | null): void => {
  if (installments !== undefined && installments !== null && installments < 1) throw new ApiError(400, 'api.error.invalidBody');
  if (toCents(discount) > toCents(price)) throw new ApiError(400, 'products.error.discountAbovePrice');
};

/**
 * A product's rules on every write path: the back office's schema (title, description, price and
 * discount in reais, instalments, a call to action whose link is a web address — http or https
 * only), its stand (required, existing), its image (an image), and the discount within the price.
 * Deleting one takes its image, once nothing else links the file, as the back office's deletion does.
 */
export const productRules: DocumentRules = {
  uid: UID,
  labels: { one: 'produto', many: 'produtos' },
  logAction: 'products',
  create: productInputSchema,
  update: productUpdateSchema,
  links: {
    stand: { target: 'api::stand.stand', field: 'standId', required: 'api.error.standNotFound', notFound: 'api.error.standNotFound' },
    image: { target: 'plugin::upload.file', kind: 'image' },
  },
  fields: { price: nullAsAbsent, discount: nullAsAbsent, installments: nullAsAbsent },
  check: async (_strapi, input, { stored }) => {
    const money = input as { price?: string; discount?: string; installments?: number };
    checkProductMoney(money.price ?? (stored?.price as Money), money.discount ?? (stored?.discount as Money), money.installments);
  },
  keyFields: {
    'products.error.discountAbovePrice': 'discount',
    'api.error.invalidBody': 'installments',
    'api.error.standNotFound': 'stand',
  },
  beforeDelete: async (strapi, id) => {
    const files = await filesOf(strapi, UID, [id]);
    return () => removeFreedFiles(strapi, files);
  },
};
