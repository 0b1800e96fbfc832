import './texts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Stand } from '@plataforma/adapter';
import { ChatPanel } from '../../shared/chat/ChatPanel';
import { useChat } from '../../shared/chat/useChat';
import { clientToken, useAppState } from '../../shared/state/store';
import { useEvent } from '../../shared/event/api';

const Box = styled.section`
  grid-area: chat;
  display: flex;
  flex-direction: column;
  background: #fff;
  border-radius: 12px;
  padding: 12px 16px;
  color: #1d2433;
  h2 {
    margin: 0 0 8px;
    font-size: 1.1rem;
  }
  .presence {
    margin: 0 0 8px;
    font-size: 0.9rem;
  }
  .presence::before {
    content: '';
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    margin-right: 6px;
    background: #8a93a6;
  }
  .presence[data-online='true']::before {
    background: #1a8f3c;
  }
  .consent {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    font-size: 0.9rem;
  }
`;

const Toggle = styled.button`
  grid-area: chat;
  justify-self: end;
  align-self: start;
  min-height: 44px;
  padding: 0 20px;
  border: 0;
  border-radius: 22px;
  background: #1f5fbf;
  color: #fff;
  font-weight: 600;
  cursor: pointer;
`;

const Close = styled.button`
  margin-top: 8px;
  align-self: flex-start;
  min-height: 36px;
  padding: 0 16px;
  border: 1px solid #1f5fbf;
  border-radius: 18px;
  background: #fff;
  color: #1f5fbf;
  font-weight: 600;
  cursor: pointer;
`;

const Conversation = ({ stand, onClose }: { stand: Stand; onClose: () => void }) => {
  const { t } = useTranslation();
  const client = useAppState((state) => state.auth.currentClient);
  const chat = useChat({ token: clientToken(), standId: stand.id, side: 'client' });
  // The messages' times in the event's zone (the halls have usually loaded the event already).
  const event = useEvent(stand.eventId);
  const [consent, setConsent] = useState(false);
  const headingId = useId();
  const away = chat.online === false;
  return (
    <Box aria-labelledby={headingId}>
      <h2 id={headingId}>{t('stand.chat.title', { name: stand.name })}</h2>
      {chat.online !== null && (
        <p className="presence" data-online={String(!away)} role="status">
          {!chat.attended ? t('stand.chat.unattended') : away ? t('stand.chat.offlineLead') : t('stand.chat.online')}
        </p>
      )}
      <ChatPanel
        chat={chat}
        side="client"
        label={t('stand.chat.title', { name: stand.name })}
        onSend={(text) => chat.send(text, { leadConsent: away && consent })}
        autoFocus
        timeZone={event.data?.timezone}
        beforeComposer={
          away && client?.email ? (
            <label className="consent">
              <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
              {t('stand.chat.consent', { email: client.email })}
            </label>
          ) : null
        }
      />
      <Close type="button" onClick={onClose}>
        {t('stand.chat.close')}
      </Close>
    </Box>
  );
};

/**
 * The stand's live chat (SPEC §2.4): a toggle, and the conversation once open — only for a
 * signed-in client, and only once the stand has loaded (the screen renders this then).
 */
export const ChatWidget = ({ stand }: { stand: Stand }) => {
  const { t } = useTranslation();
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const [open, setOpen] = useState(false);
  // Opening moves focus to the text box; closing gives it back to the toggle (never to the page's top).
  const toggle = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    if (!open && closed.current) toggle.current?.focus();
  }, [open]);
  if (!signedIn || !clientToken()) return null;
  return open ? (
    <Conversation
      stand={stand}
      onClose={() => {
        closed.current = true;
        setOpen(false);
      }}
    />
  ) : (
    <Toggle ref={toggle} type="button" onClick={() => setOpen(true)} aria-expanded="false">
      {t('stand.chat.open')}
    </Toggle>
  );
};
