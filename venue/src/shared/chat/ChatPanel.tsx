import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CHAT_LIMITS } from '@plataforma/adapter/chat-constants';
import type { ChatSender } from '@plataforma/adapter';
import { formatTime } from './time';
import { linkify } from './linkify';
import type { ChatEntry, ChatState } from './useChat';
import { messageText } from '../i18n';

// The log is the scrolling box; the messages are a list inside it (a role on the list itself would hide its items).
const Log = styled.div`
  padding: 8px;
  flex: 1;
  min-height: 180px;
  max-height: 360px;
  overflow-y: auto;
  background: #f6f7f9;
  border-radius: 8px;

  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }

  li {
    max-width: 80%;
    padding: 6px 10px;
    border-radius: 10px;
    background: #fff;
    color: #1d2433;
    box-shadow: 0 1px 1px rgb(0 0 0 / 8%);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  li.mine {
    align-self: flex-end;
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
  li.mine a {
    color: #fff;
  }
  li .meta {
    display: block;
    font-size: 0.75rem;
    color: #4a5263;
    margin-top: 2px;
  }
  li.mine .meta {
    color: #ffe6d6;
  }
  li.failed,
  li.failed a,
  li.failed .meta {
    background: #fde8e8;
    color: #7a1010;
  }
  .empty {
    align-self: center;
    background: none;
    box-shadow: none;
    color: #5b6475;
  }
`;

const Status = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: #5b6475;
  &[data-state='offline'] {
    color: #a11;
    font-weight: 600;
  }
`;

const Composer = styled.form`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  textarea {
    flex: 1;
    resize: vertical;
    min-height: 44px;
    max-height: 160px;
    padding: 8px;
    font: inherit;
    border: 1px solid #8a93a6;
    border-radius: 6px;
  }
  button {
    min-height: 44px;
    padding: 0 16px;
    border: 0;
    border-radius: 6px;
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
    font-weight: 600;
    cursor: pointer;
  }
  button:disabled {
    background: #8a93a6;
    cursor: not-allowed;
  }
  .counter {
    font-size: 0.75rem;
    color: #5b6475;
  }
`;

// The keys' hint: a phone's keyboard has no Shift+Enter to speak of, and the line took the room
// 'Enviar' needs above the navigation bar (issue 56, item 13).
const Hint = styled.span`
  @media (hover: none) and (pointer: coarse) {
    display: none;
  }
`;

/**
 * The panel's frame. `tone="dark"` sets it in the venue's palette (the stand's glass panels, its
 * brown and amber) instead of the back office's light one (issue 56, item 13).
 */
const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-height: 0;
  flex: 1 1 auto;
  &[data-tone='dark'] {
    ${Log} {
      background: rgba(255, 255, 255, 0.06);
      border: 1px solid rgba(255, 182, 140, 0.18);
    }
    ${Log} li {
      background: rgba(255, 255, 255, 0.12);
      color: ${({ theme }) => theme.colors.platformText};
      box-shadow: none;
    }
    ${Log} li .meta {
      color: ${({ theme }) => theme.colors.platformTextMuted};
    }
    ${Log} li.mine {
      background: ${({ theme }) => theme.colors.primary};
      color: #fff;
    }
    ${Log} li.mine .meta {
      color: #ffe6d6;
    }
    ${Log} li.failed,
    ${Log} li.failed a,
    ${Log} li.failed .meta {
      background: #5c1a14;
      color: #ffdad5;
    }
    ${Log} li.empty {
      background: none;
      color: ${({ theme }) => theme.colors.platformTextMuted};
    }
    ${Status} {
      color: ${({ theme }) => theme.colors.platformTextMuted};
    }
    ${Status}[data-state='offline'] {
      color: #ffb4a8;
    }
    ${Composer} textarea {
      background: rgba(255, 255, 255, 0.08);
      color: ${({ theme }) => theme.colors.platformText};
      border-color: rgba(255, 182, 140, 0.5);
    }
    ${Composer} textarea::placeholder {
      color: ${({ theme }) => theme.colors.platformTextMuted};
    }
    ${Composer} button:disabled {
      background: rgba(255, 255, 255, 0.16);
      color: ${({ theme }) => theme.colors.platformTextMuted};
    }
    ${Composer} .counter {
      color: ${({ theme }) => theme.colors.platformTextMuted};
    }
  }
`;

