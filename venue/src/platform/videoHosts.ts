import { DEFAULT_VIDEO_HOSTS } from '@plataforma/adapter/video';

/**
 * The video hosts this deployment allows (VIDEO_EMBED_HOSTS), as the server writes them into the
 * page's `<meta name="plataforma-video-hosts">`; the adapter's default where the meta is absent
 * (the Vite dev server). The page's CSP frame-src is built from the same list.
 */
export const videoHosts = (): readonly string[] => {
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="plataforma-video-hosts"]');
  const hosts = (meta?.content ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : DEFAULT_VIDEO_HOSTS;
};
