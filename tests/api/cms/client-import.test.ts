import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientImportJobSchema, type ClientImportJob } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { cmsApi, logLines } from '../helpers/event-fixtures';
import { csv, xls, xlsx, xlsxParts, zip } from '../helpers/spreadsheets';
import { restartServer, sessionToken, startServer, withSettings, type TestServer } from '../helpers/strapi';

// The clients import (issue 11): every format, headers by synonym, the form's rules per row,
// insert or update by e-mail (a second import of the same file changes nothing), the report,
// the caps, a zip bomb, a corrupt file (nothing written), two imports in line, a restart half
// way (the committed batches stay whole; the job shows failed).
let server: TestServer;
let token: string;
const api = (...args: Parameters<ReturnType<typeof cmsApi>>) => cmsApi(server, () => token)(...args);
const CLIENT = 'api::client.client';
const importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-imports-'));

interface Workbook {
  xlsx: { load(data: Buffer): Promise<unknown>; writeBuffer(): Promise<ArrayBuffer> };
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  getWorksheet(name: string): { rowCount: number; getRow(n: number): { values: unknown[] } } | undefined;
}
const ExcelJS = createRequire(__filename)('exceljs') as { Workbook: new () => Workbook };

/** A valid CPF from its first nine digits. */
const cpf = (nine: string): string => {
  const digits = nine.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
};

const upload = (file: Buffer, name: string) =>
  server.request().post('/api/cms/v1/clients/upload').set('Authorization', `Bearer ${token}`).attach('excelFile', file, name);

const job = async (id: number): Promise<ClientImportJob> => {
  const res = await api('get', `/clients/imports/${id}`);
  expect(res.status).toBe(200);
  return clientImportJobSchema.parse(res.body.data);
};

