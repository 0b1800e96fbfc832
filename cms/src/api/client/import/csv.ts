import fs from 'node:fs';
import { CsvError, parse, type Options } from 'csv-parse';
import { capCells, ImportFailure, type ReadLimits, type SheetRow, type Spreadsheet } from './reader';

/** How much of the file decides its encoding and separator. */
const HEAD_BYTES = 64 * 1024;

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'windows-1252';

/**
 * The encoding of a text file from its first bytes: UTF-16 by its byte-order mark (Excel's
 * "Texto Unicode"), UTF-8 when the bytes are valid UTF-8 (a sequence cut at the end of the
 * window is fine), else Windows-1252 (Excel's "CSV" on a Brazilian Windows).
 */
export const detectEncoding = (head: Uint8Array): CsvEncoding => {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
};

/** Whether decoded text looks like a table rather than a binary file: no NUL, few control characters. */
export const looksLikeText = (text: string): boolean => {
  if (text.includes('\u0000')) return false;
  // eslint-disable-next-line no-control-regex
  const controls = text.match(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g)?.length ?? 0;
  return controls <= text.length / 100;
};

/** The separator of the header line: the most frequent of ';', ',' and tab outside quotes (';' on a tie: Brazilian Excel's). */
export const detectSeparator = (text: string): string => {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ';';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
};

/** How long one record may grow (a quote never closed would otherwise take the rest of the file into one cell). */
const MAX_RECORD_CHARS = 1024 * 1024;

/**
 * csv-parse's reading of a table (RFC 4180: quoted cells with "" for a quote, line breaks inside
 * quotes): CRLF, LF or CR between records, even mixed in one file (Excel for Mac writes CR); a quote
 * inside an unquoted cell is text (5" tela); rows of any length (the header names the columns); a
 * blank line is a record (of one empty cell), so rows keep the numbers a spreadsheet shows.
 */
const parserOptions = (separator: string, encoding: BufferEncoding): Options => ({
  encoding,
  delimiter: separator,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_quotes: true,
  relax_column_count: true,
  bom: true,
  max_record_size: MAX_RECORD_CHARS,
});

/**
 * The records of CSV arriving in pieces (csv-parse, streaming): text, or bytes in `encoding`; given
 * piece by piece, as many as each piece completed (one turn of the event loop per piece, not per
 * record). A text csv-parse refuses (a quote opened and never closed, a record over
 * MAX_RECORD_CHARS) is an ImportFailure: nothing is written.
 */
export async function* csvRecords(
  pieces: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
  separator: string,
  encoding: BufferEncoding = 'utf8',
): AsyncGenerator<string[][]> {
  const parser = parse(parserOptions(separator, encoding));
  let done: string[][] = [];
  parser.on('data', (record: string[]) => done.push(record));
  const failed = new Promise<never>((_, reject) => parser.once('error', reject));
  failed.catch(() => {});
  const step = (write: (settled: (error?: Error | null) => void) => void) =>
    Promise.race([failed, new Promise<void>((resolve, reject) => write((error) => (error ? reject(error) : resolve())))]);
  const take = () => {
    const out = done;
    done = [];
    return out;
  };
  try {
    for await (const piece of pieces) {
      // The write's callback comes once the piece is parsed: its records have been handed over.
      await step((settled) => parser.write(piece, settled));
      if (done.length) yield take();
    }
    await step((settled) => parser.end(settled));
    if (done.length) yield take();
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFailure('clients.import.unreadable');
    throw error;
  } finally {
    parser.destroy();
  }
}

const readHead = async (filepath: string): Promise<Uint8Array> => {
  const handle = await fs.promises.open(filepath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** Whether a file's first bytes are those of a CSV the import can read (text in one of the encodings). */
export const isCsvHead = (head: Uint8Array): boolean => {
  const encoding = detectEncoding(head);
  const text = new TextDecoder(encoding).decode(head.subarray(0, Math.min(head.length, HEAD_BYTES)), { stream: true });
  return text.trim().length > 0 && looksLikeText(text);
};

/**
 * A file's pieces as csv-parse takes them: UTF-8 and UTF-16 as bytes (csv-parse decodes them, the
 * byte-order mark dropped), Windows-1252 decoded here (Node's Buffer encodings have no Windows-1252:
 * 'latin1' would turn its “ ” – € into control characters).
 */
const piecesOf = (filepath: string, encoding: CsvEncoding): { pieces: AsyncIterable<string | Buffer>; encoding: BufferEncoding } => {
  const stream = fs.createReadStream(filepath, { highWaterMark: 256 * 1024 });
  if (encoding !== 'windows-1252') return { pieces: stream, encoding: encoding === 'utf-8' ? 'utf8' : 'utf16le' };
  const decoded = async function* (): AsyncGenerator<string> {
    const decoder = new TextDecoder(encoding);
    for await (const chunk of stream) yield decoder.decode(chunk as Buffer, { stream: true });
    yield decoder.decode();
  };
  return { pieces: decoded(), encoding: 'utf8' };
};

/** The records of a CSV file, decoded and split, the blank ones skipped; numbered from 1 (the header). */
async function* records(filepath: string, encoding: CsvEncoding, separator: string): AsyncGenerator<SheetRow> {
  let row = 0;
  const { pieces, encoding: bytes } = piecesOf(filepath, encoding);
  for await (const batch of csvRecords(pieces, separator, bytes)) {
    for (const cells of batch) {
      row += 1;
      if (cells.length === 1 && cells[0].trim() === '') continue;
      yield { row, cells };
    }
  }
}

/** A CSV file (UTF-8, UTF-16 or Windows-1252; ';', ',' or tab), as a Spreadsheet. */
export const csvSpreadsheet = (filepath: string, limits: ReadLimits): Spreadsheet => {
  let settings: { encoding: CsvEncoding; separator: string } | undefined;
  const settle = async () => {
    if (settings) return settings;
    const head = await readHead(filepath);
    const encoding = detectEncoding(head);
    const text = new TextDecoder(encoding).decode(head, { stream: true });
    if (!looksLikeText(text)) throw new ImportFailure('clients.import.unreadable');
    settings = { encoding, separator: detectSeparator(text) };
    return settings;
  };
  return {
    async scan() {
      const { encoding, separator } = await settle();
      let count = 0;
      for await (const record of records(filepath, encoding, separator)) {
        if (record.cells.some((cell) => cell.includes('\u0000'))) throw new ImportFailure('clients.import.unreadable');
        count += 1;
        if (count - 1 > limits.maxRows) throw new ImportFailure('clients.import.tooManyRows');
      }
      return Math.max(0, count - 1);
    },
    async *rows() {
      const { encoding, separator } = await settle();
      // A CSV's cells arrive whole (the file is held to IMPORT_MAX_MB); one past IMPORT_MAX_CELL_KB rejects its row.
      for await (const record of records(filepath, encoding, separator)) yield capCells(record, limits.maxCellChars);
    },
  };
};
