import './texts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Stand } from '@plataforma/adapter';
import { ChatPanel } from '../../shared/chat/ChatPanel';
import { useChat } from '../../shared/chat/useChat';
import { clientToken, useAppState } from '../../shared/state/store';
import { useEvent } from '../../shared/event/api';

// The stand's panels' glass and palette (issue 56, item 13: a white card with blue bubbles and a
// blue pill were the venue's only off-palette parts).
const Box = styled.section`
  grid-area: chat;
  display: flex;
  flex-direction: column;
  padding: 20px 24px 24px;
  border-radius: 18px;
  background: rgba(16, 10, 6, 0.84);
  border: 1px solid rgba(255, 182, 140, 0.2);
  box-shadow: 0 20px 50px rgba(0, 0, 0, 0.45);
  backdrop-filter: blur(6px);
  color: ${({ theme }) => theme.colors.platformText};
  .top {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: 12px;
    margin-bottom: 8px;
  }
  h2 {
    margin: 6px 0 0;
    font-size: 1.2rem;
  }
  .presence {
    margin: 0 0 10px;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
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
    background: #3fcf6f;
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
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-weight: 600;
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.45);
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryDark};
  }
`;

// At the top beside the title: at the bottom it sat under the navigation bar on phones.
const Close = styled.button`
  flex: none;
  min-height: 36px;
  padding: 0 16px;
  border: 2px solid ${({ theme }) => theme.colors.primaryLight};
  border-radius: 18px;
  background: transparent;
  color: #fff;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: rgba(163, 65, 0, 0.5);
  }
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
      <div className="top">
        <h2 id={headingId}>{t('stand.chat.title', { name: stand.name })}</h2>
        <Close type="button" onClick={onClose}>
          {t('stand.chat.close')}
        </Close>
      </div>
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
        tone="dark"
        beforeComposer={
          away && client?.email ? (
            <label className="consent">
              <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
              {t('stand.chat.consent', { email: client.email })}
            </label>
          ) : null
        }
      />
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
