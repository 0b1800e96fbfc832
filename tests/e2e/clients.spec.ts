import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, staffSignIn, visitorSignIn } from './helpers';

// Issue 11, as an organiser loads the attendees of a congress: the admin opens Clientes from the
// menu, imports a spreadsheet of 1,000 clients with 3 bad rows (watching its progress), downloads
// the report of the rejected rows, imports the same file again ('Nada mudou'), searches the table,
// edits one client through the masks, deletes two; then one of the imported clients enters the
// venue with the soft login (their e-mail only).

/** This run's mark in the e-mails: a retry (or another run on the same server) imports new clients. */
const run = Date.now().toString(36);

/** A valid CPF from its first nine digits (the check digits of the Receita Federal's rule). */
const cpf = (nine: string): string => {
  const digits = nine.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
};

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Íris', 'João'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa', 'Ribeiro', 'Almeida', 'Conceição'];
/** A capital of each state (first in the reference list), its area code and a CEP of it. */
const PLACES = [
  { state: 'SP', city: 'São Paulo', ddd: '11', cep: '01310-100' },
  { state: 'RJ', city: 'Rio de Janeiro', ddd: '21', cep: '20040-002' },
  { state: 'MG', city: 'Belo Horizonte', ddd: '31', cep: '30130-010' },
  { state: 'PR', city: 'Curitiba', ddd: '41', cep: '80010-000' },
  { state: 'BA', city: 'Salvador', ddd: '71', cep: '40020-000' },
];

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const HEADER = ['Nome', 'E-mail', 'Celular', 'CPF', 'CEP', 'Endereço', 'Cidade', 'UF'];
const ROWS = 1000;
/** The client the admin looks for and edits (data row 42, spreadsheet row 43). */
const HELENA = { index: 42, name: `Helena Vasconcelos ${run}` };
/** The bad rows by spreadsheet row (the header is row 1), each with what the modal says of it. */
const BAD = [
  { row: 251, column: 'CPF', reason: 'CPF inválido.', value: '111.111.111-11' },
  { row: 501, column: 'E-mail', reason: 'Email em branco.', value: '' },
  { row: 751, column: 'Cidade', reason: 'Escolha uma cidade do estado selecionado.', value: 'Curitiba' },
];

const emailOf = (index: number) => {
  const first = FIRST[index % FIRST.length];
  const last = LAST[Math.floor(index / FIRST.length) % LAST.length];
  return `${plain(first)}.${plain(last)}.${run}${String(index).padStart(4, '0')}@exemplo.com.br`;
};

/** The spreadsheet as a ticketing system exports it: 1,000 clients, 3 of them wrong. */
const spreadsheet = async (): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inscritos');
  sheet.addRow(HEADER);
  for (let index = 1; index <= ROWS; index += 1) {
    const place = PLACES[index % PLACES.length];
    const name =
      index === HELENA.index ? HELENA.name : `${FIRST[index % FIRST.length]} ${LAST[Math.floor(index / FIRST.length) % LAST.length]}`;
    const nine = String(100_000_000 + index * 7_919_113).slice(-9);
    const phone = `(${place.ddd}) 9 ${String(8000 + (index % 2000)).padStart(4, '0')}-${String(index).padStart(4, '0')}`;
    const row: (string | null)[] = [name, emailOf(index), phone, cpf(nine), place.cep, `Rua das Flores, ${index}`, place.city, place.state];
    const bad = BAD.find((b) => b.row === index + 1);
    if (bad?.column === 'CPF') row[3] = bad.value;
    if (bad?.column === 'E-mail') row[1] = null;
    if (bad?.column === 'Cidade') [row[6], row[7]] = ['Curitiba', 'SP'];
    sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};

const FILE_NAME = 'inscrições congresso.xlsx';

/** axe on the import modal as it is: no serious or critical violation. */
const expectAccessible = async (page: Page, what: string) => {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
};

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** The value of one of the import's counts ('Novos', 'Atualizados', 'Sem mudança', 'Rejeitados'). */
const count = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');

/**
 * Chooses the spreadsheet through the file picker and answers the upload's response (202, the job
 * queued). Meanwhile what the status line and the progress bar say is recorded in the page, to see
 * afterwards that the modal followed the job before its summary.
 */
