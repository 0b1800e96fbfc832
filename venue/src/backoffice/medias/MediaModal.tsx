import { useState, type FormEvent } from 'react';
import { mediaInputSchema, type Media, type MediaType } from '@plataforma/adapter';
import { toFormData } from '@plataforma/adapter/client';
import { useBackofficeTranslation } from '../i18n';
import { FileField, useFileField, type FileKind } from '../ui/FileField';
import { TextArea, TextField } from '../ui/Form';
import { FormModal } from '../ui/FormModal';
import type { EditorProps } from '../ui/ResourcePage';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useSchemaForm } from '../ui/useSchemaForm';
import { useSaveMedia } from './api';

/** What the media form edits beside its file. */
const schema = mediaInputSchema.pick({ title: true, description: true });

/** How a stored media is previewed: by its type (a missing type counts as an image, SPEC §3). */
const KIND_OF: Readonly<Record<MediaType, FileKind>> = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' };

/**
 * The Mídia modal (SPEC §2.3): 'Adicionar Mídia' or 'Editando Mídia', its own subtitle, title,
 * description (3 rows) and 'Fazer upload de mídia' (image, video or PDF), previewed as an image,
 * a video player or the embedded document with 'Remover imagem' or 'Remover video'. The file is
 * required; a big video shows the upload's real progress and can be cancelled.
 */
export const MediaModal = ({ row: media, standId, onClose, onSaved }: EditorProps<Media> & { standId: number }) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveMedia();
  const upload = useUpload();
  const file = useFileField(media?.file?.url);
  const [fileError, setFileError] = useState<string | null>(null);
  const { form, error, submitting, submit } = useSchemaForm(schema, {
    title: media?.title ?? '',
    description: media?.description ?? '',
  });

  const removeLabel = (kind: FileKind) =>
    kind === 'video'
      ? t('medias.fields.removeVideo')
      : kind === 'document'
        ? t('medias.fields.removeDocument')
        : t('medias.fields.removeImage');

  const onSubmit = (event: FormEvent) => {
    setFileError(file.present ? null : t('medias.fileRequired'));
    return submit(async (values) => {
      if (!file.present) return;
      const input = toFormData({ ...(media ? {} : { standId }), ...values, ...file.payload('file', 'removeFile') });
      const answer = await upload.track((options) => save.mutateAsync({ id: media?.id, input, upload: options }));
      onSaved(answer.msg);
    })(event);
  };

  return (
    <FormModal
      title={media ? t('medias.edit') : t('medias.add')}
      subtitle={t('medias.subtitle')}
      editing={Boolean(media)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <TextField label={t('medias.fields.title')} required {...form.register('title')} />
      <TextArea label={t('medias.fields.description')} required rows={3} {...form.register('description')} />
      <FileField
        label={t('medias.fields.file')}
        required
        kind="media"
        hint={t('medias.fileHint')}
        {...file.field}
        currentKind={media ? KIND_OF[media.type] : undefined}
        chooseLabel={t('medias.fields.upload')}
        removeLabel={removeLabel}
        error={fileError ?? undefined}
        disabled={upload.uploading}
      />
      <UploadProgress fraction={upload.fraction} onCancel={upload.cancel} />
    </FormModal>
  );
};
