import { describe, expect, it } from 'vitest';
import { blocksToText, textToBlocks } from './blocks-text';
import { blocksSchema, type Block, type InlineNode, type TextNode } from './contracts/site-page';

const text = (value: string, marks: Partial<TextNode> = {}): TextNode => ({ type: 'text', text: value, ...marks });
const paragraph = (...children: InlineNode[]): Block => ({ type: 'paragraph', children });
const roundTrip = (blocks: Block[]) => textToBlocks(blocksToText(blocks), blocks);

// The adapter is typed without Node's types (it runs in the browser too); the test reads the demo file with Node's fs.
declare const __dirname: string;
const nodeFs = 'node:fs';
const { readFileSync } = (await import(nodeFs)) as { readFileSync: (file: string, encoding: 'utf8') => string };

/** The demo's pages as the seed writes them (cms/src/seed: a heading level 2 and a paragraph per section). */
const demoPages = (): Record<string, { title: string; body: Block[] }> => {
  const file = `${__dirname}/../../database/demo/pages.json`;
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { title: string; sections: Array<[string, string]> }>;
  return Object.fromEntries(
    Object.entries(pages).map(([key, page]) => [
      key,
      {
        title: page.title,
        body: page.sections.flatMap(([heading, body]): Block[] => [
          { type: 'heading', level: 2, children: [text(heading)] },
          paragraph(text(body)),
        ]),
      },
    ]),
  );
};

