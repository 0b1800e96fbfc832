import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, codeIn, nextSms, smsCount, staffSignIn, visitorSignIn } from './helpers';

// Issue 10, as staff would run an event: an admin creates one in the editor with its three
// images, a sponsor, a room (keyboard only), a lecture on now in that room, a stand with an
// attendant, a video and a PDF, a product; a visitor then finds them in the venue; the
// attendant sees only that stand. In the 's3' project the same path runs against a server
// whose uploads go to a local S3-compatible store (s3rver) and are served from S3_PUBLIC_URL.

const sharp = createRequire(path.resolve(__dirname, '../../cms/package.json'))('sharp') as typeof import('sharp').default;

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const image = async (name: string, width: number, height: number, format: 'png' | 'jpeg'): Promise<Upload> => ({
  name,
  mimeType: `image/${format}`,
  buffer: await sharp({ create: { width, height, channels: 3, background: { r: 163, g: 65, b: 0 } } })
    .toFormat(format)
    .toBuffer(),
});

/** An ISO-BMFF box: 32-bit size, type, payload. */
const box = (type: string, payload: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};

/** An MP4 as the server's bytes check reads it (ftyp isom, then the mdat): big enough for the progress bar to be seen. */
const mp4 = (padding: number): Upload => ({
  name: 'apresentacao.mp4',
  mimeType: 'video/mp4',
  buffer: Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')), box('mdat', Buffer.alloc(padding))]),
});

const pdf = (): Upload => ({
  name: 'catalogo.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  ),
});

const ZONE = 'America/Sao_Paulo';
/** A wall clock of the event's zone: 'YYYY-MM-DD' and 'HH:mm' of an instant. */
const wall = (instant: number) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};
/** São Paulo has had no DST since 2019: UTC−3. */
const instantOf = (date: string, time: string) => Date.parse(`${date}T${time}:00-03:00`);

/**
 * axe on the page as it is: no serious or critical violation. The 's3' project runs the same
 * screens against another store, so it leaves them to the default project (and its time to CI).
 */
const expectAccessible = async (page: Page) => {
  if (test.info().project.name === 's3') return;
  // What is still fading (a toast's 250-ms opacity transition) is measured by axe half drawn, so
  // its contrast came out low on loaded CI runs: let finite transitions end first, and with the
  // visitor's reduced-motion choice a toast that times out while axe reads the page goes at once,
  // never half transparent (it happened again after the wait alone).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

/** Picks a file as a user does: the field's button opens the browser's file chooser. */
const choose = async (page: Page, button: Locator, file: Upload) => {
  const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
  await button.click();
  await (await chooser).setFiles(file);
};

/** Moves the focus with Tab (at most `max` presses) until `target` has it. */
const tabTo = async (page: Page, target: Locator, max = 60) => {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
};

/** A file field's button: its text, then (for screen readers) the field's label. */
const fileButton = (text: string, label: string) => new RegExp(`^${text}\\s*: ${label}$`);

/** The 'ver no site' link of a thing the back office drives (its name follows for screen readers). */
const viewOnSite = (scope: Locator | Page, name: string) => scope.getByRole('link', { name: new RegExp(`^ver no site\\s*: ${name}`) });

/** Collects what the page's Content Security Policy refused (an upload origin it does not admit). */
const cspRefusals = (page: Page): string[] => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
};

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

const run = Date.now().toString(36);
const names = {
  event: `Jornada de Ventilação ${run}`,
  sponsor: `Oxigênio Brasil ${run}`,
  room: `Sala Pulmão ${run}`,
  lecture: `Ventilação protetora na prática ${run}`,
  stand: `Respira Equipamentos ${run}`,
  video: 'Vídeo do ventilador',
  document: 'Catálogo de ventiladores',
  product: 'Ventilador portátil',
  attendant: `Bruna Atendente ${run}`,
};
const attendantEmail = `bruna.${run}@exemplo.com.br`;
const attendantPassword = 'Bruna#2026x';
const YOUTUBE_ID = 'M7lc1UVf-VE';

