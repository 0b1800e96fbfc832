import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ApiError, CERTIFICATE_TEXT_MAX, EVENT_FILE_FIELDS, eventInputSchema, type Event, type EventInput } from '@plataforma/adapter';
import { toFormData } from '@plataforma/adapter/client';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { categoriesListQuery } from '../categories/api';
import { useBackofficeTranslation } from '../i18n';
import { FileField, useFileField, type ExpectedRatio } from '../ui/FileField';
import { CheckboxField, ErrorAlert, MoneyField, SelectField, Switch, TextArea, TextField } from '../ui/Form';
import { moneyInput } from '../ui/format';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useResourceActions } from '../ui/useResourceActions';
import { useSchemaForm } from '../ui/useSchemaForm';
import { useSaveEvent } from './api';
import type { EventSectionProps } from '../ui/section';

/** The three images of an event (SPEC §2.3, §9): the expected size of each, and its file field and remove flag. */
const IMAGES = [
  { key: 'image', file: 'imageFile', ratio: { width: 1920, height: 500 } },
  { key: 'banner', file: 'bannerFile', ratio: { width: 240, height: 340 } },
  { key: 'thumb', file: 'thumbFile', ratio: { width: 252, height: 150 } },
] as const satisfies ReadonlyArray<{ key: keyof Event; file: keyof typeof EVENT_FILE_FIELDS; ratio: ExpectedRatio }>;

/** The venue's links of an event (its TVs, doors and panels): kept with the event, edited under a disclosure. */
const VENUE_LINKS = [
  'welcomeVideo',
  'congressVideo',
  'messagingLink',
  'programmeLink',
  'goldMeetingLink',
  'silverMeetingLink',
  'posterSiteLink',
] as const satisfies ReadonlyArray<keyof Event['venue'] & keyof EventInput>;

/**
 * The venue's PDFs are files of the event (stored with it, not links: the server refuses a link
 * in their place), shown here to open; editing them in the form kept any event that has them
 * from being saved.
 */
const VENUE_FILES = ['infoPdf', 'mapPdf', 'speakersPdf'] as const satisfies ReadonlyArray<keyof Event['venue']>;

const Grid = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Images = styled.div`
  display: grid;
  gap: 0 20px;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 8px;
`;

const Details = styled.details`
  margin: 0 0 16px;
  summary {
    cursor: pointer;
    font-weight: 600;
    margin-bottom: 12px;
  }
`;

/** The form's values as typed (strings), from a stored event or empty for a new one. */
const valuesOf = (event: Event | null): EventInput => ({
  name: event?.name ?? '',
  description: event?.description ?? '',
  categoryId: event?.categoryId ? String(event.categoryId) : '',
  startDate: event?.startDate ?? '',
  endDate: event?.endDate ?? '',
  startTime: event?.startTime.slice(0, 5) ?? '',
  endTime: event?.endTime?.slice(0, 5) ?? '',
  value: moneyInput(event?.value),
  discount: moneyInput(event?.discount),
  exchange: moneyInput(event?.exchange ?? '1.00'),
  facebook: event?.facebook ?? '',
  twitter: event?.twitter ?? '',
  linkedIn: event?.linkedIn ?? '',
  replyTo: event?.replyTo ?? '',
  brandColor: event?.brandColor ?? '',
  status: event?.status ?? 'open',
  published: event?.published ?? 0,
  ticketOnly: event?.ticketOnly ?? 0,
  certificateEnabled: event?.certificateEnabled ?? 0,
  certificateMinMinutes: event?.certificateMinMinutes == null ? '' : String(event.certificateMinMinutes),
  certificateMinShare: event?.certificateMinShare == null ? '' : String(event.certificateMinShare),
  certificateText: event?.certificateText ?? '',
  ...Object.fromEntries(VENUE_LINKS.map((key) => [key, event?.venue[key] ?? ''])),
});