describe('the demo pages', () => {
  it.each(Object.entries(demoPages()))('%s: blocks → text → blocks is the page, and its text reads back the same', (_key, page) => {
    const written = blocksToText(page.body);
    expect(written.split('\n\n')).toHaveLength(page.body.length);
    expect(written).toMatch(/^## /);
    expect(textToBlocks(written)).toEqual(page.body);
    expect(blocksToText(textToBlocks(written))).toBe(written);
  });

  it('reads the terms as an admin sees them in the editor', () => {
    const written = blocksToText(demoPages().terms.body);
    expect(written).toContain('## Seus dados\n\nTratamos os seus dados pessoais conforme a Lei Geral de Proteção de Dados (LGPD)');
  });
});

describe('each construct', () => {
  const cases: Array<[string, string, Block[]]> = [
    ['a paragraph, a line break kept inside it', 'Primeira linha\nsegunda linha', [paragraph(text('Primeira linha\nsegunda linha'))]],
    ['paragraphs apart', 'Um.\n\nDois.', [paragraph(text('Um.')), paragraph(text('Dois.'))]],
    ...([1, 2, 3, 4, 5, 6] as const).map((level): [string, string, Block[]] => [
      `a heading of level ${level}`,
      `${'#'.repeat(level)} Título`,
      [{ type: 'heading', level, children: [text('Título')] }],
    ]),
    [
      'an unordered list',
      '- um\n- dois',
      [
        {
          type: 'list',
          format: 'unordered',
          children: [
            { type: 'list-item', children: [text('um')] },
            { type: 'list-item', children: [text('dois')] },
          ],
        },
      ],
    ],
    [
      'an ordered list',
      '1. um\n2. dois',
      [
        {
          type: 'list',
          format: 'ordered',
          children: [
            { type: 'list-item', children: [text('um')] },
            { type: 'list-item', children: [text('dois')] },
          ],
        },
      ],
    ],
    [
      'an item of two lines',
      '- primeira\n  segunda',
      [{ type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('primeira\nsegunda')] }] }],
    ],
    ['a quote of two lines', '> Uma citação\n> em duas linhas', [{ type: 'quote', children: [text('Uma citação\nem duas linhas')] }]],
    [
      'a code block, blank lines and markers kept as they are',
      '```\nconst a = **1**;\n\n# não é título\n```',
      [{ type: 'code', children: [text('const a = **1**;\n\n# não é título')] }],
    ],
    ['a code block with its language', '```js\nx()\n```', [{ type: 'code', language: 'js', children: [text('x()')] }]],
    ['bold', '**negrito**', [paragraph(text('negrito', { bold: true }))]],
    ['italic', '*itálico*', [paragraph(text('itálico', { italic: true }))]],
    ['underline', '++sublinhado++', [paragraph(text('sublinhado', { underline: true }))]],
    ['strikethrough', '~~riscado~~', [paragraph(text('riscado', { strikethrough: true }))]],
    ['inline code', 'use `npm start`', [paragraph(text('use '), text('npm start', { code: true }))]],
    [
      'a link',
      'Veja [os termos](/termos).',
      [paragraph(text('Veja '), { type: 'link', url: '/termos', children: [text('os termos')] }, text('.'))],
    ],
    [
      'marks inside a link',
      '[**LGPD** completa](https://exemplo.com.br/lgpd)',
      [paragraph({ type: 'link', url: 'https://exemplo.com.br/lgpd', children: [text('LGPD', { bold: true }), text(' completa')] })],
    ],
    ['bold and italic together', '***ambos***', [paragraph(text('ambos', { bold: true, italic: true }))]],
    [
      'marks that change inside a word',
      '*a**b*****c**',
      [paragraph(text('a', { italic: true }), text('b', { bold: true, italic: true }), text('c', { bold: true }))],
    ],
  ];

  it.each(cases)('%s', (_name, written, blocks) => {
    expect(textToBlocks(written)).toEqual(blocks);
    expect(blocksToText(blocks)).toBe(written);
  });

  it('reads the other Markdown spellings of the same marks and lists', () => {
    expect(textToBlocks('_itálico_ e __negrito__')).toEqual([
      paragraph(text('itálico', { italic: true }), text(' e '), text('negrito', { bold: true })),
    ]);
    expect(textToBlocks('* um\n+ dois')).toEqual([
      {
        type: 'list',
        format: 'unordered',
        children: [
          { type: 'list-item', children: [text('um')] },
          { type: 'list-item', children: [text('dois')] },
        ],
      },
    ]);
    expect(textToBlocks('3) três')).toEqual([
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('três')] }] },
    ]);
    // A list or a heading right under a paragraph's line starts a block of its own.
    expect(textToBlocks('Itens:\n- um\n# Fim').map((block) => block.type)).toEqual(['paragraph', 'list', 'heading']);
  });

  it('keeps a nested list through a round trip, at its depth', () => {
    const nested: Block[] = [
      {
        type: 'list',
        format: 'ordered',
        children: [
          { type: 'list-item', children: [text('um')] },
          {
            type: 'list',
            format: 'unordered',
            indentLevel: 1,
            children: [
              { type: 'list-item', children: [text('um.a')] },
              { type: 'list', format: 'unordered', indentLevel: 2, children: [{ type: 'list-item', children: [text('fundo')] }] },
            ],
          },
          { type: 'list-item', children: [text('dois')] },
        ],
      },
    ];
    expect(blocksToText(nested)).toBe('1. um\n   - um.a\n     - fundo\n2. dois');
    expect(roundTrip(nested)).toEqual(nested);
  });

  it('keeps the page’s images as placeholder lines, their alt text editable, and makes no new ones', () => {
    const image: Block = {
      type: 'image',
      image: { url: '/uploads/foto_1.png', alternativeText: 'Foto do evento', width: 800, height: 600, name: 'foto.png', hash: 'foto_1' },
      children: [text('')],
    } as Block;
    const body: Block[] = [paragraph(text('Antes')), image, paragraph(text('Depois'))];
    const written = blocksToText(body);
    expect(written).toBe('Antes\n\n![Foto do evento](/uploads/foto_1.png)\n\nDepois');
    expect(textToBlocks(written, body)).toEqual(body);
    expect(textToBlocks(written.replace('Foto do evento', 'Palco principal'), body)[1]).toEqual({
      ...image,
      image: { ...(image as { image: object }).image, alternativeText: 'Palco principal' },
    });
    // An image the page does not have is not made: the line stays text (a link after a '!').
    const other = textToBlocks('![rastreador](https://outro.site/pixel.gif)', body);
    expect(other).toEqual([paragraph(text('!'), { type: 'link', url: 'https://outro.site/pixel.gif', children: [text('rastreador')] })]);
  });

  it('flattens what the text cannot hold, the same way every time', () => {
    const body: Block[] = [
      paragraph(text('')),
      { type: 'heading', level: 2, children: [text('Duas\nlinhas')] },
      paragraph(text('Um espaço em negrito ', { bold: true }), text('depois')),
      { type: 'code', children: [text('negrito', { bold: true }), text(' e simples')] },
    ];
    const written = blocksToText(body);
    expect(written).toBe('## Duas linhas\n\n**Um espaço em negrito** depois\n\n```\nnegrito e simples\n```');
    expect(blocksToText(textToBlocks(written))).toBe(written);
  });
});

