import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRecords, csvSpreadsheet, detectEncoding, detectSeparator, isCsvHead, looksLikeText } from './csv';
import { ImportFailure } from './reader';

/** The records of a text handed to the reader in `pieces` pieces (as a file's chunks come). */
const parse = async (text: string, separator = ';', pieces = 1): Promise<string[][]> => {
  const size = Math.ceil(text.length / pieces);
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  const out: string[][] = [];
  for await (const records of csvRecords(chunks, separator)) out.push(...records);
  return out;
};

describe('CSV parsing', () => {
  it('splits records on CRLF, LF or CR and cells on the separator', async () => {
    expect(await parse('a;b\r\nc;d\ne;f\rg;h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted cells with separators, line breaks and doubled quotes, whatever the pieces', async () => {
    const text = 'Nome;Endereço\r\n"Ana ""Nina"" Souza";"Rua A, 5; fundos\r\nBloco 2"\r\n"";x\r\n';
    const expected = [
      ['Nome', 'Endereço'],
      ['Ana "Nina" Souza', 'Rua A, 5; fundos\r\nBloco 2'],
      ['', 'x'],
    ];
    for (const pieces of [1, 3, 7, text.length]) expect(await parse(text, ';', pieces)).toEqual(expected);
  });

  it('keeps a quote in the middle of a cell as typed, and a last record without a line break', async () => {
    expect(await parse('5" tela;ok\nfim', ';')).toEqual([['5" tela', 'ok'], ['fim']]);
  });

  it('refuses a quote opened and never closed (a broken file, nothing imported) rather than take the rest as one cell', async () => {
    await expect(parse('Nome;Email\n"Ana;ana@x.com\nBia;bia@x.com\n')).rejects.toEqual(new ImportFailure('clients.import.unreadable'));
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

describe('a CSV file, read by encoding', () => {
  const rowsOf = async (bytes: Buffer) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-test-'));
    const file = path.join(dir, 'lista.csv');
    fs.writeFileSync(file, bytes);
    try {
      const sheet = csvSpreadsheet(file, { maxRows: 10, maxExpandedBytes: 1 << 20, maxCellChars: 32 * 1024 });
      const count = await sheet.scan();
      const rows = [];
      for await (const row of sheet.rows()) rows.push(row);
      return { count, rows };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const expected = {
    count: 2,
    rows: [
      { row: 1, cells: ['Nome', 'Observação'] },
      { row: 2, cells: ['João', '“Conceição” – 5 €'] },
      { row: 4, cells: ['Ana', 'ok'] },
    ],
  };
  const text = 'Nome;Observação\r\nJoão;“Conceição” – 5 €\r\n\r\nAna;ok\r\n';

  it('UTF-8 with its byte-order mark', async () => {
    expect(await rowsOf(Buffer.from(`\uFEFF${text}`, 'utf8'))).toEqual(expected);
  });

  it('UTF-16 (Excel’s “Texto Unicode”), by its byte-order mark', async () => {
    expect(await rowsOf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual(expected);
  });

  it('Windows-1252, its quotes, dash and euro included (not Latin-1)', async () => {
    const bytes = Buffer.from(
      text.replace(/[“”–€]/g, (c) => ({ '“': '\u0093', '”': '\u0094', '–': '\u0096', '€': '\u0080' })[c] as string),
      'latin1',
    );
    expect(await rowsOf(bytes)).toEqual(expected);
  });

  it('stops at the row cap while scanning', async () => {
    const many = Buffer.from(`Nome;Email\n${Array.from({ length: 12 }, (_, i) => `P${i};p${i}@x.com`).join('\n')}\n`);
    await expect(rowsOf(many)).rejects.toEqual(new ImportFailure('clients.import.tooManyRows'));
  });
});
