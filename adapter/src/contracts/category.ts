import { z } from 'zod';
import { listOrder, type OrderFieldOf } from '../list-query';
import { idSchema, nullableText } from './common';

export { categoryPaths } from './paths';

/** An event's category (SPEC §3), kept in the back office. */
export const categorySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: nullableText,
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).nullish(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export const categoryUpdateSchema = categoryInputSchema.partial();

export const categoryOrder = listOrder(['id', 'name', 'description'], { field: 'id', direction: 'asc' });
export type CategoryOrderField = OrderFieldOf<typeof categoryOrder>;
