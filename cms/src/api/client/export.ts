import { PassThrough, Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';
import ExcelJS from 'exceljs';
import { formatDateTime, type ClientExportFormat } from '@plataforma/adapter';
import type { FindParams } from '@plataforma/adapter/server';
import { CLIENT_COLUMNS, CLIENT_UID, type ClientRow } from './wire';

/** The columns of the exported file: the table's, with the CPF and the country code it hides. */
export const EXPORT_HEADER = [
  '#',
  'Nome',
  'Email',
  'CPF',
  'Código do país',
  'Telefone',
  'Endereço',
  'CEP',
  'Cidade',
  'Estado',
  'Criado em',
];

const BATCH = 1000;

/** '11987654321' → '(11) 9 8765-4321'; '1134567890' → '(11) 3456-7890'. */
const phoneText = (ddd: string | null, phone: string | null): string => {
  const all = `${ddd ?? ''}${phone ?? ''}`;
  if (!phone) return '';
  if (all.length === 11) return `(${all.slice(0, 2)}) ${all.slice(2, 3)} ${all.slice(3, 7)}-${all.slice(7)}`;
  if (all.length === 10) return `(${all.slice(0, 2)}) ${all.slice(2, 6)}-${all.slice(6)}`;
  return all;
};

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) is prefixed with `'`, which shows the text as typed (CSV injection, OWASP).
 */
export const neutralise = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One client as the export's cells (every text neutralised). */
export const exportCells = (row: ClientRow): [number, ...string[]] => [
  row.id,
  ...[
    row.name,
    row.email,
    row.cpf ?? '',
    row.ddi ?? '',
    phoneText(row.ddd, row.phone),
    row.address ?? '',
    row.postalCode ? `${row.postalCode.slice(0, 5)}-${row.postalCode.slice(5)}` : '',
    row.city ?? '',
    row.state ?? '',
    formatDateTime(row.createdAt),
  ].map(neutralise),
];

/** The clients a list's where and order select, every page of them, a batch at a time. */
async function* clientRows(strapi: Core.Strapi, params: Pick<FindParams, 'where' | 'orderBy'>): AsyncGenerator<ClientRow> {
  for (let offset = 0; ; offset += BATCH) {
    const rows = (await strapi.db
      .query(CLIENT_UID)
      .findMany({ where: params.where, orderBy: params.orderBy, select: CLIENT_COLUMNS, limit: BATCH, offset })) as ClientRow[];
    yield* rows;
    if (rows.length < BATCH) return;
  }
}

const csvField = (value: string | number): string => {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV as Brazilian Excel opens it: UTF-8 with a BOM, `;` between cells, CRLF between rows. */
async function* csvLines(rows: AsyncIterable<ClientRow>): AsyncGenerator<string> {
  yield `\uFEFF${EXPORT_HEADER.map(csvField).join(';')}\r\n`;
  for await (const row of rows) yield `${exportCells(row).map(csvField).join(';')}\r\n`;
}

/** XLSX written row by row with exceljs's streaming writer (decision 020): memory stays flat. */
const xlsxStream = (rows: AsyncIterable<ClientRow>, log: Core.Strapi['log']): PassThrough => {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Clientes');
  const write = async () => {
    sheet.addRow(EXPORT_HEADER).commit();
    for await (const row of rows) sheet.addRow(exportCells(row)).commit();
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => {
    log.error(`[clients] export failed: ${(error as Error).message}`);
    out.destroy(error as Error);
  });
  return out;
};

/** The export's body: a stream of the file in the format asked. */
export const exportStream = (strapi: Core.Strapi, format: ClientExportFormat, params: Pick<FindParams, 'where' | 'orderBy'>): Readable => {
  const rows = clientRows(strapi, params);
  return format === 'csv' ? Readable.from(csvLines(rows)) : xlsxStream(rows, strapi.log);
};
