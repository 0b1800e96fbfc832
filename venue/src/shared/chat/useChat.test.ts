import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@plataforma/adapter';
import { CHAT_EVENTS, CHAT_LIMITS } from '@plataforma/adapter/chat-constants';
import { fakeChatSockets, type FakeSocket } from './test-socket';
import { mergeMessages, useChat, type ChatEntry } from './useChat';

const message = (
  id: number,
  text: string,
  senderType: ChatMessage['senderType'] = 'client',
  clientMessageId: string | null = null,
): ChatMessage => ({
  id,
  chatId: 4,
  text,
  senderType,
  createdAt: `2026-11-25T10:00:0${id % 10}.000Z`,
  clientMessageId,
});

const pending = (clientMessageId: string, text: string): ChatEntry => ({
  key: clientMessageId,
  id: null,
  text,
  senderType: 'client',
  createdAt: '2026-11-25T10:00:00.000Z',
  clientMessageId,
  status: 'sending',
});

describe('mergeMessages', () => {
  it('replaces the pending copy by the stored message, never adds one twice, and orders by id with pending last', () => {
    const start = [pending('c-1', 'Oi'), pending('c-2', 'Tudo bem?')];
    const once = mergeMessages(start, [message(12, 'Oi', 'client', 'c-1'), message(11, 'Olá', 'stand')]);
    expect(once.map((entry) => [entry.key, entry.status])).toEqual([
      ['11', 'sent'],
      ['12', 'sent'],
      ['c-2', 'sending'],
    ]);
    // The same message again (the ack and the room's chat_message both bring it): nothing changes.
    expect(mergeMessages(once, [message(12, 'Oi', 'client', 'c-1')])).toEqual(once);
  });

  it("does not take the other side's message for this side's pending one with the same client id", () => {
    const merged = mergeMessages([pending('c-1', 'Oi')], [message(3, 'Oi', 'stand', 'c-1')]);
    expect(merged.map((entry) => entry.key)).toEqual(['3', 'c-1']);
  });
});

