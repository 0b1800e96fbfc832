import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether a host's player page tells the page when it plays (issue 56, item 3: watch time counts
 * only while the video really plays). YouTube's and Vimeo's players report it by postMessage, the
 * protocols their own script libraries speak (YouTube's IFrame API, Vimeo's player.js); they are
 * spoken here directly, so no script of theirs is loaded from their servers. Any other host does
 * not report: its time is not counted, and the screen says so.
 */
export type PlaybackHost = 'youtube' | 'vimeo';

export const playbackHostOf = (src: string): PlaybackHost | null => {
  try {
    const { hostname } = new URL(src);
    if (hostname === 'www.youtube.com' || hostname === 'www.youtube-nocookie.com') return 'youtube';
    if (hostname === 'player.vimeo.com') return 'vimeo';
  } catch {
    // Not an address: no host reports.
  }
  return null;
};

/** The player address that reports its playing state: YouTube needs `enablejsapi` and the page's origin; Vimeo reports by default. */
export const withPlaybackReports = (src: string, origin: string): string => {
  if (playbackHostOf(src) !== 'youtube') return src;
  const url = new URL(src);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', origin);
  return url.toString();
};

const parse = (data: unknown): Record<string, unknown> | null => {
  if (typeof data === 'string') {
    try {
      const value: unknown = JSON.parse(data);
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
};

/** YouTube's player states: 1 is playing (-1 unstarted, 0 ended, 2 paused, 3 buffering, 5 cued). */
const YOUTUBE_PLAYING = 1;

/**
 * What a player message says of playing: true, false, or undefined when it says nothing of it.
 * YouTube: `onStateChange` (info is the state) and `infoDelivery` (info.playerState).
 * Vimeo: the `play`/`playing` events, and `pause`, `ended`, `error`.
 */
export const playingFromMessage = (host: PlaybackHost, data: unknown): boolean | undefined => {
  const message = parse(data);
  if (!message) return undefined;
  if (host === 'youtube') {
    if (message.event === 'onStateChange' && typeof message.info === 'number') return message.info === YOUTUBE_PLAYING;
    const info = message.event === 'infoDelivery' || message.event === 'initialDelivery' ? parse(message.info) : null;
    if (info && typeof info.playerState === 'number') return info.playerState === YOUTUBE_PLAYING;
    if (message.event === 'onError') return false;
    return undefined;
  }
  if (message.event === 'play' || message.event === 'playing') return true;
  if (message.event === 'pause' || message.event === 'ended' || message.event === 'error') return false;
  return undefined;
};

/**
 * Follows a host's player in an iframe: asks it for its playing state when it loads, and calls
 * `onPlaying` with each change it reports. Messages count only from that iframe's window and its
 * host's origin. Returns the iframe's load handler.
 */
export const useEmbedPlayback = (
  frame: RefObject<HTMLIFrameElement | null>,
  src: string,
  onPlaying: ((playing: boolean) => void) | undefined,
): (() => void) => {
  const report = useRef(onPlaying);
  report.current = onPlaying;
  const host = onPlaying ? playbackHostOf(src) : null;

  useEffect(() => {
    if (!host) return undefined;
    const origin = new URL(src).origin;
    let last: boolean | null = null;
    const receive = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const playing = playingFromMessage(host, event.data);
      if (playing === undefined || playing === last) return;
      last = playing;
      report.current?.(playing);
    };
    window.addEventListener('message', receive);
    return () => {
      window.removeEventListener('message', receive);
      // A player that goes away stops playing.
      if (last) report.current?.(false);
    };
  }, [host, src, frame]);

  return () => {
    const target = frame.current?.contentWindow;
    if (!host || !target) return;
    const origin = new URL(src).origin;
    if (host === 'youtube') {
      target.postMessage(JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }), origin);
      target.postMessage(
        JSON.stringify({ event: 'command', func: 'addEventListener', args: ['onStateChange'], id: 1, channel: 'widget' }),
        origin,
      );
    } else {
      for (const value of ['play', 'playing', 'pause', 'ended', 'error']) target.postMessage({ method: 'addEventListener', value }, origin);
    }
  };
};
