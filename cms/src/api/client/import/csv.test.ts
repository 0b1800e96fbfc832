import { describe, expect, it } from 'vitest';
import { CsvParser, detectEncoding, detectSeparator, isCsvHead, looksLikeText } from './csv';

const parse = (text: string, separator = ';', pieces = 1): string[][] => {
  const parser = new CsvParser(separator);
  const out: string[][] = [];
  const size = Math.ceil(text.length / pieces);
  for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
  return [...out, ...parser.end()];
};

describe('CSV parsing', () => {
  it('splits records on CRLF, LF or CR and cells on the separator', () => {
    expect(parse('a;b\r\nc;d\ne;f\rg;h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted cells with separators, line breaks and doubled quotes, whatever the pieces', () => {
    const text = 'Nome;Endereço\r\n"Ana ""Nina"" Souza";"Rua A, 5; fundos\r\nBloco 2"\r\n"";x\r\n';
    const expected = [
      ['Nome', 'Endereço'],
      ['Ana "Nina" Souza', 'Rua A, 5; fundos\r\nBloco 2'],
      ['', 'x'],
    ];
    for (const pieces of [1, 3, 7, text.length]) expect(parse(text, ';', pieces)).toEqual(expected);
  });

  it('keeps a quote in the middle of a cell as typed, and a last record without a line break', () => {
    expect(parse('5" tela;ok\nfim', ';')).toEqual([['5" tela', 'ok'], ['fim']]);
  });

  it('finds the separator of the header line outside quotes (";" on a tie)', () => {
    expect(detectSeparator('Nome;Email;Cidade\na,b,c,d,e')).toBe(';');
    expect(detectSeparator('name,email,"a;b"\n')).toBe(',');
    expect(detectSeparator('Nome\tEmail\n')).toBe('\t');
    expect(detectSeparator('Nome\n')).toBe(';');
  });

  it('tells UTF-8 from Windows-1252 and UTF-16 by the bytes', () => {
    expect(detectEncoding(Buffer.from('João;Conceição', 'utf8'))).toBe('utf-8');
    expect(detectEncoding(Buffer.from('João;Conceição', 'latin1'))).toBe('windows-1252');
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x4e, 0x00]))).toBe('utf-16le');
    // A multi-byte character cut at the end of the window is still UTF-8.
    expect(detectEncoding(Buffer.from('Ação', 'utf8').subarray(0, 3))).toBe('utf-8');
  });

  it('takes text for a CSV and binary bytes for something else', () => {
    expect(isCsvHead(Buffer.from('Nome;Email\r\nAna;ana@x.com'))).toBe(true);
    expect(isCsvHead(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))).toBe(false);
    expect(isCsvHead(Buffer.from('   \r\n'))).toBe(false);
    expect(looksLikeText('a\u0001b\u0002c\u0003')).toBe(false);
  });
});