/** How the certificate's minimum is given (decision 050): minutes watched, or a share of the programme. */
type CertificateRule = 'minutes' | 'share';
const ruleOf = (event: Event | null): CertificateRule => (event?.certificateMinShare != null ? 'share' : 'minutes');
const filled = (value: unknown): boolean => value !== undefined && value !== null && String(value).trim() !== '';

/**
 * 'Informações básicas' (admin, SPEC §2.3, §4, §5): the three images with their hints and ratio
 * warnings, the event's fields, 'Evento gratuito', the R$ amounts, 'Entrada somente com ingresso'
 * (`ticketOnly`, decision 045), the attendance certificate (switch, minimum in minutes or as a
 * share of the programme, text with placeholders; decision 050), the links, the open/closed and 'Rascunho'/'Publicado' switches.
 * Saved as multipart with the upload's progress; installments always 1, featured always 0,
 * exchange 1 when left blank.
 */
export const BasicInfoSection = ({ event, eventId, onSaved, onDirtyChange }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveEvent();
  const upload = useUpload();
  const { saved } = useResourceActions();
  const categories = useQuery(categoriesListQuery({ limit: 100, offset: 0, order: { field: 'name', direction: 'asc' } }));
  const { form, error, submitting, submit } = useSchemaForm(eventInputSchema, valuesOf(event));
  const images = {
    image: useFileField(event?.image),
    banner: useFileField(event?.banner),
    thumb: useFileField(event?.thumb),
  };
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [free, setFree] = useState(event?.value === '0.00');
  const status = form.watch('status');
  const published = form.watch('published');
  const ticketOnly = form.watch('ticketOnly');
  const certificateEnabled = form.watch('certificateEnabled');
  const [rule, setRule] = useState<CertificateRule>(ruleOf(event));
  const dirty = form.formState.isDirty || Object.values(images).some((image) => image.dirty);

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  // Options that arrive after the form keep the chosen category shown.
  useEffect(() => {
    if (categories.data) form.setValue('categoryId', form.getValues('categoryId'));
  }, [categories.data, form]);

  const toggleFree = (checked: boolean) => {
    setFree(checked);
    const amount = checked ? '0' : '';
    form.setValue('value', amount, { shouldDirty: true });
    form.setValue('discount', amount, { shouldDirty: true });
  };

  const onSubmit = submit(async (values) => {
    const lacking = IMAGES.filter(({ key }) => !images[key].present).map(({ key }) => key);
    setMissing(new Set(lacking));
    if (lacking.length > 0) throw new ApiError(400, 'api.error.invalidBody');
    // One minimum only: the other rule's field is cleared. With the switch on, a minimum and a text.
    const certificate =
      rule === 'minutes'
        ? { certificateMinMinutes: values.certificateMinMinutes ?? '', certificateMinShare: '' }
        : { certificateMinMinutes: '', certificateMinShare: values.certificateMinShare ?? '' };
    if (values.certificateEnabled === 1) {
      if (!filled(rule === 'minutes' ? certificate.certificateMinMinutes : certificate.certificateMinShare))
        throw new ApiError(400, 'events.error.certificateThreshold');
      if (!filled(values.certificateText)) throw new ApiError(400, 'events.error.certificateText');
    }
    const body = toFormData({
      ...values,
      ...certificate,
      exchange: values.exchange ?? '1.00',
      installments: 1,
      featured: 0,
      ...images.image.payload('imageFile', EVENT_FILE_FIELDS.imageFile),
      ...images.banner.payload('bannerFile', EVENT_FILE_FIELDS.bannerFile),
      ...images.thumb.payload('thumbFile', EVENT_FILE_FIELDS.thumbFile),
    });
    const answer = await upload.track((options) => save.mutateAsync({ id: eventId ?? undefined, input: body, upload: options }));
    form.reset(valuesOf(answer.data));
    setRule(ruleOf(answer.data));
    setFree(answer.data.value === '0.00');
    for (const image of Object.values(images)) image.reset();
    onDirtyChange?.(false);
    saved(answer.msg);
    onSaved?.(answer.data);
  });

  // The event's own category is an option before the list loads (and if the list lacks it).
  const stored = event?.category ?? null;
  const categoryOptions = [...(stored ? [stored] : []), ...(categories.data?.rows ?? []).filter((c) => c.id !== stored?.id)];

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('events.sections.basic')}>
      <p>{t('form.required')}</p>
      {categories.error && <ErrorAlert>{messageText(categories.error.msg)}</ErrorAlert>}
      <Images>
        {IMAGES.map(({ key, ratio }) => (
          <FileField
            key={key}
            label={t(`events.fields.${key}`)}
            required
            kind="image"
            hint={t(`events.fields.${key}Hint`)}
            ratio={ratio}
            chooseLabel={t('events.fields.uploadImage')}
            removeLabel={t('events.fields.removeImage')}
            error={missing.has(key) && !images[key].present ? t(`events.fields.${key}Required`) : undefined}
            disabled={submitting}
            {...images[key].field}
          />
        ))}
      </Images>
      <TextField label={t('events.fields.name')} required aria-invalid={Boolean(form.formState.errors.name)} {...form.register('name')} />
      <SelectField
        label={t('events.fields.category')}
        required
        aria-invalid={Boolean(form.formState.errors.categoryId)}
        {...form.register('categoryId')}
      >
        <option value="">{t('events.fields.categoryPlaceholder')}</option>
        {categoryOptions.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t('events.fields.description')}
        required
        rows={5}
        aria-invalid={Boolean(form.formState.errors.description)}
        {...form.register('description')}
      />
      <Grid>
        <TextField
          label={t('events.fields.startDate')}
          type="date"
          required
          aria-invalid={Boolean(form.formState.errors.startDate)}
          {...form.register('startDate')}
        />
        <TextField label={t('events.fields.endDate')} type="date" {...form.register('endDate')} />
        <TextField
          label={t('events.fields.startTime')}
          type="time"
          required
          aria-invalid={Boolean(form.formState.errors.startTime)}
          {...form.register('startTime')}
        />
        <TextField label={t('events.fields.endTime')} type="time" {...form.register('endTime')} />
      </Grid>
      <CheckboxField label={t('events.fields.free')} checked={free} onChange={(e) => toggleFree(e.target.checked)} />
      <Grid>
        <MoneyField
          label={t('events.fields.value')}
          hint={t('events.fields.moneyHint')}
          readOnly={free}
          aria-invalid={Boolean(form.formState.errors.value)}
          {...form.register('value')}
        />
        <MoneyField
          label={t('events.fields.discount')}
          hint={t('events.fields.moneyHint')}
          readOnly={free}
          aria-invalid={Boolean(form.formState.errors.discount)}
          {...form.register('discount')}
        />
        <MoneyField
          label={t('events.fields.exchange')}
          hint={t('events.fields.exchangeHint')}
          aria-invalid={Boolean(form.formState.errors.exchange)}
          {...form.register('exchange')}
        />
      </Grid>
      <CheckboxField
        label={t('events.fields.ticketOnly')}
        hint={t('events.fields.ticketOnlyHint')}
        checked={ticketOnly === 1}
        onChange={(e) => form.setValue('ticketOnly', e.target.checked ? 1 : 0, { shouldDirty: true })}
      />
      <Grid>
        {(['facebook', 'twitter', 'linkedIn'] as const).map((key) => (
          <TextField
            key={key}
            label={t(`events.fields.${key}`)}
            type="url"
            hint={t('events.fields.linkHint')}
            aria-invalid={Boolean(form.formState.errors[key])}
            {...form.register(key)}
          />
        ))}
      </Grid>
      <Grid>
        <TextField
          label={t('events.fields.replyTo')}
          type="email"
          hint={t('events.fields.replyToHint')}
          aria-invalid={Boolean(form.formState.errors.replyTo)}
          {...form.register('replyTo')}
        />
        <TextField
          label={t('events.fields.brandColor')}
          hint={t('events.fields.brandColorHint')}
          placeholder="#1d4ed8"
          aria-invalid={Boolean(form.formState.errors.brandColor)}
          {...form.register('brandColor')}
        />
      </Grid>
      <Details>
        <summary>{t('events.venue.title')}</summary>
        <p>{t('events.venue.hint')}</p>
        <Grid>
          {VENUE_LINKS.map((key) => (
            <TextField
              key={key}
              label={t(`events.venue.${key}`)}
              aria-invalid={Boolean(form.formState.errors[key])}
              {...form.register(key)}
            />
          ))}
        </Grid>
        {VENUE_FILES.some((key) => event?.venue[key]) && (
          <ul aria-label={t('events.venue.files')}>
            {VENUE_FILES.map((key) => {
              const url = event?.venue[key];
              return url ? (
                <li key={key}>
                  <a href={url} target="_blank" rel="noreferrer">
                    {t(`events.venue.${key}`)}
                  </a>
                </li>
              ) : null;
            })}
          </ul>
        )}
      </Details>
      <fieldset aria-describedby="event-certificate-hint">
        <legend>{t('events.certificate.title')}</legend>
        <p id="event-certificate-hint">{t('events.certificate.hint')}</p>
        <CheckboxField
          label={t('events.certificate.enabled')}
          checked={certificateEnabled === 1}
          onChange={(e) => form.setValue('certificateEnabled', e.target.checked ? 1 : 0, { shouldDirty: true })}
        />
        <Grid>
          <SelectField
            label={t('events.certificate.rule')}
            value={rule}
            onChange={(e) => {
              setRule(e.target.value as CertificateRule);
              form.setValue(e.target.value === 'minutes' ? 'certificateMinShare' : 'certificateMinMinutes', '', { shouldDirty: true });
            }}
          >
            <option value="minutes">{t('events.certificate.ruleMinutes')}</option>
            <option value="share">{t('events.certificate.ruleShare')}</option>
          </SelectField>
          {rule === 'minutes' ? (
            <TextField
              key="minutes"
              label={t('events.certificate.minMinutes')}
              type="number"
              min={1}
              max={100000}
              inputMode="numeric"
              required={certificateEnabled === 1}
              hint={t('events.certificate.minMinutesHint')}
              aria-invalid={Boolean(form.formState.errors.certificateMinMinutes)}
              {...form.register('certificateMinMinutes')}
            />
          ) : (
            <TextField
              key="share"
              label={t('events.certificate.minShare')}
              type="number"
              min={1}
              max={100}
              inputMode="numeric"
              required={certificateEnabled === 1}
              hint={t('events.certificate.minShareHint')}
              aria-invalid={Boolean(form.formState.errors.certificateMinShare)}
              {...form.register('certificateMinShare')}
            />
          )}
        </Grid>
        <TextArea
          label={t('events.certificate.text')}
          rows={4}
          maxLength={CERTIFICATE_TEXT_MAX}
          required={certificateEnabled === 1}
          hint={t('events.certificate.textHint')}
          aria-invalid={Boolean(form.formState.errors.certificateText)}
          {...form.register('certificateText')}
        />
      </fieldset>
      <Switch
        label={t('events.fields.status')}
        checked={status === 'open'}
        onChange={(open) => form.setValue('status', open ? 'open' : 'closed', { shouldDirty: true })}
        onText={t('events.fields.open')}
        offText={t('events.fields.closed')}
      />
      <Switch
        label={t('events.fields.publication')}
        checked={published === 1}
        onChange={(on) => form.setValue('published', on ? 1 : 0, { shouldDirty: true })}
        onText={t('events.fields.published')}
        offText={t('events.fields.draft')}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <UploadProgress fraction={upload.fraction} onCancel={upload.cancel} />
      <Actions>
        <Button type="submit" disabled={submitting}>
          {submitting ? t('form.saving') : eventId === null ? t('form.save') : t('form.update')}
        </Button>
      </Actions>
    </form>
  );
};
