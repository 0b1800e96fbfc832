import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { EMAIL_STATUSES, formatDateTime, type EmailMessage, type EmailStatus } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { DataTable, type Column, type TableQuery } from '../ui/DataTable';
import { DetailList } from '../ui/DetailList';
import { ErrorAlert, SelectField } from '../ui/Form';
import { Modal, ModalActions } from '../ui/Modal';
import { PageHeader } from '../ui/PageHeader';
import { useSubmit } from '../ui/useSubmit';
import { emailsListQuery, useResendEmail } from './api';

const Filters = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 320px));
`;

const isStatus = (value: string | null): value is EmailStatus => value !== null && (EMAIL_STATUSES as readonly string[]).includes(value);

/**
 * /cms/emails (admin, decision 081): every message newest first, searched by recipient, subject
 * and template and filtered by status (both kept in the URL); a row opens its details with the
 * SMTP server's answer of a failed one, and 'Reenviar' sends a failed one again.
 */
export const EmailsPage = () => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const [open, setOpen] = useState<EmailMessage | null>(null);
  const resend = useResendEmail();
  const { error, submitting, run } = useSubmit();

  const listQuery = useCallback((query: TableQuery) => emailsListQuery(query, status), [status]);
  const setStatus = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('status', value);
        else next.delete('status');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: Column<EmailMessage>[] = [
    { key: 'createdAt', label: t('emails.columns.createdAt'), sortable: true, render: (m) => formatDateTime(m.createdAt) },
    { key: 'recipient', label: t('emails.columns.recipient'), sortable: true },
    { key: 'subject', label: t('emails.columns.subject'), secondary: true },
    {
      key: 'template',
      label: t('emails.columns.template'),
      sortable: true,
      secondary: true,
      render: (m) => t(`emails.templates.${m.template}`),
    },
    { key: 'status', label: t('emails.columns.status'), sortable: true, render: (m) => t(`emails.statuses.${m.status}`) },
  ];

  const resendOpen = () =>
    run(async () => {
      if (!open) return;
      const answer = await resend.mutateAsync(open.id);
      showToast(messageText(answer.msg), 'success');
      setOpen(null);
    });

  return (
    <>
      <PageHeader title={t('emails.title')} />
      <Filters>
        <SelectField label={t('emails.status')} value={status ?? ''} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{t('emails.allStatuses')}</option>
          {EMAIL_STATUSES.map((name) => (
            <option key={name} value={name}>
              {t(`emails.statuses.${name}`)}
            </option>
          ))}
        </SelectField>
      </Filters>
      <DataTable
        caption={t('emails.title')}
        listQuery={listQuery}
        columns={columns}
        searchPlaceholder={t('emails.search')}
        emptyText={t('emails.empty')}
        onRowClick={setOpen}
      />
      {open && (
        <Modal title={t('emails.details')} onClose={() => setOpen(null)}>
          <DetailList
            rows={[
              {
                label: t('emails.columns.recipient'),
                value: open.recipientName ? `${open.recipientName} <${open.recipient}>` : open.recipient,
              },
              { label: t('emails.columns.subject'), value: open.subject },
              { label: t('emails.columns.template'), value: t(`emails.templates.${open.template}`) },
              { label: t('emails.columns.status'), value: t(`emails.statuses.${open.status}`) },
              { label: t('emails.fields.attempts'), value: String(open.attempts) },
              { label: t('emails.columns.createdAt'), value: formatDateTime(open.createdAt) },
              { label: t('emails.fields.sentAt'), value: open.sentAt ? formatDateTime(open.sentAt) : '—' },
              { label: t('emails.fields.messageId'), value: open.messageId },
              { label: t('emails.fields.error'), value: open.error ?? '—', pre: true },
            ]}
          />
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <ModalActions>
            <Button type="button" $variant="ghost" onClick={() => setOpen(null)}>
              {t('emails.close')}
            </Button>
            {open.resendable && (
              <Button type="button" onClick={resendOpen} disabled={submitting}>
                {t('emails.resend')}
              </Button>
            )}
          </ModalActions>
        </Modal>
      )}
    </>
  );
};
