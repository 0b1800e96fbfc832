import { contactOrder, contactPaths, STORED_CONTACT_SUBJECTS, type Contact, type ContactOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { standFilter } from '../../http/filters';
import { isoString } from '../../lib/wire';

interface ContactRow {
  id: number;
  subject: Contact['subject'];
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string;
  verified: boolean | number | null;
  createdAt: string | Date;
  stand?: { id: number; name: string } | null;
}

/**
 * The back office's 'Contatos' (admin, read only): the site form's contacts and the stands'
 * requests, newest first, searched by name, e-mail and message, filtered by `subject` and by
 * `standId` (optional here; a stand that does not exist answers 404).
 */
export const contactSpec: ResourceSpec<ContactRow, Contact, ContactOrderField> = {
  uid: 'api::contact.contact',
  path: contactPaths.cms,
  searchFields: ['name', 'email', 'message'],
  order: contactOrder,
  filters: { standId: { ...standFilter, required: false } },
  choices: { subject: { values: STORED_CONTACT_SUBJECTS, where: (subject) => ({ subject }) } },
  select: ['id', 'subject', 'name', 'email', 'phone', 'message', 'verified', 'createdAt'],
  populate: { stand: { select: ['id', 'name'] } },
  toWire: (row) => ({
    id: row.id,
    subject: row.subject,
    name: row.name ?? null,
    email: row.email ?? null,
    phone: row.phone ?? null,
    message: row.message,
    // SQLite answers booleans as 0/1.
    verified: Boolean(row.verified),
    createdAt: isoString(row.createdAt),
    stand: row.stand ? { id: row.stand.id, name: row.stand.name } : null,
  }),
};
