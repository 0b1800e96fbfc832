import path from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { ImportFailure, isBlankRow, numberText, type ReadLimits, type SheetRow, type Spreadsheet } from './reader';

/**
 * An XLSX read as a stream: the zip's central directory with yauzl (which checks every entry's
 * inflated size against the size it declares, and stops it there), the XML with saxes. Only the
 * workbook, its relations, the shared strings and the first sheet are opened. Before a byte is
 * inflated the sizes the directory declares for them must fit the expansion budget; while they
 * inflate the bytes are counted against it again (a zip bomb stops at the budget, never in
 * memory). Formulas are never evaluated: a formula cell gives the value the spreadsheet saved
 * with it, or nothing.
 */

const MAX_ENTRIES = 10_000;

const openZip = (filepath: string): Promise<yauzl.ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.open(filepath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(error ?? new Error('zip'));
      else resolve(zip);
    });
  });

const entriesOf = (zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> =>
  new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName.replace(/\\/g, '/').replace(/^\/+/, ''), entry);
      if (entries.size > MAX_ENTRIES) reject(new ImportFailure('clients.import.unreadable'));
      else zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });

const entryStream = (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error ?? new Error('entry')) : resolve(stream)));
  });

/** Bytes an XLSX's parts may still inflate to. */
interface Budget {
  left: number;
}

/** An element's name without its namespace prefix ('x:row' → 'row'). */
const local = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * saxes gathers a text node (and an attribute value, a comment, a CDATA section) whole in its
 * `text` field and hands it on only at the next tag: a sheet of one 450 MB cell held 450 MB there,
 * and ~930 MB of heap with the copies (issue 47, item 10). After each inflated piece (16 KB) the
 * gathered text is cut to `maxText` characters: the parser never holds more than that and a piece,
 * and a cell past the cap arrives with `maxText` characters, over it (saxes 6: the field is its
 * own, not typed; the reader's tests see the cut).
 */
const capGathered = (parser: SaxesParser, maxText: number): void => {
  const open = parser as unknown as { text?: unknown };
  if (typeof open.text === 'string' && open.text.length > maxText) open.text = open.text.slice(0, maxText);
};

/**
 * Parses one part of the zip: its text inflated piece by piece into a saxes parser; `handle`
 * sets the parser's handlers and `drain` takes what they collected after each piece (so the rows
 * of a sheet are handed on as they are read, not kept). A text gathered past `maxText` characters
 * is cut there (`capGathered`).
 */
async function* parsePart<T>(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: Budget,
  handle: (parser: SaxesParser) => void,
  drain: () => T[],
  maxText = Number.MAX_SAFE_INTEGER,
): AsyncGenerator<T> {
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw new ImportFailure('clients.import.unreadable');
  const parser = new SaxesParser();
  let failed: Error | undefined;
  parser.on('error', (error) => {
    failed = error;
  });
  handle(parser);
  const decoder = new TextDecoder('utf-8');
  const stream = await entryStream(zip, entry);
  try {
    for await (const chunk of stream) {
      budget.left -= (chunk as Buffer).length;
      if (budget.left < 0) throw new ImportFailure('clients.import.expandsTooMuch');
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      capGathered(parser, maxText);
      if (failed) throw new ImportFailure('clients.import.unreadable');
      yield* drain();
    }
    parser.write(decoder.decode());
    parser.close();
    if (failed) throw new ImportFailure('clients.import.unreadable');
    yield* drain();
  } catch (error) {
    if (error instanceof ImportFailure) throw error;
    // A truncated or corrupt deflate stream, a size that differs from the declared one.
    throw new ImportFailure('clients.import.unreadable');
  } finally {
    stream.destroy();
  }
}

/** The attributes of the first element named `name` of a small part (the workbook, its relations). */
const firstAttributes = async (
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: Budget,
  pick: (name: string, attributes: Record<string, string>) => boolean,
): Promise<Array<Record<string, string>>> => {
  const found: Array<Record<string, string>> = [];
  const parts = parsePart(
    zip,
    entry,
    budget,
    (parser) =>
      parser.on('opentag', (tag) => {
        const attributes = tag.attributes as Record<string, string>;
        if (pick(local(tag.name), attributes)) found.push(attributes);
      }),
    () => [] as never[],
  );
  for await (const _ of parts) void _;
  return found;
};

/**
 * The shared strings table: each `si`'s text (rich-text runs joined, phonetic runs left out),
 * cut at `maxChars + 1` characters (a longer cell is rejected, and never held whole).
 */
const sharedStrings = async (zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, budget: Budget, maxChars: number): Promise<string[]> => {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  const parts = parsePart(
    zip,
    entry,
    budget,
    (parser) => {
      parser.on('opentag', (tag) => {
        const name = local(tag.name);
        if (name === 'si') current = '';
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && phonetic === 0) inText = true;
      });
      parser.on('closetag', (tag) => {
        const name = local(tag.name);
        if (name === 'si') {
          strings.push(current ?? '');
          current = null;
        } else if (name === 'rPh') phonetic -= 1;
        else if (name === 't') inText = false;
      });
      const onText = (text: string) => {
        if (inText && current !== null && current.length <= maxChars) current += text.slice(0, maxChars + 1 - current.length);
      };
      parser.on('text', onText);
      parser.on('cdata', onText);
    },
    () => [] as never[],
    maxChars + 1,
  );
  for await (const _ of parts) void _;
  return strings;
};

