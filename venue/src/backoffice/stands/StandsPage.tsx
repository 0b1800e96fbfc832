import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Stand } from '@plataforma/adapter';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { ListPage } from '../ui/ListPage';
import { useResourceActions } from '../ui/useResourceActions';
import { standsListQuery } from './api';
import { RowActions, useStandColumns } from './columns';
import { StandAttendantModal } from './StandModal';

/** The tab a stand's row opens (SPEC §2.3: the stand's page at /{id}/{tab}). */
export const STAND_PAGE_TAB = 'midias';
/** The stand's chats (SPEC §2.3: the attendant's 'manage chats' opens the stand page at chats). */
export const STAND_CHATS_TAB = 'chats';
/** The stand's exhibitor report (decision 049). */
export const STAND_REPORT_PATH = 'relatorio';

/**
 * /cms/estandes (attendant, SPEC §2.3 stands page): the stands assigned to the signed-in
 * attendant (the server filters them). A row opens the stand's page on its media; 'Editar'
 * opens the modal with the image, name, subtitle and description.
 */
export const StandsPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const { saved } = useResourceActions();
  const columns = useStandColumns();
  const [editing, setEditing] = useState<Stand | null>(null);
  return (
    <>
      <ListPage
        title={t('stands.title')}
        listQuery={standsListQuery}
        searchPlaceholder={t('stands.search')}
        emptyText={t('stands.empty')}
        onRowClick={(stand) => navigate(`/cms/estandes/${stand.id}/${STAND_PAGE_TAB}`)}
        columns={[
          ...columns,
          {
            key: 'actions',
            label: t('stands.columns.actions'),
            render: (stand) => (
              // The row's own click opens the stand's page: these do their own thing only.
              <RowActions onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                <Button
                  type="button"
                  $variant="ghost"
                  onClick={() => setEditing(stand)}
                  aria-label={t('stands.actions.editOf', { name: stand.name })}
                >
                  {t('stands.actions.edit')}
                </Button>
                <Link to={`/cms/estandes/${stand.id}/${STAND_CHATS_TAB}`} aria-label={t('stands.actions.chatsOf', { name: stand.name })}>
                  {t('stands.actions.chats')}
                </Link>
                <Link to={`/cms/estandes/${stand.id}/${STAND_PAGE_TAB}`} aria-label={t('stands.actions.mediasOf', { name: stand.name })}>
                  {t('stands.actions.medias')}
                </Link>
                <Link to={`/cms/estandes/${stand.id}/${STAND_REPORT_PATH}`} aria-label={t('stands.actions.reportOf', { name: stand.name })}>
                  {t('stands.actions.report')}
                </Link>
              </RowActions>
            ),
          },
        ]}
      />
      {editing && (
        <StandAttendantModal
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={(msg) => {
            setEditing(null);
            saved(msg);
          }}
        />
      )}
    </>
  );
};
