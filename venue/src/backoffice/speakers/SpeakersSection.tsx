import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { speakerInputSchema, type Speaker } from '@plataforma/adapter';
import { toFormData } from '@plataforma/adapter/client';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import type { Column, TableQuery } from '../ui/DataTable';
import { FileField, useFileField } from '../ui/FileField';
import { TextArea, TextField } from '../ui/Form';
import { truncate } from '../ui/format';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useSchemaForm } from '../ui/useSchemaForm';
import { speakersListQuery, useDeleteSpeakers, useSaveSpeaker } from './api';

/** What the speaker form edits beside the photo. */
const schema = speakerInputSchema.pick({ name: true, title: true, description: true });

const Photo = styled.img`
  display: block;
  width: 48px;
  height: 48px;
  object-fit: cover;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/** The speaker modal: the photo (optional), name, title and description; multipart with the upload's progress. */
const SpeakerModal = ({ row: speaker, eventId, onClose, onSaved }: EditorProps<Speaker> & { eventId: number }) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveSpeaker();
  const upload = useUpload();
  const photo = useFileField(speaker?.image);
  const { form, error, submitting, submit } = useSchemaForm(schema, {
    name: speaker?.name ?? '',
    title: speaker?.title ?? '',
    description: speaker?.description ?? '',
  });
  const onSubmit = submit(async (values) => {
    const input = toFormData({ ...(speaker ? {} : { eventId }), ...values, ...photo.payload('image', 'removeImage') });
    const answer = await upload.track((options) => save.mutateAsync({ id: speaker?.id, input, upload: options }));
    onSaved(answer.msg);
  });
  return (
    <FormModal
      title={speaker ? t('speakers.edit') : t('speakers.add')}
      editing={Boolean(speaker)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <FileField
        label={t('speakers.fields.image')}
        kind="image"
        hint={t('speakers.fields.imageHint')}
        chooseLabel={t('speakers.fields.uploadImage')}
        removeLabel={t('speakers.fields.removeImage')}
        disabled={upload.uploading}
        {...photo.field}
      />
      <TextField label={t('speakers.fields.name')} required aria-invalid={Boolean(form.formState.errors.name)} {...form.register('name')} />
      <TextField
        label={t('speakers.fields.title')}
        hint={t('speakers.fields.titleHint')}
        aria-invalid={Boolean(form.formState.errors.title)}
        {...form.register('title')}
      />
      <TextArea
        label={t('speakers.fields.description')}
        rows={4}
        aria-invalid={Boolean(form.formState.errors.description)}
        {...form.register('description')}
      />
      <UploadProgress fraction={upload.fraction} onCancel={upload.cancel} />
    </FormModal>
  );
};

/** 'Palestrantes' (admin): the event's speakers, with the lectures each gives. */
export const SpeakersSection = ({ eventId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteSpeakers();
  const id = eventId ?? 0;
  const listQuery = useCallback((query: TableQuery) => speakersListQuery(query, { eventId: id }), [id]);
  const Editor = useMemo(() => {
    const EventSpeakerModal = (props: EditorProps<Speaker>) => <SpeakerModal {...props} eventId={id} />;
    return EventSpeakerModal;
  }, [id]);
  if (eventId === null) return null;

  const columns: Column<Speaker>[] = [
    {
      key: 'image',
      label: t('speakers.columns.image'),
      render: (speaker) => (speaker.image ? <Photo src={speaker.image} alt={t('speakers.photoOf', { name: speaker.name })} /> : null),
    },
    { key: 'name', label: t('speakers.columns.name'), sortable: true },
    { key: 'title', label: t('speakers.columns.title'), secondary: true, render: (speaker) => speaker.title ?? '' },
    {
      key: 'lectures',
      label: t('speakers.columns.lectures'),
      secondary: true,
      render: (speaker) => truncate(speaker.lectures.map((lecture) => lecture.name).join(', '), 120),
    },
  ];

  return (
    <ResourcePage
      embedded
      title={t('speakers.title')}
      columns={columns}
      listQuery={listQuery}
      searchPlaceholder={t('speakers.search')}
      addLabel={t('speakers.add')}
      emptyText={t('speakers.empty')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('speakers.confirmDelete', { name: rows[0].name }) : t('speakers.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={Editor}
    />
  );
};
