import { STAFF_ROLES, type AccessRole, type StaffRole } from './constants';
import type { CmsRoute } from './contracts/paths';

/**
 * Who may call each /api/cms/v1 route: the one place the back office's permissions are
 * stated (SPEC §6). Pure data, read by both sides: the server gives every route it registers
 * under /api/cms/v1 the roles named here (and refuses to start when a route has no line),
 * and the back office derives each screen's roles from the same lines (`rolesFor`). The
 * role-matrix API test walks this table. Keys are typed against the contract's cms paths.
 */
export const CMS_ACCESS = {
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

  'GET /events': ['admin'],
  'GET /events/featured': ['admin'],
  'GET /events/private/:id': ['admin'],
  'GET /events/:id': ['admin'],
  'GET /events/:id/dependents': ['admin'],
  'POST /events': ['admin'],
  'PUT /events/:id': ['admin'],
  'DELETE /events': ['admin'],

  'GET /rooms': ['admin'],
  'GET /rooms/:id': ['admin'],
  'POST /rooms': ['admin'],
  'PUT /rooms/:id': ['admin'],
  'DELETE /rooms': ['admin'],

  'GET /stands': ['admin', 'attendant'],
  'GET /stands/:id': ['admin', 'attendant'],
  'POST /stands': ['admin'],
  // An attendant edits their own stand's fields (the stands page modal); the scope keeps them off the others.
  'PUT /stands/:id': ['admin', 'attendant'],
  'DELETE /stands': ['admin'],
  'GET /stands/:id/attendants': ['admin'],
  'POST /stands/:id/attendants': ['admin'],
  'DELETE /stands/:id/attendants': ['admin'],
  // The attendant's inbox of a stand of theirs (SPEC §2.3 stand chats); admins read every stand's.
  'GET /stands/:id/chats': ['admin', 'attendant'],
  'GET /stands/:id/contacts': ['admin', 'attendant'],
  // The menu's count of chats waiting for an answer: attendants answer, admins only read.
  'GET /chats/unanswered': ['attendant'],
  // The attendant's inbox across their stands (decision 104): theirs to answer.
  'GET /chats/inbox': ['attendant'],

  // The Mídia section is for every staff role; an attendant's rows are those of their own stands.
  'GET /medias': ['admin', 'attendant'],
  'GET /medias/:id': ['admin', 'attendant'],
  'POST /medias': ['admin', 'attendant'],
  'PUT /medias/:id': ['admin', 'attendant'],
  'DELETE /medias': ['admin', 'attendant'],

  'GET /products': ['admin'],
  'GET /products/:id': ['admin'],
  'POST /products': ['admin'],
  'PUT /products/:id': ['admin'],
  'DELETE /products': ['admin'],

  'GET /sponsors': ['admin'],
  'GET /sponsors/:id': ['admin'],
  'POST /sponsors': ['admin'],
  'PUT /sponsors/:id': ['admin'],
  'DELETE /sponsors': ['admin'],

  'GET /lectures': ['admin'],
  'GET /lectures/:id': ['admin'],
  'POST /lectures': ['admin'],
  'PUT /lectures/:id': ['admin'],
  'DELETE /lectures': ['admin'],

  'GET /speakers': ['admin'],
  'GET /speakers/:id': ['admin'],
  'POST /speakers': ['admin'],
  'PUT /speakers/:id': ['admin'],
  'DELETE /speakers': ['admin'],

  'GET /coupons': ['admin'],
  'GET /coupons/:id': ['admin'],
  'POST /coupons': ['admin'],
  'PUT /coupons/:id': ['admin'],
  'DELETE /coupons': ['admin'],

  'GET /clients': ['admin'],
  'GET /clients/export': ['admin'],
  'POST /clients/upload': ['admin'],
  'GET /clients/imports': ['admin'],
  'GET /clients/imports/:id': ['admin'],
  'GET /clients/imports/:id/report': ['admin'],
  'GET /clients/:id': ['admin'],
  'POST /clients': ['admin'],
  'PUT /clients/:id': ['admin'],
  'DELETE /clients': ['admin'],

  'GET /logs': ['admin'],
  'GET /logs/:id': ['admin'],

  // 'Contatos': every contact of the site's form and every stand's request, read only.
  'GET /contacts': ['admin'],
  'GET /contacts/:id': ['admin'],

  // 'Pedidos' (decision 045): orders with their items, payments and history; refund, manual PIX, staff grant.
  // The organiser's dashboards (decision 048): admins only; the exhibitor report is the stands'.
  'GET /dashboards/general': ['admin'],
  'GET /dashboards/events/:id': ['admin'],
  'GET /dashboards/events/:id/export': ['admin'],

  'GET /orders': ['admin'],
  'GET /orders/:id': ['admin'],
  'POST /orders/:id/refund': ['admin'],
  'POST /orders/:id/confirm': ['admin'],
  'POST /orders/grant': ['admin'],

  // The exhibitor report (decision 049): an attendant reads only the stands assigned to them (403 otherwise).
  'GET /dashboards/stands/:id': ['admin', 'attendant'],
  'GET /dashboards/stands/:id/export': ['admin', 'attendant'],

  'GET /languages': ['admin'],
  'PUT /languages/:code': ['admin'],
  'POST /languages/:code/rollback': ['admin'],

  // 'Páginas do site': the terms of use and 'about us' (the site's single types), read and written.
  'GET /pages/:page': ['admin'],
  'PUT /pages/:page': ['admin'],

  // 'Tarefas' (decision 079): the job system's jobs by kind and state; a dead one queued again.
  'GET /jobs': ['admin'],
  'GET /jobs/summary': ['admin'],
  'POST /jobs/:id/retry': ['admin'],

  // 'E-mails' (decision 081): every message with its status; 'Reenviar' for a failed one.
  'GET /emails': ['admin'],
  'GET /emails/:id': ['admin'],
  'POST /emails/:id/resend': ['admin'],
} as const satisfies Partial<Record<CmsRoute, readonly AccessRole[]>>;

/** A route the access table names, e.g. `'GET /users'`. */
export type CmsAccessRoute = keyof typeof CMS_ACCESS;

/** The roles of a route of the table; undefined for a route it does not name. */
export const accessFor = (route: string): readonly AccessRole[] | undefined =>
  Object.prototype.hasOwnProperty.call(CMS_ACCESS, route) ? CMS_ACCESS[route as CmsAccessRoute] : undefined;

const isStaffRole = (role: AccessRole): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The staff roles that may call a route: what a back-office screen built on it shows to (`rolesFor('GET /users')` → ['admin']). */
export const rolesFor = (route: CmsAccessRoute): readonly StaffRole[] => (CMS_ACCESS[route] as readonly AccessRole[]).filter(isStaffRole);
