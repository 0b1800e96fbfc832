/**
 * Lecture video addresses (SPEC §2.4): YouTube watch links become embed links keeping only
 * what comes before the first '&'; Vimeo links become the player address; pasted embed
 * markup is kept only as sanitised iframes from allowed hosts.
 */

export const DEFAULT_VIDEO_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'] as const;

const YOUTUBE_ID = /^[\w-]{6,20}$/;

const parseUrl = (value: string): URL | null => {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};

/** The embed address of a YouTube link (watch, youtu.be, shorts, live, embed), or null. */
export const youtubeEmbed = (link: string): string | null => {
  // SPEC: only what comes before the first '&' is kept (drops &t=, &list=, &ab_channel=…).
  const url = parseUrl(link.split('&')[0]);
  if (!url) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, kind, value] = url.pathname.split('/');
    if (kind === 'watch') id = url.searchParams.get('v');
    else if (kind === 'embed' || kind === 'shorts' || kind === 'live' || kind === 'v') id = value ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
};

/** The player address of a Vimeo link (vimeo.com/123, /channels/x/123, player links), or null. */
export const vimeoPlayer = (link: string): string | null => {
  const url = parseUrl(link);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const id = [...segments].reverse().find((segment) => /^\d{5,12}$/.test(segment));
  if (!id) return null;
  // Private links carry a hash after the id (vimeo.com/123/abcdef): keep it as h=.
  const after = segments[segments.indexOf(id) + 1];
  const hash = url.searchParams.get('h') ?? (after && /^[\da-f]{6,20}$/i.test(after) ? after : null);
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}`;
};

/** The Vimeo player from the last path segment of a lecture link (room-per-date modal). */
export const vimeoFromLastSegment = (link: string): string | null => {
  const last = link.split('?')[0].split('/').filter(Boolean).pop();
  return last && /^\d{5,12}$/.test(last) ? `https://player.vimeo.com/video/${last}` : null;
};

export interface EmbedOptions {
  autoplay?: boolean;
  muted?: boolean;
}

const withPlayerParams = (src: string, { autoplay = true, muted = false }: EmbedOptions): string => {
  const url = new URL(src);
  if (autoplay) url.searchParams.set('autoplay', '1');
  if (muted) url.searchParams.set(url.hostname.includes('vimeo') ? 'muted' : 'mute', '1');
  if (url.hostname.includes('youtube')) url.searchParams.set('playsinline', '1');
  return url.toString();
};

export type LectureVideo = { kind: 'iframe'; src: string } | { kind: 'none' };

/**
 * What the lecture screen plays for a lecture's `videoId`: a YouTube or Vimeo link, or
 * embed markup reduced to its first allowed iframe. Anything else plays nothing.
 */
export const lectureVideo = (
  videoId: string | null | undefined,
  hosts: readonly string[] = DEFAULT_VIDEO_HOSTS,
  options: EmbedOptions = {},
): LectureVideo => {
  const value = (videoId ?? '').trim();
  if (!value) return { kind: 'none' };
  if (value.startsWith('<')) {
    const [frame] = sanitizeEmbed(value, hosts);
    return frame ? { kind: 'iframe', src: withPlayerParams(frame.src, options) } : { kind: 'none' };
  }
  const src = youtubeEmbed(value) ?? vimeoPlayer(value);
  if (!src) return { kind: 'none' };
  const host = new URL(src).hostname;
  return hosts.includes(host) ? { kind: 'iframe', src: withPlayerParams(src, options) } : { kind: 'none' };
};

export interface SafeFrame {
  src: string;
  title: string | null;
  width: number | null;
  height: number | null;
  allowFullscreen: boolean;
}

const decodeEntities = (value: string): string =>
  value
    .replace(/&#x([\da-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * Reduces pasted embed markup to its iframes whose `src` is an https address on an
 * allowed host. Only src, title, width, height and allowfullscreen survive: scripts,
 * event handlers, styles, srcdoc and every other tag are dropped. The caller renders the
 * result itself (never the original markup).
 */
export const sanitizeEmbed = (markup: string, hosts: readonly string[] = DEFAULT_VIDEO_HOSTS): SafeFrame[] => {
  const frames: SafeFrame[] = [];
  // Comments and script/style bodies can hide tag-looking text: remove them first.
  const cleaned = markup.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, '');
  const tags = cleaned.matchAll(/<iframe\b([^>]*)>/gi);
  for (const [, attributeText] of tags) {
    const attributes = new Map<string, string>();
    for (const [, name, double, single, bare] of attributeText.matchAll(ATTRIBUTE)) {
      const key = name.toLowerCase();
      if (!attributes.has(key)) attributes.set(key, decodeEntities(double ?? single ?? bare ?? ''));
    }
    // Browsers ignore control characters and spaces inside URLs ("java\tscript:"): so do we.
    const raw = [...(attributes.get('src') ?? '')].filter((char) => char.charCodeAt(0) > 0x20).join('');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' || !hosts.includes(url.hostname) || url.username || url.password) continue;
    const size = (name: string) => {
      const value = Number(attributes.get(name));
      return Number.isInteger(value) && value > 0 && value <= 4000 ? value : null;
    };
    frames.push({
      src: url.toString(),
      title: attributes.get('title')?.slice(0, 200) ?? null,
      width: size('width'),
      height: size('height'),
      allowFullscreen: attributes.has('allowfullscreen'),
    });
  }
  return frames;
};
