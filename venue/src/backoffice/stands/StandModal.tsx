import { useState, type FormEvent } from 'react';
import { STAND_TIER_KEY, STAND_TYPES, standInputSchema, type Stand } from '@plataforma/adapter';
import { toFormData, type FormDataValue } from '@plataforma/adapter/client';
import { useBackofficeTranslation } from '../i18n';
import { FileField, useFileField } from '../ui/FileField';
import { SelectField, TextArea, TextField } from '../ui/Form';
import { FormModal } from '../ui/FormModal';
import type { EditorProps } from '../ui/ResourcePage';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useSchemaForm } from '../ui/useSchemaForm';
import { useSaveStand } from './api';

/** What the stand modal of an admin edits (the image goes beside it); position and colour keep their stored values. */
const adminSchema = standInputSchema.omit({ eventId: true, position: true, color: true, removeImage: true });
/** What an attendant edits of their own stand (STAND_ATTENDANT_FIELDS): the image beside these. */
const attendantSchema = standInputSchema.pick({ name: true, subtitle: true, description: true });

/**
 * The save of a stand modal: the image is required (SPEC §5), so without one the field says so
 * and nothing is sent; else the fields and the image go as multipart with a progress bar.
 */
const useStandSave = (stand: Stand | null, onSaved: (msg: string) => void) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveStand();
  const upload = useUpload();
  const image = useFileField(stand?.image);
  const [imageError, setImageError] = useState<string | null>(null);

  /** Runs the form's submit with the image checked first; `send` saves the parsed values. */
  const onSubmit =
    <Values,>(
      submit: (action: (values: Values) => Promise<void>) => (event?: FormEvent) => Promise<void>,
      fields: (values: Values) => Record<string, FormDataValue>,
    ) =>
    (event: FormEvent) => {
      setImageError(image.present ? null : t('stands.imageRequired'));
      return submit(async (values) => {
        if (!image.present) return;
        const input = toFormData({ ...fields(values), ...image.payload('image', 'removeImage') });
        const answer = await upload.track((options) => save.mutateAsync({ id: stand?.id, input, upload: options }));
        onSaved(answer.msg);
      })(event);
    };

  const imageField = (
    <FileField
      label={t('stands.fields.image')}
      required
      kind="image"
      hint={t('stands.imageHint')}
      {...image.field}
      chooseLabel={t('stands.fields.upload')}
      removeLabel={t('stands.fields.removeImage')}
      error={imageError ?? undefined}
      disabled={upload.uploading}
    />
  );
  const progress = <UploadProgress fraction={upload.fraction} onCancel={upload.cancel} />;
  return { onSubmit, imageField, progress };
};

/**
 * The admin's stand modal (SPEC §2.3 'Estandes', §4, §5): image (upload and removal), name,
 * subtitle, description, type (master by default on create), social links, symposium (MASTER
 * stands only), negotiation room and website.
 */
export const StandModal = ({ row: stand, eventId, onClose, onSaved }: EditorProps<Stand> & { eventId: number }) => {
  const { t } = useBackofficeTranslation();
  const { onSubmit, imageField, progress } = useStandSave(stand, onSaved);
  const { form, error, submitting, submit } = useSchemaForm(adminSchema, {
    name: stand?.name ?? '',
    subtitle: stand?.subtitle ?? '',
    description: stand?.description ?? '',
    type: stand?.type ?? 'master',
    facebook: stand?.facebook ?? '',
    instagram: stand?.instagram ?? '',
    youtube: stand?.youtube ?? '',
    symposium: stand?.symposium ?? '',
    negotiation: stand?.negotiation ?? '',
    website: stand?.website ?? '',
  });
  const master = form.watch('type') === 'master';

  return (
    <FormModal
      title={stand ? t('stands.edit') : t('stands.add')}
      editing={Boolean(stand)}
      onSubmit={onSubmit(submit, (values) => ({
        ...(stand ? {} : { eventId }),
        ...values,
        // Only a MASTER stand has a symposium (SPEC §6): another type clears it.
        symposium: values.type === 'master' ? values.symposium : null,
      }))}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      {imageField}
      <TextField label={t('stands.fields.name')} required {...form.register('name')} />
      <TextField label={t('stands.fields.subtitle')} required {...form.register('subtitle')} />
      <TextArea label={t('stands.fields.description')} required rows={4} {...form.register('description')} />
      <SelectField label={t('stands.fields.type')} required {...form.register('type')}>
        {STAND_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(STAND_TIER_KEY[type])}
          </option>
        ))}
      </SelectField>
      <TextField label={t('stands.fields.facebook')} type="url" placeholder="https://" {...form.register('facebook')} />
      <TextField label={t('stands.fields.instagram')} type="url" placeholder="https://" {...form.register('instagram')} />
      <TextField label={t('stands.fields.youtube')} type="url" placeholder="https://" {...form.register('youtube')} />
      {master && (
        <TextField
          label={t('stands.fields.symposium')}
          type="url"
          placeholder="https://"
          hint={t('stands.symposiumHint')}
          {...form.register('symposium')}
        />
      )}
      <TextField label={t('stands.fields.negotiation')} type="url" placeholder="https://" {...form.register('negotiation')} />
      <TextField label={t('stands.fields.website')} type="url" placeholder="https://" {...form.register('website')} />
      {progress}
    </FormModal>
  );
};

/** The attendant's stand modal (SPEC §2.3 stands page): image upload, name, subtitle and description only. */
export const StandAttendantModal = ({ row: stand, onClose, onSaved }: EditorProps<Stand>) => {
  const { t } = useBackofficeTranslation();
  const { onSubmit, imageField, progress } = useStandSave(stand, onSaved);
  const { form, error, submitting, submit } = useSchemaForm(attendantSchema, {
    name: stand?.name ?? '',
    subtitle: stand?.subtitle ?? '',
    description: stand?.description ?? '',
  });
  return (
    <FormModal
      title={t('stands.edit')}
      editing
      onSubmit={onSubmit(submit, (values) => values)}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      {imageField}
      <TextField label={t('stands.fields.name')} required {...form.register('name')} />
      <TextField label={t('stands.fields.subtitle')} required {...form.register('subtitle')} />
      <TextArea label={t('stands.fields.description')} required rows={4} {...form.register('description')} />
      {progress}
    </FormModal>
  );
};