/** What the admin created, for the visitor's and the attendant's tests. */
const created = { eventId: 0, roomId: 0, standId: 0, lectureDate: '', lectureStart: '', temporaryPassword: '' };
/** The admin's signed-in browser state (the staff token), reused by the last test instead of a second sign-in. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>> | null = null;

/**
 * Where this project's server serves uploads from: in 's3', the S3_PUBLIC_URL of the s3rver that
 * serve.mjs started (written into the project's file); otherwise the site's /uploads.
 */
const uploadsBase = (): string => {
  const { s3UrlFile } = test.info().project.metadata as { s3UrlFile?: string };
  return s3UrlFile ? `${fs.readFileSync(s3UrlFile, 'utf8').trim()}/` : '/uploads/';
};
/** An address under the uploads' base, with `rest` after it (a pattern). */
const uploaded = (rest = '') => new RegExp(`^${uploadsBase().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}${rest}`);

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

test('an admin creates an event with every section of the editor', async ({ page }) => {
  test.setTimeout(180_000);
  const now = Date.now();
  const refused = cspRefusals(page);

  await test.step('signs in and opens Eventos; axe', async () => {
    await staffSignIn(page, ADMIN.email, ADMIN.password);
    // The admins' home is Eventos (SPEC §2.2, decision 097); Eventos is in the menu too.
    await expect(page).toHaveURL(/\/cms\/eventos$/);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Eventos' }).click();
    await expect(page).toHaveURL(/\/cms\/eventos$/);
    adminState = await page.context().storageState();
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('Informações básicas: three images (a wrong ratio warns), the fields, the publication switch; saved as a draft', async () => {
    await page.getByRole('button', { name: 'Adicionar Evento' }).click();
    await expect(page).toHaveURL(/\/cms\/eventos\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Adicionar Evento' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Patrocinadores' })).toBeDisabled();
    const form = page.getByRole('form', { name: 'Informações básicas' });
    await expect(form.getByText('Deve ter uma proporção equivalente a 1920x500')).toBeVisible();
    await expect(form.getByText('Deve ter uma proporção equivalente a 240x340')).toBeVisible();
    await expect(form.getByText('Deve ter uma proporção equivalente a 252x150')).toBeVisible();

    await choose(
      page,
      form.getByRole('button', { name: fileButton('Fazer upload de imagem', 'Imagem de fundo') }),
      await image('fundo.png', 1920, 500, 'png'),
    );
    const banner = form.getByRole('button', { name: fileButton('Fazer upload de imagem', 'Banner') });
    await choose(page, banner, await image('banner-quadrado.png', 300, 300, 'png'));
    await expect(form.getByText('A imagem escolhida mede 300x300: a proporção esperada é 240x340.')).toBeVisible();
    await choose(page, banner, await image('banner.jpg', 240, 340, 'jpeg'));
    await expect(form.getByText(/A imagem escolhida mede/)).toHaveCount(0);
    await choose(
      page,
      form.getByRole('button', { name: fileButton('Fazer upload de imagem', 'Miniatura') }),
      await image('miniatura.png', 252, 150, 'png'),
    );
    await expect(form.getByRole('img', { name: 'Pré-visualização: Miniatura' })).toBeVisible();

    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(names.event);
    await form.getByRole('combobox', { name: 'Categoria', exact: true }).selectOption({ label: 'Congressos médicos' });
    await form
      .getByRole('textbox', { name: 'Descrição', exact: true })
      .fill('Dois dias sobre ventilação mecânica, com oficinas e expositores.');
    const today = wall(now).date;
    await form.getByRole('textbox', { name: 'Data de início', exact: true }).fill(today);
    await form.getByRole('textbox', { name: 'Data de término', exact: true }).fill(wall(now + 2 * 86_400_000).date);
    await form.getByRole('textbox', { name: 'Horário de início', exact: true }).fill('08:00');
    await form.getByRole('textbox', { name: 'Horário de término', exact: true }).fill('18:00');
    await form.getByRole('textbox', { name: 'Valor', exact: true }).fill('250,00');
    await form.getByRole('textbox', { name: 'Desconto', exact: true }).fill('50,00');
    const publication = form.getByRole('switch', { name: 'Publicação' });
    await expect(form.getByText('Rascunho')).toBeVisible();
    await publication.click();
    await expect(publication).toHaveAttribute('aria-checked', 'true');
    await expect(form.getByText('Publicado', { exact: true })).toBeVisible();
    await expectAccessible(page);
    // Saved as a draft: it is published from the top once it has its stand and lecture (below).
    await publication.click();
    await expect(publication).toHaveAttribute('aria-checked', 'false');

    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/eventos\/\d+\/patrocinadores$/);
    created.eventId = Number(/\/cms\/eventos\/(\d+)\//.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name: names.event })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Patrocinadores' })).toHaveAttribute('aria-expanded', 'true');
    // A draft's page answers 'not found' to everyone: no 'ver no site' yet (issue 56, item 7).
    await expect(page.getByText('Rascunho: só a equipe vê')).toBeVisible();
    await expect(viewOnSite(page, names.event)).toHaveCount(0);
  });

  await test.step('Patrocinadores: adds a sponsor with its logo; axe', async () => {
    const section = page.getByRole('region', { name: 'Patrocinadores' });
    await section.getByRole('button', { name: 'Adicionar Patrocinador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Patrocinador' });
    await choose(
      page,
      dialog.getByRole('button', { name: fileButton('Fazer upload de imagem', 'Logo do patrocinador') }),
      await image('logo.png', 400, 200, 'png'),
    );
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(names.sponsor);
    await dialog.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption({ label: 'Premium' });
    await dialog.getByRole('textbox', { name: 'Link', exact: true }).fill('https://oxigenio.example.com.br');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = section.getByRole('row', { name: new RegExp(names.sponsor) });
    await expect(row).toContainText('Premium');
    await expect(row.getByRole('img', { name: `Logo de ${names.sponsor}` })).toHaveAttribute('src', uploaded());
    await expectAccessible(page);
  });

  await test.step('Salas: adds a room with the keyboard only; axe', async () => {
    const header = page.getByRole('button', { name: 'Salas' });
    await tabTo(page, header);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/salas$/);
    const section = page.getByRole('region', { name: 'Salas' });
    const add = section.getByRole('button', { name: 'Adicionar Sala' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Adicionar Sala' });
    await expect(dialog.getByRole('textbox', { name: 'Nome', exact: true })).toBeFocused();
    await page.keyboard.type(names.room);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Link', exact: true })).toBeFocused();
    await page.keyboard.type('https://meet.example.com.br/pulmao');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = section.getByRole('row', { name: new RegExp(names.room) });
    await expect(row).toBeVisible();
    created.roomId = Number(await row.getByRole('cell').nth(1).textContent());
    expect(created.roomId).toBeGreaterThan(0);
    await expect(viewOnSite(row, names.room)).toHaveAttribute('href', `/plataforma/${created.eventId}/salas/${created.roomId}`);
    await expectAccessible(page);
  });

  await test.step('Palestras: a lecture on now in that room with a YouTube link; axe', async () => {
    await page.getByRole('button', { name: 'Palestras' }).click();
    const section = page.getByRole('region', { name: 'Palestras' });
    await section.getByRole('button', { name: 'Adicionar Palestra' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Palestra' });
    // From a quarter of an hour ago to an hour from now, within today in the event's zone.
    const { date } = wall(now);
    const start = wall(Math.max(now - 15 * 60_000, instantOf(date, '00:00'))).time;
    const end = wall(Math.min(now + 60 * 60_000, instantOf(date, '23:59'))).time;
    created.lectureDate = date;
    created.lectureStart = start;
    await dialog.getByRole('combobox', { name: 'Sala', exact: true }).selectOption({ label: names.room });
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(names.lecture);
    await dialog.getByRole('textbox', { name: 'Data', exact: true }).fill(date);
    await dialog.getByRole('textbox', { name: 'Início', exact: true }).fill(start);
    await dialog.getByRole('textbox', { name: 'Término', exact: true }).fill(end);
    await dialog
      .getByRole('textbox', { name: 'Link do vídeo ou código de incorporação', exact: true })
      .fill(`https://www.youtube.com/watch?v=${YOUTUBE_ID}&t=42s`);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = section.getByRole('row', { name: new RegExp(names.lecture) });
    await expect(row).toContainText(names.room);
    await expect(row).toContainText(`${start}–${end}`);
    await expectAccessible(page);
    // Opened again, the lecture shows what was saved.
    await row.click();
    const edit = page.getByRole('dialog', { name: 'Editando Palestra' });
    await expect(edit.getByRole('combobox', { name: 'Sala', exact: true })).toHaveValue(String(created.roomId));
    await expect(edit.getByRole('textbox', { name: 'Data', exact: true })).toHaveValue(date);
    await expect(edit.getByRole('textbox', { name: 'Início', exact: true })).toHaveValue(start);
    await expect(edit.getByRole('textbox', { name: 'Término', exact: true })).toHaveValue(end);
    await expect(edit.getByRole('textbox', { name: 'Link do vídeo ou código de incorporação', exact: true })).toHaveValue(
      `https://www.youtube.com/watch?v=${YOUTUBE_ID}&t=42s`,
    );
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  });

  await test.step('Estandes: a stand with its image, and its attendant; axe', async () => {
    // The attendant is a staff user the admin creates (Usuários); their temporary password goes by SMS.
    const token = await page.evaluate(() => localStorage.getItem('plataforma:staff-token'));
    const before = smsCount();
    const user = await page.request.post('/api/cms/v1/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: names.attendant, email: attendantEmail, ddi: '55', phone: `119${String(now).slice(-8)}`, role: 'attendant' },
    });
    expect(user.status()).toBe(201);
    created.temporaryPassword = /senha provisória é (\S+)\./.exec(await nextSms(before))?.[1] ?? '';

    await page.getByRole('button', { name: 'Estandes' }).click();
    const section = page.getByRole('region', { name: 'Estandes' });
    await section.getByRole('button', { name: 'Adicionar Estande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Estande' });
    await choose(
      page,
      dialog.getByRole('button', { name: fileButton('Fazer upload de imagem', 'Imagem do estande') }),
      await image('estande.png', 504, 300, 'png'),
    );
    await expect(dialog.getByRole('button', { name: fileButton('Remover imagem', 'Imagem do estande') })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(names.stand);
    await dialog.getByRole('textbox', { name: 'Subtítulo', exact: true }).fill('Ventiladores e monitores');
    await dialog.getByRole('textbox', { name: 'Descrição', exact: true }).fill('Ventiladores mecânicos para UTI adulto e neonatal.');
    await expect(dialog.getByRole('combobox', { name: 'Tipo de Estande', exact: true })).toHaveValue('master');
    await dialog.getByRole('combobox', { name: 'Tipo de Estande', exact: true }).selectOption({ label: 'SILVER/PRATA' });
    await dialog.getByRole('textbox', { name: 'Site', exact: true }).fill('https://respira.example.com.br');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = section.getByRole('row', { name: new RegExp(names.stand) });
    await expect(row).toContainText('SILVER/PRATA');
    created.standId = Number(await row.getByRole('cell').nth(1).textContent());
    expect(created.standId).toBeGreaterThan(0);
    await expect(viewOnSite(row, names.stand)).toHaveAttribute(
      'href',
      new RegExp(`^/plataforma/${created.eventId}/estande/${created.standId}-`),
    );
    await row.click();
    const edit = page.getByRole('dialog', { name: 'Editando Estande' });
    await expect(edit.getByRole('img', { name: 'Pré-visualização: Imagem do estande' })).toHaveAttribute('src', uploaded());
    await expect(edit.getByRole('combobox', { name: 'Tipo de Estande', exact: true })).toHaveValue('silver');
    await expect(edit.getByRole('textbox', { name: 'Site', exact: true })).toHaveValue('https://respira.example.com.br');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    await row.getByRole('button', { name: `Gerenciar os atendentes do estande ${names.stand}` }).click();
    const attendants = page.getByRole('dialog', { name: 'Atendentes do estande' });
    const add = attendants.getByRole('button', { name: 'Adicionar' });
    await expect(add).toBeDisabled();
    await attendants.getByRole('combobox', { name: 'Atendente' }).fill(names.attendant);
    await attendants.getByRole('option', { name: new RegExp(names.attendant) }).click();
    await expect(add).toBeEnabled();
    await expectAccessible(page);
    await add.click();
    await expect(attendants.getByRole('row', { name: new RegExp(attendantEmail) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(attendants).toBeHidden();
    await expectAccessible(page);
  });

  await test.step('Mídia: picks the stand, uploads a video (progress bar) and a PDF; axe', async () => {
    await page.getByRole('button', { name: 'Mídia' }).click();
    const section = page.getByRole('region', { name: 'Mídia' });
    await expect(section.getByText('selecione um estande para ver as suas mídias')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Adicionar Mídia' })).toBeDisabled();
    await section.getByRole('combobox', { name: 'Estande', exact: true }).selectOption({ label: names.stand });
    await expect(section.getByText('Para inserir uma media, preencha os dados nos campos acima')).toBeVisible();
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Adicionar Mídia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Mídia' });
    await expect(dialog.getByText('preencha os dados necessários (campos marcados com * são obrigatórios)')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(names.video);
    await dialog.getByRole('textbox', { name: 'Descrição', exact: true }).fill('O ventilador em funcionamento na UTI.');
    await choose(page, dialog.getByRole('button', { name: fileButton('Fazer upload de mídia', 'Arquivo') }), mp4(2 * 1024 * 1024));
    await expect(dialog.getByLabel('Pré-visualização: Arquivo')).toHaveJSProperty('tagName', 'VIDEO');
    await expect(dialog.getByRole('button', { name: fileButton('Remover video', 'Arquivo') })).toBeVisible();
    await expectAccessible(page);
    // A slow uplink, so that the upload's progress bar is seen while the file goes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    // Cancelled on the way: the form says so, keeps what was typed, and nothing is saved.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const progress = dialog.getByRole('progressbar');
    await expect(progress).toBeVisible();
    await progress.locator('..').getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Envio cancelado.');
    await expect(progress).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue(names.video);
    // Sent again, the bar runs to the end.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAccessibleName(/^Enviando… \d+%$/);
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    await expect(dialog).toBeHidden();
    const videoRow = section.getByRole('row', { name: new RegExp(names.video) });
    await expect(videoRow).toContainText('Vídeo');
    await videoRow.click();
    const edit = page.getByRole('dialog', { name: 'Editando Mídia' });
    await expect(edit.getByLabel('Pré-visualização: Arquivo')).toHaveAttribute('src', uploaded('.+\\.mp4$'));
    await expect(edit.getByRole('button', { name: fileButton('Remover video', 'Arquivo') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    await section.getByRole('button', { name: 'Adicionar Mídia' }).click();
    await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(names.document);
    await dialog.getByRole('textbox', { name: 'Descrição', exact: true }).fill('Os modelos e as suas especificações.');
    await choose(page, dialog.getByRole('button', { name: fileButton('Fazer upload de mídia', 'Arquivo') }), pdf());
    await expect(dialog.getByRole('button', { name: fileButton('Remover documento', 'Arquivo') })).toBeVisible();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('row', { name: new RegExp(names.document) })).toContainText('Documento');
    await expectAccessible(page);
  });

  await test.step('Produtos e serviços: a product with price and discount; axe', async () => {
    await page.getByRole('button', { name: 'Produtos e serviços' }).click();
    const section = page.getByRole('region', { name: 'Produtos e serviços' });
    await section.getByRole('combobox', { name: 'Estande', exact: true }).selectOption({ label: names.stand });
    await section.getByRole('button', { name: 'Adicionar Produto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Produto' });
    await choose(
      page,
      dialog.getByRole('button', { name: fileButton('Fazer upload de imagem', 'Imagem do produto') }),
      await image('produto.jpg', 504, 300, 'jpeg'),
    );
    await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(names.product);
    await dialog.getByRole('textbox', { name: 'Descrição', exact: true }).fill('Ventilador de transporte com bateria de 8 horas.');
    await dialog.getByRole('textbox', { name: 'Preço', exact: true }).fill('1.500,00');
    await dialog.getByRole('textbox', { name: 'Desconto', exact: true }).fill('300,00');
    await dialog.getByRole('textbox', { name: 'Texto do botão', exact: true }).fill('Quero uma demonstração');
    await dialog.getByRole('textbox', { name: 'Link do botão', exact: true }).fill('https://respira.example.com.br/portatil');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = section.getByRole('row', { name: new RegExp(names.product) });
    await expect(row).toContainText('R$ 1.500,00');
    await expect(row).toContainText('R$ 300,00');
    await expectAccessible(page);
  });

  await test.step('the other sections open clean for axe', async () => {
    for (const name of ['Palestrantes', 'Cupons']) {
      await page.getByRole('button', { name, exact: true }).click();
      await expect(page.getByRole('region', { name })).toBeVisible();
      await expectAccessible(page);
    }
  });

  await test.step('publishes from the top: the checklist of what visitors would miss, then ver no site (issue 56, item 7)', async () => {
    await page.getByRole('button', { name: 'Publicar evento' }).click();
    const check = page.getByRole('dialog', { name: 'Publicar o evento' });
    // It has its stand, its lecture and its three images: only the welcome video is missing.
    await expect(check.getByRole('listitem')).toHaveText(['Sem vídeo de boas-vindas no hall de entrada.']);
    await expectAccessible(page);
    await check.getByRole('button', { name: 'Publicar mesmo assim' }).click();
    await expect(toast(page, 'Evento publicado.')).toBeVisible();
    await expect(check).toBeHidden();
    await expect(page.getByText('Publicado: visível no site')).toBeVisible();
    // 'ver no site': the event's public page, in a new tab.
    const onSite = viewOnSite(page, names.event);
    await expect(onSite).toHaveAttribute('href', new RegExp(`^/eventos/${created.eventId}-`));
    await expect(onSite).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), onSite.click()]);
    await expect(tab).toHaveURL(new RegExp(`/eventos/${created.eventId}-`));
    await expect(tab.getByRole('heading', { level: 1, name: names.event })).toBeVisible();
    await tab.close();
  });

  await test.step('Informações básicas again: what was saved, updated without sending the images again', async () => {
    await page.getByRole('button', { name: 'Informações básicas', exact: true }).click();
    const form = page.getByRole('form', { name: 'Informações básicas' });
    await expect(form.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(names.event);
    await expect(form.getByRole('combobox', { name: 'Categoria', exact: true })).toHaveValue('1');
    await expect(form.getByRole('textbox', { name: 'Data de início', exact: true })).toHaveValue(wall(now).date);
    await expect(form.getByRole('textbox', { name: 'Horário de início', exact: true })).toHaveValue('08:00');
    await expect(form.getByRole('textbox', { name: 'Horário de término', exact: true })).toHaveValue('18:00');
    await expect(form.getByRole('textbox', { name: 'Valor', exact: true })).toHaveValue('250,00');
    await expect(form.getByRole('textbox', { name: 'Desconto', exact: true })).toHaveValue('50,00');
    await expect(form.getByRole('switch', { name: 'Publicação' })).toHaveAttribute('aria-checked', 'true');
    for (const label of ['Imagem de fundo', 'Banner', 'Miniatura']) {
      await expect(form.getByRole('img', { name: `Pré-visualização: ${label}` })).toHaveAttribute('src', uploaded());
    }
    await expectAccessible(page);
    await form
      .getByRole('textbox', { name: 'Descrição', exact: true })
      .fill('Dois dias sobre ventilação mecânica, com oficinas, expositores e a sala Pulmão.');
    // Leaving with the change unsaved asks first.
    await page.getByRole('button', { name: 'Salas', exact: true }).click();
    const warning = page.getByRole('alertdialog', { name: 'Aviso' });
    await expect(warning).toContainText('Há alterações não salvas. Deseja sair sem salvá-las?');
    await warning.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/informacoes-basicas$/);
    await form.getByRole('button', { name: 'Atualizar' }).click();
    await expect(toast(page, 'Alterações salvas com sucesso.')).toBeVisible();
    const saved = await page.request.get(`/api/site/v1/events/${created.eventId}`);
    const event = ((await saved.json()) as { data: { description: string; image: string; banner: string; thumb: string } }).data;
    expect(event.description).toBe('Dois dias sobre ventilação mecânica, com oficinas, expositores e a sala Pulmão.');
    for (const url of [event.image, event.banner, event.thumb]) expect(url).toMatch(uploaded());
  });

  await test.step('the events list shows it', async () => {
    await page.getByRole('button', { name: 'voltar para listagem' }).click();
    await expect(page).toHaveURL(/\/cms\/eventos$/);
    const row = page.getByRole('row', { name: new RegExp(names.event) });
    await expect(row).toContainText('Congressos médicos');
    await expect(row).toContainText('R$ 250,00');
    await expect(row).toContainText('R$ 50,00');
    expect(refused).toEqual([]);
  });
});

test('a visitor finds the new stand in its hall, its media and product, and the live lecture', async ({ page }) => {
  expect(created.standId, 'the admin test created the event').toBeGreaterThan(0);
  const base = `/plataforma/${created.eventId}`;
  const refused = cspRefusals(page);
  await page.route(/youtube\.com|youtube-nocookie\.com|vimeo\.com/, (route) => route.abort());
  await visitorSignIn(page, 'ana.souza@exemplo.com.br', String(created.eventId));

  // The entrance hall draws the event's name, its background and the new sponsor's totem (a link to its site).
  await expect(page.locator('svg text', { hasText: names.event })).toBeVisible();
  const images = () => page.locator('svg image').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  await expect.poll(async () => (await images()).filter((href) => uploaded().test(href)).length).toBe(2);
  const sponsor = page.getByRole('link', { name: `${names.sponsor}, patrocinador (abre em nova aba)` });
  await expect(sponsor).toHaveAttribute('href', 'https://oxigenio.example.com.br');
  for (const href of (await images()).filter((one) => uploaded().test(one))) {
    expect((await page.request.get(href)).status(), href).toBe(200);
  }

  // The room's door is in congresso/1.
  await page.goto(`${base}/congresso/1`);
  await expect(page.getByRole('link', { name: `Entrar na ${names.room}` })).toHaveAttribute('href', `${base}/salas/${created.roomId}`);

  // A SILVER/PRATA stand stands in the prata hall.
  await page.goto(`${base}/hall-estandes-prata`);
  await page.getByRole('link', { name: `Estande ${names.stand}` }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/estande/${created.standId}-`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: names.stand })).toBeVisible();
  await expect(main.getByText('SILVER/PRATA', { exact: true })).toBeVisible();
  // The stand's image is its logo, a link to its site.
  const logo = main.getByRole('link', { name: `Site de ${names.stand} (abre em nova janela)` }).locator('img');
  await expect(logo).toHaveAttribute('src', uploaded());
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.getByRole('list', { name: 'Vídeos' }).getByRole('button', { name: names.video }).click();
  const modal = page.getByRole('dialog', { name: names.video });
  await expect(modal.locator('video')).toHaveAttribute('src', uploaded('.+\\.mp4$'));
  await page.keyboard.press('Escape');
  const document = page.getByRole('list', { name: 'Documentos' }).getByRole('link', { name: new RegExp(names.document) });
  await expect(document).toHaveAttribute('href', uploaded('.+\\.pdf$'));
  const served = await page.request.get((await document.getAttribute('href')) as string);
  expect(served.headers()['content-type']).toBe('application/pdf');

  const product = page.getByRole('article', { name: names.product });
  await expect(product.getByText('De R$ 1.500,00')).toBeVisible();
  await expect(product.getByText('Por R$ 1.200,00')).toBeVisible();
  await expect(product.getByRole('link', { name: 'Quero uma demonstração' })).toHaveAttribute(
    'href',
    'https://respira.example.com.br/portatil',
  );

  // The lecture screen plays the new lecture (inside its hours, in the event's zone).
  await page.clock.install({ time: new Date(instantOf(created.lectureDate, created.lectureStart) + 60_000) });
  await page.goto(`${base}/salas/${created.roomId}`);
  await expect(page.getByRole('heading', { level: 1, name: names.room })).toBeVisible();
  await expect(page.locator(`iframe[title="${names.lecture}"]`)).toHaveAttribute(
    'src',
    new RegExp(`^https://www\\.youtube\\.com/embed/${YOUTUBE_ID}\\?autoplay=1`),
  );
  expect(refused).toEqual([]);
});

test('the attendant signs in and sees only that stand, and its media', async ({ page }) => {
  expect(created.temporaryPassword, 'the admin test created the attendant').not.toBe('');
  const refused = cspRefusals(page);
  // First access: the temporary password, then their own with the SMS code.
  await page.goto('/cms/login');
  const before = smsCount();
  await page.getByLabel('E-mail').fill(attendantEmail);
  await page.getByLabel('Senha').fill(created.temporaryPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/cms\/password-change$/);
  const code = codeIn(await nextSms(before));
  await page.getByLabel(/^Nova senha/).fill(attendantPassword);
  await page.getByLabel('Confirme a nova senha').fill(attendantPassword);
  await page.getByLabel('Código recebido por SMS').fill(code);
  await page.getByRole('button', { name: 'Salvar senha' }).click();

  await expect(page).toHaveURL(/\/cms\/estandes$/);
  const table = page.getByRole('table', { name: 'Estandes' });
  await expect(table.getByRole('row', { name: new RegExp(names.stand) })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);

  // Their stand's modal: the image, name, subtitle and description.
  await table.getByRole('button', { name: `Editar o estande ${names.stand}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editando Estande' });
  await expect(dialog.getByRole('img', { name: 'Pré-visualização: Imagem do estande' })).toHaveAttribute('src', uploaded());
  await expect(dialog.getByRole('combobox')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Subtítulo', exact: true }).fill('Ventiladores, monitores e capnógrafos');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Atualizar' }).click();
  await expect(toast(page, 'Alterações salvas com sucesso.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(names.stand) })).toContainText('Ventiladores, monitores e capnógrafos');

  await table.getByRole('link', { name: `Mídias do estande ${names.stand}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/estandes/${created.standId}/midias$`));
  await expect(page.getByRole('heading', { level: 1, name: names.stand })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Estande', exact: true })).toHaveValue(String(created.standId));
  await expect(page.getByRole('row', { name: new RegExp(names.video) })).toContainText('Vídeo');
  await expect(page.getByRole('row', { name: new RegExp(names.document) })).toContainText('Documento');
  await expectAccessible(page);

  // They add a photo to their stand's media.
  await page.getByRole('button', { name: 'Adicionar Mídia' }).click();
  const media = page.getByRole('dialog', { name: 'Adicionar Mídia' });
  await media.getByRole('textbox', { name: 'Título', exact: true }).fill('Foto do estande');
  await media.getByRole('textbox', { name: 'Descrição', exact: true }).fill('A equipe no estande.');
  await choose(
    page,
    media.getByRole('button', { name: fileButton('Fazer upload de mídia', 'Arquivo') }),
    await image('equipe.jpg', 640, 480, 'jpeg'),
  );
  await expect(media.getByRole('button', { name: fileButton('Remover imagem', 'Arquivo') })).toBeVisible();
  await media.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro criado com sucesso.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Foto do estande/ })).toContainText('Imagem');
  expect(refused).toEqual([]);
});

test('the admin deletes the event: the warning names what goes with it, and nothing of it is left', async ({ browser }) => {
  expect(adminState, 'the admin test signed in').not.toBeNull();
  const context = await browser.newContext({ storageState: adminState ?? undefined });
  const page = await context.newPage();
  const stand = await page.request.get(`/api/site/v1/stands/${created.standId}`);
  expect(stand.status()).toBe(200);
  const medias = await page.request.get(`/api/site/v1/medias?standId=${created.standId}&limit=10&offset=0`);
  const files = ((await medias.json()) as { data: { rows: Array<{ file: { url: string } | null }> } }).data.rows.map(
    (row) => row.file?.url ?? '',
  );
  expect(files).toHaveLength(3);

  await page.goto('/cms/eventos');
  await page.getByRole('row', { name: new RegExp(names.event) }).click();
  await expect(page).toHaveURL(new RegExp(`/cms/eventos/${created.eventId}$`));
  await page.getByRole('button', { name: 'Excluir evento' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Aviso' });
  await expect(warning).toContainText(
    `Deseja realmente excluir o evento "${names.event}"? 1 sala, 1 palestra, 1 estande, 3 mídias, 1 produto ou serviço e 1 patrocinador serão excluídos junto.`,
  );
  await warning.getByRole('button', { name: 'Sim' }).click();
  await expect(toast(page, 'Registro excluído com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/eventos$/);
  await expect(page.getByRole('row', { name: new RegExp(names.event) })).toHaveCount(0);

  expect((await page.request.get(`/api/site/v1/stands/${created.standId}`)).status()).toBe(404);
  for (const url of files) expect((await page.request.get(url)).status(), url).toBe(404);
  await context.close();
});
