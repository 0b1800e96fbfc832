import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { visitorSignIn } from './helpers';

// The event's Programação (issue 17): every lecture by day and room, 'Ao vivo agora' and
// 'Em breve' as the clock runs (Playwright's clock), the filters, and the way to the live room.

interface Lecture {
  id: number;
  name: string;
  startDate: string;
  startTime: string;
  endTime: string;
  room: { id: number; name: string } | null;
}

// Seeded clients of their own: the soft login allows ten tries a minute per e-mail, and the
// other specs sign Ana in many times.
const DIEGO = 'diego.martins@exemplo.com.br';
const EDUARDA = 'eduarda.lima@exemplo.com.br';

/** São Paulo has had no DST since 2019: UTC−3. */
const instantOf = (date: string, time: string) => Date.parse(`${date}T${time.slice(0, 8)}-03:00`);
const hour = (time: string) => time.slice(0, 5);

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

const blockVideoHosts = (page: Page) => page.route(/youtube\.com|youtube-nocookie\.com|vimeo\.com/, (route) => route.abort());

/** The seed keeps a lecture live in room 1 (the lecture screen's test relies on it too). */
const seededProgramme = async (page: Page) => {
  const res = await page.request.get('/api/site/v1/lectures/event/1');
  expect(res.status()).toBe(200);
  const { rows } = ((await res.json()) as { data: { rows: Lecture[] } }).data;
  const now = Date.now();
  const live = rows.find(
    (row) => row.room?.id === 1 && instantOf(row.startDate, row.startTime) <= now && now < instantOf(row.startDate, row.endTime),
  );
  expect(live, 'the seed keeps a lecture live in room 1').toBeTruthy();
  const liveLecture = live as Lecture;
  const next = rows.find(
    (row) => row.room?.id === 1 && instantOf(row.startDate, row.startTime) >= instantOf(liveLecture.startDate, liveLecture.endTime),
  );
  return { rows, live: liveLecture, next };
};

test('a visitor opens Programação from the navigation bar: the lecture on now, what comes next, the filters, and on to the live room', async ({
  page,
}) => {
  await blockVideoHosts(page);
  const { live, next } = await seededProgramme(page);
  await page.clock.install({ time: new Date(instantOf(live.startDate, live.startTime) + 60_000) });

  await visitorSignIn(page, DIEGO);
  await page.getByRole('navigation', { name: 'Navegação do evento' }).getByRole('link', { name: 'Programação' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/programacao$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Programação' })).toBeVisible();

  const liveNow = page.getByRole('region', { name: 'Ao vivo agora' });
  await expect(liveNow.getByRole('heading', { level: 3, name: live.name })).toBeVisible();
  const row = page.locator('li[data-state]').filter({ has: page.getByRole('heading', { level: 3, name: live.name }) });
  await expect(row.getByText('Ao vivo', { exact: true })).toBeVisible();
  await expect(row.getByText(`${hour(live.startTime)} – ${hour(live.endTime)}`)).toBeVisible();
  // The page opens on today: a next lecture of tomorrow (after 23:30, the seed's continuation) is not listed yet.
  if (
    next &&
    next.startDate === live.startDate &&
    instantOf(next.startDate, next.startTime) - instantOf(live.startDate, live.startTime) <= 61 * 60_000
  ) {
    await expect(page.locator('li[data-state="soon"]').filter({ hasText: next.name })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The search finds the live lecture by a word of its title, without its accents; the address keeps it.
  const word = live.name.split(/\s+/).find((w) => w.length > 4) ?? live.name;
  await page
    .getByRole('searchbox', { name: 'Buscar palestra, palestrante ou sala' })
    .fill(word.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  await expect(page).toHaveURL(/busca=/);
  await expect(page.locator('li[data-state]').filter({ hasText: live.name }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
  await expect(page).toHaveURL(/\?dia=todos$/);

  // Past its end, without a reload: the lecture is no longer live.
  await page.clock.fastForward(instantOf(live.startDate, live.endTime) - instantOf(live.startDate, live.startTime) + 30_000);
  // By its whole title: after 23:30 the seed's live lecture ends at midnight and its
  // 'Ao vivo: … (continuação)' follows at 00:00, a title that contains the first one.
  const liveRow = (name: string) =>
    page.locator('li[data-state="live"]').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  await expect(liveRow(live.name)).toHaveCount(0);
  if (next && instantOf(next.startDate, next.startTime) <= instantOf(live.startDate, live.endTime) + 30_000) {
    await expect(liveRow(next.name)).toBeVisible();
  }

  // Back to the live minute: 'Assistir' opens the room's lecture screen.
  await page.goto('/plataforma/1/programacao');
  await page.clock.setSystemTime(new Date(instantOf(live.startDate, live.startTime) + 60_000));
  await page.reload();
  await liveNow.getByRole('link', { name: `Assistir: ${live.name}` }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/salas\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: live.room?.name ?? '' })).toBeVisible();
});

test('Programação fits a phone: no sideways scroll, the filters one under the other', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/plataforma/1/programacao?dia=todos');
  await expect(page.getByRole('heading', { level: 1, name: 'Programação' })).toBeVisible();
  await expect(page.locator('li[data-state]').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const day = await page.getByRole('combobox', { name: 'Dia', exact: true }).boundingBox();
  const room = await page.getByRole('combobox', { name: 'Sala', exact: true }).boundingBox();
  expect(day && room && room.y > day.y).toBe(true);
});

test('the speakers’ directory finds a speaker without accents and leads to their lectures in the programme; axe finds nothing serious', async ({
  page,
}) => {
  await page.goto('/plataforma/1/palestrantes/diretorio');
  await expect(page.getByRole('heading', { level: 1, name: 'Palestrantes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Dra. Helena Prado' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('searchbox').fill('helena prado');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await page.getByRole('link', { name: 'Ver na programação: Dra. Helena Prado' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/programacao\?dia=todos&palestrante=\d+$/);
  await expect(page.getByRole('combobox', { name: 'Palestrante', exact: true }).locator('option:checked')).toHaveText('Dra. Helena Prado');
  const rows = page.locator('li[data-state]');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Helena Prado');
});

test('the exhibitors’ directory finds a stand by a word without accents, filters by tier and leads to the stand; axe finds nothing serious', async ({
  page,
}) => {
  await visitorSignIn(page, EDUARDA);
  await page.getByRole('navigation', { name: 'Navegação do evento' }).getByRole('link', { name: 'Expositores' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/expositores$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Expositores' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visitar estande: Vitalis Farmacêutica' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Nível' }).selectOption({ label: 'MASTER' });
  await expect(page).toHaveURL(/nivel=master/);
  await page.getByRole('searchbox', { name: 'Buscar por nome ou descrição' }).fill('farmaceutica');
  await expect(page.getByRole('link', { name: /^Visitar estande: / })).toHaveCount(1);
  await page.getByRole('link', { name: 'Visitar estande: Vitalis Farmacêutica' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/estande\/\d+-vitalis-farmaceutica$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Vitalis Farmacêutica' })).toBeVisible();
});

test('on a phone the navigation bar’s nine buttons fit without scrolling, on a stand hall', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visitorSignIn(page, EDUARDA);
  await page.goto('/plataforma/1/hall-estandes-gold');
  const bar = page.getByRole('navigation', { name: 'Navegação do evento' });
  await expect(bar.getByRole('link', { name: 'Expositores' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Sair' })).toBeVisible();
  const overflow = await bar.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
