import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { STAND_REPORT_FIGURES, formatDateTime, type StandReport, type StandReportFigure } from '@plataforma/adapter';
import { neutralise } from '../client/export';

/**
 * The exhibitor report as files an organiser sends to the sponsor (decision 049): CSV (the
 * summary, then the leads), XLSX (a sheet of each) and an A4 PDF. In Portuguese, as the clients
 * export is: the organisers and sponsors of the SPEC are Brazilian.
 */

export const FIGURE_LABELS: Record<StandReportFigure, string> = {
  visits: 'Visitas',
  uniqueVisitors: 'Visitantes únicos (identificados)',
  mediaOpened: 'Mídias abertas',
  documentsOpened: 'Documentos abertos',
  productClicks: 'Cliques em produtos',
  websiteClicks: 'Cliques no site',
  socialClicks: 'Cliques nas redes sociais',
  contacts: 'Contatos recebidos',
  chatsStarted: 'Chats iniciados',
  chatsAnswered: 'Chats respondidos',
  medianFirstResponseSeconds: 'Mediana da primeira resposta (s)',
  leads: 'Leads',
};

const CONSENT_LABELS = {
  contact: 'Pediu contato',
  chat: 'Autorizou no chat',
  network: 'Sala de networking',
  conversation: 'Conversou no chat (só o nome)',
} as const;

const TIER_LABELS: Record<string, string> = { master: 'MASTER', silver: 'PRATA', bronze: 'BRONZE' };
export const tierLabel = (type: string | null): string => (type ? (TIER_LABELS[type] ?? type.toUpperCase()) : 'sem nível');

const number = (value: number | null): string => (value === null ? '—' : String(value).replace('.', ','));
const periodText = (report: StandReport): string =>
  report.range.from || report.range.to
    ? `${report.range.from ? report.range.from.split('-').reverse().join('/') : 'início'} a ${report.range.to ? report.range.to.split('-').reverse().join('/') : 'hoje'}`
    : 'todo o período';

/** Whom the averages are of: the tier's other stands, or none when the stand is its tier's only one (decision 103). */
export const comparedText = (tierStands: number): string =>
  tierStands <= 1
    ? 'Único estande do nível: sem comparação'
    : `Comparado com ${tierStands - 1} outro(s) estande(s) do nível (este fora da média)`;

export const SUMMARY_HEADER = ['Indicador', 'Este estande', 'Média dos outros do nível'];
export const LEADS_HEADER = [
  'Nome',
  'E-mail',
  'Telefone',
  'Autorização',
  'Contatos',
  'Mensagens no chat',
  'Cliques',
  'Última interação',
  'Última mensagem',
];

/** The summary's rows: each figure with its tier average, then the breakdowns (count only). */
export const summaryRows = (report: StandReport): Array<Array<string | number>> => [
  ...STAND_REPORT_FIGURES.map((key) => [FIGURE_LABELS[key], report.figures[key].value ?? '', report.figures[key].tierAverage ?? '']),
  ['Leads identificados', report.leads.identified, ''],
  ['Leads anônimos (sem identificação)', report.leads.anonymous, ''],
  ...report.media.map((row) => [`Mídia: ${row.title ?? '(removida)'}`, row.count, '']),
  ...report.documents.map((row) => [`Documento: ${row.title ?? '(removido)'}`, row.count, '']),
  ...report.products.map((row) => [`Produto: ${row.title ?? '(removido)'}`, row.count, '']),
  ...report.social.map((row) => [`Rede social: ${row.network}`, row.count, '']),
];

export const leadRows = (report: StandReport): Array<Array<string | number>> =>
  report.leads.rows.map((lead) => [
    lead.name,
    lead.email ?? '',
    lead.phone ?? '',
    CONSENT_LABELS[lead.consent],
    lead.contacts,
    lead.chatMessages,
    lead.clicks,
    formatDateTime(lead.lastAt, report.event.timezone),
    lead.lastMessage ?? '',
  ]);

const cells = (row: Array<string | number>) => row.map((cell) => (typeof cell === 'string' ? neutralise(cell) : cell));

const csvField = (value: string | number): string => {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvLine = (row: Array<string | number>) => `${cells(row).map(csvField).join(';')}\r\n`;

/** CSV as Brazilian Excel opens it (BOM, `;`, CRLF, like the clients export): the summary, a blank line, the leads. */
export const reportCsv = (report: StandReport): string =>
  `\uFEFF${[
    csvLine(['Evento', report.event.name]),
    csvLine(['Estande', report.stand.name]),
    csvLine(['Período', periodText(report)]),
    '\r\n',
    csvLine(SUMMARY_HEADER),
    ...summaryRows(report).map(csvLine),
    '\r\n',
    csvLine(LEADS_HEADER),
    ...leadRows(report).map(csvLine),
  ].join('')}`;

/** XLSX with two sheets: 'Resumo' and 'Leads'. */
export const reportXlsx = async (report: StandReport): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const summary = book.addWorksheet('Resumo');
  summary.addRow(cells(['Evento', report.event.name]));
  summary.addRow(cells(['Estande', report.stand.name]));
  summary.addRow(cells(['Período', periodText(report)]));
  summary.addRow([]);
  summary.addRow(SUMMARY_HEADER);
  for (const row of summaryRows(report)) summary.addRow(cells(row));
  const leads = book.addWorksheet('Leads');
  leads.addRow(LEADS_HEADER);
  for (const row of leadRows(report)) leads.addRow(cells(row));
  return Buffer.from(await book.xlsx.writeBuffer());
};

