import type { IncomingMessage } from 'node:http';
import { peerAddress } from '../lib/proxy';

export interface SocketCapSettings {
  /** Sockets one session (one token's jti) may hold open at once (CHAT_SOCKETS_PER_SESSION). */
  perSession: number;
  /** Sockets one address may hold open at once (CHAT_SOCKETS_PER_IP). */
  perIp: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY, one hop). */
  trustedProxies: readonly string[];
}

/**
 * The address a socket comes from: the peer, or the last X-Forwarded-For hop when the peer is a
 * trusted proxy (TRUST_PROXY, one hop: as `server.proxy.koa` reads it for HTTP requests).
 */
export const socketAddress = (request: IncomingMessage, trustedProxies: readonly string[]): string => {
  const peer = peerAddress(request.socket.remoteAddress);
  const forwarded = request.headers['x-forwarded-for'];
  if (!forwarded || !trustedProxies.includes(peer)) return peer;
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',');
  return peerAddress(hops[hops.length - 1]?.trim()) || peer;
};

/**
 * Open sockets counted per session and per address (issue 47: 200 sockets from one soft token
 * were accepted). `take` at the handshake answers whether the socket may open and, when it may,
 * counts it at once (no await between the check and the count: parallel handshakes cannot all
 * pass); the returned `release` is called once, when the socket ends. Counted in this process:
 * with several instances each holds its own count (decision 083).
 */
export const socketCaps = (caps: () => Pick<SocketCapSettings, 'perSession' | 'perIp'>) => {
  const bySession = new Map<string, number>();
  const byIp = new Map<string, number>();
  const down = (map: Map<string, number>, key: string) => {
    const left = (map.get(key) ?? 1) - 1;
    if (left <= 0) map.delete(key);
    else map.set(key, left);
  };
  return {
    take(session: string, ip: string): (() => void) | null {
      const { perSession, perIp } = caps();
      if ((bySession.get(session) ?? 0) >= perSession || (byIp.get(ip) ?? 0) >= perIp) return null;
      bySession.set(session, (bySession.get(session) ?? 0) + 1);
      byIp.set(ip, (byIp.get(ip) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        down(bySession, session);
        down(byIp, ip);
      };
    },
    /** Open sockets of a session and of an address (for tests and the log). */
    count: (session: string, ip: string) => ({ session: bySession.get(session) ?? 0, ip: byIp.get(ip) ?? 0 }),
  };
};
