import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderHook, waitFor } from '@testing-library/react';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@plataforma/adapter';
import { CHAT_EVENTS } from '@plataforma/adapter/chat-constants';
import { chatSocketFactory, chatSocketOptions, useChat, useChatInbox } from './useChat';

// Issue 56, item 1: against a real socket.io server that goes away and comes back on the same port (a restart),
// the chat is back within seconds, catches up with what it missed, and shows presence as unknown meanwhile.
const message = (id: number, text: string): ChatMessage => ({
  id,
  chatId: 4,
  text,
  senderType: 'stand',
  createdAt: `2026-12-02T10:00:0${id}.000Z`,
  clientMessageId: null,
});

interface Running {
  http: HttpServer;
  io: Server;
}

const stored = [message(1, 'Olá, em que posso ajudar?')];

const serve = async (port = 0): Promise<Running> => {
  const http = createServer();
  const server = new Server(http, { path: '/socket.io' });
  server.on('connection', (socket) => {
    socket.on(CHAT_EVENTS.open, (payload: { since?: number }, ack: (answer: unknown) => void) => {
      const messages = stored.filter((entry) => entry.id > (payload.since ?? 0));
      ack({ ok: true, chatId: 4, standId: 3, clientId: 7, messages, online: true });
    });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return { http, io: server };
};

const stop = async ({ http, io: server }: Running) => {
  // Every connection is cut as a crash cuts it (the clients see 'transport close').
  for (const socket of server.sockets.sockets.values()) socket.conn.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  http.closeAllConnections();
};

describe('useChat against a server that restarts (issue 56, item 1)', () => {
  let running: Running | null = null;
  afterEach(async () => {
    vi.restoreAllMocks();
    if (running) await stop(running).catch(() => undefined);
    running = null;
  });

  it('reconnects within seconds, catches up with the missed answer, and shows presence as unknown while down', async () => {
    running = await serve();
    const { port } = running.http.address() as AddressInfo;
    // The product's own options, aimed at this test's server instead of the page's origin.
    vi.spyOn(chatSocketFactory, 'create').mockImplementation((token: string) =>
      io(`http://127.0.0.1:${port}`, { ...chatSocketOptions(token), transports: ['websocket'] }),
    );
    const hook = renderHook(() => useChat({ token: 'soft-token', standId: 3, side: 'client' }));
    await waitFor(() => expect(hook.result.current.entries.map((entry) => entry.id)).toEqual([1]), { timeout: 10_000 });
    expect(hook.result.current.online).toBe(true);

    await stop(running);
    running = null;
    await waitFor(() => expect(hook.result.current.connection).not.toBe('online'), { timeout: 10_000 });
    expect(hook.result.current.online).toBeNull();

    // The attendant answered while the visitor's side was cut off; the server comes back 3 s later.
    stored.push(message(2, 'Voltamos: pode repetir a pergunta?'));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    running = await serve(port);
    await waitFor(() => expect(hook.result.current.connection).toBe('online'), { timeout: 10_000 });
    await waitFor(() => expect(hook.result.current.entries.map((entry) => entry.id)).toEqual([1, 2]), { timeout: 10_000 });
    expect(hook.result.current.online).toBe(true);
    hook.unmount();
  }, 40_000);

  it("brings the attendant's inbox back after a restart and has the screen read its list again", async () => {
    running = await serve();
    const { port } = running.http.address() as AddressInfo;
    vi.spyOn(chatSocketFactory, 'create').mockImplementation((token: string) =>
      io(`http://127.0.0.1:${port}`, { ...chatSocketOptions(token), transports: ['websocket'] }),
    );
    const reread = vi.fn();
    const hook = renderHook(() => useChatInbox('staff-token', () => undefined, reread));
    await waitFor(() => expect(hook.result.current).toBe('online'), { timeout: 10_000 });
    expect(reread).not.toHaveBeenCalled();
    await stop(running);
    running = null;
    await waitFor(() => expect(hook.result.current).not.toBe('online'), { timeout: 10_000 });
    running = await serve(port);
    await waitFor(() => expect(hook.result.current).toBe('online'), { timeout: 10_000 });
    expect(reread).toHaveBeenCalledTimes(1);
    hook.unmount();
  }, 40_000);
});
