import { describe, expect, it } from 'vitest';
import { sitePageInputSchema } from './site-page';

const body = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Uso da plataforma' }] },
  {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Leia ', bold: true },
      { type: 'link', url: 'https://exemplo.com.br', children: [{ type: 'text', text: 'aqui' }] },
    ],
  },
  { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'um' }] }] },
];

describe('sitePageInputSchema (the blocks of the stock editor, and nothing else)', () => {
  it('takes a title and the editor’s blocks', () => {
    expect(sitePageInputSchema.parse({ title: ' Termos ', body })).toEqual({ title: 'Termos', body });
  });

  it('refuses HTML-like nodes, unknown block types, a heading level 7 and an empty title', () => {
    for (const bad of [
      { title: 'T', body: [{ type: 'html', value: '<script>alert(1)</script>' }] },
      { title: 'T', body: [{ type: 'heading', level: 7, children: [] }] },
      { title: 'T', body: [{ type: 'paragraph', children: [{ type: 'raw', text: 'x' }] }] },
      { title: ' ', body },
    ])
      expect(sitePageInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