describe('escaping', () => {
  const literal = (value: string) => [paragraph(text(value))];

  it.each([
    ['# não é título', '\\# não é título'],
    ['> não é citação', '\\> não é citação'],
    ['- não é lista', '\\- não é lista'],
    ['+ não é lista', '\\+ não é lista'],
    ['1. não é lista', '1\\. não é lista'],
    ['2021. Um ano', '2021\\. Um ano'],
    ['5 * 3 = 15', '5 \\* 3 = 15'],
    ['**não é negrito**', '\\*\\*não é negrito\\*\\*'],
    ['_não é itálico_', '\\_não é itálico\\_'],
    ['nome_do_arquivo.pdf', 'nome_do_arquivo.pdf'],
    ['C++ e ~~x~~', 'C\\+\\+ e \\~\\~x\\~\\~'],
    ['[não é link](x)', '\\[não é link\\](x)'],
    ['`não é código`', '\\`não é código\\`'],
    ['C:\\pasta\\', 'C:\\pasta\\\\'],
    ['![não é imagem](x)', '!\\[não é imagem\\](x)'],
    ['<b>tags</b> & entidades &amp;', '<b>tags</b> & entidades &amp;'],
  ])('%j is written %j and read back as that text', (value, written) => {
    expect(blocksToText(literal(value))).toBe(written);
    expect(textToBlocks(written)).toEqual(literal(value));
  });

  it('escapes a block marker at the start of every line of a paragraph and of a list item', () => {
    const body: Block[] = [
      paragraph(text('linha\n# dois\n  > três')),
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('um\n- dois')] }] },
    ];
    expect(blocksToText(body)).toBe('linha\n\\# dois\n  \\> três\n\n- um\n  \\- dois');
    expect(roundTrip(body)).toEqual(body);
  });

  it('writes inline code with a fence its text does not hold', () => {
    const body = [paragraph(text('a `b` c', { code: true }))];
    expect(blocksToText(body)).toBe('``a `b` c``');
    expect(roundTrip(body)).toEqual(body);
    const fenced: Block[] = [{ type: 'code', children: [text('```\ndentro\n```')] }];
    expect(blocksToText(fenced)).toBe('````\n```\ndentro\n```\n````');
    expect(roundTrip(fenced)).toEqual(fenced);
  });

  it('escapes a link’s address', () => {
    const body = [paragraph({ type: 'link', url: 'https://exemplo.com.br/a_(b)\\c?q[]=1', children: [text('x')] })];
    expect(blocksToText(body)).toBe('[x](https://exemplo.com.br/a_\\(b\\)\\\\c?q\\[\\]=1)');
    expect(roundTrip(body)).toEqual(body);
  });
});

describe('hostile input', () => {
  const allText = (blocks: Block[]): string =>
    blocks
      .flatMap((block) => (block.type === 'list' ? [] : (block.children ?? [])))
      .map((node) => (node.type === 'text' ? node.text : node.type === 'link' ? node.children.map((kid) => kid.text).join('') : ''))
      .join('');

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '**a *b ~~c ++d [e (f `g',
    '*** ___ ~~~ +++ ``` <!-- -->',
    ']]]] [[[[ )))) ((((',
  ])('%j becomes plain text nodes with every character kept', (input) => {
    const blocks = textToBlocks(input);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].type).toBe('paragraph');
    const nodes = (blocks[0] as { children: InlineNode[] }).children;
    expect(nodes).toEqual([text(input)]);
    expect(blocksSchema.safeParse(blocks).success).toBe(true);
  });

  it('reads a javascript: link as a link node whose address is data (the site draws it as text)', () => {
    expect(textToBlocks('[x](javascript:alert(1))')).toEqual([
      paragraph({ type: 'link', url: 'javascript:alert(1)', children: [text('x')] }),
    ]);
  });

  it('reads very long lines and long runs of markers quickly, without throwing', () => {
    const inputs = [
      'a'.repeat(200_000),
      '*'.repeat(100_000),
      'a* '.repeat(40_000),
      '*a '.repeat(40_000) + ' b*'.repeat(40_000),
      '['.repeat(50_000) + ']('.repeat(50_000),
      '[a]('.repeat(30_000),
      '`'.repeat(1_000) + ' ` `` ``` '.repeat(10_000),
      '~~a '.repeat(30_000) + 'b* '.repeat(30_000),
      '- '.repeat(50_000),
      `${'  '.repeat(5_000)}- fundo\n`.repeat(200),
      '> '.repeat(50_000),
      '#'.repeat(100_000),
      '\\'.repeat(100_000),
    ];
    for (const input of inputs) {
      const started = Date.now();
      const blocks = textToBlocks(input);
      expect(Date.now() - started, input.slice(0, 30)).toBeLessThan(3_000);
      expect(Array.isArray(blocks)).toBe(true);
      blocksToText(blocks);
    }
    expect(allText(textToBlocks('a'.repeat(200_000)))).toHaveLength(200_000);
  });

  it('never throws on odd values', () => {
    expect(textToBlocks('')).toEqual([]);
    expect(textToBlocks('\n\n  \n')).toEqual([]);
    expect(textToBlocks(undefined as unknown as string)).toEqual([]);
    expect(textToBlocks('a\r\nb\rc')).toEqual([paragraph(text('a\nb\nc'))]);
    expect(blocksToText(null)).toBe('');
    expect(blocksToText([{ type: 'html', value: '<b>' }, { type: 'paragraph' }, null, 3] as unknown as Block[])).toBe('');
  });
});

