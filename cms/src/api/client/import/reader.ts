import type { MessageKey } from '@plataforma/adapter';

/** A file the import cannot read (nothing is written): its message key says why. */
export class ImportFailure extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
    this.name = 'ImportFailure';
  }
}

/** A row of the sheet: its number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
  /**
   * Columns (0-based) whose cell was longer than IMPORT_MAX_CELL_KB: their text is cut to one
   * character past the cap while it is read, never held whole; the row is rejected.
   */
  longCells?: number[];
}

export interface ReadLimits {
  /** Data rows a file may hold (the header not counted). */
  maxRows: number;
  /** Bytes the parts of an XLSX may expand to (a zip bomb stops here). */
  maxExpandedBytes: number;
  /** Characters a cell may hold (IMPORT_MAX_CELL_KB × 1024); a longer one is cut past it and its row rejected. */
  maxCellChars: number;
}

/**
 * A spreadsheet read in two passes: `scan` reads the whole file without keeping it (a file that
 * cannot be read, or holds more rows than allowed, fails here, before anything is written) and
 * answers how many rows follow the header; `rows` then streams them, header first.
 */
export interface Spreadsheet {
  scan(): Promise<number>;
  rows(): AsyncGenerator<SheetRow>;
}

/** A number cell as the text a person typed: integers without exponent or decimals ('1.1912345678E10' → '11912345678'). */
export const numberText = (raw: string): string => {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw.trim();
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
  return String(value);
};

/** Whether every cell of a row is blank. */
export const isBlankRow = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/**
 * Cells longer than `maxChars` cut to `maxChars + 1` (still visibly too long) and their columns
 * listed: for the readers whose cells arrive whole (CSV and XLS, held to IMPORT_MAX_MB).
 */
export const capCells = (row: SheetRow, maxChars: number): SheetRow => {
  let long: number[] | undefined;
  row.cells.forEach((cell, column) => {
    if (cell.length <= maxChars) return;
    row.cells[column] = cell.slice(0, maxChars + 1);
    (long ??= []).push(column);
  });
  return long ? { ...row, longCells: long } : row;
};
