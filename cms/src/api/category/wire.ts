import { categoryInputSchema, categoryUpdateSchema, type Category } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';

interface CategoryRow {
  id: number;
  name: string;
  description: string | null;
}

export const categorySpec: ResourceSpec<CategoryRow, Category, 'id' | 'name' | 'description'> = {
  uid: 'api::category.category',
  path: '/categories',
  searchFields: ['name'],
  orderFields: { id: 'id', name: 'name', description: 'description' },
  defaultOrder: { field: 'id', direction: 'asc' },
  select: ['id', 'name', 'description'],
  toWire: (row) => ({ id: row.id, name: row.name, description: row.description ?? null }),
  input: {
    create: categoryInputSchema,
    update: categoryUpdateSchema,
    toData: (input) => input as Record<string, unknown>,
  },
};
