import { useCallback, useMemo } from 'react';
import { roomInputSchema, type Room } from '@plataforma/adapter';
import { Button } from '../../shared/ui/Button';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import type { Column, TableQuery } from '../ui/DataTable';
import { TextField } from '../ui/Form';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { useSchemaForm } from '../ui/useSchemaForm';
import { ViewOnSite } from '../ui/ViewOnSite';
import { roomsListQuery, useDeleteRooms, useSaveRoom } from './api';

const RoomModal = ({ row: room, onClose, onSaved, eventId }: EditorProps<Room> & { eventId: number }) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveRoom();
  const { form, error, submitting, submit } = useSchemaForm(roomInputSchema, {
    eventId,
    name: room?.name ?? '',
    link: room?.link ?? '',
    number: room ? String(room.number) : '',
  });
  const onSubmit = submit(async ({ eventId: _event, ...fields }) => {
    const answer = await save.mutateAsync(room ? { id: room.id, input: fields } : { input: { eventId, ...fields } });
    onSaved(answer.msg);
  });
  return (
    <FormModal
      title={room ? t('rooms.edit') : t('rooms.add')}
      editing={Boolean(room)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <TextField label={t('rooms.fields.name')} required aria-invalid={Boolean(form.formState.errors.name)} {...form.register('name')} />
      <TextField
        label={t('rooms.fields.link')}
        type="url"
        hint={t('rooms.fields.linkHint')}
        aria-invalid={Boolean(form.formState.errors.link)}
        {...form.register('link')}
      />
      <TextField
        label={t('rooms.fields.number')}
        inputMode="numeric"
        hint={t('rooms.fields.numberHint')}
        aria-invalid={Boolean(form.formState.errors.number)}
        {...form.register('number')}
      />
    </FormModal>
  );
};

/** 'Salas' (admin, SPEC §2.3): the event's rooms, the add/edit modal, 'Aviso' before deleting, 'ver no site' per room. */
export const RoomsSection = ({ eventId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteRooms();
  const id = eventId ?? 0;
  const listQuery = useCallback((query: TableQuery) => roomsListQuery(query, { eventId: id }), [id]);
  const Editor = useMemo(() => {
    const EventRoomModal = (props: EditorProps<Room>) => <RoomModal {...props} eventId={id} />;
    return EventRoomModal;
  }, [id]);
  if (eventId === null) return null;

  const columns: Column<Room>[] = [
    { key: 'id', label: t('rooms.columns.id'), sortable: true },
    { key: 'name', label: t('rooms.columns.name'), sortable: true },
    { key: 'link', label: t('rooms.columns.link'), secondary: true, render: (room) => room.link ?? '' },
  ];

  return (
    <ResourcePage
      embedded
      title={t('rooms.title')}
      columns={columns}
      listQuery={listQuery}
      searchPlaceholder={t('rooms.search')}
      addLabel={t('rooms.add')}
      emptyText={t('rooms.empty')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('rooms.confirmDelete', { name: rows[0].name }) : t('rooms.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={Editor}
      rowActions={(room, edit) => (
        <>
          <Button type="button" $variant="ghost" onClick={edit} aria-label={t('rooms.editOf', { name: room.name })}>
            {t('form.edit')}
          </Button>
          <ViewOnSite href={`/plataforma/${id}/salas/${room.id}`} name={room.name} />
        </>
      )}
    />
  );
};
