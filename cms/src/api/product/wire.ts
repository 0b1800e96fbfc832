import { price, productOrder, productPaths, type Product, type ProductOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { publishedStandFilter } from '../../http/filters';
import { IMAGE_FIELDS, fileUrl, idOf, imageSources, orNull, textOr, type FileRow } from '../../lib/wire';

export interface ProductRow {
  id: number;
  title: string;
  description: string | null;
  price: number | string | null;
  discount: number | string | null;
  installments: number | null;
  ctaLabel: string | null;
  ctaLink: string | null;
  stand?: { id: number } | null;
  image?: FileRow | null;
}

/** A stand's product or service as the site reads it: the price with its discount applied (decision 007). */
export const productToWire = (row: ProductRow): Product => {
  const money = price({ value: row.price, discount: row.discount, exchange: 1 }, false);
  return {
    id: row.id,
    standId: idOf(row.stand),
    title: row.title,
    description: textOr(row.description),
    image: fileUrl(row.image),
    imageSources: imageSources(row.image),
    price: money.value,
    discount: money.discount,
    discountValue: money.discountValue,
    hasDiscount: money.hasDiscount,
    installments: row.installments && row.installments > 0 ? row.installments : 1,
    ctaLabel: orNull(row.ctaLabel),
    ctaLink: orNull(row.ctaLink),
  };
};

export const siteProductSpec: ResourceSpec<ProductRow, Product, ProductOrderField> = {
  uid: 'api::product.product',
  path: productPaths.site,
  searchFields: ['title'],
  order: productOrder,
  filters: { standId: publishedStandFilter },
  select: ['id', 'title', 'description', 'price', 'discount', 'installments', 'ctaLabel', 'ctaLink'],
  populate: { stand: { select: ['id'] }, image: IMAGE_FIELDS },
  notFound: 'api.error.notFound',
  toWire: productToWire,
};
