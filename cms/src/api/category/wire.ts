import {
  categoryInputSchema,
  categoryOrder,
  categoryPaths,
  categoryUpdateSchema,
  type Category,
  type CategoryOrderField,
} from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';

interface CategoryRow {
  id: number;
  name: string;
  description: string | null;
}

export const categorySpec: ResourceSpec<CategoryRow, Category, CategoryOrderField> = {
  uid: 'api::category.category',
  path: categoryPaths.cms,
  searchFields: ['name'],
  order: categoryOrder,
  select: ['id', 'name', 'description'],
  toWire: (row) => ({ id: row.id, name: row.name, description: row.description ?? null }),
  input: {
    create: categoryInputSchema,
    update: categoryUpdateSchema,
    toData: (input) => ({ data: input as Record<string, unknown> }),
  },
};

/** The categories as the public catalogue lists them (name order by default, read only). */
export const siteCategorySpec: ResourceSpec<CategoryRow, Category, CategoryOrderField> = {
  uid: categorySpec.uid,
  path: categoryPaths.site,
  searchFields: ['name'],
  order: { ...categoryOrder, defaultOrder: { field: 'name', direction: 'asc' } },
  select: categorySpec.select,
  limit: { default: 100, max: 100 },
  toWire: categorySpec.toWire,
};
