import fs from 'node:fs';
import { ImportFailure, type ReadLimits, type SheetRow, type Spreadsheet } from './reader';

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

/**
 * A streaming CSV parser (RFC 4180: quoted cells with "" for a quote, line breaks inside quotes,
 * CRLF, LF or CR between records): feed it text in pieces, take the records it completed.
 */
export class CsvParser {
  private cell = '';
  private record: string[] = [];
  private quoted = false;
  /** A quote was seen inside a quoted cell: the next character decides (another quote, or the end of the cell). */
  private quoteSeen = false;
  private lastWasCR = false;
  private started = false;

  constructor(private readonly separator: string) {}

  /** Parses a piece of text; answers the records it completed. */
  push(text: string): string[][] {
    const done: string[][] = [];
    const sep = this.separator;
    let cell = this.cell;
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            cell += '"';
            continue;
          }
          this.quoted = false;
          // fall through: the character after the closing quote
        } else if (char === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          cell += char;
          continue;
        }
      }
      if (char === '\n' && this.lastWasCR) {
        this.lastWasCR = false;
        continue;
      }
      this.lastWasCR = false;
      if (char === sep) {
        this.record.push(cell);
        cell = '';
        this.started = true;
      } else if (char === '\n' || char === '\r') {
        this.lastWasCR = char === '\r';
        this.record.push(cell);
        cell = '';
        done.push(this.record);
        this.record = [];
        this.started = false;
      } else if (char === '"' && cell === '') {
        this.quoted = true;
        this.started = true;
      } else {
        cell += char;
        this.started = true;
      }
    }
    this.cell = cell;
    return done;
  }

  /** The last record when the text did not end with a line break. */
  end(): string[][] {
    this.quoteSeen = false;
    this.quoted = false;
    if (!this.started && this.cell === '' && this.record.length === 0) return [];
    this.record.push(this.cell);
    const last = this.record;
    this.record = [];
    this.cell = '';
    this.started = false;
    return [last];
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

/** The records of a CSV file, decoded and split, the blank ones skipped; numbered from 1 (the header). */
async function* records(filepath: string, encoding: CsvEncoding, separator: string): AsyncGenerator<SheetRow> {
  const decoder = new TextDecoder(encoding);
  const parser = new CsvParser(separator);
  let row = 0;
  const out = function* (done: string[][]): Generator<SheetRow> {
    for (const cells of done) {
      row += 1;
      if (cells.length === 1 && cells[0].trim() === '') continue;
      yield { row, cells };
    }
  };
  for await (const chunk of fs.createReadStream(filepath, { highWaterMark: 256 * 1024 })) {
    yield* out(parser.push(decoder.decode(chunk as Buffer, { stream: true })));
  }
  yield* out(parser.push(decoder.decode()));
  yield* out(parser.end());
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
      yield* records(filepath, encoding, separator);
    },
  };
};
