import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useController } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { endsAfterStart, lectureInputSchema, type CmsLecture, type Room } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import { roomsListQuery } from '../rooms/api';
import { eventSpeakersQuery } from '../speakers/api';
import type { Column, TableQuery } from '../ui/DataTable';
import { ErrorAlert, InfoNote, MoneyField, SelectField, TextArea, TextField } from '../ui/Form';
import { formatDay, formatHour, formatReais, moneyInput, truncate } from '../ui/format';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { useSchemaForm } from '../ui/useSchemaForm';
import { lecturesListQuery, useDeleteLectures, useSaveLecture } from './api';

/** Every room of an event (the lecture's room select and the table's filter). */
const eventRoomsQuery = (eventId: number) =>
  roomsListQuery({ limit: 100, offset: 0, order: { field: 'number', direction: 'asc' } }, { eventId });

const Row2 = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
`;

const Speakers = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  margin: 0 0 16px;
  padding: 8px 12px 12px;
  max-height: 200px;
  overflow: auto;
  legend {
    font-weight: 600;
    font-size: 0.9rem;
    padding: 0 4px;
  }
  label {
    display: flex;
    gap: 8px;
    align-items: center;
    padding: 4px 0;
  }
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: 4px 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Filter = styled.div`
  max-width: 320px;