/** 'B12' → 1 (the column of a cell reference); -1 when it has none. */
export const columnIndex = (reference: string | undefined): number => {
  if (!reference) return -1;
  let index = 0;
  let i = 0;
  for (; i < reference.length; i += 1) {
    const code = reference.charCodeAt(i);
    if (code >= 65 && code <= 90) index = index * 26 + (code - 64);
    else if (code >= 97 && code <= 122) index = index * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : index - 1;
};

/**
 * The rows of a sheet part as SheetRows (cells as text, holes filled with ''), blank rows left
 * out; a cell longer than `maxChars` is cut at `maxChars + 1` and its column listed in `longCells`.
 */
const sheetRows = (
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: Budget,
  strings: readonly string[],
  maxChars: number,
): AsyncGenerator<SheetRow> => {
  const ready: SheetRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let long: number[] = [];
  let column = 0;
  let type = 'n';
  let value: string | null = null;
  let collecting: 'v' | 't' | null = null;
  let inInline = false;
  let phonetic = 0;
  return parsePart(
    zip,
    entry,
    budget,
    (parser) => {
      parser.on('opentag', (tag) => {
        const name = local(tag.name);
        const attributes = tag.attributes as Record<string, string>;
        if (name === 'row') {
          const numbered = Number(attributes.r);
          rowNumber = Number.isInteger(numbered) && numbered > 0 ? numbered : rowNumber + 1;
          cells = [];
          long = [];
          column = 0;
        } else if (name === 'c' && cells) {
          const index = columnIndex(attributes.r);
          column = index >= 0 ? index : column;
          type = attributes.t ?? 'n';
          value = null;
        } else if (name === 'v' && cells) {
          collecting = 'v';
          value = '';
        } else if (name === 'is') inInline = true;
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && inInline && phonetic === 0) {
          collecting = 't';
          value ??= '';
        }
      });
      const onText = (text: string) => {
        if (collecting && value !== null && value.length <= maxChars) value += text.slice(0, maxChars + 1 - value.length);
      };
      parser.on('text', onText);
      parser.on('cdata', onText);
      parser.on('closetag', (tag) => {
        const name = local(tag.name);
        if (name === 'v' || name === 't') collecting = null;
        else if (name === 'is') inInline = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'c' && cells) {
          if (column < 16_384) {
            let text = '';
            if (value !== null) {
              if (type === 's') text = strings[Number(value)] ?? '';
              else if (type === 'inlineStr' || type === 'str' || type === 'd') text = value;
              else if (type === 'b') text = value === '1' ? 'VERDADEIRO' : 'FALSO';
              else if (type === 'e') text = '';
              else text = numberText(value);
            }
            while (cells.length < column) cells.push('');
            cells[column] = text;
            if (text.length > maxChars) long.push(column);
          }
          column += 1;
        } else if (name === 'row' && cells) {
          if (!isBlankRow(cells)) ready.push(long.length ? { row: rowNumber, cells, longCells: long } : { row: rowNumber, cells });
          cells = null;
        }
      });
    },
    () => ready.splice(0, ready.length),
    maxChars + 1,
  );
};

/** A row element's start tag, with or without a namespace prefix ('<row ', '<x:row>'). */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]{0,19}:)?row[\s>/]/g;
const CARRY = 32;

/** Counts the rows of a string of sheet XML whose start lies before `end`. */
const rowsBefore = (text: string, end: number): number => {
  let count = 0;
  ROW_TAG.lastIndex = 0;
  for (let match = ROW_TAG.exec(text); match && match.index < end; match = ROW_TAG.exec(text)) count += 1;
  return count;
};

