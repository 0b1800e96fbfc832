import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../shared/i18n';
import { hostAnswers } from './reachable';
import { VideoBox, VideoFrame } from './VideoFrame';

const YOUTUBE = 'https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1';

const renderFrame = (src = YOUTUBE) =>
  render(
    <VideoBox>
      <VideoFrame source={{ kind: 'embed', src }} title="Abertura do congresso" />
    </VideoBox>,
  );

describe('a video host the browser cannot reach (issue 17)', () => {
  it('says so over the player and offers the video on its own site', async () => {
    const probe = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', probe);
    renderFrame();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'O vídeo não pôde ser carregado de www.youtube.com: a sua rede ou o seu navegador pode estar bloqueando esse site.',
    );
    expect(screen.getByRole('link', { name: 'Abrir o vídeo em www.youtube.com (nova aba)' })).toHaveAttribute('href', YOUTUBE);
    // Opaque over the frame: the browser's broken-frame glyph does not show through the text.
    expect(alert).toHaveStyle({ backgroundColor: 'rgb(21, 21, 21)' });
    // The player stays: the message only covers it.
    expect(screen.getByTitle('Abertura do congresso')).toHaveAttribute('src', YOUTUBE);
    expect(probe).toHaveBeenCalledWith('https://www.youtube.com/', expect.objectContaining({ method: 'HEAD', mode: 'no-cors' }));
  });

  it('shows nothing over a host that answers', async () => {
    const probe = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', probe);
    renderFrame();
    await waitFor(() => expect(probe).toHaveBeenCalled());
    await Promise.resolve();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never calls a slow host unreachable, nor probes this site or a bad address', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const slow = hostAnswers(YOUTUBE, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(slow).resolves.toBe(true);
    vi.useRealTimers();

    const probe = vi.fn();
    vi.stubGlobal('fetch', probe);
    await expect(hostAnswers('/uploads/video.mp4')).resolves.toBe(true);
    await expect(hostAnswers('http://[bad')).resolves.toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });
});
