import type { Stand } from '@plataforma/adapter';
import type { Column } from '../ui/DataTable';
import { ListPage } from '../ui/ListPage';
import { standsListQuery } from './api';
import { useBackofficeTranslation } from '../i18n';

/** /cms/estandes (attendant): the stands assigned to the signed-in attendant. */
export const StandsPage = () => {
  const { t } = useBackofficeTranslation();
  const columns: Column<Stand>[] = [
    { key: 'id', label: t('stands.columns.id'), sortable: true },
    { key: 'name', label: t('stands.columns.name'), sortable: true },
    { key: 'subtitle', label: t('stands.columns.subtitle'), secondary: true },
    {
      key: 'description',
      label: t('stands.columns.description'),
      secondary: true,
      render: (s) => (s.description.length > 90 ? `${s.description.slice(0, 90)}…` : s.description),
    },
    { key: 'type', label: t('stands.columns.type'), sortable: true, render: (s) => t(`stands.types.${s.type}`) },
  ];
  return (
    <ListPage
      title={t('stands.title')}
      listQuery={standsListQuery}
      columns={columns}
      searchPlaceholder={t('stands.search')}
      emptyText={t('stands.empty')}
    />
  );
};
