import { describe, expect, it } from 'vitest';
import { fileRef, imageSources, type FileRow } from './wire';

// A 1920×500 PNG as Strapi's upload plugin stores it: the original and the formats it generated.
const background: FileRow = {
  id: 7,
  url: '/uploads/fundo_a1.png',
  name: 'fundo.png',
  mime: 'image/png',
  size: 35.2,
  width: 1920,
  height: 500,
  formats: {
    large: { url: '/uploads/large_fundo_a1.png', width: 1000 },
    small: { url: '/uploads/small_fundo_a1.png', width: 500 },
    medium: { url: '/uploads/medium_fundo_a1.png', width: 750 },
    thumbnail: { url: '/uploads/thumbnail_fundo_a1.png', width: 245 },
  },
};

const expected = [
  { url: '/uploads/thumbnail_fundo_a1.png', width: 245 },
  { url: '/uploads/small_fundo_a1.png', width: 500 },
  { url: '/uploads/medium_fundo_a1.png', width: 750 },
  { url: '/uploads/large_fundo_a1.png', width: 1000 },
  { url: '/uploads/fundo_a1.png', width: 1920 },
];

describe('imageSources', () => {
  it('lists the formats and the original, narrowest first', () => {
    expect(imageSources(background)).toEqual(expected);
  });

  it('reads formats a driver handed back as JSON text', () => {
    expect(imageSources({ ...background, formats: JSON.stringify(background.formats) })).toEqual(expected);
    expect(imageSources({ ...background, formats: '{not json' })).toEqual([{ url: '/uploads/fundo_a1.png', width: 1920 }]);
  });

  it('is the original alone without formats (an SVG, a small picture), and empty without a width or a file', () => {
    expect(imageSources({ ...background, url: '/uploads/logo.svg', formats: null })).toEqual([{ url: '/uploads/logo.svg', width: 1920 }]);
    expect(imageSources({ ...background, width: null, formats: null })).toEqual([]);
    expect(imageSources(null)).toEqual([]);
    expect(imageSources(undefined)).toEqual([]);
  });

  it('skips formats without a URL or a width and keeps one source per width', () => {
    const tall: FileRow = {
      ...background,
      url: '/uploads/alto.png',
      width: 250,
      height: 1200,
      formats: {
        large: { url: '/uploads/large_alto.png', width: 208 },
        medium: { url: '/uploads/medium_alto.png', width: 250 },
        small: null,
        x: {},
      },
    };
    expect(imageSources(tall)).toEqual([
      { url: '/uploads/large_alto.png', width: 208 },
      { url: '/uploads/medium_alto.png', width: 250 },
    ]);
  });
});

describe('fileRef', () => {
  it('sends the sizes of an image file and none of a video or a PDF', () => {
    expect(fileRef(background)).toMatchObject({ id: 7, url: '/uploads/fundo_a1.png', width: 1920, sources: expected });
    expect(fileRef({ ...background, mime: 'video/mp4', width: null, height: null, formats: null })?.sources).toEqual([]);
    expect(fileRef({ ...background, mime: 'application/pdf', formats: { thumbnail: { url: '/x.png', width: 10 } } })?.sources).toEqual([]);
  });
});
