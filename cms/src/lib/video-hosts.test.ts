import { describe, expect, it } from 'vitest';
import { DEFAULT_VIDEO_EMBED_ORIGINS, videoEmbedHosts, videoEmbedOrigins } from './video-hosts';

describe('VIDEO_EMBED_HOSTS', () => {
  it('defaults to YouTube and Vimeo when unset or blank', () => {
    expect(videoEmbedOrigins(undefined)).toEqual(DEFAULT_VIDEO_EMBED_ORIGINS);
    expect(videoEmbedOrigins(' , ')).toEqual(DEFAULT_VIDEO_EMBED_ORIGINS);
    expect(videoEmbedHosts(undefined)).toEqual(['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com']);
  });

  it('accepts origins and bare hosts, and drops what is not a host name', () => {
    expect(videoEmbedOrigins('https://player.vimeo.com/, fast.wistia.net')).toEqual([
      'https://player.vimeo.com',
      'https://fast.wistia.net',
    ]);
    expect(videoEmbedHosts('https://Player.Vimeo.com,fast.wistia.net,https://bad host')).toEqual(['player.vimeo.com', 'fast.wistia.net']);
  });
});
