import type { AccessRole } from './identity';

/**
 * Who may call each /api/cms/v1 route: the one place the back office's permissions are
 * stated (SPEC §6). Every route registered under /api/cms/v1 must have a line here — the
 * server refuses to start otherwise — and the role-matrix API test walks this table.
 */
export const CMS_ACCESS: Readonly<Record<string, readonly AccessRole[]>> = {
  'GET /users/me': ['admin', 'attendant'],
  'GET /users': ['admin'],
  'GET /users/:id': ['admin'],
  'POST /users': ['admin'],
  'PUT /users/:id': ['admin'],
  'DELETE /users': ['admin'],

  'GET /categories': ['admin'],
  'GET /categories/:id': ['admin'],
  'POST /categories': ['admin'],
  'PUT /categories/:id': ['admin'],
  'DELETE /categories': ['admin'],

  'GET /stands': ['admin', 'attendant'],
  'GET /stands/:id': ['admin', 'attendant'],

  'GET /logs': ['admin'],
  'GET /logs/:id': ['admin'],
};
