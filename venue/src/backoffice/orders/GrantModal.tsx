import { useId, useState } from 'react';
import { grantInputSchema, LIST_LIMIT_MAX, type ClientProfile } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { clientsListQuery } from '../clients/api';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert, FieldBox, FieldLabel, SelectField, TextArea } from '../ui/Form';
import { Modal, ModalActions } from '../ui/Modal';
import { SearchPicker } from '../ui/SearchPicker';
import { useSubmit } from '../ui/useSubmit';
import { useGrantAccess } from './api';
import { useEventZones } from './OrderStatus';

/** The clients a search finds (name or e-mail), by name: the first page of the clients' list. */
const clientOptions = (search: string) =>
  clientsListQuery({ limit: LIST_LIMIT_MAX, offset: 0, search: search || undefined, order: { field: 'name', direction: 'asc' } });

/**
 * 'Conceder acesso' (admin, decision 045): an event and a client (searched by name or e-mail in
 * the clients' list), an optional note; the server gives the client an order paid at zero, which
 * opens the event's paid pages and lectures to them. A refusal shows its message here.
 */
export const GrantModal = ({ onClose }: { onClose: () => void }) => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const grant = useGrantAccess();
  const { events } = useEventZones();
  const clientInput = useId();
  const [eventId, setEventId] = useState('');
  const [client, setClient] = useState<ClientProfile | null>(null);
  const [note, setNote] = useState('');
  const { error, submitting, run } = useSubmit();

  const send = () =>
    run(async () => {
      const input = grantInputSchema.parse({ eventId: Number(eventId), clientId: client?.id, note: note.trim() || null });
      const answer = await grant.mutateAsync({ eventId: input.eventId, clientId: input.clientId, note: input.note ?? null });
      showToast(messageText(answer.msg), 'success');
      onClose();
    });

  return (
    <Modal title={t('orders.grant.title')} subtitle={t('orders.grant.subtitle')} onClose={onClose}>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <SelectField
        label={t('orders.grant.event')}
        required
        value={eventId}
        onChange={(event) => setEventId(event.target.value)}
        hint={events.error ? messageText(events.error.msg) : undefined}
        aria-busy={events.isFetching}
      >
        <option value="">{t('orders.grant.eventPlaceholder')}</option>
        {(events.data?.rows ?? []).map((event) => (
          <option key={event.id} value={String(event.id)}>
            {event.name}
          </option>
        ))}
      </SelectField>
      <FieldBox>
        <FieldLabel htmlFor={clientInput} label={t('orders.grant.client')} required />
        <SearchPicker
          inputId={clientInput}
          required
          optionsQuery={clientOptions}
          textOf={(row) => row.name}
          detailOf={(row) => row.email}
          picked={client}
          onPick={setClient}
          placeholder={t('orders.grant.clientPlaceholder')}
          hint={t('orders.grant.clientHint')}
          listLabel={t('orders.grant.clients')}
          searchingText={t('orders.grant.searching')}
          noneText={t('orders.grant.noClients')}
        />
      </FieldBox>
      <TextArea
        label={t('orders.actions.note')}
        hint={t('orders.actions.noteHint')}
        rows={2}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <ModalActions>
        <Button type="button" $variant="ghost" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="button" disabled={submitting || !eventId || !client} onClick={() => void send()}>
          {submitting ? t('orders.actions.sending') : t('orders.grant.submit')}
        </Button>
      </ModalActions>
    </Modal>
  );
};
