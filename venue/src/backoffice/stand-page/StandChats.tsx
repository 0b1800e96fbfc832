import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { CHAT_LIMITS, type ChatSummary, type ListResult } from '@plataforma/adapter';
import { ChatPanel } from '../../shared/chat/ChatPanel';
import { ago } from '../../shared/chat/time';
import { useChat, useChatInbox } from '../../shared/chat/useChat';
import { messageText } from '../../shared/i18n';
import { staffToken } from '../../shared/state/store';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from '../ui/Form';
import { Modal } from '../ui/Modal';
import { useChatAlerts } from '../chats/alerts';
import { chatKeys, useStandChats, useStandContacts } from '../chats/api';
import { conversationRows } from '../chats/rows';
import { BesideConversation, VisitorContext } from '../chats/VisitorContext';

const List = styled.ul`
  ${conversationRows}
  margin: 0 0 24px;
  .tag {
    font-size: 0.75rem;
    font-weight: 700;
    padding: 1px 8px;
    border-radius: 10px;
    background: #e6efff;
    color: #1f5fbf;
  }
  .tag.waiting {
    background: #fff3d6;
    color: #7a4b00;
  }
`;

/** SPEC §2.3: the last message is previewed in 70 characters. */
export const previewOf = (text: string | null): string => {
  const chars = [...(text ?? '')];
  return chars.length > CHAT_LIMITS.previewLength ? `${chars.slice(0, CHAT_LIMITS.previewLength).join('')}…` : chars.join('');
};

/** SPEC §4: a chat is flagged when its update time changed since it was last seen and the stand did not write last. */
export const isUpdated = (row: ChatSummary, seen: ReadonlyMap<number, string> | null): boolean =>
  seen !== null && row.lastSender !== 'stand' && seen.get(row.id) !== row.updatedAt;

const Conversation = ({ standId, row, onClose }: { standId: number; row: ChatSummary; onClose: () => void }) => {
  const { t } = useBackofficeTranslation();
  const chat = useChat({ token: staffToken(), standId, clientId: row.Client.id, side: 'stand' });
  const title = t('stands.chats.dialog', { name: row.Client.name });
  return (
    <Modal title={title} onClose={onClose} wide>
      {/* Who the visitor is beside what they wrote, as the attendant's inbox shows it (decision 105). */}
      <BesideConversation>
        <VisitorContext row={row} />
        <ChatPanel chat={chat} side="stand" label={title} />
      </BesideConversation>
    </Modal>
  );
};

/**
 * The stand's chats (SPEC §2.3 stand chats page, §4): the heading with the count, the list polled
 * every 3 s and updated live, the 'updated' flag, the dialog of a conversation, and the stand's
 * contact requests in the same inbox.
 */
