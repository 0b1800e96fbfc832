import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import {
  childUpdateSchema,
  formCount,
  formId,
  formMoney,
  formRequiredText,
  formText,
  formUrl,
  idSchema,
  installmentsSchema,
  moneySchema,
  nullableText,
} from './common';
import { pictureFields, pictureRemoval } from './file';

export { productPaths } from './paths';

/** A stand's product or service: the price with its discount applied (decision 007). */
export const productSchema = z.object({
  id: idSchema,
  standId: idSchema.nullable(),
  title: z.string(),
  description: z.string(),
  ...pictureFields,
  price: moneySchema,
  discount: moneySchema,
  discountValue: moneySchema,
  hasDiscount: z.boolean(),
  installments: installmentsSchema,
  ctaLabel: nullableText,
  ctaLink: nullableText,
});
export type Product = z.infer<typeof productSchema>;

export const productOrder = listOrder(['id', 'title', 'price'], { field: 'id', direction: 'asc' });
export type ProductOrderField = OrderFieldOf<typeof productOrder>;

/** Product or service of a stand: multipart with `image`; price and discount in reais. */
export const productInputSchema = z.object({
  standId: formId,
  title: formRequiredText(200),
  description: formRequiredText(5000),
  price: formMoney,
  discount: formMoney,
  installments: formCount,
  ctaLabel: formText(60),
  ctaLink: formUrl,
  ...pictureRemoval,
});
export type ProductInput = z.input<typeof productInputSchema>;
export const productUpdateSchema = childUpdateSchema(productInputSchema, 'standId');
