import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, staffSignIn, visitorRegister } from './helpers';

/** Opens every chart's folded table ('Ver dados em tabela'), as a reader of the numbers would. */
const openFolds = async (page: Page) => {
  const summaries = page.getByText('Ver dados em tabela', { exact: true });
  await expect(summaries.first()).toBeVisible();
  for (const summary of await summaries.all()) await summary.click();
};

// Issue 15 (decision 048): a visitor watches the live lecture of the seeded room 1 — Playwright's
// clock is moved on, so the venue sends its heartbeat after 30 s of playing (the player, a local
// fake of YouTube's, says it plays) — and the admin's
// event dashboard then shows the lecture's watcher and minutes. axe on both dashboards.

const ZONE = 'America/Sao_Paulo';

/** A player page that reports 'playing' (state 1) to the page that asked, as YouTube's does with enablejsapi=1. */
const FAKE_YOUTUBE_PLAYER = `<!doctype html><title>player</title><script>
addEventListener('message', (event) => {
  let message;
  try { message = JSON.parse(event.data); } catch { return; }
  if (message.event === 'listening') parent.postMessage(JSON.stringify({ event: 'onStateChange', info: 1, id: message.id, channel: 'widget' }), event.origin);
});
</script>`;
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());

/** axe's landmark rules the dashboards are held to beside the serious and critical ones (issue 56, item 14). */
const LANDMARK_RULES = ['region', 'landmark-unique'];

const expectAccessible = async (page: Page, what: string) => {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || LANDMARK_RULES.includes(v.id));
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
};

test('a visitor watches a lecture; the admin sees the minutes on the event dashboard', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await page.route(/youtube\.com|youtube-nocookie\.com|vimeo\.com/, (route) => route.abort());
  // No internet here: YouTube's player page is a local fake that speaks its postMessage protocol and
  // says it plays once the page listens (issue 56, item 3: time counts only while the player plays).
  await page.route(/^https:\/\/www\.youtube\.com\/embed\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: FAKE_YOUTUBE_PLAYER }),
  );
  await page.clock.install();
  // A full session: a soft one's watch time is not credited (decision 102).
  await visitorRegister(page, 'Davi Assistente');
  const signedInAt = Date.now();
  await page.goto('/plataforma/1/salas/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditório Principal' })).toBeVisible();
  const player = page.locator('iframe[src*="youtube.com/embed"]');
  await expect(player).toHaveCount(1);
  const lectureName = await player.getAttribute('title');
  // Meanwhile the admin reads the Painel.
  const admin = await browser.newContext();
  const office = await admin.newPage();
  await staffSignIn(office, ADMIN.email, ADMIN.password);
  // The admins' home is Eventos (SPEC §2.2, decision 097); Painel is the menu's first entry.
  await expect(office).toHaveURL(/\/cms\/eventos$/);
  await office.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Painel' }).click();
  await expect(office).toHaveURL(/\/cms\/dashboard$/);
  await expect(office.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  // Each chart's table is folded under it (issue 56, item 8): opened, it reads 'Cadastros por dia'.
  await openFolds(office);
  await expect(office.getByRole('table', { name: 'Cadastros por dia' })).toBeVisible();
  await expectAccessible(office, 'Painel');

  // 30 s of playing in a visible tab: one heartbeat, accepted (202) and credited 30 s by the server
  // (its session half a minute old by then: nothing is credited before a session began, decision 102).
  await page.waitForTimeout(Math.max(0, signedInAt + 30_500 - Date.now()));
  const beat = page.waitForResponse((res) => res.url().endsWith('/api/site/v1/watch/heartbeat') && res.request().method() === 'POST');
  await page.clock.fastForward(31_000);
  expect((await beat).status()).toBe(202);

  const day = today();
  await office.goto(`/cms/eventos/1/dashboard?from=${day}&to=${day}`);
  await expect(office.getByRole('heading', { level: 1, name: /^Painel — / })).toBeVisible();
  await expect(office.getByRole('textbox', { name: 'De', exact: true })).toHaveValue(day);
  await openFolds(office);
  const lectures = office.getByRole('table', { name: 'Palestras por audiência' });
  const row = lectures.getByRole('row').filter({ has: office.getByRole('rowheader', { name: lectureName ?? '', exact: true }) });
  // Lecture, room, peak, watchers, minutes, average: at least this visitor's half-minute.
  const cells = row.getByRole('cell');
  await expect(cells).toHaveCount(5);
  expect(Number((await cells.nth(1).textContent())?.replace(/\./g, ''))).toBeGreaterThanOrEqual(1);
  expect(Number((await cells.nth(3).textContent())?.replace(/\./g, '').replace(',', '.'))).toBeGreaterThanOrEqual(0.5);
  await expect(office.getByRole('img', { name: /^Minutos assistidos por palestra: / })).toBeVisible();
  await expectAccessible(office, 'Painel do evento');

  // The export carries the same table.
  const download = office.waitForEvent('download');
  await office.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`painel-evento-1-${day}-${day}.csv`);
  await admin.close();
});
