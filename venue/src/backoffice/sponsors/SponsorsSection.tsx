import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SPONSOR_TYPES, sponsorInputSchema } from '@plataforma/adapter';
import { toFormData } from '@plataforma/adapter/client';
import { Button } from '../../shared/ui/Button';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import type { Column } from '../ui/DataTable';
import { FileField, useFileField } from '../ui/FileField';
import { InfoNote, SelectField, TextField } from '../ui/Form';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useSchemaForm } from '../ui/useSchemaForm';
import { sponsorsListQuery, useDeleteSponsors, useSaveSponsor, type SponsorRow } from './api';

/** What the sponsor form edits beside its image. */
const schema = sponsorInputSchema.pick({ name: true, type: true, link: true, position: true });

export const Thumb = styled.img`
  display: block;
  width: 72px;
  height: 48px;
  object-fit: contain;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: 4px;
`;

/** The sponsor modal: the image (required), name, type (master, premium, supporter), link and position. */
const SponsorModal = ({ row: sponsor, eventId, onClose, onSaved }: EditorProps<SponsorRow> & { eventId: number }) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveSponsor();
  const upload = useUpload();
  const image = useFileField(sponsor?.image);
  const [imageError, setImageError] = useState<string | null>(null);
  const { form, error, submitting, submit } = useSchemaForm(schema, {
    name: sponsor?.name ?? '',
    type: sponsor?.type ?? 'master',
    link: sponsor?.link ?? '',
    position: sponsor?.position ?? '',
  });

  const onSubmit = (event: FormEvent) => {
    setImageError(image.present ? null : t('sponsors.imageRequired'));
    return submit(async (values) => {
      if (!image.present) return;
      const input = toFormData({ ...(sponsor ? {} : { eventId }), ...values, ...image.payload('image', 'removeImage') });
      const answer = await upload.track((options) => save.mutateAsync({ id: sponsor?.id, input, upload: options }));
      onSaved(answer.msg);
    })(event);
  };

  return (
    <FormModal
      title={sponsor ? t('sponsors.edit') : t('sponsors.add')}
      editing={Boolean(sponsor)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <FileField
        label={t('sponsors.fields.image')}
        required
        kind="image"
        hint={t('sponsors.imageHint')}
        {...image.field}
        chooseLabel={t('sponsors.fields.upload')}
        removeLabel={t('sponsors.fields.removeImage')}
        error={imageError ?? undefined}
        disabled={upload.uploading}
      />
      <TextField label={t('sponsors.fields.name')} required {...form.register('name')} />
      <SelectField label={t('sponsors.fields.type')} required {...form.register('type')}>
        {SPONSOR_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`sponsors.types.${type}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('sponsors.fields.link')} type="url" placeholder="https://" {...form.register('link')} />
      <TextField
        label={t('sponsors.fields.position')}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        hint={t('sponsors.positionHint')}
        {...form.register('position')}
      />
      <UploadProgress fraction={upload.fraction} onCancel={upload.cancel} />
    </FormModal>
  );
};

/** The event editor's 'Patrocinadores' section (admin): the event's sponsors, added, edited and deleted here. */
export const SponsorsSection = ({ eventId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteSponsors();
  const Editor = useMemo(
    () => (props: EditorProps<SponsorRow>) => (eventId === null ? null : <SponsorModal {...props} eventId={eventId} />),
    [eventId],
  );
  if (eventId === null) return <InfoNote>{t('sponsors.noEvent')}</InfoNote>;
  const columns: Column<SponsorRow>[] = [
    {
      key: 'image',
      label: t('sponsors.columns.image'),
      render: (s) => (s.image ? <Thumb src={s.image} alt={t('sponsors.imageOf', { name: s.name })} loading="lazy" /> : ''),
    },
    { key: 'name', label: t('sponsors.columns.name'), sortable: true },
    { key: 'type', label: t('sponsors.columns.type'), sortable: true, render: (s) => t(`sponsors.types.${s.type}`) },
    {
      key: 'position',
      label: t('sponsors.columns.position'),
      sortable: true,
      render: (s) => (s.position === undefined ? '' : String(s.position)),
    },
  ];
  return (
    <ResourcePage
      embedded
      title={t('sponsors.title')}
      columns={columns}
      listQuery={(query) => sponsorsListQuery(query, { eventId })}
      searchPlaceholder={t('sponsors.search')}
      emptyText={t('sponsors.empty')}
      addLabel={t('sponsors.add')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('sponsors.confirmDelete', { name: rows[0].name }) : t('sponsors.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={Editor}
      rowActions={(sponsor, edit) => (
        <Button type="button" $variant="ghost" onClick={edit} aria-label={t('sponsors.actions.editOf', { name: sponsor.name })}>
          {t('sponsors.actions.edit')}
        </Button>
      )}
    />
  );
};
