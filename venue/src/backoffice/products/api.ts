import { productPaths, type Product, type ProductInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

/** A stand's products and services under /api/cms/v1 (list filter `{ standId }`; saves multipart with `image`/`removeImage`). */
const products = resourceApi<Product, ProductInput>(productPaths.cms);

export const productKeys = products.keys;
export const productsListQuery = products.listQuery;
export const useSaveProduct = products.useSave;
export const useDeleteProducts = products.useDelete;
