import { describe, expect, it } from 'vitest';
import type { Media } from '@plataforma/adapter';
import { brl, limitMedia } from './rules';

const media = (id: number, type: Media['type'], file = true): Media => ({
  id,
  standId: 1,
  title: `M${id}`,
  description: '',
  type,
  file: file ? { id, url: `/uploads/${id}`, name: `${id}`, mime: 'x', size: 1, width: null, height: null } : null,
});

const all = [
  media(1, 'VIDEO'),
  media(2, 'VIDEO'),
  media(3, 'VIDEO'),
  media(4, 'DOCUMENT'),
  media(5, 'DOCUMENT'),
  media(6, 'DOCUMENT'),
  media(7, 'IMAGE'),
  media(8, 'VIDEO', false),
];

describe('stand media by tier (SPEC §2.4, §9)', () => {
  it('shows MASTER stands every video and document that has a file', () => {
    const shown = limitMedia('master', all);
    expect(shown.videos.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(shown.documents.map((m) => m.id)).toEqual([4, 5, 6]);
    expect(shown.images.map((m) => m.id)).toEqual([7]);
  });

  it('shows other stands the first 2 videos and the first 2 documents', () => {
    for (const type of ['silver', 'bronze'] as const) {
      const shown = limitMedia(type, all);
      expect(shown.videos.map((m) => m.id)).toEqual([1, 2]);
      expect(shown.documents.map((m) => m.id)).toEqual([4, 5]);
    }
  });
});

describe('prices', () => {
  it('formats the wire amounts as reais', () => {
    expect(brl('1200.00')).toBe('R$ 1.200,00');
    expect(brl('0.50')).toBe('R$ 0,50');
  });
});
