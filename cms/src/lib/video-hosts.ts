/** The video players a deployment allows (VIDEO_EMBED_HOSTS): the CSP's frame-src and the venue's sanitiser use the same list. */
export const DEFAULT_VIDEO_EMBED_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** The configured origins ('https://host' or a bare 'host', comma separated); the defaults when unset or blank. */
export const videoEmbedOrigins = (value: string | undefined): string[] => {
  const listed = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => (/^https?:\/\//i.test(item) ? item.replace(/\/+$/, '') : `https://${item}`));
  return listed.length > 0 ? listed : DEFAULT_VIDEO_EMBED_ORIGINS;
};

/** The host names of those origins (what the venue compares an iframe's address with). */
export const videoEmbedHosts = (value: string | undefined): string[] =>
  videoEmbedOrigins(value)
    .map((origin) => {
      try {
        return new URL(origin).hostname.toLowerCase();
      } catch {
        return '';
      }
    })
    .filter((host) => /^[a-z0-9.-]+$/.test(host));