/** Waits until a job is done or failed. */
const finished = async (id: number): Promise<ClientImportJob> => {
  for (let tries = 0; tries < 600; tries += 1) {
    const found = await job(id);
    if (found.status === 'done' || found.status === 'failed') return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not finish`);
};

const importFile = async (file: Buffer, name: string): Promise<ClientImportJob> => {
  const res = await upload(file, name);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.msg).toBe('clients.import.queued');
  return finished(res.body.data.id);
};

const clientCount = async () => Number(await server.strapi.db.query(CLIENT).count({}));
const clientByEmail = (email: string) =>
  server.strapi.db.query(CLIENT).findOne({ where: { email } }) as Promise<Record<string, unknown> | null>;

beforeAll(async () => {
  // Germany's 49 beside Brazil's 55 (SMS_COUNTRIES, decision 084): phones of other countries are rejected rows.
  server = await startServer('cms-client-import', { seed: false, env: { IMPORT_DIR: importDir, SMS_COUNTRIES: '55,49' } });
  const admin = await createStaff(server.strapi, { role: 'admin', email: 'importa@exemplo.com.br' });
  token = await sessionToken(server, 'staff', admin.id);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(importDir, { recursive: true, force: true });
});

const HEADER = ['Nome completo', 'E-MAIL', 'Celular', 'CPF', 'CEP', 'Endereço', 'Cidade', 'UF', 'Observação'];
const good = [
  [
    'Ana Souza',
    'Ana.Souza@Exemplo.com.br',
    '(11) 9 8765-4321',
    cpf('529982247'),
    '01310-100',
    'Av. Paulista, 1000',
    'sao paulo',
    'São Paulo',
    'vip',
  ],
  ['Bruno Lima', 'bruno@exemplo.com.br', '+55 21 99876-5432', '', '', '', 'Rio de Janeiro', 'RJ', ''],
  ['Carla Dias', 'carla@exemplo.com.br', '', '', '', '', '', '', ''],
];
const bad = [
  ['Davi Rocha', 'davi@exemplo.com.br', '', '111.111.111-11', '', '', '', '', ''],
  ['Eva Prado', '', '', '', '', '', '', '', ''],
  ['Fábio Reis', 'fabio@exemplo.com.br', '', '', '', '', 'Curitiba', 'SP', ''],
  ['Ana Outra', 'ana.souza@exemplo.com.br', '', '', '', '', '', '', ''],
];

describe('importing an XLSX', () => {
  let first: ClientImportJob;

  it('answers the job at once (202) and imports the valid rows, reporting each bad one with its row, column and key', async () => {
    first = await importFile(xlsx([HEADER, ...good, ...bad]), 'inscritos.xlsx');
    expect(first).toMatchObject({
      status: 'done',
      format: 'xlsx',
      fileName: 'inscritos.xlsx',
      total: 7,
      read: 7,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      rejected: 4,
    });
    expect(first.createdBy).toBe('Pessoa admin');
    expect(first.columns.map((column) => column.field)).toEqual([
      'name',
      'email',
      'phone',
      'cpf',
      'postalCode',
      'address',
      'city',
      'state',
    ]);
    expect(first.unknownColumns).toEqual(['Observação']);
    expect(first.rejects).toEqual([
      { row: 5, column: 'CPF', key: 'clients.error.invalidCpf', value: '111.111.111-11' },
      { row: 6, column: 'E-MAIL', key: 'clients.import.missingEmail', value: null },
      { row: 7, column: 'Cidade', key: 'clients.error.invalidCity', value: 'Curitiba' },
      { row: 8, column: 'E-MAIL', key: 'clients.import.duplicateEmail', value: 'ana.souza@exemplo.com.br' },
    ]);
    expect(await clientCount()).toBe(3);
    expect(await clientByEmail('ana.souza@exemplo.com.br')).toMatchObject({
      name: 'Ana Souza',
      cpf: '52998224725',
      postalCode: '01310100',
      state: 'SP',
      city: 'São Paulo',
      ddd: '11',
      phone: '987654321',
      password: null,
      listedInNetwork: false,
      networkShowEmail: false,
      language: 'pt',
    });
    expect(await clientByEmail('bruno@exemplo.com.br')).toMatchObject({ ddi: '55', ddd: '21', phone: '998765432', state: 'RJ' });
    // Written as the query engine writes a row: the back office reads it like any other client.
    const carla = (await clientByEmail('carla@exemplo.com.br')) as { id: number; documentId: string };
    expect(carla.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    const read = await api('get', `/clients/${carla.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ name: 'Carla Dias', language: 'pt', cpf: null });
    expect(Math.abs(Date.parse(read.body.data.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await logLines(server, 'clients.import')).toEqual([
      `Enviou a planilha "inscritos.xlsx" para importação (importação nº ${first.id}).`,
      `Importou a planilha "inscritos.xlsx" (importação nº ${first.id}): 3 clientes novos, 0 atualizados, 0 sem alteração, 4 linhas rejeitadas.`,
    ]);
  });

  it('imports the same file again without changing anything, and says so', async () => {
    const again = await importFile(xlsx([HEADER, ...good, ...bad]), 'inscritos.xlsx');
    expect(again).toMatchObject({ status: 'done', inserted: 0, updated: 0, unchanged: 3, rejected: 4 });
    expect(await clientCount()).toBe(3);
  });

  it('updates a client by e-mail whatever its case, and a blank cell erases nothing', async () => {
    const changed = await importFile(
      xlsx([
        ['Nome', 'Email', 'Telefone', 'CPF'],
        ['Ana Souza Prado', 'ANA.SOUZA@exemplo.com.br', '', ''],
      ]),
      'correcao.xlsx',
    );
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, rejected: 0 });
    expect(await clientByEmail('ana.souza@exemplo.com.br')).toMatchObject({
      name: 'Ana Souza Prado',
      cpf: '52998224725',
      phone: '987654321',
    });
  });

  it('lets an imported client enter the venue with the soft login at once', async () => {
    const res = await server.request().post('/auth/soft/login').send({ email: 'carla@exemplo.com.br' });
    expect(res.status).toBe(200);
  });

  it('reads an XLSX written by a real spreadsheet writer (exceljs), and takes a formula cell as the value saved with it', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Planilha1');
    sheet.addRow(['Name', 'Email', 'Phone', 'State', 'City']);
    sheet.addRow(['Gil Neto', 'gil@exemplo.com.br', 11987650000, 'MG', 'Belo Horizonte']);
    sheet.addRow([{ formula: 'A2&" Filho"', result: 'Gil Neto Filho' }, 'gil.filho@exemplo.com.br', null, 'mg', 'belo horizonte']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const done = await importFile(file, 'exportado.xlsx');
    expect(done).toMatchObject({ status: 'done', inserted: 2, rejected: 0 });
    expect(await clientByEmail('gil@exemplo.com.br')).toMatchObject({ ddd: '11', phone: '987650000', state: 'MG', city: 'Belo Horizonte' });
    expect(await clientByEmail('gil.filho@exemplo.com.br')).toMatchObject({ name: 'Gil Neto Filho' });
  });

  it('downloads the report of rejected rows as XLSX, with a formula-like cell neutralised', async () => {
    const done = await importFile(
      xlsx([
        ['Nome', 'Email'],
        ['=HYPERLINK("http://x","y")', 'nao-e-email'],
      ]),
      'ruim.xlsx',
    );
    expect(done).toMatchObject({ inserted: 0, rejected: 1 });
    const res = await server
      .request()
      .get(`/api/cms/v1/clients/imports/${done.id}/report`)
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="relatorio-importacao-${done.id}-ruim.xlsx"; filename*=UTF-8''relatorio-importacao-${done.id}-ruim.xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Buffer);
    const sheet = book.getWorksheet('Linhas rejeitadas');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Linha', 'Coluna', 'Valor', 'Problema']);
    expect(sheet?.getRow(2).values).toEqual([undefined, 2, 'Email', 'nao-e-email', 'Email inválido.']);
  });

  it('names the report after a file with accents in UTF-8 (RFC 6266), with a plain ASCII name for old clients', async () => {
    const done = await importFile(
      xlsx([
        ['Nome', 'Email'],
        ['Sem Email', ''],
      ]),
      'inscrições 2026.xlsx',
    );
    const res = await api('get', `/clients/imports/${done.id}/report`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="relatorio-importacao-${done.id}-inscricoes-2026.xlsx"; ` +
        `filename*=UTF-8''relatorio-importacao-${done.id}-inscri%C3%A7%C3%B5es-2026.xlsx`,
    );
  });
});

/** The heap's peak above its level after a full collection, sampled every 10 ms while `fn` runs (server and test share the process). */
const heapPeak = async (fn: () => Promise<unknown>): Promise<number> => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 10);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return Math.max(0, peak - base);
};

describe('a cell past IMPORT_MAX_CELL_KB (issue 47, item 10)', () => {
  it('rejects the row of a 64 MB cell and keeps the others, cutting the cell while it is read', async () => {
    // A shared string, as Excel writes text: 64 MB inflated from a zip of ~64 KB.
    const file = zip(
      xlsxParts([
        ['Nome', 'Email', 'Observação'],
        ['Ana Grande', 'ana.grande@exemplo.com.br', 'A'.repeat(64 * 1024 * 1024)],
        ['Bruno Certo', 'bruno.certo@exemplo.com.br', 'curta'],
      ]),
    );
    let done: ClientImportJob | undefined;
    const peak = await heapPeak(async () => {
      done = await importFile(file, 'celula-enorme.xlsx');
    });
    expect(done).toMatchObject({ status: 'done', inserted: 1, rejected: 1 });
    expect(done?.rejects).toEqual([{ row: 2, column: 'Observação', key: 'clients.import.cellTooLong', value: `${'A'.repeat(100)}…` }]);
    expect(await clientByEmail('ana.grande@exemplo.com.br')).toBeFalsy();
    expect(await clientByEmail('bruno.certo@exemplo.com.br')).toMatchObject({ name: 'Bruno Certo' });
    // The cell is never held whole: before, the heap grew by more than the cell (~140 MB).
    expect(peak).toBeLessThan(32 * 1024 * 1024);
  });

  it('cuts an inline string, and a CSV cell, at IMPORT_MAX_CELL_KB', async () => {
    await withSettings({ IMPORT_MAX_CELL_KB: '1' }, async () => {
      const row = (r: number, name: string, email: string, note: string) =>
        `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${name}</t></is></c><c r="B${r}" t="inlineStr"><is><t>${email}</t></is></c>` +
        `<c r="C${r}" t="inlineStr"><is><t>${note}</t></is></c></row>`;
      const sheet =
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        row(1, 'Nome', 'Email', 'Obs') +
        row(2, 'Carla Longa', 'carla.longa@exemplo.com.br', '&amp;'.repeat(1025)) +
        row(3, 'Davi Exato', 'davi.exato@exemplo.com.br', '&amp;'.repeat(1024)) +
        '</sheetData></worksheet>';
      const inline = await importFile(zip(xlsxParts([], sheet)), 'inline.xlsx');
      expect(inline).toMatchObject({ status: 'done', inserted: 1, rejected: 1 });
      expect(inline.rejects).toEqual([{ row: 2, column: 'Obs', key: 'clients.import.cellTooLong', value: `${'&'.repeat(100)}…` }]);
      expect(await clientByEmail('davi.exato@exemplo.com.br')).toBeTruthy();

      const text = await importFile(
        csv([
          ['Nome', 'Email', 'Obs'],
          ['Eva Longa', 'eva.longa@exemplo.com.br', 'b'.repeat(1025)],
          ['Fabio Curto', 'fabio.curto@exemplo.com.br', 'b'],
        ]),
        'longa.csv',
      );
      expect(text).toMatchObject({ status: 'done', inserted: 1, rejected: 1 });
      expect(text.rejects[0]).toMatchObject({ row: 2, column: 'Obs', key: 'clients.import.cellTooLong' });
    });
  });
});

describe('other formats', () => {
  it('reads a CSV in Windows-1252 with ";" (Brazilian Excel)', async () => {
    const done = await importFile(
      csv(
        [
          ['Nome', 'E-mail', 'Endereço', 'Cidade', 'Estado'],
          ['João Conceição', 'joao@exemplo.com.br', 'Rua São João, 5; fundos', 'São Paulo', 'SP'],
        ],
        { encoding: 'windows-1252' },
      ),
      'inscritos.csv',
    );
    expect(done).toMatchObject({ status: 'done', format: 'csv', inserted: 1 });
    expect(await clientByEmail('joao@exemplo.com.br')).toMatchObject({
      name: 'João Conceição',
      address: 'Rua São João, 5; fundos',
      city: 'São Paulo',
    });
  });

  it('reads a CSV in UTF-8 with a BOM and ",", whatever the file is called', async () => {
    const done = await importFile(
      csv(
        [
          ['name', 'email', 'ddi', 'phone'],
          ['Lúcia Müller', 'lucia@exemplo.com.br', '49', '1701234567'],
          ['Satélite', 'satelite@exemplo.com.br', '881', '612345678'],
        ],
        { separator: ',', bom: true },
      ),
      'lista.xlsx',
    );
    expect(done).toMatchObject({ status: 'done', format: 'csv', fileName: 'lista.csv', inserted: 1, rejected: 1 });
    expect(await clientByEmail('satelite@exemplo.com.br')).toBeFalsy();
    expect(await clientByEmail('lucia@exemplo.com.br')).toMatchObject({ name: 'Lúcia Müller', ddi: '49' });
  });

  it('reads an XLS (Excel 97–2003), a CPF that lost its leading zero included', async () => {
    const done = await importFile(
      xls([
        ['Nome', 'Email', 'CPF'],
        ['Marta Alves', 'marta@exemplo.com.br', Number(cpf('012345678'))],
      ]),
      'antigo.xls',
    );
    expect(done).toMatchObject({ status: 'done', format: 'xls', inserted: 1, rejected: 0 });
    expect(await clientByEmail('marta@exemplo.com.br')).toMatchObject({ cpf: cpf('012345678') });
  });
});

describe('files that are refused', () => {
  it('refuses at once what is not a spreadsheet, an empty file and a file above the size cap', async () => {
    const pdf = await upload(Buffer.from('%PDF-1.4\n1 0 obj\n'), 'planilha.xlsx');
    expect(pdf.status).toBe(400);
    expect(pdf.body.msg).toBe('clients.import.unsupported');
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'planilha.csv');
    expect(png.body.msg).toBe('clients.import.unsupported');
    const none = await api('post', '/clients/upload');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('upload.error.empty');
    await withSettings({ IMPORT_MAX_MB: '0.001' }, async () => {
      const big = await upload(
        csv([['Nome', 'Email'], ...Array.from({ length: 100 }, (_, i) => [`Pessoa ${i}`, `p${i}@exemplo.com.br`])]),
        'grande.csv',
      );
      expect(big.status).toBe(413);
      expect(big.body.msg).toBe('upload.error.tooLarge');
    });
  });

  const writesNothing = async (file: Buffer, name: string, key: string) => {
    const before = await clientCount();
    const done = await importFile(file, name);
    expect(done).toMatchObject({ status: 'failed', error: key, inserted: 0, updated: 0 });
    expect(await clientCount()).toBe(before);
  };

  it('writes nothing from a corrupt XLSX (cut half way)', async () => {
    const whole = xlsx([['Nome', 'Email'], ...Array.from({ length: 2000 }, (_, i) => [`Pessoa ${i}`, `corte${i}@exemplo.com.br`])]);
    await writesNothing(whole.subarray(0, Math.floor(whole.length * 0.6)), 'cortado.xlsx', 'clients.import.unreadable');
  });

  it('writes nothing from a file with more rows than allowed', async () => {
    await withSettings({ IMPORT_MAX_ROWS: '50' }, () =>
      writesNothing(
        csv([['Nome', 'Email'], ...Array.from({ length: 51 }, (_, i) => [`P ${i}`, `limite${i}@exemplo.com.br`])]),
        'muitas.csv',
        'clients.import.tooManyRows',
      ),
    );
  });

  it('stops a zip bomb: a sheet that inflates beyond the budget, and one whose declared size lies', async () => {
    await withSettings({ IMPORT_MAX_EXPANDED_MB: '1' }, async () => {
      const padding = ' '.repeat(3 * 1024 * 1024);
      const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${padding}</sheetData></worksheet>`;
      const honest = zip(xlsxParts([], sheet));
      expect(honest.length).toBeLessThan(20_000);
      await writesNothing(honest, 'bomba.xlsx', 'clients.import.expandsTooMuch');
      const lying = zip(
        xlsxParts([], sheet).map((entry) => (entry.name === 'xl/worksheets/sheet1.xml' ? { ...entry, declaredSize: 1000 } : entry)),
      );
      const before = await clientCount();
      const done = await importFile(lying, 'bomba2.xlsx');
      expect(done.status).toBe('failed');
      expect(['clients.import.unreadable', 'clients.import.expandsTooMuch']).toContain(done.error);
      expect(await clientCount()).toBe(before);
    });
  });

  it('fails a sheet without the Nome and Email columns, and one without rows', async () => {
    await writesNothing(
      csv([
        ['Produto', 'Preço'],
        ['Caneta', '3,00'],
      ]),
      'produtos.csv',
      'clients.import.noHeader',
    );
    await writesNothing(csv([['Nome', 'Email']]), 'vazia.csv', 'clients.import.empty');
  });
});

