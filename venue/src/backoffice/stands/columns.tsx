import styled from 'styled-components';
import { STAND_TIER_KEY, type Stand } from '@plataforma/adapter';
import { useBackofficeTranslation } from '../i18n';
import type { Column } from '../ui/DataTable';
import { truncate } from '../ui/format';
import { ViewOnSite } from '../ui/ViewOnSite';
import { standSiteUrl } from './api';

/** The stand tables' columns (SPEC §2.3): id, name, subtitle, description, type. */
export const useStandColumns = (): Column<Stand>[] => {
  const { t } = useBackofficeTranslation();
  return [
    { key: 'id', label: t('stands.columns.id'), sortable: true },
    { key: 'name', label: t('stands.columns.name'), sortable: true },
    { key: 'subtitle', label: t('stands.columns.subtitle'), secondary: true },
    { key: 'description', label: t('stands.columns.description'), secondary: true, render: (s) => truncate(s.description, 90) },
    { key: 'type', label: t('stands.columns.type'), sortable: true, render: (s) => t(STAND_TIER_KEY[s.type]) },
  ];
};

/** The buttons and links of a row's 'Ações' cell. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** 'ver no site': the venue's page of the stand (SPEC §2.4 estande/{id-slug}), in a new tab. */
export const StandSiteLink = ({ stand }: { stand: Stand }) => {
  const url = standSiteUrl(stand);
  return url ? <ViewOnSite href={url} name={stand.name} /> : null;
};
