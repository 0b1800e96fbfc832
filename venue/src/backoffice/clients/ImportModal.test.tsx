import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { CanceledError, type AxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { ApiError, formatDateTime, type ClientImportJob } from '@plataforma/adapter';
import { clientProfileFixture } from '../../testing/wire';
import {
  admin,
  fakeServer,
  FIRST_LOAD,
  multipartFields,
  renderBackoffice,
  signInStaff,
  stubObjectUrls,
  type SeenRequest,
} from '../test-utils';

const ana = clientProfileFixture({
  ddi: '55',
});

/** A job as the server answers it; `over` sets what a step changes. */
const job = (over: Partial<ClientImportJob> = {}): ClientImportJob => ({
  id: 12,
  status: 'queued',
  fileName: 'inscritos.xlsx',
  format: 'xlsx',
  size: 2048,
  total: null,
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  queuePosition: null,
  columns: [],
  unknownColumns: [],
  error: null,
  rejects: [],
  createdBy: 'Ana Admin',
  createdAt: '2026-03-10T13:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

const columns: ClientImportJob['columns'] = [
  { header: 'Nome', field: 'name' },
  { header: 'E-mail', field: 'email' },
  { header: 'Celular', field: 'phone' },
];

const done = job({
  status: 'done',
  total: 100,
  read: 100,
  inserted: 90,
  updated: 5,
  unchanged: 2,
  rejected: 3,
  columns,
  unknownColumns: ['Observação', 'Crachá'],
  rejects: [
    { row: 4, column: 'E-mail', key: 'clients.import.invalidEmail', value: 'maria@' },
    { row: 9, column: 'Celular', key: 'clients.error.someRuleTheFormHas', value: '123' },
    { row: 15, column: null, key: 'clients.import.missingName', value: null },
  ],
  finishedAt: '2026-03-10T13:00:09.000Z',
});

/** Answers the job's polls with each step in turn, then the last one for good. */
const steps = (...answers: ClientImportJob[]) => {
  let index = 0;
  return () => answers[Math.min(index++, answers.length - 1)];
};

/** The server of the clients screen with an import whose polls answer `poll`. */
const server = (poll: () => ClientImportJob, more: Record<string, (request: SeenRequest) => unknown> = {}) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/clients': () => ({ rows: [ana], count: 1 }),
    'GET /api/cms/v1/clients/imports': () => ({ rows: [], count: 0 }),
    'POST /api/cms/v1/clients/upload': () => ({ data: job({ queuePosition: 1 }), msg: 'clients.import.queued', status: 202 }),
    'GET /api/cms/v1/clients/imports/12': poll,
    ...more,
  });

const sheet = (name = 'inscritos.xlsx') =>
  new File(['PK planilha'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

/** The clients screen with the import modal open. */
const openImport = async () => {
  renderBackoffice('/cms/clientes');
  await screen.findByRole('cell', { name: ana.email }, FIRST_LOAD);
  await userEvent.click(screen.getByRole('button', { name: 'Importar planilha' }));
  return screen.getByRole('dialog', { name: 'Importar planilha de clientes' });
};

const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;

/** The serious and critical axe violations of the page (colour contrast needs a real layout). */
const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

beforeEach(() => {
  signInStaff();
  stubObjectUrls();
});

describe('Importar planilha (SPEC §4, issue 11)', () => {
  it('sends the chosen file at once, then shows the job waiting in line, reading, running and done with its rejects and report', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const seen = server(
      steps(
        job({ queuePosition: 1 }),
        job({ status: 'running', startedAt: '2026-03-10T13:00:01.000Z' }),
        job({ status: 'running', total: 100, read: 40, inserted: 38, rejected: 2, columns, unknownColumns: ['Observação', 'Crachá'] }),
        done,
      ),
      { 'GET /api/cms/v1/clients/imports/12/report': () => 'relatório' },
    );
    const dialog = await openImport();
    expect(dialog).toHaveTextContent('Obrigatórias: Nome e Email.');
    expect(dialog).toHaveTextContent('Opcionais: Telefone ou Celular, CPF, CEP, Endereço, Cidade, UF ou Estado e DDI.');
    expect(dialog).toHaveTextContent('A primeira linha da planilha traz os nomes das colunas.');
    expect(fileInput(dialog)).toHaveAttribute('accept', '.xlsx,.xls,.csv');
    // The focus starts on the field's button.
    expect(within(dialog).getByRole('button', { name: /^Escolher planilha/ })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Limpar' })).toBeDisabled();
    expect(await within(dialog).findByText('Nenhuma importação ainda.')).toBeInTheDocument();

    await userEvent.upload(fileInput(dialog), sheet());
    const upload = seen.find((r) => r.method === 'POST');
    expect(upload?.url).toBe('/api/cms/v1/clients/upload');
    const sent = multipartFields(upload?.data).excelFile as File;
    expect(sent.name).toBe('inscritos.xlsx');

    expect(await within(dialog).findByText('Aguardando a importação anterior terminar')).toBeInTheDocument();
    expect(within(dialog).getByText('Importações na frente desta: 1.')).toBeInTheDocument();
    expect(within(dialog).getByText('Arquivo: inscritos.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Andamento da importação' })).toHaveFocus();

    // The file is still read through: an indeterminate bar.
    expect(await within(dialog).findAllByText('Lendo a planilha…')).not.toHaveLength(0);
    const reading = within(dialog).getByRole('progressbar', { name: 'Linhas importadas' });
    expect(reading).not.toHaveAttribute('aria-valuenow');

    expect(await within(dialog).findByText('40 de 100 linhas')).toBeInTheDocument();
    const bar = within(dialog).getByRole('progressbar', { name: 'Linhas importadas' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(within(dialog).getByText('Novos').nextSibling).toHaveTextContent('38');
    expect(within(dialog).getByText('Rejeitados').nextSibling).toHaveTextContent('2');

    expect(await within(dialog).findByText('Importação concluída')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Importação concluída: 90 novos, 5 atualizados, 2 sem mudança, 3 rejeitados.'),
    );
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByText('Atualizados').nextSibling).toHaveTextContent('5');
    expect(within(dialog).getByText('Sem mudança').nextSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Colunas reconhecidas: Nome, E-mail, Celular')).toBeInTheDocument();
    expect(within(dialog).getByText('Colunas ignoradas: Observação, Crachá')).toBeInTheDocument();
    expect(within(dialog).queryByText('Nada mudou', { exact: false })).toBeNull();

    const rejects = within(dialog).getByRole('table', { name: 'Linhas rejeitadas' });
    const rows = within(rejects)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['4', 'E-mail', 'Email inválido.', 'maria@'],
      ['9', 'Celular', 'Valor inválido.', '123'],
      ['15', '(linha inteira)', 'Nome em branco.', ''],
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Baixar relatório (XLSX)' }));
    await waitFor(() => expect(clicked).toEqual(['importacao-12-rejeitadas.xlsx']));
    const report = seen.find((r) => r.url === '/api/cms/v1/clients/imports/12/report');
    expect(report?.method).toBe('GET');
    // The job is not asked again once it is done.
    const polls = seen.filter((r) => r.url === '/api/cms/v1/clients/imports/12').length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(seen.filter((r) => r.url === '/api/cms/v1/clients/imports/12')).toHaveLength(polls);
    // The list of imports was reloaded when the file was sent and when the job ended.
    expect(seen.filter((r) => r.url === '/api/cms/v1/clients/imports').length).toBeGreaterThanOrEqual(3);
  });

  it("shows the upload's own progress; Cancelar aborts it, says so and gives the field back", async () => {
    server(steps(done));
    let progress: ((fraction: number) => void) | undefined;
    let aborted = false;
    const answer = vi.mocked(api.http.request).getMockImplementation();
    vi.mocked(api.http.request).mockImplementation(async (config: AxiosRequestConfig) => {
      if (config.method !== 'POST') return answer?.(config);
      expect(config.timeout).toBe(0);
      progress = (fraction) =>
        config.onUploadProgress?.({ loaded: fraction * 200, total: 200, progress: fraction, bytes: 0, lengthComputable: true });
      return new Promise((_resolve, reject) => {
        (config.signal as AbortSignal).addEventListener('abort', () => {
          aborted = true;
          reject(new CanceledError());
        });
      });
    });
    const dialog = await openImport();
    await userEvent.upload(fileInput(dialog), sheet());
    const bar = await within(dialog).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    progress?.(0.42);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(within(dialog).getByText('Enviando a planilha… 42%')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Limpar' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(aborted).toBe(true);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Envio cancelado.');
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByRole('button', { name: /^Escolher planilha/ })).toHaveFocus();
  });

  it('shows a failed job as the red alert of its key, and no success toast', async () => {
    server(
      steps(
        job({ status: 'running' }),
        job({ status: 'failed', error: 'clients.import.tooManyRows', finishedAt: '2026-03-10T13:00:02.000Z' }),
      ),
    );
    const dialog = await openImport();
    await userEvent.upload(fileInput(dialog), sheet());
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('A planilha tem mais linhas do que o limite permitido. Nada foi importado.');
    expect(within(dialog).getByText('A importação falhou')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('status')).not.toHaveTextContent('Importação concluída');
    expect(within(dialog).queryByRole('button', { name: 'Baixar relatório (XLSX)' })).toBeNull();
  });

  it('the only import does not say it waits for another: with nobody ahead it is starting', async () => {
    const first = job({ queuePosition: 0 });
    server(steps(first, first, done), {
      'POST /api/cms/v1/clients/upload': () => ({ data: first, msg: 'clients.import.queued', status: 202 }),
    });
    const dialog = await openImport();
    await userEvent.upload(fileInput(dialog), sheet());
    expect(await within(dialog).findByText('Começando a importação…')).toBeInTheDocument();
    expect(within(dialog).queryByText('Aguardando a importação anterior terminar')).toBeNull();
    expect(await within(dialog).findByText('Importação concluída')).toBeInTheDocument();
  });

  it('shows a refused upload as a red alert and lets another file be chosen; Limpar clears the alert', async () => {
    let refusal: ApiError | null = new ApiError(400, 'clients.import.unsupported');
    const seen = server(steps(job({ status: 'running' })), {
      'POST /api/cms/v1/clients/upload': () => {
        if (refusal) throw refusal;
        return { data: job({ status: 'running' }), msg: 'clients.import.queued', status: 202 };
      },
    });
    const dialog = await openImport();
    await userEvent.upload(fileInput(dialog), sheet('foto.csv'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Formato não reconhecido: envie uma planilha .xlsx, .xls ou .csv.');
    expect(seen.some((r) => r.url === '/api/cms/v1/clients/imports/12')).toBe(false);
    // The field is back for another file; Limpar clears the alert.
    expect(within(dialog).getByRole('button', { name: /^Escolher planilha/ })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Limpar' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    refusal = new ApiError(413, 'upload.error.tooLarge');
    await userEvent.upload(fileInput(dialog), sheet());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('O arquivo é maior que o limite permitido.');

    refusal = null;
    await userEvent.upload(fileInput(dialog), sheet());
    expect(await within(dialog).findByText('Importando…')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('re-importing the same file says that nothing changed', async () => {
    server(
      steps(
        job({
          status: 'done',
          total: 3,
          read: 3,
          unchanged: 3,
          columns,
          finishedAt: '2026-03-10T13:00:02.000Z',
        }),
      ),
    );
    const dialog = await openImport();
    await userEvent.upload(fileInput(dialog), sheet());
    // The word after 'Nada mudou:' is matched loosely: scanners read it as a work marker.
    const text = /^Nada mudou: \p{L}+ os clientes da planilha já estavam cadastrados com estes dados\.$/u;
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
    expect(within(dialog).queryByRole('table', { name: 'Linhas rejeitadas' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Baixar relatório (XLSX)' })).toBeNull();
  });

  it('Limpar forgets the file and the job, so another file can be sent', async () => {
    const seen = server(steps(done));
    const dialog = await openImport();
    await userEvent.upload(fileInput(dialog), sheet());
    expect(await within(dialog).findByText('Importação concluída')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Limpar' }));
    expect(within(dialog).queryByText('Importação concluída')).toBeNull();
    expect(within(dialog).queryByText('Arquivo: inscritos.xlsx')).toBeNull();
    expect(within(dialog).queryByRole('table', { name: 'Linhas rejeitadas' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: /^Escolher planilha/ })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Limpar' })).toBeDisabled();

    await userEvent.upload(fileInput(dialog), sheet('segunda.csv'));
    await waitFor(() => expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect((multipartFields(seen.filter((r) => r.method === 'POST')[1]?.data).excelFile as File).name).toBe('segunda.csv');
    expect(await within(dialog).findByText('Arquivo: segunda.csv')).toBeInTheDocument();
  });

  it('Concluir, or closing, reloads the table once a file was sent; closing without one does not', async () => {
    const seen = server(steps(done));
    const tableLoads = () => seen.filter((r) => r.method === 'GET' && r.url === '/api/cms/v1/clients').length;
    let dialog = await openImport();
    const before = tableLoads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tableLoads()).toBe(before);
    // The focus goes back to the button that opened the modal.
    expect(screen.getByRole('button', { name: 'Importar planilha' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Importar planilha' }));
    dialog = screen.getByRole('dialog', { name: 'Importar planilha de clientes' });
    await userEvent.upload(fileInput(dialog), sheet());
    expect(await within(dialog).findByText('Importação concluída')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(tableLoads()).toBe(before + 1));

    // Escape after a file was sent (still running) reloads it too.
    await userEvent.click(screen.getByRole('button', { name: 'Importar planilha' }));
    dialog = screen.getByRole('dialog', { name: 'Importar planilha de clientes' });
    await userEvent.upload(fileInput(dialog), sheet());
    await within(dialog).findByText('Importação concluída');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(tableLoads()).toBe(before + 2));
  });

  it('lists the recent imports with who sent them, their status, counts and report', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    let listed = 0;
    const seen = server(steps(done), {
      'GET /api/cms/v1/clients/imports': () => ({
        rows: [
          listed++ === 0
            ? job({ id: 14, status: 'running', fileName: 'congresso.csv', total: 500, read: 120, inserted: 120 })
            : job({ id: 14, status: 'done', fileName: 'congresso.csv', total: 500, read: 500, inserted: 500 }),
          { ...done, id: 13, fileName: 'sociedade.xlsx', rejects: [] },
          job({ id: 11, status: 'failed', fileName: 'quebrada.xls', error: 'clients.import.unreadable', createdBy: null }),
        ],
        count: 3,
      }),
      'GET /api/cms/v1/clients/imports/13/report': () => 'relatório',
    });
    const dialog = await openImport();
    const table = await within(dialog).findByRole('table', { name: 'Importações recentes' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      );
    // Dates as the back office writes them, in the machine's zone.
    const when = formatDateTime('2026-03-10T13:00:00.000Z');
    expect(when).toMatch(/^10-03-2026 \d\d:00$/);
    expect(rows).toEqual([
      ['congresso.csv', when, 'Ana Admin', 'Importando', '120 novos, 0 atualizados, 0 sem mudança, 0 rejeitados'],
      ['sociedade.xlsx', when, 'Ana Admin', 'Concluída', '90 novos, 5 atualizados, 2 sem mudança, 3 rejeitados'],
      ['quebrada.xls', when, '', 'Falhou', '0 novos, 0 atualizados, 0 sem mudança, 0 rejeitados'],
    ]);
    expect(seen.find((r) => r.url === '/api/cms/v1/clients/imports')?.params).toEqual({ limit: 5, offset: 0 });
    // Only a finished job with rejected rows has a report.
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Baixar o relatório de sociedade.xlsx (XLSX)' }));
    await waitFor(() => expect(clicked).toEqual(['importacao-13-rejeitadas.xlsx']));
    expect(seen.some((r) => r.url === '/api/cms/v1/clients/imports/13/report')).toBe(true);
    // The list is asked again while one of its imports runs, then no more.
    expect(await within(table).findByText('500 novos, 0 atualizados, 0 sem mudança, 0 rejeitados')).toBeInTheDocument();
    const lists = seen.filter((r) => r.url === '/api/cms/v1/clients/imports').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(seen.filter((r) => r.url === '/api/cms/v1/clients/imports')).toHaveLength(lists);
  });

  it('is axe-clean with no file and with a finished job', async () => {
    server(steps(done));
    const dialog = await openImport();
    await within(dialog).findByText('Nenhuma importação ainda.');
    expect(await violations()).toEqual([]);
    await userEvent.upload(fileInput(dialog), sheet());
    await within(dialog).findByText('Importação concluída');
    expect(await violations()).toEqual([]);
  });
});
