import ExcelJS from 'exceljs';
import type { DashboardExportFormat, EventDashboard } from '@plataforma/adapter';

/** A text a spreadsheet would run as a formula is prefixed with `'` (CSV injection; as the clients export does). */
const neutralise = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One table of the event dashboard as exported: a sheet of the XLSX, a section of the CSV. */
export interface ExportTable {
  title: string;
  header: string[];
  rows: Array<Array<string | number | null>>;
}

const seconds = (value: number | null) => (value === null ? null : value);

/** The event dashboard's tables, as the screen shows them (Portuguese headers, like the clients export). */
export const dashboardTables = (data: EventDashboard): ExportTable[] => [
  {
    title: 'Resumo',
    header: [
      'Evento',
      'De',
      'Até',
      'Fuso',
      'Visitas',
      'Visitantes únicos',
      'Online agora',
      'Minutos assistidos',
      'Contatos',
      'Chats',
      'Participantes',
      'Na sala de networking',
      'Pedidos pagos',
      'Receita (R$)',
    ],
    rows: [
      [
        data.event.name,
        data.range.from,
        data.range.to,
        data.range.timeZone,
        data.totals.visits,
        data.totals.uniqueVisitors,
        data.totals.onlineNow,
        data.totals.watchMinutes,
        data.totals.contacts,
        data.totals.chats,
        data.network.attendees,
        data.network.optIns,
        data.sales.paidOrders,
        data.sales.revenue,
      ],
    ],
  },
  {
    title: 'Por dia',
    header: ['Dia', 'Visitas', 'Visitantes únicos'],
    rows: data.perDay.map((row) => [row.day, row.visits, row.uniqueVisitors]),
  },
  {
    title: 'Por hora',
    header: ['Hora', 'Visitas', 'Visitantes únicos'],
    rows: data.perHour.map((row) => [`${String(row.hour).padStart(2, '0')}h`, row.visits, row.uniqueVisitors]),
  },
  {
    title: 'Halls',
    // 'Nome': a room's or the event's name where the server has it (decision 103).
    header: ['Hall', 'Visitas', 'Visitantes únicos', 'Tempo (s)', 'Nome'],
    rows: data.halls.map((row) => [row.hall, row.visits, row.uniqueVisitors, row.seconds, row.name ?? null]),
  },
  {
    title: 'Estandes',
    header: ['Estande', 'Cota', 'Visitas', 'Visitantes únicos', 'Contatos', 'Chats', 'Mediana da primeira resposta (s)'],
    rows: data.stands.map((row) => [
      row.name,
      row.tier,
      row.visits,
      row.uniqueVisitors,
      row.contacts,
      row.chats,
      seconds(row.medianFirstResponseSeconds),
    ]),
  },
  {
    title: 'Palestras',
    header: ['Palestra', 'Sala', 'Pico simultâneo', 'Espectadores', 'Minutos', 'Média por espectador (min)'],
    rows: data.lectures.map((row) => [row.name, row.room, row.peakWatchers, row.watchers, row.minutes, row.averageMinutes]),
  },
  {
    title: 'Vendas por item',
    header: ['Item', 'Quantidade', 'Receita (R$)'],
    rows: data.sales.byItem.map((row) => [row.item, row.quantity, row.revenue]),
  },
  {
    title: 'Vendas por cupom',
    header: ['Cupom', 'Pedidos', 'Desconto (R$)', 'Receita (R$)'],
    rows: data.sales.byCoupon.map((row) => [row.coupon, row.orders, row.discount, row.revenue]),
  },
];

const cell = (value: string | number | null): string | number =>
  value === null ? '' : typeof value === 'string' ? neutralise(value) : value;

const csvField = (value: string | number): string => {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV as Brazilian Excel opens it (UTF-8 with a BOM, `;`, CRLF): each table under its title, a blank line between. */
export const dashboardCsv = (tables: ExportTable[]): string =>
  `\uFEFF${tables
    .map((table) =>
      [[table.title], table.header, ...table.rows].map((row) => row.map((value) => csvField(cell(value))).join(';')).join('\r\n'),
    )
    .join('\r\n\r\n')}\r\n`;

/** XLSX: one sheet per table. */
export const dashboardXlsx = async (tables: ExportTable[]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  for (const table of tables) {
    const sheet = book.addWorksheet(table.title);
    sheet.addRow(table.header);
    for (const row of table.rows) sheet.addRow(row.map(cell));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};

export const dashboardFile = async (data: EventDashboard, format: DashboardExportFormat): Promise<string | Buffer> => {
  const tables = dashboardTables(data);
  return format === 'csv' ? dashboardCsv(tables) : dashboardXlsx(tables);
};
