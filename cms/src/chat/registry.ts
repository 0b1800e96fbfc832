/**
 * What the rest of the server may ask of the live chat without depending on socket.io: end the
 * sockets of sessions that ended (logout, password change, revocation) or of a locked account.
 * A no-op until the chat server starts (and in a data-transfer boot, where it never does).
 */
export interface ChatHooks {
  endSessions(jtis: readonly string[]): void;
  endAccount(audience: 'staff' | 'client', accountId: number): void;
}

let hooks: ChatHooks | null = null;

export const setChatHooks = (next: ChatHooks | null): void => {
  hooks = next;
};

export const chatSessionsEnded = (jtis: readonly string[]): void => {
  if (jtis.length) hooks?.endSessions(jtis);
};

export const chatAccountLocked = (audience: 'staff' | 'client', accountId: number): void => {
  hooks?.endAccount(audience, accountId);
};

export const sessionRoom = (jti: string): string => `session:${jti}`;
export const accountRoom = (audience: 'staff' | 'client', accountId: number): string => `account:${audience}:${accountId}`;
