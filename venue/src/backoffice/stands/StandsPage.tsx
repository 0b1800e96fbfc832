import { useTranslation } from 'react-i18next';
import type { Stand } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { DataTable, type Column } from '../ui/DataTable';
import { PageHeader } from '../ui/PageHeader';

const stands = api.cms.resource<Stand>('/stands');

/** /cms/estandes (attendant): the stands assigned to the signed-in attendant. */
export const StandsPage = () => {
  const { t } = useTranslation();
  const columns: Column<Stand>[] = [
    { key: 'id', label: t('backoffice.stands.columns.id'), sortable: true },
    { key: 'name', label: t('backoffice.stands.columns.name'), sortable: true },
    { key: 'subtitle', label: t('backoffice.stands.columns.subtitle'), secondary: true },
    {
      key: 'description',
      label: t('backoffice.stands.columns.description'),
      secondary: true,
      render: (s) => (s.description.length > 90 ? `${s.description.slice(0, 90)}…` : s.description),
    },
    { key: 'type', label: t('backoffice.stands.columns.type'), sortable: true, render: (s) => t(`backoffice.stands.types.${s.type}`) },
  ];
  return (
    <>
      <PageHeader title={t('backoffice.stands.title')} />
      <DataTable<Stand>
        queryKey="cms-stands"
        caption={t('backoffice.stands.title')}
        fetch={(query) => stands.list(query)}
        columns={columns}
        searchPlaceholder={t('backoffice.stands.search')}
        emptyText={t('backoffice.stands.empty')}
      />
    </>
  );
};