const MessageText = ({ text }: { text: string }) => (
  <>
    {linkify(text).map((part, index) =>
      part.kind === 'link' ? (
        <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
          {part.text}
        </a>
      ) : (
        <span key={index}>{part.text}</span>
      ),
    )}
  </>
);

const Entry = ({
  entry,
  side,
  onRetry,
  timeZone,
}: {
  entry: ChatEntry;
  side: ChatSender;
  onRetry: (key: string) => void;
  timeZone?: string;
}) => {
  const { t } = useTranslation();
  const mine = entry.senderType === side;
  const who = mine ? t('chat.you') : entry.senderType === 'stand' ? t('chat.stand') : t('chat.visitor');
  return (
    <li className={[mine ? 'mine' : '', entry.status === 'failed' ? 'failed' : ''].join(' ').trim()}>
      <span className="visually-hidden">{who}: </span>
      <MessageText text={entry.text} />
      <span className="meta">
        {formatTime(entry.createdAt, timeZone)}
        {mine && entry.status === 'sending' && ` · ${t('chat.sending')}`}
        {mine && entry.status === 'sent' && ` · ${t('chat.sent')}`}
        {entry.status === 'failed' && (
          <>
            {` · ${entry.error ? messageText(entry.error) : t('chat.failed')} `}
            <button type="button" onClick={() => onRetry(entry.key)}>
              {t('chat.retry')}
            </button>
          </>
        )}
      </span>
    </li>
  );
};

/**
 * A conversation: its messages (a polite live region: screen readers hear new messages) and the
 * text box (Enter sends, Shift+Enter breaks the line, blank never sent, needs a live connection).
 */
export const ChatPanel = ({
  chat,
  side,
  label,
  beforeComposer,
  onSend,
  autoFocus = false,
  timeZone,
  tone = 'light',
}: {
  chat: ChatState;
  side: ChatSender;
  /** The conversation's accessible name. */
  label: string;
  /** Shown above the text box (the lead notice of the stand's widget). */
  beforeComposer?: ReactNode;
  /** Sends; defaults to chat.send(text). */
  onSend?: (text: string) => boolean;
  /** Focus the text box on mount (the stand's widget, opened by its toggle). */
  autoFocus?: boolean;
  /** The event's zone, for the messages' times (the product's zone when not given). */
  timeZone?: string;
  /** 'dark' on the venue's dark pages, 'light' (the default) in the back office. */
  tone?: 'light' | 'dark';
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const live = chat.connection === 'online';
  const length = [...text.trim()].length;
  const tooLong = length > CHAT_LIMITS.textMax;

  useEffect(() => {
    const element = log.current;
    if (element && typeof element.scrollTo === 'function') element.scrollTo({ top: element.scrollHeight });
  }, [chat.entries.length]);

  const submit = () => {
    if (!live || tooLong || !text.trim()) return;
    if ((onSend ?? ((value: string) => chat.send(value)))(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Wrap data-tone={tone}>
      <Log ref={log} role="log" aria-live="polite" aria-label={label} tabIndex={0}>
        <ol>
          {chat.entries.length === 0 ? (
            <li className="empty">{t('chat.empty')}</li>
          ) : (
            chat.entries.map((entry) => <Entry key={entry.key} entry={entry} side={side} onRetry={chat.retry} timeZone={timeZone} />)
          )}
        </ol>
      </Log>
      {chat.otherTyping && <Status>{side === 'client' ? t('chat.typingStand') : t('chat.typingClient')}</Status>}
      {chat.error && <Status role="alert">{messageText(chat.error)}</Status>}
      <Status data-state={chat.connection} role="status">
        {chat.connection === 'online' ? '' : chat.connection === 'connecting' ? t('chat.connecting') : t('chat.offline')}
      </Status>
      {beforeComposer}
      <Composer
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('chat.label')}
        </label>
        <textarea
          id={inputId}
          value={text}
          rows={2}
          autoFocus={autoFocus}
          placeholder={t('chat.placeholder')}
          aria-describedby={`${inputId}-hint`}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) chat.typing();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" disabled={!live || tooLong || !text.trim()}>
          {t('chat.send')}
        </button>
      </Composer>
      <Status id={`${inputId}-hint`}>
        <Hint>{t('chat.hint')}</Hint>
        {length > CHAT_LIMITS.textMax - 200 && (
          <span className="counter" aria-live="polite">
            {' '}
            {t('chat.counter', { count: length, max: CHAT_LIMITS.textMax })}
          </span>
        )}
      </Status>
    </Wrap>
  );
};
