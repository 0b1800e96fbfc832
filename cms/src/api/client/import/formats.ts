import type { ClientImportFormat } from '@plataforma/adapter';
import { csvSpreadsheet, isCsvHead } from './csv';
import type { ReadLimits, Spreadsheet } from './reader';
import { xlsSpreadsheet } from './xls';
import { xlsxSpreadsheet } from './xlsx';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Text files that are not tables: PDF, RTF, PostScript. */
const NOT_TABLES = ['%PDF', '{\\rtf', '%!PS'];

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * What a spreadsheet is, from its first bytes (never its name): a zip is read as XLSX, a
 * compound file as XLS (Excel 97–2003), text as CSV; null for anything else.
 */
export const spreadsheetFormat = (head: Uint8Array): ClientImportFormat | null => {
  if (startsWith(head, ZIP)) return 'xlsx';
  if (startsWith(head, COMPOUND_FILE)) return 'xls';
  const start = Buffer.from(head.subarray(0, 8)).toString('latin1');
  if (NOT_TABLES.some((magic) => start.startsWith(magic))) return null;
  return isCsvHead(head) ? 'csv' : null;
};

export const openSpreadsheet = (format: ClientImportFormat, filepath: string, limits: ReadLimits): Spreadsheet =>
  format === 'xlsx'
    ? xlsxSpreadsheet(filepath, limits)
    : format === 'xls'
      ? xlsSpreadsheet(filepath, limits)
      : csvSpreadsheet(filepath, limits);
