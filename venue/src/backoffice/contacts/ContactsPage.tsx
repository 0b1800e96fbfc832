import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime, STORED_CONTACT_SUBJECTS, type Contact, type StoredContactSubject } from '@plataforma/adapter';
import { useBackofficeTranslation } from '../i18n';
import { StandSelect } from '../stands/StandSelect';
import { DataTable, type Column, type TableQuery } from '../ui/DataTable';
import { maskPhone, SelectField } from '../ui/Form';
import { Modal } from '../ui/Modal';
import { DetailList, type DetailRow } from '../ui/DetailList';
import { PageHeader } from '../ui/PageHeader';
import { contactsListQuery } from './api';

const Filters = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 320px));
  /* Each field at its own height: the stand's hint does not stretch the subject's select. */
  align-items: start;
`;

/** The mark of a sender whose name and e-mail no full sign-in confirmed. */
const Unverified = styled.span`
  display: inline-block;
  margin-left: 8px;
  padding: 1px 8px;
  border-radius: 10px;
  font-size: 0.75rem;
  font-weight: 700;
  white-space: nowrap;
  background: #fff3d6;
  color: ${({ theme }) => theme.colors.warning};
`;

const isSubject = (value: string | null): value is StoredContactSubject =>
  value !== null && (STORED_CONTACT_SUBJECTS as readonly string[]).includes(value);

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /cms/contatos (admin): read only. The contacts of the site's form and the stands' requests,
 * newest first; filtered by subject and by stand (both kept in the URL beside the table's state);
 * a row (a click, or Enter on it) opens 'Detalhes do Contato' with the whole message.
 */
export const ContactsPage = () => {
  const { t } = useBackofficeTranslation();
  const [params, setParams] = useSearchParams();
  const subjectParam = params.get('subject');
  const subject = isSubject(subjectParam) ? subjectParam : null;
  const standId = positiveId(params.get('standId'));
  const [open, setOpen] = useState<Contact | null>(null);

  const listQuery = useCallback((query: TableQuery) => contactsListQuery(query, { subject, standId }), [subject, standId]);

  /** A new filter starts the list at its first page. */
  const setFilter = (name: 'subject' | 'standId', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const sender = (contact: Contact) => (
    <>
      {contact.name ?? t('contacts.none')}
      {!contact.verified && <Unverified title={t('contacts.unverifiedHint')}>{t('contacts.unverified')}</Unverified>}
    </>
  );

  const columns: Column<Contact>[] = [
    { key: 'createdAt', label: t('contacts.columns.createdAt'), sortable: true, render: (c) => formatDateTime(c.createdAt) },
    { key: 'subject', label: t('contacts.columns.subject'), sortable: true, render: (c) => t(`contacts.subjects.${c.subject}`) },
    { key: 'name', label: t('contacts.columns.name'), sortable: true, render: sender },
    { key: 'email', label: t('contacts.columns.email'), sortable: true, render: (c) => c.email ?? '' },
    { key: 'phone', label: t('contacts.columns.phone'), secondary: true, render: (c) => (c.phone ? maskPhone(c.phone) : '') },
    { key: 'stand', label: t('contacts.columns.stand'), secondary: true, render: (c) => c.stand?.name ?? '' },
  ];

  const details: DetailRow[] = open
    ? [
        { label: t('contacts.columns.createdAt'), value: formatDateTime(open.createdAt) },
        { label: t('contacts.columns.subject'), value: t(`contacts.subjects.${open.subject}`) },
        { label: t('contacts.columns.name'), value: open.name ?? t('contacts.none') },
        {
          label: t('contacts.columns.email'),
          value: open.email ? <a href={`mailto:${open.email}`}>{open.email}</a> : t('contacts.none'),
        },
        { label: t('contacts.columns.phone'), value: open.phone ? maskPhone(open.phone) : t('contacts.none') },
        { label: t('contacts.columns.stand'), value: open.stand?.name ?? t('contacts.none') },
        { label: t('contacts.columns.verified'), value: open.verified ? t('contacts.verified') : t('contacts.unverifiedHint') },
        { label: t('contacts.columns.message'), value: open.message, pre: true },
      ]
    : [];

  return (
    <>
      <PageHeader title={t('contacts.title')} />
      <Filters>
        <SelectField label={t('contacts.subject')} value={subject ?? ''} onChange={(event) => setFilter('subject', event.target.value)}>
          <option value="">{t('contacts.allSubjects')}</option>
          {STORED_CONTACT_SUBJECTS.map((value) => (
            <option key={value} value={value}>
              {t(`contacts.subjects.${value}`)}
            </option>
          ))}
        </SelectField>
        <StandSelect
          eventId={null}
          value={standId}
          onChange={(id) => setFilter('standId', id === null ? null : String(id))}
          hint={t('contacts.standHint')}
          placeholder={t('contacts.allStands')}
        />
      </Filters>
      <DataTable
        caption={t('contacts.title')}
        listQuery={listQuery}
        columns={columns}
        searchPlaceholder={t('contacts.search')}
        emptyText={t('contacts.empty')}
        onRowClick={setOpen}
      />
      {open && (
        <Modal title={t('contacts.details')} onClose={() => setOpen(null)}>
          <DetailList rows={details} />
        </Modal>
      )}
    </>
  );
};
