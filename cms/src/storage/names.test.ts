import { describe, expect, it } from 'vitest';
import { displayName } from './index';

describe('displayName', () => {
  it.each([
    ['foto.jpg', '.jpg', 'foto.jpg'],
    ['contrato.pdf', '.png', 'contrato.png'],
    ['C:\\fakepath\\Relatório anual.pdf', '.pdf', 'Relatório anual.pdf'],
    ['../../etc/passwd', '.png', 'passwd.png'],
    ['a<b>:c|d?.jpg', '.jpg', 'abcd.jpg'],
    ['nome\u0000oculto.png', '.png', 'nomeoculto.png'],
    ['.htaccess', '.png', 'arquivo.png'],
    ['CON.jpg', '.jpg', 'arquivo.jpg'],
    ['', '.mp4', 'arquivo.mp4'],
    [null, '.pdf', 'arquivo.pdf'],
    ['  espaços  .png', '.png', 'espaços.png'],
  ])('%j with %s → %j', (original, ext, expected) => {
    expect(displayName(original, ext)).toBe(expected);
  });

  it('keeps at most 120 characters of the name', () => {
    expect(displayName(`${'a'.repeat(300)}.png`, '.png')).toBe(`${'a'.repeat(120)}.png`);
  });
});
