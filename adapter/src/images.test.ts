import { describe, expect, it } from 'vitest';
import { imageSourcesSchema } from './contracts/file';
import { pickSource, responsiveImage, sizes, srcSet } from './images';

// A 1920×500 hall background as the API sends it: Strapi's four formats and the original.
const background = imageSourcesSchema.parse([
  { url: '/uploads/thumbnail_fundo_a1.png', width: 245 },
  { url: '/uploads/small_fundo_a1.png', width: 500 },
  { url: '/uploads/medium_fundo_a1.png', width: 750 },
  { url: '/uploads/large_fundo_a1.png', width: 1000 },
  { url: '/uploads/fundo_a1.png', width: 1920 },
]);

describe('srcSet', () => {
  it('lists every size with its width descriptor, narrowest first', () => {
    expect(srcSet([...background].reverse())).toBe(
      '/uploads/thumbnail_fundo_a1.png 245w, /uploads/small_fundo_a1.png 500w, /uploads/medium_fundo_a1.png 750w, ' +
        '/uploads/large_fundo_a1.png 1000w, /uploads/fundo_a1.png 1920w',
    );
  });

  it('is undefined when there is no choice: no sources, one size, or none usable', () => {
    expect(srcSet(undefined)).toBeUndefined();
    expect(srcSet(null)).toBeUndefined();
    expect(srcSet([])).toBeUndefined();
    expect(srcSet([{ url: '/uploads/logo.svg', width: 1920 }])).toBeUndefined();
    expect(
      srcSet([
        { url: '', width: 500 },
        { url: '/uploads/a.png', width: 0 },
      ]),
    ).toBeUndefined();
  });

  it('keeps one candidate per width and escapes what would split a URL', () => {
    expect(
      srcSet([
        { url: 'https://cdn.exemplo.com.br/a b,c.png', width: 800 },
        { url: 'https://cdn.exemplo.com.br/small_a.png', width: 500 },
        { url: 'https://cdn.exemplo.com.br/other.png', width: 800 },
      ]),
    ).toBe('https://cdn.exemplo.com.br/small_a.png 500w, https://cdn.exemplo.com.br/a%20b%2Cc.png 800w');
  });
});

describe('sizes', () => {
  it('writes the media conditions narrowest first, then the default', () => {
    expect(sizes([[767, 'calc(100vw - 48px)']], '320px')).toBe('(max-width: 767px) calc(100vw - 48px), 320px');
    expect(
      sizes(
        [
          [1248, 'calc(100vw - 416px)'],
          [767, 'calc(100vw - 48px)'],
        ],
        '832px',
      ),
    ).toBe('(max-width: 767px) calc(100vw - 48px), (max-width: 1248px) calc(100vw - 416px), 832px');
    expect(sizes([], '100vw')).toBe('100vw');
  });
});

describe('responsiveImage', () => {
  it('gives src, srcSet and sizes when the image has several sizes', () => {
    expect(responsiveImage('/uploads/fundo_a1.png', background, '600px')).toEqual({
      src: '/uploads/fundo_a1.png',
      srcSet: srcSet(background),
      sizes: '600px',
    });
  });

  it('gives only src for an image without formats (a seeded SVG, an older answer)', () => {
    expect(responsiveImage('/uploads/logo.svg', [{ url: '/uploads/logo.svg', width: 1920 }], '600px')).toEqual({
      src: '/uploads/logo.svg',
    });
    expect(responsiveImage('/uploads/logo.svg', undefined, '600px')).toEqual({ src: '/uploads/logo.svg' });
  });
});

describe('pickSource', () => {
  it('takes the narrowest size at least as wide as asked', () => {
    expect(pickSource('/uploads/fundo_a1.png', background, 469)).toBe('/uploads/small_fundo_a1.png');
    expect(pickSource('/uploads/fundo_a1.png', background, 500)).toBe('/uploads/small_fundo_a1.png');
    expect(pickSource('/uploads/fundo_a1.png', background, 938)).toBe('/uploads/large_fundo_a1.png');
    expect(pickSource('/uploads/fundo_a1.png', background, 100)).toBe('/uploads/thumbnail_fundo_a1.png');
  });

  it('takes the widest when none is wide enough, and the URL when no size is known', () => {
    expect(pickSource('/uploads/fundo_a1.png', background, 3840)).toBe('/uploads/fundo_a1.png');
    expect(pickSource('/uploads/logo.svg', [], 300)).toBe('/uploads/logo.svg');
    expect(pickSource('/uploads/logo.svg', undefined, 300)).toBe('/uploads/logo.svg');
  });
});