/**
 * Counts a sheet's row elements while inflating it, without parsing the XML: the scan of a
 * 100,000-row sheet in a fraction of what parsing costs. The zip's own checks run in full (the
 * inflated size against the declared one and against the budget, a corrupt deflate stream); the
 * XML itself is parsed by the pass that imports.
 */
const countRows = async (zip: yauzl.ZipFile, entry: yauzl.Entry, budget: Budget, stopAbove: number): Promise<number> => {
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw new ImportFailure('clients.import.unreadable');
  const stream = await entryStream(zip, entry);
  let count = 0;
  let carry = '';
  try {
    for await (const chunk of stream) {
      budget.left -= (chunk as Buffer).length;
      if (budget.left < 0) throw new ImportFailure('clients.import.expandsTooMuch');
      const text = carry + (chunk as Buffer).toString('latin1');
      count += rowsBefore(text, text.length - CARRY);
      carry = text.slice(-CARRY);
      if (count > stopAbove) return count;
    }
    return count + rowsBefore(carry, carry.length);
  } catch (error) {
    if (error instanceof ImportFailure) throw error;
    throw new ImportFailure('clients.import.unreadable');
  } finally {
    stream.destroy();
  }
};

/** The path of a relation's target inside the zip ('worksheets/sheet1.xml' from xl/ → 'xl/worksheets/sheet1.xml'). */
export const partPath = (target: string, from = 'xl'): string =>
  target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(from, target));

interface Parts {
  zip: yauzl.ZipFile;
  sheet: yauzl.Entry;
  strings: yauzl.Entry | undefined;
}

/** Opens the zip and finds the first sheet and the shared strings; checks the declared sizes against the budget. */
const openParts = async (filepath: string, budget: Budget): Promise<Parts> => {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(filepath);
  } catch {
    throw new ImportFailure('clients.import.unreadable');
  }
  try {
    const entries = await entriesOf(zip);
    const workbook = entries.get('xl/workbook.xml');
    const relations = entries.get('xl/_rels/workbook.xml.rels');
    if (!workbook || !relations) throw new ImportFailure('clients.import.unreadable');
    const small = { left: Math.min(budget.left, 64 * 1024 * 1024) };
    const [sheetTag] = await firstAttributes(zip, workbook, small, (name) => name === 'sheet');
    const relationId = sheetTag ? Object.entries(sheetTag).find(([key]) => local(key) === 'id')?.[1] : undefined;
    const links = await firstAttributes(zip, relations, small, (name) => name === 'Relationship');
    const sheetLink = links.find((link) => link.Id === relationId);
    const stringsLink = links.find((link) => /\/sharedStrings$/.test(link.Type ?? ''));
    const sheet = sheetLink ? entries.get(partPath(sheetLink.Target)) : undefined;
    const strings = stringsLink ? entries.get(partPath(stringsLink.Target)) : entries.get('xl/sharedStrings.xml');
    if (!sheet) throw new ImportFailure('clients.import.unreadable');
    if (sheet.uncompressedSize + (strings?.uncompressedSize ?? 0) > budget.left) throw new ImportFailure('clients.import.expandsTooMuch');
    return { zip, sheet, strings };
  } catch (error) {
    zip.close();
    throw error instanceof ImportFailure ? error : new ImportFailure('clients.import.unreadable');
  }
};

/** An XLSX file's first sheet, as a Spreadsheet. */
export const xlsxSpreadsheet = (filepath: string, limits: ReadLimits): Spreadsheet => {
  let strings: string[] | undefined;
  return {
    async scan() {
      const budget = { left: limits.maxExpandedBytes };
      const { zip, sheet, strings: stringsEntry } = await openParts(filepath, budget);
      try {
        strings = await sharedStrings(zip, stringsEntry, budget, limits.maxCellChars);
        const count = await countRows(zip, sheet, budget, limits.maxRows + 1);
        if (count - 1 > limits.maxRows) throw new ImportFailure('clients.import.tooManyRows');
        return Math.max(0, count - 1);
      } finally {
        zip.close();
      }
    },
    async *rows() {
      const budget = { left: limits.maxExpandedBytes };
      const { zip, sheet, strings: stringsEntry } = await openParts(filepath, budget);
      try {
        strings ??= await sharedStrings(zip, stringsEntry, budget, limits.maxCellChars);
        yield* sheetRows(zip, sheet, budget, strings, limits.maxCellChars);
      } finally {
        zip.close();
      }
    },
  };
};
