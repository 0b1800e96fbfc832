import { PassThrough } from 'node:stream';
import type { Core } from '@strapi/strapi';
import ExcelJS from 'exceljs';
import type { ImportReject } from '@plataforma/adapter';
import { referencePack } from '../../language-pack/reference';
import { neutralise } from '../export';

/** A message key's text in the built-in PT pack (the one uploads are checked against), or the key itself. */
export const ptText = (key: string): string => {
  let node: unknown = referencePack();
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : key;
};

export const REPORT_HEADER = ['Linha', 'Coluna', 'Valor', 'Problema'];

/**
 * An import's report as XLSX: every rejected row the job kept (row, column, cell, problem in
 * Portuguese), cells neutralised as in the export; a last line says how many more were rejected
 * when the job kept fewer than it rejected.
 */
export const reportStream = (rejects: readonly ImportReject[], rejected: number, log: Core.Strapi['log']): PassThrough => {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Linhas rejeitadas');
  const write = async () => {
    sheet.addRow(REPORT_HEADER).commit();
    for (const reject of rejects)
      sheet.addRow([reject.row, neutralise(reject.column ?? ''), neutralise(reject.value ?? ''), ptText(reject.key)]).commit();
    const rows = new Set(rejects.map((reject) => reject.row)).size;
    if (rejected > rows) sheet.addRow(['', '', '', `E mais ${rejected - rows} linhas rejeitadas que este relatório não lista.`]).commit();
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => {
    log.error(`[imports] report failed: ${(error as Error).message}`);
    out.destroy(error as Error);
  });
  return out;
};