describe('the queue', () => {
  it('runs one import at a time: a second waits in line and says so; both finish and are listed', async () => {
    const rows = (prefix: string, length: number) =>
      csv([['Nome', 'Email'], ...Array.from({ length }, (_, i) => [`Fila ${i}`, `${prefix}${i}@exemplo.com.br`])]);
    // The first is long enough (about a second here) to still run when the second arrives: with
    // two short files sent at once, a loaded machine could finish the first before the second's
    // answer, and the second would be running, not waiting (CI, 2026-11-28).
    const a = await upload(rows('fila-a', 20_000), 'a.csv');
    const b = await upload(rows('fila-b', 3000), 'b.csv');
    expect([a.status, b.status]).toEqual([202, 202]);
    const second = b.body.data as ClientImportJob;
    expect(second.id).toBeGreaterThan(a.body.data.id);
    expect(second.status).toBe('queued');
    expect(second.queuePosition).toBe(1);
    const [doneA, doneB] = [await finished(a.body.data.id), await finished(b.body.data.id)];
    expect([doneA.inserted, doneB.inserted]).toEqual([20_000, 3000]);
    expect(
      new Date(doneA.startedAt ?? '') >= new Date(doneB.finishedAt ?? '') ||
        new Date(doneB.startedAt ?? '') >= new Date(doneA.finishedAt ?? ''),
    ).toBe(true);
    const list = await api('get', '/clients/imports?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBeGreaterThanOrEqual(2);
    expect(list.body.data.rows.map((row: ClientImportJob) => row.id)).toEqual([second.id, second.id - 1]);
    expect(fs.readdirSync(importDir)).toEqual([]);
  });

  it('does not count a job as ahead of itself when the queue took it between its upload and its answer', async () => {
    // The upload starts the queue and then counts what is ahead of the new job: by then the queue
    // may already have marked that same job running (PostgreSQL runs both queries at once).
    const { JOB_UID, queuePositionOf } = createRequire(__filename)(
      path.resolve(__dirname, '../../../cms/dist/src/api/client/import/jobs'),
    ) as typeof import('../../../cms/src/api/client/import/jobs');
    const taken = (await server.strapi.db.query(JOB_UID).create({
      data: { kind: 'clients', status: 'running', fileName: 'corrida.csv', format: 'csv', size: 1 },
    })) as { id: number };
    try {
      expect(await queuePositionOf(server.strapi, { id: taken.id, status: 'queued' })).toBe(0);
    } finally {
      await server.strapi.db.query(JOB_UID).delete({ where: { id: taken.id } });
    }
  });
});

describe('the search right after an import (decision 106)', () => {
  it('finds every imported client by a trigram search, and the clients written beside the import', async () => {
    // 12,000 rows: three batches, each indexed by one statement inside its transaction.
    const rows = Array.from({ length: 12_000 }, (_, i) => [`Trigrama ${i}`, `trigrama${i}@busca.com.br`]);
    const res = await upload(csv([['Nome', 'Email'], ...rows]), 'busca.csv');
    expect(res.status).toBe(202);
    const id = res.body.data.id as number;
    // Written by another path while the import runs: between its batches, or waiting for one.
    for (let tries = 0; tries < 2000 && (await job(id)).status === 'queued'; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const during = await api('post', '/clients', { name: 'Concorrente Quixotesco', email: 'concorrente@busca.com.br' });
    expect(during.status).toBe(201);
    expect(await finished(id)).toMatchObject({ status: 'done', inserted: 12_000 });
    const search = async (term: string) => (await api('get', `/clients?search=${encodeURIComponent(term)}&limit=5`)).body.data;
    expect(await search('rigrama 11999')).toMatchObject({ count: 1, rows: [{ name: 'Trigrama 11999' }] });
    expect(await search('trigrama5000@busca')).toMatchObject({ count: 1, rows: [{ email: 'trigrama5000@busca.com.br' }] });
    expect((await search('@busca.com')).count).toBe(12_001);
    expect(await search('uixotes')).toMatchObject({ count: 1, rows: [{ name: 'Concorrente Quixotesco' }] });
    // The row trigger is back: a client written after the import is found as well.
    expect((await api('post', '/clients', { name: 'Depois Zanzibar', email: 'depois@busca.com.br' })).status).toBe(201);
    expect(await search('anzib')).toMatchObject({ count: 1, rows: [{ name: 'Depois Zanzibar' }] });
    const strapi = server.strapi;
    if (strapi.db.dialect.client !== 'sqlite') return;
    const triggers = (await strapi.db.connection.raw(
      `select name from sqlite_master where type = 'trigger' and tbl_name = 'clients' order by name`,
    )) as Array<{ name: string }>;
    expect(triggers.map((row) => row.name)).toEqual(['clients_search_delete', 'clients_search_insert', 'clients_search_update']);
    const [{ indexed }] = (await strapi.db.connection.raw(`select count(*) as indexed from clients_search where clients_search match ?`, [
      '"busca.com"',
    ])) as Array<{ indexed: number }>;
    expect(indexed).toBe(12_002);
    // The index agrees with the table, row for row.
    await strapi.db.connection.raw(`insert into clients_search(clients_search, rank) values ('integrity-check', 1)`);
  });
});

describe('a restart half way', () => {
  it('keeps the batches already written whole, and shows the job failed instead of running forever', async () => {
    const file = csv([['Nome', 'Email'], ...Array.from({ length: 60_000 }, (_, i) => [`Queda ${i}`, `queda${i}@exemplo.com.br`])]);
    const res = await upload(file, 'queda.csv');
    expect(res.status).toBe(202);
    const id = res.body.data.id as number;
    let seen: ClientImportJob | undefined;
    for (let tries = 0; tries < 2000; tries += 1) {
      seen = await job(id);
      if (seen.status !== 'queued' && seen.read >= 5000) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(seen?.status).toBe('running');
    server = await restartServer(server);
    const after = await job(id);
    expect(after).toMatchObject({ status: 'failed', error: 'clients.import.interrupted' });
    expect(after.finishedAt).not.toBeNull();
    const written = Number(await server.strapi.db.query(CLIENT).count({ where: { email: { $startsWith: 'queda' } } }));
    expect(written % 5000).toBe(0);
    expect(written).toBeLessThan(60_000);
    // The batch cut by the restart rolled back whole, its dropped row trigger included (decision 106).
    expect((await api('get', '/clients?search=queda&limit=1')).body.data.count).toBe(written);
    expect(fs.readdirSync(importDir)).toEqual([]);
  });
});
