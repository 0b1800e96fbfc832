import { categoryInputSchema, categoryUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';

/**
 * A category's rules on every write path: the back office's schema (a name of 1 to 120
 * characters, a description of at most 2,000). Its events are linked from each event (their
 * `category`, held to the event's rules), not from here. A delete takes what the back office's
 * takes: the category only (its events lose the link, as with `DELETE /api/cms/v1/categories`).
 */
export const categoryRules: DocumentRules = {
  uid: 'api::category.category',
  labels: { one: 'categoria', many: 'categorias' },
  logAction: 'categories',
  create: categoryInputSchema,
  update: categoryUpdateSchema,
};
