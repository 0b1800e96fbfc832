/**
 * Which peers may speak for the visitor through X-Forwarded-For / -Proto / -Host (TRUST_PROXY):
 * `false` (default) none; `true` a reverse proxy on this machine (loopback); or a comma-separated
 * list of the proxies' addresses. Any other peer's X-Forwarded-* headers are dropped before Koa
 * reads them, so a visitor cannot pick their own IP (rate limits, session rows) or fake HTTPS.
 */
export const trustedProxies = (value: string | undefined): readonly string[] => {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'no') return [];
  if (text === 'true' || text === '1' || text === 'yes') return ['127.0.0.1', '::1'];
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = list.find((address) => !/^[0-9a-f:.]+$/.test(address));
  if (bad) throw new Error(`TRUST_PROXY must be true, false or a comma-separated list of IP addresses; '${bad}' is not one.`);
  return list;
};

/** A socket's peer address without the IPv4-mapped IPv6 prefix ('::ffff:127.0.0.1' → '127.0.0.1'). */
export const peerAddress = (address: string | undefined): string => (address ?? '').replace(/^::ffff:/i, '').toLowerCase();

export const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip', 'forwarded'] as const;
