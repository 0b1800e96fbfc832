import { describe, expect, it } from 'vitest';
import { lectureVideo, sanitizeEmbed, vimeoFromLastSegment, vimeoPlayer, youtubeEmbed } from './video';

describe('youtubeEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10s', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ&list=PL123&index=2', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ&feature=share', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ?t=42', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/live/aqz-KE-bpKQ', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'https://www.youtube.com/embed/aqz-KE-bpKQ'],
  ])('%s', (link, embed) => expect(youtubeEmbed(link)).toBe(embed));

  it.each(['https://www.youtube.com/playlist?list=PL123', 'https://example.com/watch?v=aqz-KE-bpKQ', 'javascript:alert(1)', 'youtube'])(
    'is null for %s',
    (link) => expect(youtubeEmbed(link)).toBeNull(),
  );
});

describe('vimeoPlayer', () => {
  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871?share=copy', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/abc123def0', 'https://player.vimeo.com/video/76979871?h=abc123def0'],
    ['https://player.vimeo.com/video/76979871?h=abc123', 'https://player.vimeo.com/video/76979871?h=abc123'],
  ])('%s', (link, player) => expect(vimeoPlayer(link)).toBe(player));

  it('is null for other hosts and pages without an id', () => {
    expect(vimeoPlayer('https://vimeo.com/about')).toBeNull();
    expect(vimeoPlayer('https://notvimeo.com/76979871')).toBeNull();
  });

  it('builds the player from the last path segment for the room-per-date modal', () => {
    expect(vimeoFromLastSegment('https://vimeo.com/showcase/9999/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(vimeoFromLastSegment('https://vimeo.com/about')).toBeNull();
  });
});

describe('sanitizeEmbed', () => {
  it('keeps an allowed iframe with its safe attributes only', () => {
    expect(
      sanitizeEmbed(
        '<div><iframe src="https://player.vimeo.com/video/1?h=2" width="640" height="360" style="x" allowfullscreen title="Aula"></iframe></div>',
      ),
    ).toEqual([{ src: 'https://player.vimeo.com/video/1?h=2', width: 640, height: 360, allowFullscreen: true, title: 'Aula' }]);
  });

  it.each([
    ['a javascript: source', '<iframe src="javascript:alert(1)"></iframe>'],
    ['an entity-encoded javascript: source', '<iframe src="&#106;avascript:alert(1)"></iframe>'],
    ['a host not on the list', '<iframe src="https://evil.example/embed/1"></iframe>'],
    ['a lookalike host', '<iframe src="https://www.youtube.com.evil.example/embed/1"></iframe>'],
    ['plain http', '<iframe src="http://www.youtube.com/embed/1"></iframe>'],
    ['a data: source', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['a srcdoc-only frame', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['a script', '<script>document.write(\'<iframe src="https://www.youtube.com/embed/x">\')</script>'],
    ['a commented frame', '<!-- <iframe src="https://www.youtube.com/embed/x"></iframe> -->'],
    ['credentials in the URL', '<iframe src="https://user:pw@www.youtube.com/embed/x"></iframe>'],
  ])('drops %s', (_, markup) => expect(sanitizeEmbed(markup)).toEqual([]));

  it('drops event handlers and other attributes from an allowed frame', () => {
    const [frame] = sanitizeEmbed(
      '<iframe onload="alert(1)" src="https://www.youtube.com/embed/x" srcdoc="<b>" sandbox=""></iframe><img src=x onerror=alert(1)>',
    );
    expect(frame).toEqual({ src: 'https://www.youtube.com/embed/x', title: null, width: null, height: null, allowFullscreen: false });
  });

  it('honours a deployment allow-list', () => {
    expect(sanitizeEmbed('<iframe src="https://www.youtube.com/embed/x"></iframe>', ['player.vimeo.com'])).toEqual([]);
  });
});

describe('lectureVideo', () => {
  it('autoplays links and embed markup, plays nothing otherwise', () => {
    expect(lectureVideo('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=1')).toEqual({
      kind: 'iframe',
      src: 'https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1&playsinline=1',
    });
    expect(lectureVideo('https://vimeo.com/76979871', undefined, { muted: true })).toEqual({
      kind: 'iframe',
      src: 'https://player.vimeo.com/video/76979871?autoplay=1&muted=1',
    });
    expect(lectureVideo('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toMatchObject({ kind: 'iframe' });
    expect(lectureVideo('<iframe src="https://evil.example/x"></iframe>')).toEqual({ kind: 'none' });
    expect(lectureVideo('https://example.com/video.mp4')).toEqual({ kind: 'none' });
    expect(lectureVideo(null)).toEqual({ kind: 'none' });
    expect(lectureVideo('https://www.youtube.com/watch?v=aqz-KE-bpKQ', ['player.vimeo.com'])).toEqual({ kind: 'none' });
  });
});