export const StandChats = ({ standId }: { standId: number }) => {
  const { t } = useBackofficeTranslation();
  const queryClient = useQueryClient();
  const key = chatKeys.ofStand(standId);
  const chats = useStandChats(standId);
  const contacts = useStandContacts(standId);
  const [seen, setSeen] = useState<Map<number, string> | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = chats.data?.rows ?? [];

  useChatInbox(
    staffToken(),
    (summary) => {
      if (summary.standId !== standId) return;
      queryClient.setQueryData<ListResult<ChatSummary>>(key, (current) => {
        if (!current) return current;
        const others = current.rows.filter((row) => row.id !== summary.id);
        const next = [summary, ...others].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
        return { rows: next, count: current.count + (others.length === current.rows.length ? 1 : 0) };
      });
    },
    // Back after a cut: what changed meanwhile came to nobody; the list is read again.
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );

  // What the attendant has seen: every chat of the first load; later, what they opened.
  useEffect(() => {
    if (!chats.data) return;
    setSeen((current) => {
      if (current === null) return new Map(chats.data.rows.map((row) => [row.id, row.updatedAt]));
      const open = openId === null ? undefined : chats.data.rows.find((row) => row.id === openId);
      if (!open || current.get(open.id) === open.updatedAt) return current;
      return new Map(current).set(open.id, open.updatedAt);
    });
  }, [chats.data, openId]);

  const flagged = rows.filter((row) => isUpdated(row, seen)).length;
  // The title's count on by default, the sound the attendant's choice (decision 104).
  const alerts = useChatAlerts(flagged, t('chats.inbox.titleAlert', { count: flagged }));

  const open = rows.find((row) => row.id === openId) ?? null;
  const openChat = (row: ChatSummary) => {
    setSeen((current) => new Map(current ?? []).set(row.id, row.updatedAt));
    setOpenId(row.id);
  };

  if (chats.isPending) return <Spinner />;
  if (chats.error) return <ErrorAlert>{messageText(chats.error.msg)}</ErrorAlert>;
  return (
    <>
      <h2>{t('stands.chats.heading', { count: chats.data.count })}</h2>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <legend style={{ fontWeight: 600, padding: 0 }}>{t('chats.inbox.alerts')}</legend>
        <label>
          <input type="checkbox" checked={alerts.title} onChange={(event) => alerts.setTitle(event.target.checked)} />{' '}
          {t('chats.inbox.alertTitle')}
        </label>
        <label>
          <input type="checkbox" checked={alerts.sound} onChange={(event) => alerts.setSound(event.target.checked)} />{' '}
          {t('chats.inbox.alertSound')}
        </label>
      </fieldset>
      {rows.length === 0 ? (
        <p>{t('stands.chats.empty')}</p>
      ) : (
        <List>
          {rows.map((row) => {
            const updated = isUpdated(row, seen);
            return (
              <li key={row.id}>
                <button
                  type="button"
                  className="row"
                  data-marked={String(updated)}
                  aria-haspopup="dialog"
                  aria-label={t('stands.chats.open', { name: row.Client.name })}
                  onClick={() => openChat(row)}
                >
                  <span className="top">
                    <span className="name">{row.Client.name}</span>
                    <span className="when">{t('stands.chats.updatedAt', { ago: ago(row.updatedAt) })}</span>
                    {updated && <span className="tag">{t('stands.chats.updated')}</span>}
                    {row.waiting && <span className="tag waiting">{t('stands.chats.waiting')}</span>}
                    {(row.unread ?? 0) > 0 && <span className="tag waiting">{t('chats.inbox.unread', { count: row.unread })}</span>}
                  </span>
                  <span className="last">{previewOf(row.lastMessage)}</span>
                  {row.Client.email && <span className="email">{t('stands.chats.consented', { email: row.Client.email })}</span>}
                </button>
              </li>
            );
          })}
        </List>
      )}
      <h2>{t('stands.chats.contacts')}</h2>
      {contacts.isPending ? (
        <Spinner />
      ) : contacts.error ? (
        <ErrorAlert>{messageText(contacts.error.msg)}</ErrorAlert>
      ) : contacts.data.rows.length === 0 ? (
        <p>{t('stands.chats.contactsEmpty')}</p>
      ) : (
        <List>
          {contacts.data.rows.map((contact) => (
            <li key={contact.id}>
              <div className="chat" style={{ border: '1px solid #d5d9e0', borderRadius: 8, padding: '12px 16px', background: '#fff' }}>
                <span className="top">
                  <span className="name">{contact.name}</span>
                  <span className="when">{ago(contact.createdAt)}</span>
                  {!contact.verified && <span className="tag waiting">{t('stands.chats.unverified')}</span>}
                </span>
                <span className="email">{[contact.email, contact.phone].filter(Boolean).join(' · ')}</span>
                <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{contact.message}</p>
              </div>
            </li>
          ))}
        </List>
      )}
      {open && <Conversation standId={standId} row={open} onClose={() => setOpenId(null)} />}
    </>
  );
};
