/** How long the probe waits before it gives up saying nothing (a slow host is not an unreachable one). */
export const PROBE_TIMEOUT_MS = 8000;

/**
 * Whether a video player's host can be reached from this browser at all: a no-cors HEAD to its
 * origin (the CSP's connect-src admits https:) fails only when the network or the browser blocks
 * the host (offline, a firewall, an extension). The answer is opaque and never read; a timeout,
 * a relative or same-origin address and a bad address count as reachable, so only a real refusal
 * shows the message.
 */
export const hostAnswers = async (src: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> => {
  let origin: string;
  try {
    origin = new URL(src, window.location.href).origin;
  } catch {
    return true;
  }
  if (origin === window.location.origin || !origin.startsWith('https:')) return true;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    await fetch(`${origin}/`, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return true;
  } catch {
    return timedOut;
  } finally {
    clearTimeout(timer);
  }
};

/** The host's name as a visitor reads it ('www.youtube.com'). */
export const hostOf = (src: string): string => {
  try {
    return new URL(src, window.location.href).host;
  } catch {
    return src;
  }
};