// Seeded pseudo-random cases: whatever the marks, the text reads back as the same characters with
// the same marks (spaces aside: a space at a formatted run's edge moves outside it), and reading it
// is a fixed point (text → blocks → text gives the same text).
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

interface Char {
  c: string;
  link: string | null;
  marks: string;
}

/** Each character of a run of inline nodes with its marks (a space keeps only `code`) and its link. */
const charsOf = (nodes: InlineNode[], link: string | null = null): Char[] =>
  nodes.flatMap((node) => {
    if (node.type === 'link') return charsOf(node.children, node.url);
    return [...node.text].map((c) => ({
      c,
      link,
      marks: (['bold', 'italic', 'underline', 'strikethrough', 'code'] as const)
        .filter((mark) => node[mark] && (mark === 'code' || /\S/.test(c)))
        .join(','),
    }));
  });

describe('random marks (seeded)', () => {
  const alphabet = ['a', 'b', 'é', '1', ' ', ' ', '*', '_', '~', '+', '#', '>', '-', '.', '[', ']', '(', ')', '\\', '`', '!', '<', ':'];
  const urls = ['https://exemplo.com.br/a', '/termos', 'https://x.com/a_(b)', 'mailto:a@b.c'];

  const inlineNodes = (next: () => number): InlineNode[] => {
    const textNode = (): TextNode => {
      const value = Array.from({ length: 1 + Math.floor(next() * 5) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      const node = text(value);
      for (const mark of ['bold', 'italic', 'underline', 'strikethrough'] as const) if (next() < 0.35) node[mark] = true;
      if (next() < 0.12) node.code = true;
      return node;
    };
    return Array.from({ length: 1 + Math.floor(next() * 6) }, (): InlineNode => {
      if (next() < 0.15)
        return {
          type: 'link',
          url: urls[Math.floor(next() * urls.length)],
          children: Array.from({ length: 1 + Math.floor(next() * 2) }, textNode),
        };
      return textNode();
    });
  };

  it('keeps every character and its marks through blocks → text → blocks (3000 paragraphs)', () => {
    const next = random(20260301);
    for (let n = 0; n < 3000; n += 1) {
      const nodes = inlineNodes(next);
      const written = blocksToText([paragraph(...nodes)]);
      if (!written.trim()) continue;
      const back = textToBlocks(written);
      const context = `${JSON.stringify(nodes)}\n→ ${JSON.stringify(written)}\n→ ${JSON.stringify(back)}`;
      expect(back, context).toHaveLength(1);
      expect(charsOf((back[0] as { children: InlineNode[] }).children), context).toEqual(charsOf(nodes));
      expect(blocksToText(back), context).toBe(written);
    }
  });

  it('reads any mix of markers to blocks that write back to text reading the same (2000 texts)', () => {
    const next = random(7);
    const pieces = [
      'a',
      'b ',
      ' ',
      '*',
      '**',
      '_',
      '__',
      '~~',
      '++',
      '`',
      '[',
      '](/x)',
      '\\',
      '# ',
      '> ',
      '- ',
      '1. ',
      '\n',
      '\n\n',
      '```\n',
      '  ',
    ];
    for (let n = 0; n < 2000; n += 1) {
      const input = Array.from({ length: 1 + Math.floor(next() * 14) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      const first = textToBlocks(input);
      const written = blocksToText(first);
      const again = textToBlocks(written);
      const context = `${JSON.stringify(input)}\n→ ${JSON.stringify(written)}`;
      expect(blocksToText(again), context).toBe(written);
      expect(blocksSchema.safeParse(first).success, context).toBe(true);
    }
  });
});
