import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block } from '@plataforma/adapter';
import { RichText, safeHref } from './RichText';

describe('RichText (the blocks of a site page)', () => {
  it('draws headings one level under the title, marks, lists and safe links', () => {
    const blocks: Block[] = [
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Conta' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Forte', bold: true, italic: true },
          { type: 'link', url: 'https://exemplo.com.br', children: [{ type: 'text', text: 'site' }] },
          { type: 'link', url: '/contato', children: [{ type: 'text', text: 'contato' }] },
        ],
      },
      {
        type: 'list',
        format: 'ordered',
        children: [
          { type: 'list-item', children: [{ type: 'text', text: 'um' }] },
          { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'dois' }] }] },
        ],
      },
    ];
    const { container } = render(<RichText blocks={blocks} />);
    expect(container.querySelector('h2')?.textContent).toBe('Conta');
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('em > strong')?.textContent).toBe('Forte');
    expect(container.querySelector('a[href="https://exemplo.com.br/"]')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('a[href="/contato"]')).not.toHaveAttribute('target');
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('ol ul li')?.textContent).toBe('dois');
  });

  it('keeps markup as text and never follows a script link', () => {
    const blocks: Block[] = [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '<img src=x onerror=alert(1)>' },
          { type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', text: 'clique' }] },
        ],
      },
    ];
    const { container } = render(<RichText blocks={blocks} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('clique');
  });

  it('follows only http(s), mailto and this site’s paths', () => {
    expect(safeHref('mailto:contato@exemplo.com.br')).toBe('mailto:contato@exemplo.com.br');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'nada'])
      expect(safeHref(bad), bad).toBeNull();
  });
});
