import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps plain text as one part', () => {
    expect(linkify('Olá, tudo bem?')).toEqual([{ kind: 'text', text: 'Olá, tudo bem?' }]);
  });

  it('turns http(s) and www. addresses into links, punctuation outside', () => {
    expect(linkify('Veja https://vitalis.com.br/catalogo, e www.exemplo.com.br.')).toEqual([
      { kind: 'text', text: 'Veja ' },
      { kind: 'link', text: 'https://vitalis.com.br/catalogo', href: 'https://vitalis.com.br/catalogo' },
      { kind: 'text', text: ', e ' },
      { kind: 'link', text: 'www.exemplo.com.br', href: 'https://www.exemplo.com.br' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links another scheme, and HTML stays text', () => {
    expect(linkify('javascript:alert(1) data:text/html,x <b>oi</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x <b>oi</b>' },
    ]);
    expect(linkify('http://localhost')).toEqual([{ kind: 'text', text: 'http://localhost' }]);
  });
});
