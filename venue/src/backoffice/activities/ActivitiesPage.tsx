import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Log } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { DataTable, type Column } from '../ui/DataTable';
import { Modal } from '../ui/Modal';
import { formatDateTime, PageHeader } from '../ui/PageHeader';

const logs = api.cms.resource<Log>('/logs');

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 10px 20px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
`;

const FIELDS = ['id', 'username', 'email', 'ip', 'action', 'description', 'createdAt', 'updatedAt'] as const;

/** /cms/atividades (admin): read only; a row opens 'Detalhes do Registro' with every field. */
export const ActivitiesPage = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Log | null>(null);
  const columns: Column<Log>[] = [
    { key: 'id', label: t('backoffice.activities.columns.id'), sortable: true },
    { key: 'username', label: t('backoffice.activities.columns.username'), sortable: true, render: (l) => l.username ?? '' },
    { key: 'email', label: t('backoffice.activities.columns.email'), sortable: true, secondary: true, render: (l) => l.email ?? '' },
    { key: 'ip', label: t('backoffice.activities.columns.ip'), sortable: true, secondary: true, render: (l) => l.ip ?? '' },
    { key: 'description', label: t('backoffice.activities.columns.description') },
    { key: 'createdAt', label: t('backoffice.activities.columns.createdAt'), sortable: true, render: (l) => formatDateTime(l.createdAt) },
  ];
  return (
    <>
      <PageHeader title={t('backoffice.activities.title')} />
      <DataTable<Log>
        queryKey="logs"
        caption={t('backoffice.activities.title')}
        fetch={(query) => logs.list(query)}
        columns={columns}
        searchPlaceholder={t('backoffice.activities.search')}
        onRowClick={setOpen}
      />
      {open && (
        <Modal title={t('backoffice.activities.details')} onClose={() => setOpen(null)}>
          <Details>
            {FIELDS.map((field) => (
              <div key={field} style={{ display: 'contents' }}>
                <dt>{t(`backoffice.activities.fields.${field}`)}</dt>
                <dd>{field === 'createdAt' || field === 'updatedAt' ? formatDateTime(open[field]) : String(open[field] ?? '—')}</dd>
              </div>
            ))}
          </Details>
        </Modal>
      )}
    </>
  );
};
