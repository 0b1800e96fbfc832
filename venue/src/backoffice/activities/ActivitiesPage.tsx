import { useState } from 'react';
import { formatDateTime, type Log } from '@plataforma/adapter';
import { useBackofficeTranslation } from '../i18n';
import type { Column } from '../ui/DataTable';
import { ListPage } from '../ui/ListPage';
import { DetailList } from '../ui/DetailList';
import { Modal } from '../ui/Modal';
import { logsListQuery } from './api';

const FIELDS = ['id', 'username', 'email', 'ip', 'action', 'description', 'createdAt', 'updatedAt'] as const;

/** /cms/atividades (admin): read only; a row opens 'Detalhes do Registro' with every field. */
export const ActivitiesPage = () => {
  const { t } = useBackofficeTranslation();
  const [open, setOpen] = useState<Log | null>(null);
  const columns: Column<Log>[] = [
    { key: 'id', label: t('activities.columns.id'), sortable: true },
    { key: 'username', label: t('activities.columns.username'), sortable: true, render: (l) => l.username ?? '' },
    { key: 'email', label: t('activities.columns.email'), sortable: true, secondary: true, render: (l) => l.email ?? '' },
    { key: 'ip', label: t('activities.columns.ip'), sortable: true, secondary: true, render: (l) => l.ip ?? '' },
    { key: 'description', label: t('activities.columns.description') },
    { key: 'createdAt', label: t('activities.columns.createdAt'), sortable: true, render: (l) => formatDateTime(l.createdAt) },
  ];
  return (
    <>
      <ListPage
        title={t('activities.title')}
        listQuery={logsListQuery}
        columns={columns}
        searchPlaceholder={t('activities.search')}
        onRowClick={setOpen}
      />
      {open && (
        <Modal title={t('activities.details')} onClose={() => setOpen(null)}>
          <DetailList
            rows={FIELDS.map((field) => ({
              label: t(`activities.fields.${field}`),
              value: field === 'createdAt' || field === 'updatedAt' ? formatDateTime(open[field]) : String(open[field] ?? '—'),
            }))}
          />
        </Modal>
      )}
    </>
  );
};