describe('useChat (SPEC §7 live chat, §9 reconnect check)', () => {
  let sockets: FakeSocket[];
  beforeEach(() => {
    sockets = fakeChatSockets();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const open = () => {
    const hook = renderHook(() => useChat({ token: 'tk', standId: 3, side: 'client' }));
    const socket = sockets[0];
    act(() => socket.up());
    return { hook, socket };
  };

  it('opens nothing without a token', () => {
    renderHook(() => useChat({ token: null, standId: 3, side: 'client' }));
    expect(sockets).toHaveLength(0);
  });

  it('opens the chat with its history on connect, then follows presence and messages', () => {
    const { hook, socket } = open();
    expect(socket.token).toBe('tk');
    expect(hook.result.current.connection).toBe('online');
    expect(socket.last(CHAT_EVENTS.open)?.payload).toEqual({ standId: 3, fetchMessages: true });
    act(() =>
      socket.answer(CHAT_EVENTS.open, { ok: true, chatId: 4, standId: 3, clientId: 7, messages: [message(1, 'Bom dia')], online: true }),
    );
    expect(hook.result.current.online).toBe(true);
    expect(hook.result.current.entries.map((entry) => entry.text)).toEqual(['Bom dia']);
    act(() => socket.serve(CHAT_EVENTS.message, message(2, 'Olá, posso ajudar?', 'stand')));
    act(() => socket.serve(CHAT_EVENTS.presence, { standId: 3, online: false }));
    act(() => socket.serve(CHAT_EVENTS.presence, { standId: 99, online: true }));
    expect(hook.result.current.entries.map((entry) => entry.text)).toEqual(['Bom dia', 'Olá, posso ajudar?']);
    expect(hook.result.current.online).toBe(false);
  });

  it('sends trimmed text with a client id, shows it at once, and keeps the stored copy once', () => {
    const { hook, socket } = open();
    let sent = true;
    act(() => {
      sent = hook.result.current.send('   ');
    });
    expect(sent).toBe(false);
    act(() => {
      sent = hook.result.current.send('x'.repeat(CHAT_LIMITS.textMax + 1));
    });
    expect(sent).toBe(false);
    expect(socket.last(CHAT_EVENTS.clientMessage)).toBeUndefined();

    act(() => {
      sent = hook.result.current.send('  Vocês entregam em Recife?  ');
    });
    expect(sent).toBe(true);
    const emitted = socket.last(CHAT_EVENTS.clientMessage);
    const { text, clientMessageId } = emitted?.payload as { text: string; clientMessageId: string };
    expect(text).toBe('Vocês entregam em Recife?');
    expect(hook.result.current.entries).toMatchObject([{ text, status: 'sending', clientMessageId }]);
    // The room's chat_message arrives before the ack: one message, stored.
    act(() => socket.serve(CHAT_EVENTS.message, message(5, text, 'client', clientMessageId)));
    act(() =>
      socket.answer(CHAT_EVENTS.clientMessage, { ok: true, message: message(5, text, 'client', clientMessageId), duplicate: false }),
    );
    expect(hook.result.current.entries).toMatchObject([{ id: 5, text, status: 'sent' }]);
  });

  it('marks a refused message failed with its reason, and a retry sends the same client id again', () => {
    const { hook, socket } = open();
    act(() => {
      hook.result.current.send('Oi');
    });
    const first = socket.last(CHAT_EVENTS.clientMessage)?.payload as { clientMessageId: string };
    act(() => socket.answer(CHAT_EVENTS.clientMessage, { ok: false, msg: 'chat.error.rateLimited' }));
    expect(hook.result.current.entries).toMatchObject([{ status: 'failed', error: 'chat.error.rateLimited' }]);
    act(() => hook.result.current.retry(first.clientMessageId));
    expect(hook.result.current.entries).toMatchObject([{ status: 'sending' }]);
    expect((socket.last(CHAT_EVENTS.clientMessage)?.payload as { clientMessageId: string }).clientMessageId).toBe(first.clientMessageId);
    expect(socket.emitted.filter((entry) => entry.event === CHAT_EVENTS.clientMessage)).toHaveLength(2);
  });

  it('needs a live connection: offline, nothing is sent', () => {
    const { hook, socket } = open();
    act(() => socket.drop());
    expect(hook.result.current.connection).toBe('offline');
    let sent = true;
    act(() => {
      sent = hook.result.current.send('Alguém aí?');
    });
    expect(sent).toBe(false);
    expect(socket.last(CHAT_EVENTS.clientMessage)).toBeUndefined();
  });

  it('checks the connection every 2 s, reconnects, and catches up with what came after its last message', () => {
    vi.useFakeTimers();
    const { hook, socket } = open();
    act(() =>
      socket.answer(CHAT_EVENTS.open, { ok: true, chatId: 4, standId: 3, clientId: 7, messages: [message(8, 'Oi')], online: true }),
    );
    act(() => socket.drop());
    act(() => {
      vi.advanceTimersByTime(CHAT_LIMITS.reconnectCheckMs - 1);
    });
    expect(socket.connects).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(socket.connects).toBe(1);
    expect(hook.result.current.connection).toBe('connecting');
    act(() => socket.up());
    expect(socket.last(CHAT_EVENTS.open)?.payload).toEqual({ standId: 3, fetchMessages: true, since: 8 });
    act(() =>
      socket.answer(CHAT_EVENTS.open, { ok: true, chatId: 4, standId: 3, clientId: 7, messages: [message(9, 'Voltei')], online: true }),
    );
    expect(hook.result.current.entries.map((entry) => entry.id)).toEqual([8, 9]);
  });

  it('shows that the other side is typing, for 5 s at most, and never its own', () => {
    vi.useFakeTimers();
    const { hook, socket } = open();
    act(() => socket.serve(CHAT_EVENTS.typing, { senderType: 'client', typing: true }));
    expect(hook.result.current.otherTyping).toBe(false);
    act(() => socket.serve(CHAT_EVENTS.typing, { senderType: 'stand', typing: true }));
    expect(hook.result.current.otherTyping).toBe(true);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(hook.result.current.otherTyping).toBe(false);
  });

  it("stops showing the other side typing once that side's message arrives", () => {
    vi.useFakeTimers();
    const { hook, socket } = open();
    act(() => socket.serve(CHAT_EVENTS.typing, { senderType: 'stand', typing: true }));
    expect(hook.result.current.otherTyping).toBe(true);
    act(() => socket.serve(CHAT_EVENTS.message, message(10, 'Temos sim', 'stand')));
    expect(hook.result.current.otherTyping).toBe(false);
    // Its own message (an echo without acknowledgement) does not touch the other side's state.
    act(() => socket.serve(CHAT_EVENTS.typing, { senderType: 'stand', typing: true }));
    act(() => socket.serve(CHAT_EVENTS.message, message(11, 'Obrigada', 'client')));
    expect(hook.result.current.otherTyping).toBe(true);
  });

  it('an ended session is said so, and the socket closes when the screen goes', () => {
    const hook = renderHook(() => useChat({ token: 'tk', standId: 3, side: 'client' }));
    const socket = sockets[0];
    act(() => socket.serve('connect_error', new Error('chat.error.unauthorized')));
    expect(hook.result.current.error).toBe('chat.error.unauthorized');
    hook.unmount();
    expect(socket.closed).toBe(true);
  });

  it('says so when the session already has too many sockets open (issue 47)', () => {
    const hook = renderHook(() => useChat({ token: 'tk', standId: 3, side: 'client' }));
    act(() => sockets[0].serve('connect_error', new Error('chat.error.tooManySockets')));
    expect(hook.result.current.error).toBe('chat.error.tooManySockets');
  });
});
