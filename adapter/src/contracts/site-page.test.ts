import { describe, expect, it } from 'vitest';
import { sitePageInputSchema, sitePageTextSchema } from './site-page';

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

describe('sitePageTextSchema (the back office editor’s form)', () => {
  it('turns the editor’s text into the blocks the server takes, and refuses an empty title', () => {
    expect(sitePageTextSchema().parse({ title: ' Sobre nós ', text: '## Quem somos\n\nUma **plataforma**.' })).toEqual({
      title: 'Sobre nós',
      body: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Quem somos' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Uma ' },
            { type: 'text', text: 'plataforma', bold: true },
            { type: 'text', text: '.' },
          ],
        },
      ],
    });
    expect(sitePageTextSchema().safeParse({ title: '  ', text: 'Texto' }).success).toBe(false);
    // A text node longer than the server takes is refused before it is sent.
    expect(sitePageTextSchema().safeParse({ title: 'T', text: 'a'.repeat(20_001) }).success).toBe(false);
  });
});
