import { contactPaths, type Contact } from '@plataforma/adapter';
import type { TableQuery } from '../ui/DataTable';
import { resourceApi } from '../api';

/** The contacts of the site's form and the stands' requests are read only (the 'Contatos' screen, admin). */
const contacts = resourceApi<Contact>(contactPaths.cms);

/** The list's filters: a subject and a stand (either may be absent). */
export interface ContactFilters {
  subject: Contact['subject'] | null;
  standId: number | null;
}

export const contactKeys = contacts.keys;

/** The rows of a table state narrowed by the chosen subject and stand. */
export const contactsListQuery = (query: TableQuery, { subject, standId }: ContactFilters) =>
  contacts.listQuery(query, { ...(subject ? { subject } : {}), ...(standId ? { standId } : {}) });