const importFile = async (page: Page, dialog: Locator, file: Buffer) => {
  await page.evaluate(() => {
    const recorder = window as unknown as { importSeen: string[]; importObserver?: MutationObserver };
    recorder.importObserver?.disconnect();
    const seen: string[] = (recorder.importSeen = []);
    recorder.importObserver = new MutationObserver(() => {
      const group = document.querySelector('[role="group"][aria-label="Andamento da importação"]');
      const line = group?.querySelector('[aria-live]')?.textContent ?? '';
      const bar = group?.querySelector('[role="progressbar"]');
      const entry = bar ? `${line} | ${bar.getAttribute('aria-valuetext')}` : line;
      if (line && seen.at(-1) !== entry) seen.push(entry);
    });
    recorder.importObserver.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const chooser = page.waitForEvent('filechooser');
  const upload = page.waitForResponse((res) => res.url().endsWith('/api/cms/v1/clients/upload') && res.request().method() === 'POST');
  await dialog.getByRole('button', { name: /^Escolher planilha/ }).click();
  const picker = await chooser;
  await picker.setFiles({ name: FILE_NAME, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  const answer = await upload;
  expect(answer.status()).toBe(202);
  return (await answer.json()).data as { id: number; status: string; queuePosition: number | null };
};

/** What the modal showed of the job, in order. */
const seenStates = (page: Page) => page.evaluate(() => (window as unknown as { importSeen: string[] }).importSeen);

test('an admin imports 1,000 clients with 3 bad rows, reads the report, edits and deletes; an imported client enters the venue', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const file = await spreadsheet();

  await test.step('Clientes from the menu', async () => {
    await staffSignIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/cms\/eventos$/);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/cms\/clientes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Clientes' }).getByRole('columnheader')).toHaveText([
      '',
      /^#/,
      /^Nome/,
      /^Email/,
      'Telefone',
      'Endereço',
      'CEP',
      /^Cidade/,
      /^Estado/,
      /^Criado em/,
    ]);
    await expect(page.getByPlaceholder('Nome do cliente')).toBeVisible();
  });

  const range = page.getByText(/^\d+–\d+ de \d+$/);
  await expect(range).toHaveText(/de [1-9]/);
  const before = Number(/de (\d+)$/.exec((await range.textContent()) ?? '')?.[1]);

  const dialog = page.getByRole('dialog', { name: 'Importar planilha de clientes' });
  const status = dialog.getByRole('group', { name: 'Andamento da importação' });

  await test.step('import the spreadsheet: progress, then the summary with the rejected rows', async () => {
    await page.getByRole('button', { name: 'Importar planilha' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Obrigatórias: Nome e Email.');
    await expectAccessible(page, 'the import modal, no file yet');

    const job = await importFile(page, dialog, file);
    expect(job).toMatchObject({ status: 'queued', queuePosition: 0 });
    await expect(status).toContainText(`Arquivo: ${FILE_NAME}`);
    await expect(status.getByText('Importação concluída')).toBeVisible({ timeout: 20_000 });
    await expect(toast(page, 'Importação concluída: 997 novos, 0 atualizados, 0 sem mudança, 3 rejeitados.')).toBeVisible();

    // Before its summary the modal followed the job: starting (nobody ahead in line), then maybe
    // importing with the bar (reading the file, then rows of the 1,000), then done.
    const seen = await seenStates(page);
    expect(seen[0]).toBe('Começando a importação…');
    expect(seen.at(-1)).toBe('Importação concluída');
    for (const state of seen.slice(1, -1)) expect(state).toMatch(/^Importando…(Lendo a planilha…|\d+ de 1000 linhas) \| \1$/);

    await expect(count(status, 'Novos')).toHaveText('997');
    await expect(count(status, 'Atualizados')).toHaveText('0');
    await expect(count(status, 'Sem mudança')).toHaveText('0');
    await expect(count(status, 'Rejeitados')).toHaveText('3');
    await expect(status).toContainText('Colunas reconhecidas: Nome, E-mail, Celular, CPF, CEP, Endereço, Cidade, UF');
    const rejects = status.getByRole('table', { name: 'Linhas rejeitadas' });
    await expect(rejects.getByRole('row')).toHaveText([
      'LinhaColunaMotivoValor',
      ...BAD.map((bad) => `${bad.row}${bad.column}${bad.reason}${bad.value}`),
    ]);
    await expectAccessible(page, 'the import modal with its summary');
  });

  await test.step('download the report and read it back', async () => {
    const download = page.waitForEvent('download');
    await status.getByRole('button', { name: 'Baixar relatório (XLSX)' }).click();
    const report = await download;
    expect(report.suggestedFilename()).toMatch(/^relatorio-importacao-\d+-inscrições-congresso\.xlsx$/);
    const book = new ExcelJS.Workbook();
    const bytes = fs.readFileSync(await report.path());
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = book.getWorksheet('Linhas rejeitadas');
    expect(sheet?.rowCount).toBe(1 + BAD.length);
    const rows = [1, 2, 3, 4].map((n) => (sheet?.getRow(n).values as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Linha', 'Coluna', 'Valor', 'Problema'],
      ...BAD.map((bad) => [bad.row, bad.column, bad.value || undefined, bad.reason]),
    ]);
  });

  await test.step('the same file again: nothing changed, and the modal says so', async () => {
    await dialog.getByRole('button', { name: 'Limpar' }).click();
    await expect(status).toBeHidden();
    await importFile(page, dialog, file);
    await expect(status.getByText('Importação concluída')).toBeVisible({ timeout: 20_000 });
    await expect(status.getByText(/^Nada mudou: .* já estavam cadastrados com estes dados\.$/)).toBeVisible();
    await expect(toast(page, /^Nada mudou/)).toBeVisible();
    await expect(count(status, 'Novos')).toHaveText('0');
    await expect(count(status, 'Sem mudança')).toHaveText('997');
    await expect(count(status, 'Rejeitados')).toHaveText('3');
    const recent = dialog.getByRole('table', { name: 'Importações recentes' });
    await expect(recent.getByRole('row').nth(1)).toContainText(`${FILE_NAME}`);
    await expect(recent.getByRole('row').nth(1)).toContainText('0 novos, 0 atualizados, 997 sem mudança, 3 rejeitados');
    await expect(recent.getByRole('row').nth(2)).toContainText('997 novos, 0 atualizados, 0 sem mudança, 3 rejeitados');
  });

  await test.step('Concluir reloads the table', async () => {
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(dialog).toBeHidden();
    await expect(range).toHaveText(new RegExp(`de ${before + 997}$`));
  });

  const table = page.getByRole('table', { name: 'Clientes' });
  const body = table.locator('tbody tr');

  await test.step('search a client by name and edit them through the masks', async () => {
    await page.getByPlaceholder('Nome do cliente').fill('Helena Vasconcelos');
    await expect(page).toHaveURL(/search=Helena/);
    await expect(body.filter({ hasText: HELENA.name })).toHaveCount(1);
    const row = body.filter({ hasText: HELENA.name });
    await expect(row).toContainText(emailOf(HELENA.index));
    await expect(row).toContainText('(31) 9 8042-0042');
    await expect(row).toContainText('30130-010Belo HorizonteMG');
    await row.click();

    const editor = page.getByRole('dialog', { name: 'Editando Cliente' });
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel('Nome')).toHaveValue(HELENA.name);
    await expect(editor.getByLabel('Telefone')).toHaveValue('(31) 9 8042-0042');
    await editor.getByLabel('Telefone').fill('');
    await editor.getByLabel('Telefone').pressSequentially('21998765432');
    await expect(editor.getByLabel('Telefone')).toHaveValue('(21) 9 9876-5432');
    await editor.getByLabel('CEP').fill('');
    await editor.getByLabel('CEP').pressSequentially('20040002');
    await expect(editor.getByLabel('CEP')).toHaveValue('20040-002');
    // The city waits for a state, and a new state brings its own cities.
    await editor.getByLabel('Estado').selectOption('');
    await expect(editor.getByLabel('Cidade')).toBeDisabled();
    await editor.getByLabel('Estado').selectOption('RJ');
    await expect(editor.getByLabel('Cidade')).toBeEnabled();
    await expect(editor.getByLabel('Cidade')).toHaveValue('');
    await editor.getByLabel('Cidade').selectOption('Niterói');
    await editor.getByRole('button', { name: 'Atualizar' }).click();
    await expect(toast(page, 'Alterações salvas com sucesso.')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(row).toContainText('(21) 9 9876-5432');
    await expect(row).toContainText('20040-002NiteróiRJ');
  });

  await test.step('select two clients and delete them after the warning', async () => {
    // The e-mails of data rows 100 to 109 (spreadsheet rows 101 to 110) share this run's mark and '010'.
    await page.getByPlaceholder('Nome do cliente').fill(`${run}010`);
    await expect(range).toHaveText('1–10 de 10');
    const gone = [emailOf(102), emailOf(103)];
    for (const email of gone) await body.filter({ hasText: email }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Excluir selecionados' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Aviso' });
    await expect(confirm).toContainText('Deseja realmente excluir os clientes selecionados (2)?');
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(toast(page, 'Registro excluído com sucesso.')).toBeVisible();
    await expect(range).toHaveText('1–8 de 8');
    for (const email of gone) await expect(table.getByRole('cell', { name: email })).toHaveCount(0);
    await expect(table.getByRole('cell', { name: emailOf(104) })).toBeVisible();
  });

  await test.step('an imported client enters the venue with their e-mail', async () => {
    const visitor = await browser.newContext();
    const venue = await visitor.newPage();
    await visitorSignIn(venue, emailOf(7).toUpperCase());
    await venue.getByRole('link', { name: 'Ir para: Pavilhão Ouro' }).click();
    await expect(venue).toHaveURL(/\/plataforma\/1\/hall-estandes-gold$/);
    await expect(venue.getByRole('heading', { level: 1, name: /^Pavilhão Ouro/ })).toBeAttached();
    await visitor.close();
  });
});
