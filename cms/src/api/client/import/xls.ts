import fs from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { capCells, ImportFailure, isBlankRow, numberText, type ReadLimits, type SheetRow, type Spreadsheet } from './reader';

/**
 * A legacy Excel 97–2003 workbook (BIFF8 in a compound file), read with SheetJS Community
 * Edition 0.20.3 (the `@e965/xlsx` build of the registry: decision 021). The format holds at most
 * 65,536 rows and the upload is capped (IMPORT_MAX_MB), so the file is read whole; only values
 * are read (no formulas, styles or HTML), and a formula cell gives the value saved with it.
 */
const cellText = (cell: XLSX.CellObject | undefined): string => {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === 'e' || cell.t === 'z') return '';
  if (cell.t === 'n') return numberText(String(cell.v));
  if (cell.t === 'b') return cell.v ? 'VERDADEIRO' : 'FALSO';
  if (cell.t === 'd') return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v);
  return String(cell.v);
};

export const xlsSpreadsheet = (filepath: string, limits: ReadLimits): Spreadsheet => {
  let rows: SheetRow[] | undefined;
  const load = async (): Promise<SheetRow[]> => {
    if (rows) return rows;
    const bytes = await fs.readFile(filepath);
    let workbook: XLSX.WorkBook;
    try {
      workbook = XLSX.read(bytes, {
        type: 'buffer',
        dense: true,
        cellFormula: false,
        cellHTML: false,
        cellText: false,
        cellStyles: false,
        cellDates: false,
        bookVBA: false,
        // One row more than allowed (and the header) shows a file above the cap without reading it all.
        sheetRows: limits.maxRows + 2,
      });
    } catch {
      throw new ImportFailure('clients.import.unreadable');
    }
    if (workbook.bookType && workbook.bookType !== 'xls' && workbook.bookType !== 'biff8' && workbook.bookType !== 'biff5')
      throw new ImportFailure('clients.import.unreadable');
    const sheet = workbook.SheetNames.length ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
    if (!sheet) throw new ImportFailure('clients.import.unreadable');
    const data = (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
    const read: SheetRow[] = [];
    data.forEach((cells, index) => {
      if (!cells) return;
      const texts = Array.from({ length: cells.length }, (_, column) => cellText(cells[column]));
      if (!isBlankRow(texts)) read.push(capCells({ row: index + 1, cells: texts }, limits.maxCellChars));
    });
    rows = read;
    return read;
  };
  return {
    async scan() {
      const read = await load();
      if (read.length - 1 > limits.maxRows) throw new ImportFailure('clients.import.tooManyRows');
      return Math.max(0, read.length - 1);
    },
    async *rows() {
      yield* await load();
    },
  };
};
