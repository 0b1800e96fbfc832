import type { Socket } from 'socket.io-client';
import { vi } from 'vitest';
import { chatSocketFactory } from './useChat';

type Handler = (...args: unknown[]) => void;

/** What a screen emitted on the fake socket, with the acknowledgement it waits for (if any). */
export interface Emitted {
  event: string;
  payload: unknown;
  ack?: (...args: unknown[]) => void;
  /** Sent with socket.timeout(ms): the ack's first argument is the timeout error. */
  timed: boolean;
}

/**
 * A socket.io client socket in memory, for component tests: it records what the screen emits
 * and lets the test play the server (connect, answer acks, push events, drop the connection).
 */
export class FakeSocket {
  readonly token: string;
  connected = false;
  active = true;
  closed = false;
  connects = 0;
  readonly emitted: Emitted[] = [];
  private handlers = new Map<string, Handler[]>();

  constructor(token: string) {
    this.token = token;
  }

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  emit(event: string, payload: unknown, ack?: Handler) {
    this.emitted.push({ event, payload, ack, timed: false });
    return this;
  }

  timeout() {
    return {
      emit: (event: string, payload: unknown, ack?: Handler) => {
        this.emitted.push({ event, payload, ack, timed: true });
        return this;
      },
    };
  }

  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }

  close() {
    this.closed = true;
    this.connected = false;
    this.active = false;
    return this;
  }

  /** The server side: fires an event at the screen. */
  serve(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  /** The connection is up. */
  up() {
    this.connected = true;
    this.serve('connect');
  }

  /**
   * The connection dropped (socket.io's own reconnection is off: the screen's 2 s check retries). As in
   * socket.io-client, a transport close leaves the socket `active` (its subscriptions stay).
   */
  drop() {
    this.connected = false;
    this.serve('disconnect', 'transport close');
  }

  /** The last emit of an event. */
  last(event: string): Emitted | undefined {
    return this.emitted.filter((entry) => entry.event === event).at(-1);
  }

  /** Answers the last emit of an event (a timed emit gets `null` for its timeout error first). */
  answer(event: string, answer: unknown) {
    const entry = this.last(event);
    if (!entry?.ack) throw new Error(`nothing to answer for ${event}`);
    if (entry.timed) entry.ack(null, answer);
    else entry.ack(answer);
  }
}

/** Replaces the chat's socket with fake ones; returns them in the order the screen opened them. */
export const fakeChatSockets = (): FakeSocket[] => {
  const sockets: FakeSocket[] = [];
  vi.spyOn(chatSocketFactory, 'create').mockImplementation((token: string) => {
    const socket = new FakeSocket(token);
    sockets.push(socket);
    return socket as unknown as Socket;
  });
  return sockets;
};
