import styled from 'styled-components';
import { formatDateTime, type ChatSummary } from '@plataforma/adapter';
import { useBackofficeTranslation } from '../i18n';

const Context = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0 0 16px;
  align-content: start;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/**
 * A conversation with its visitor's context beside it (the stand's chats dialog): the facts on
 * the left, the chat on the right; one above the other on a narrow screen.
 */
export const BesideConversation = styled.div`
  display: grid;
  grid-template-columns: minmax(200px, 1fr) minmax(280px, 2fr);
  gap: 20px;
  align-items: start;
  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;

/**
 * Who the visitor is, as far as they allowed, and where and when they came (decision 104): the
 * attendant's inbox and the stand's chats dialog show the same facts. The e-mail only with the
 * chat's lead consent (the server leaves it out otherwise); the event when the row carries it.
 */
export const VisitorContext = ({ row }: { row: ChatSummary }) => {
  const { t } = useBackofficeTranslation();
  return (
    <Context aria-label={t('chats.inbox.context')}>
      <dt>{t('chats.inbox.visitor')}</dt>
      <dd>{row.Client.name}</dd>
      <dt>{t('chats.inbox.email')}</dt>
      <dd>{row.Client.email ?? t('chats.inbox.noEmail')}</dd>
      <dt>{t('chats.inbox.stand')}</dt>
      <dd>{row.stand?.name ?? '—'}</dd>
      {row.event && (
        <>
          <dt>{t('chats.inbox.event')}</dt>
          <dd>{row.event.name}</dd>
        </>
      )}
      <dt>{t('chats.inbox.came')}</dt>
      <dd>{row.createdAt ? formatDateTime(row.createdAt) : '—'}</dd>
      <dt>{t('chats.inbox.consent')}</dt>
      <dd>{row.leadConsent ? t('chats.inbox.consentYes') : t('chats.inbox.consentNo')}</dd>
    </Context>
  );
};