`;

/**
 * The lecture modal: room, name, day, start and end (end after start), the video link or embed
 * markup, value and discount in R$, the speakers. A lecture that overlaps another in its room is
 * refused by the server (409) and the alert says so.
 */
const LectureModal = ({
  row: lecture,
  eventId,
  rooms,
  onClose,
  onSaved,
}: EditorProps<CmsLecture> & { eventId: number; rooms: readonly Room[] }) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveLecture();
  const speakers = useQuery(eventSpeakersQuery(eventId));
  const { form, error, setError, submitting, submit } = useSchemaForm(lectureInputSchema, {
    roomId: lecture?.room ? String(lecture.room.id) : '',
    name: lecture?.name ?? '',
    startDate: lecture?.startDate ?? '',
    startTime: formatHour(lecture?.startTime),
    endTime: formatHour(lecture?.endTime),
    videoId: lecture?.videoId ?? '',
    value: moneyInput(lecture?.value),
    discount: moneyInput(lecture?.discount),
    speakerIds: lecture?.speakers.map((speaker) => speaker.id) ?? [],
  });
  // The speakers are a list of checkboxes of one field: their ids, in the order they were ticked.
  const speakerIds = useController({ control: form.control, name: 'speakerIds' });
  const chosen = Array.isArray(speakerIds.field.value) ? (speakerIds.field.value as number[]) : [];
  const endBeforeStart = form.formState.errors.endTime?.type === 'order';

  const onSubmit = submit(async (values) => {
    if (!endsAfterStart(values.startTime, values.endTime)) {
      form.setError('endTime', { type: 'order', message: t('lectures.endBeforeStart') });
      setError(t('lectures.endBeforeStart'));
      return;
    }
    const answer = await save.mutateAsync({ id: lecture?.id, input: { ...values, speakerIds: values.speakerIds ?? [] } });
    onSaved(answer.msg);
  });

  return (
    <FormModal
      title={lecture ? t('lectures.edit') : t('lectures.add')}
      editing={Boolean(lecture)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <SelectField
        label={t('lectures.fields.room')}
        required
        aria-invalid={Boolean(form.formState.errors.roomId)}
        {...form.register('roomId')}
      >
        <option value="">{t('lectures.fields.roomPlaceholder')}</option>
        {rooms.map((room) => (
          <option key={room.id} value={room.id}>
            {room.name}
          </option>
        ))}
      </SelectField>
      <TextField label={t('lectures.fields.name')} required aria-invalid={Boolean(form.formState.errors.name)} {...form.register('name')} />
      <Row2>
        <TextField
          label={t('lectures.fields.date')}
          type="date"
          required
          aria-invalid={Boolean(form.formState.errors.startDate)}
          {...form.register('startDate')}
        />
        <TextField
          label={t('lectures.fields.start')}
          type="time"
          required
          aria-invalid={Boolean(form.formState.errors.startTime)}
          {...form.register('startTime')}
        />
        <TextField
          label={t('lectures.fields.end')}
          type="time"
          required
          aria-invalid={Boolean(form.formState.errors.endTime) || endBeforeStart}
          {...form.register('endTime')}
        />
      </Row2>
      <TextArea
        label={t('lectures.fields.video')}
        rows={3}
        hint={t('lectures.fields.videoHint')}
        aria-invalid={Boolean(form.formState.errors.videoId)}
        {...form.register('videoId')}
      />
      <Row2>
        <MoneyField
          label={t('lectures.fields.value')}
          hint={t('lectures.fields.moneyHint')}
          aria-invalid={Boolean(form.formState.errors.value)}
          {...form.register('value')}
        />
        <MoneyField
          label={t('lectures.fields.discount')}
          aria-invalid={Boolean(form.formState.errors.discount)}
          {...form.register('discount')}
        />
      </Row2>
      <Speakers>
        <legend>{t('lectures.fields.speakers')}</legend>
        {speakers.error && <ErrorAlert>{messageText(speakers.error.msg)}</ErrorAlert>}
        {speakers.data?.rows.length === 0 && <p>{t('lectures.fields.noSpeakers')}</p>}
        {speakers.data?.rows.map((speaker) => (
          <label key={speaker.id}>
            <input
              type="checkbox"
              checked={chosen.includes(speaker.id)}
              onChange={() =>
                speakerIds.field.onChange(
                  chosen.includes(speaker.id) ? chosen.filter((one) => one !== speaker.id) : [...chosen, speaker.id],
                )
              }
            />
            {speaker.name}
          </label>
        ))}
      </Speakers>
    </FormModal>
  );
};

/** 'Palestras' (admin): the event's lectures by day and hour, filtered by room. */
export const LecturesSection = ({ eventId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteLectures();
  const id = eventId ?? 0;
  const [params, setParams] = useSearchParams();
  const roomParam = Number(params.get('roomId'));
  const roomId = Number.isInteger(roomParam) && roomParam > 0 ? roomParam : null;
  const rooms = useQuery({ ...eventRoomsQuery(id), enabled: eventId !== null });
  const roomRows = useMemo(() => rooms.data?.rows ?? [], [rooms.data]);

  const listQuery = useCallback(
    (query: TableQuery) => lecturesListQuery(query, roomId ? { eventId: id, roomId } : { eventId: id }),
    [id, roomId],
  );
  const Editor = useMemo(() => {
    const EventLectureModal = (props: EditorProps<CmsLecture>) => <LectureModal {...props} eventId={id} rooms={roomRows} />;
    return EventLectureModal;
  }, [id, roomRows]);
  if (eventId === null) return null;

  const setRoom = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('roomId', value);
        else next.delete('roomId');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const priceOf = (lecture: CmsLecture) => {
    if (lecture.value === '0.00') return t('lectures.free');
    return lecture.hasDiscount ? `${formatReais(lecture.discountValue)} (${formatReais(lecture.value)})` : formatReais(lecture.value);
  };

  const columns: Column<CmsLecture>[] = [
    { key: 'startDate', label: t('lectures.columns.startDate'), sortable: true, render: (l) => formatDay(l.startDate) },
    {
      key: 'startTime',
      label: t('lectures.columns.time'),
      sortable: true,
      render: (l) => `${formatHour(l.startTime)}–${formatHour(l.endTime)}`,
    },
    { key: 'room', label: t('lectures.columns.room'), render: (l) => l.room?.name ?? '' },
    { key: 'name', label: t('lectures.columns.name'), sortable: true },
    {
      key: 'speakers',
      label: t('lectures.columns.speakers'),
      secondary: true,
      render: (l) => truncate(l.speakers.map((speaker) => speaker.name).join(', '), 90),
    },
    { key: 'value', label: t('lectures.columns.price'), render: priceOf },
  ];

  return (
    <>
      {rooms.error && <ErrorAlert>{messageText(rooms.error.msg)}</ErrorAlert>}
      {rooms.data?.count === 0 && <InfoNote>{t('lectures.noRooms')}</InfoNote>}
      <Filter>
        <SelectField label={t('lectures.filterRoom')} value={roomId ? String(roomId) : ''} onChange={(e) => setRoom(e.target.value)}>
          <option value="">{t('lectures.allRooms')}</option>
          {roomRows.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </SelectField>
      </Filter>
      <ResourcePage
        embedded
        title={t('lectures.title')}
        columns={columns}
        listQuery={listQuery}
        searchPlaceholder={t('lectures.search')}
        addLabel={t('lectures.add')}
        emptyText={t('lectures.empty')}
        confirmDeleteText={(count, rows) =>
          count === 1 && rows[0] ? t('lectures.confirmDelete', { name: rows[0].name }) : t('lectures.confirmDeleteMany', { count })
        }
        remove={remove.mutateAsync}
        Editor={Editor}
      />
    </>
  );
};