// ---- PDF -------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** Helvetica writes WinAnsi only: a character outside it (an emoji in a name) is written as '?'. */
const printable = (font: PDFFont, text: string): string =>
  [...text]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');

/** Cuts a text to a width, with '…' when cut. */
const fit = (font: PDFFont, text: string, size: number, width: number): string => {
  let shown = printable(font, text);
  if (font.widthOfTextAtSize(shown, size) <= width) return shown;
  while (shown.length > 1 && font.widthOfTextAtSize(`${shown}…`, size) > width) shown = shown.slice(0, -1);
  return `${shown}…`;
};

/** The report as an A4 PDF: names, period, figures with the tier average, the leads, page numbers and when it was made. */
export const reportPdf = async (report: StandReport, now: Date = new Date()): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.setTitle(`Relatório do estande ${report.stand.name}`);
  doc.setCreator('Plataforma de eventos');
  doc.setCreationDate(now);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const text = (value: string, x: number, size = 10, face: PDFFont = font, width = A4[0] - MARGIN - x) => {
    page.drawText(fit(face, value, size, width), { x, y, size, font: face });
  };
  /** A new page when `height` no longer fits; true when one was added. */
  const ensure = (height: number): boolean => {
    if (y - height >= MARGIN + 24) return false;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    return true;
  };

  text(report.event.name, MARGIN, 11, font);
  y -= 22;
  text(`Relatório do estande ${report.stand.name}`, MARGIN, 18, bold);
  y -= 20;
  text(`Nível ${tierLabel(report.stand.type)} · Período: ${periodText(report)} · ${comparedText(report.tierStands)}`, MARGIN, 10);
  y -= 28;

  const columns = [MARGIN, 360, 460];
  const row = (values: string[], face: PDFFont = font) => {
    ensure(16);
    values.forEach((value, index) => text(value, columns[index], 10, face, (columns[index + 1] ?? A4[0] - MARGIN) - columns[index] - 8));
    y -= 16;
  };
  row(SUMMARY_HEADER, bold);
  for (const key of STAND_REPORT_FIGURES)
    row([FIGURE_LABELS[key], number(report.figures[key].value), number(report.figures[key].tierAverage)]);
  y -= 8;
  for (const [label, value] of summaryRows(report).slice(STAND_REPORT_FIGURES.length)) row([String(label), String(value), '']);

  y -= 16;
  ensure(40);
  text('Leads', MARGIN, 14, bold);
  y -= 18;
  text(
    `${report.leads.total} no total: ${report.leads.identified} com autorização para contato, ${report.leads.anonymous} sem autorização (contados, sem dados).`,
    MARGIN,
    9,
  );
  y -= 18;
  const leadColumns = [MARGIN, 170, 330, 420];
  const LEAD_HEADER = ['Nome', 'E-mail', 'Telefone', 'Autorização'];
  const leadRow = (values: string[], face: PDFFont = font) => {
    // A table that goes on to a new page repeats its header there.
    if (ensure(14) && face === font) leadRow(LEAD_HEADER, bold);
    values.forEach((value, index) =>
      text(value, leadColumns[index], 9, face, (leadColumns[index + 1] ?? A4[0] - MARGIN) - leadColumns[index] - 6),
    );
    y -= 14;
  };
  if (report.leads.rows.length === 0) {
    text('Nenhum lead com autorização para contato no período.', MARGIN, 9);
    y -= 14;
  } else {
    leadRow(LEAD_HEADER, bold);
    for (const lead of report.leads.rows) {
      leadRow([lead.name, lead.email ?? '', lead.phone ?? '', CONSENT_LABELS[lead.consent]]);
      // What they wrote last, on its own line under them (decision 105), cut to the page's width.
      if (lead.lastMessage) {
        if (ensure(12)) leadRow(LEAD_HEADER, bold);
        const written = lead.contacts + lead.chatMessages;
        const said = `Última mensagem${written > 1 ? ` (de ${written})` : ''}: ${lead.lastMessage.replace(/\s+/g, ' ')}`;
        page.drawText(fit(font, said, 8, A4[0] - 2 * MARGIN - 12), { x: MARGIN + 12, y: y + 2, size: 8, font, color: grey });
        y -= 12;
      }
    }
  }

  const generated = `Gerado em ${formatDateTime(now, report.event.timezone)} (${report.event.timezone})`;
  const pages = doc.getPages();
  pages.forEach((each, index) => {
    each.drawText(printable(font, generated), { x: MARGIN, y: MARGIN - 16, size: 8, font, color: grey });
    const label = `Página ${index + 1} de ${pages.length}`;
    each.drawText(label, { x: A4[0] - MARGIN - font.widthOfTextAtSize(label, 8), y: MARGIN - 16, size: 8, font, color: grey });
  });
  // Uncompressed objects: the text can be read back (and searched) by simple tools.
  return doc.save({ useObjectStreams: false });
};

/** 'relatorio-estande-vitalis-2026-05-10-a-2026-05-12.pdf': letters, digits and dashes only. */
export const reportFileName = (report: StandReport, format: string): string => {
  const slug =
    report.stand.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || `estande-${report.stand.id}`;
  const period = report.range.from || report.range.to ? `-${report.range.from ?? 'inicio'}-a-${report.range.to ?? 'hoje'}` : '';
  return `relatorio-estande-${slug}${period}.${format}`;
};
