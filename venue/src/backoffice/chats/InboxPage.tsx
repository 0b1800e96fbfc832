import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ChatSummary } from '@plataforma/adapter';
import { ChatPanel } from '../../shared/chat/ChatPanel';
import { ago } from '../../shared/chat/time';
import { useChat, useChatInbox } from '../../shared/chat/useChat';
import { messageText } from '../../shared/i18n';
import { staffToken } from '../../shared/state/store';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from '../ui/Form';
import { PageHeader } from '../ui/PageHeader';
import { previewOf } from '../stand-page/StandChats';
import { useChatAlerts } from './alerts';
import { chatKeys, inboxQuery, unansweredKey } from './api';
import { conversationRows } from './rows';
import { VisitorContext } from './VisitorContext';

const Layout = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: minmax(280px, 1fr) minmax(320px, 1.4fr);
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
  }
`;
const Rows = styled.ul`
  ${conversationRows}
  margin: 0;
  .unread {
    font-size: 0.8rem;
    font-weight: 700;
    padding: 1px 8px;
    border-radius: 10px;
    background: #a34100;
    color: #fff;
  }
`;
const Alerts = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 16px;
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: 4px;
  }
`;

/** The attendant's conversations across their stands: read every few seconds, and again at once when one changes live. */
const useInbox = () => {
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQuery());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.inbox() });
    void queryClient.invalidateQueries({ queryKey: unansweredKey });
  };
  // A live summary has no stand or unread count: the list is read again.
  useChatInbox(staffToken(), refresh, refresh);
  return { inbox };
};

const Conversation = ({ row }: { row: ChatSummary }) => {
  const { t } = useBackofficeTranslation();
  const chat = useChat({ token: staffToken(), standId: row.standId, clientId: row.Client.id, side: 'stand' });
  const heading = useRef<HTMLHeadingElement>(null);
  const title = t('stands.chats.dialog', { name: row.Client.name });
  // Opened from the list: the keyboard's focus follows to the conversation.
  useEffect(() => heading.current?.focus(), [row.id]);
  return (
    <section aria-labelledby="inbox-conversation">
      <h2 id="inbox-conversation" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <VisitorContext row={row} />
      {/* The stand's answer comes back as a live summary: the list is read again then. */}
      <ChatPanel chat={chat} side="stand" label={title} />
    </section>
  );
};

/**
 * /cms/conversas (attendants; issue 56, item 9, decision 104): every conversation of the
 * attendant's stands, each row with its stand, its event when they serve more than one, and the
 * visitor's messages not answered yet; the one opened sits beside the list with who the visitor
 * is. The tab's title counts what waits (on by default); a sound is the attendant's choice.
 */
export const InboxPage = () => {
  const { t } = useBackofficeTranslation();
  const { inbox } = useInbox();
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = inbox.data?.rows ?? [];
  const unread = rows.reduce((sum, row) => sum + (row.unread ?? 0), 0);
  const alerts = useChatAlerts(unread, t('chats.inbox.titleAlert', { count: unread }));
  const events = new Set(rows.map((row) => row.event?.id ?? null));
  const open = rows.find((row) => row.id === openId) ?? null;
  return (
    <>
      <PageHeader title={t('chats.inbox.title')} />
      <Alerts>
        <legend>{t('chats.inbox.alerts')}</legend>
        <label>
          <input type="checkbox" checked={alerts.title} onChange={(event) => alerts.setTitle(event.target.checked)} />{' '}
          {t('chats.inbox.alertTitle')}
        </label>
        <label>
          <input type="checkbox" checked={alerts.sound} onChange={(event) => alerts.setSound(event.target.checked)} />{' '}
          {t('chats.inbox.alertSound')}
        </label>
      </Alerts>
      {inbox.isPending ? (
        <Spinner />
      ) : inbox.error ? (
        <ErrorAlert>{messageText(inbox.error.msg)}</ErrorAlert>
      ) : rows.length === 0 ? (
        <p>{t('stands.chats.empty')}</p>
      ) : (
        <Layout>
          <Rows aria-label={t('chats.inbox.list')}>
            {rows.map((row) => {
              const where = [row.stand?.name, events.size > 1 ? row.event?.name : undefined].filter(Boolean).join(' · ');
              const waiting = row.unread ?? 0;
              return (
                <li key={row.id}>
                  <button
                    type="button"
                    className="row"
                    data-marked={String(row.id === openId)}
                    aria-current={row.id === openId ? 'true' : undefined}
                    aria-label={[
                      t('stands.chats.open', { name: row.Client.name }),
                      where,
                      waiting ? t('chats.inbox.unread', { count: waiting }) : '',
                    ]
                      .filter(Boolean)
                      .join(', ')}
                    onClick={() => setOpenId(row.id)}
                  >
                    <span className="top">
                      <span className="name">{row.Client.name}</span>
                      {waiting > 0 && (
                        <span className="unread" aria-hidden="true">
                          {t('chats.inbox.unread', { count: waiting })}
                        </span>
                      )}
                      <span className="when">{ago(row.updatedAt)}</span>
                    </span>
                    <span className="where">{where}</span>
                    <span className="last">{previewOf(row.lastMessage)}</span>
                  </button>
                </li>
              );
            })}
          </Rows>
          {open ? <Conversation key={open.id} row={open} /> : <p>{t('chats.inbox.pick')}</p>}
        </Layout>
      )}
    </>
  );
};
