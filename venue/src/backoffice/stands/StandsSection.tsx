import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Stand } from '@plataforma/adapter';
import { Button } from '../../shared/ui/Button';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import { useStaffSession } from '../session';
import { DataTable } from '../ui/DataTable';
import { InfoNote } from '../ui/Form';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { standsListQuery, useDeleteStands } from './api';
import { AttendantsModal } from './AttendantsModal';
import { RowActions, StandSiteLink, useStandColumns } from './columns';
import { StandModal } from './StandModal';

/** The admin's view: add, edit (row or 'Editar'), the attendants modal, 'ver no site', delete the selected after 'Aviso'. */
const AdminStands = ({ eventId }: { eventId: number }) => {
  const { t } = useBackofficeTranslation();
  const columns = useStandColumns();
  const remove = useDeleteStands();
  const [attendantsOf, setAttendantsOf] = useState<Stand | null>(null);
  // One editor component per event: a new one each render would remount the open modal.
  const Editor = useMemo(() => (props: EditorProps<Stand>) => <StandModal {...props} eventId={eventId} />, [eventId]);
  return (
    <>
      <ResourcePage
        embedded
        title={t('stands.title')}
        columns={columns}
        listQuery={(query) => standsListQuery(query, { eventId })}
        searchPlaceholder={t('stands.search')}
        emptyText={t('stands.empty')}
        addLabel={t('stands.add')}
        confirmDeleteText={(count, rows) =>
          count === 1 && rows[0] ? t('stands.confirmDelete', { name: rows[0].name }) : t('stands.confirmDeleteMany', { count })
        }
        remove={remove.mutateAsync}
        Editor={Editor}
        rowActions={(stand, edit) => (
          <RowActions>
            <Button type="button" $variant="ghost" onClick={edit} aria-label={t('stands.actions.editOf', { name: stand.name })}>
              {t('stands.actions.edit')}
            </Button>
            <Button
              type="button"
              $variant="ghost"
              onClick={() => setAttendantsOf(stand)}
              aria-label={t('stands.actions.attendantsOf', { name: stand.name })}
            >
              {t('stands.actions.attendants')}
            </Button>
            <Link to={`/cms/estandes/${stand.id}/chats`} aria-label={t('stands.actions.chatsOf', { name: stand.name })}>
              {t('stands.actions.chats')}
            </Link>
            <Link to={`/cms/estandes/${stand.id}/relatorio`} aria-label={t('stands.actions.reportOf', { name: stand.name })}>
              {t('stands.actions.report')}
            </Link>
            <StandSiteLink stand={stand} />
          </RowActions>
        )}
      />
      {attendantsOf && <AttendantsModal stand={attendantsOf} onClose={() => setAttendantsOf(null)} />}
    </>
  );
};

/** The attendant's view: their stands of the event (the server filters them), each with only its chats. */
const AttendantStands = ({ eventId }: { eventId: number }) => {
  const { t } = useBackofficeTranslation();
  const columns = useStandColumns();
  return (
    <DataTable
      caption={t('stands.title')}
      listQuery={(query) => standsListQuery(query, { eventId })}
      searchPlaceholder={t('stands.search')}
      emptyText={t('stands.empty')}
      columns={[
        ...columns,
        {
          key: 'actions',
          label: t('stands.columns.actions'),
          render: (stand) => (
            <RowActions>
              <Link to={`/cms/estandes/${stand.id}/chats`} aria-label={t('stands.actions.chatsOf', { name: stand.name })}>
                {t('stands.actions.chats')}
              </Link>
            </RowActions>
          ),
        },
      ]}
    />
  );
};

/**
 * The event editor's 'Estandes' section (SPEC §2.3): the event's stands, shown only when the
 * route names no stand. An admin adds, edits, deletes and manages each stand's attendants; an
 * attendant sees only the way to each stand's chats.
 */
export const StandsSection = ({ eventId, standId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const { user } = useStaffSession();
  if (standId !== undefined || !user) return null;
  if (eventId === null) return <InfoNote>{t('stands.noEvent')}</InfoNote>;
  return user.role === 'admin' ? <AdminStands eventId={eventId} /> : <AttendantStands eventId={eventId} />;
};
