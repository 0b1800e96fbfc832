import { expect, test, type Page } from '@playwright/test';
import { visitorSignIn } from './helpers';

// The lecture screen and the room's programme by day (issue 5). Video hosts are unreachable
// here: they are blocked and only the players' addresses are checked.

interface Lecture {
  name: string;
  startDate: string;
  startTime: string;
  endTime: string;
}

const ZONE = 'America/Sao_Paulo';
const today = (instant = Date.now()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
/** São Paulo has had no DST since 2019: UTC−3. */
const instantOf = (date: string, time: string) => Date.parse(`${date}T${time.slice(0, 8)}-03:00`);

const blockVideoHosts = (page: Page) => page.route(/youtube\.com|youtube-nocookie\.com|vimeo\.com/, (route) => route.abort());

test('the seeded live room plays the current lecture, and after its end shows what comes next without a reload', async ({
  page,
  request,
}) => {
  await blockVideoHosts(page);
  const day = today();
  const lecturesOf = async (date: string) => {
    const res = await request.get(`/api/site/v1/lectures/me?roomId=1&startDate=${date}&order=startTime:asc`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { rows: Lecture[] } }).data.rows;
  };
  const rows = await lecturesOf(day);
  const live = rows.find(
    (row) => instantOf(row.startDate, row.startTime) <= Date.now() && Date.now() < instantOf(row.startDate, row.endTime),
  );
  expect(live, 'the seed keeps a lecture live in room 1').toBeTruthy();
  const liveLecture = live as Lecture;
  const following = rows.find((row) => instantOf(row.startDate, row.startTime) >= instantOf(liveLecture.startDate, liveLecture.endTime));
  // After 23:30 the seed's live lecture ends at midnight and its continuation starts at 00:00 the
  // next day: past the end, the screen is on the new day and shows that one on now.
  const tomorrow = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const end = instantOf(liveLecture.startDate, liveLecture.endTime);
  const continuation = following
    ? undefined
    : (await lecturesOf(tomorrow)).find((row) => {
        const start = instantOf(row.startDate, row.startTime);
        return start >= end && start <= end + 5_000;
      });

  // A visitor who opens the room cold (a shared link, no click on the page yet): the browser
  // would refuse sound, so the player starts muted.
  await page.addInitScript(() => Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false, isActive: false } }));
  await page.clock.install({ time: new Date(instantOf(liveLecture.startDate, liveLecture.startTime) + 60_000) });
  await page.goto('/plataforma/1/salas/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditório Principal' })).toBeVisible();
  const player = page.locator(`iframe[title="${liveLecture.name}"]`);
  // YouTube watch link → embed address (what came before the first '&'), autoplay; opened cold, muted.
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/aqz-KE-bpKQ\?autoplay=1&mute=1/);
  await expect(page.getByText(`${liveLecture.startTime.slice(0, 5)} às ${liveLecture.endTime.slice(0, 5)}`)).toBeVisible();
  // The host is blocked here, as a firewall would: a message and the video's own link, not a grey frame (issue 17).
  await expect(page.getByRole('alert').filter({ hasText: 'O vídeo não pôde ser carregado de www.youtube.com' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir o vídeo em www.youtube.com (nova aba)' })).toHaveAttribute(
    'href',
    /youtube\.com\/embed\//,
  );
  // No 'Ativar som' over that message: the host's player cannot start either way (the button's
  // path, muted cold then with sound, is the lecture screen's component test).
  await expect(page.getByRole('button', { name: 'Ativar som' })).toHaveCount(0);

  // Past the end: the 5-second recomputation switches to the next lecture or the no-lecture message.
  await page.clock.fastForward(
    instantOf(liveLecture.startDate, liveLecture.endTime) - instantOf(liveLecture.startDate, liveLecture.startTime) + 5_000,
  );
  if (following) {
    await expect(page.getByText(`Próxima palestra: ${following.name} às ${following.startTime.slice(0, 5)}`)).toBeVisible();
  } else if (continuation) {
    const current = page.getByRole('region', { name: 'Palestra em andamento' });
    await expect(
      current.getByRole('heading', { level: 2, name: new RegExp(`${continuation.name.replace(/[()]/g, '\\$&')}$`) }),
    ).toBeVisible();
    await expect(current.getByText(`${continuation.startTime.slice(0, 5)} às ${continuation.endTime.slice(0, 5)}`)).toBeVisible();
  } else {
    await expect(page.getByText('Não há mais palestras nesta sala hoje.')).toBeVisible();
  }
  await expect(player).toHaveCount(0);
});

test('arriving through a door of the congress hall (a click), the lecture starts with sound', async ({ page }) => {
  await blockVideoHosts(page);
  await visitorSignIn(page);
  await page.getByRole('link', { name: 'Ir para: Congresso 1' }).click();
  await page.getByRole('link', { name: 'Entrar na Auditório Principal' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/salas\/1$/);
  await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/aqz-KE-bpKQ\?autoplay=1/);
  await expect(page.locator('iframe')).not.toHaveAttribute('src', /mute=1/);
  await expect(page.getByRole('button', { name: 'Ativar som' })).toHaveCount(0);
});

test('a lecture call that fails sends the visitor to the entrance hall', async ({ page }) => {
  await page.goto('/plataforma/1/salas/999999');
  await expect(page).toHaveURL(/\/plataforma\/1\/hall-entrada$/);
});

test("a room's programme by day: the event's dates, the day's lectures, and the Vimeo player", async ({ page }) => {
  await blockVideoHosts(page);
  await visitorSignIn(page);
  await page.goto('/plataforma/1/congresso/salas/1');
  const days = page.getByRole('list', { name: 'Dias do evento' }).getByRole('button');
  await expect(days).toHaveText(['12/11/2020', '13/11/2020', '14/11/2020']);
  await days.first().click();
  const day = page.getByRole('dialog', { name: 'Palestras do dia 12/11/2020' });
  await expect(day.getByRole('row', { name: /Abertura e panorama da terapia intensiva/ })).toContainText('08:00 - 09:30');
  await expect(day.getByText('Em breve').first()).toBeVisible();
  await day.getByRole('button', { name: 'Assistir: Abertura e panorama da terapia intensiva' }).click();
  const player = page.getByRole('dialog', { name: 'Abertura e panorama da terapia intensiva' });
  await expect(player.locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979872');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Palestras do dia 12/11/2020' })).toBeVisible();
});

test('an empty day says its lectures are not available yet', async ({ page }) => {
  await visitorSignIn(page);
  await page.goto('/plataforma/1/congresso/salas/16');
  await page.getByRole('button', { name: '14/11/2020' }).click();
  await expect(page.getByText('As palestras desse dia ainda não estão disponíveis')).toBeVisible();
});

// Issue 56, item 5: at a laptop's size the 1280-wide video pushed the lecture line ('AO VIVO' and
// its title) under the fixed navigation bar; the video now takes the width the height leaves.
for (const size of [
  { name: 'a laptop', width: 1440, height: 900 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`on ${size.name} (${size.width}×${size.height}) the live lecture's title and 'AO VIVO' are in view above the navigation bar`, async ({
    page,
    request,
  }) => {
    await blockVideoHosts(page);
    await page.setViewportSize({ width: size.width, height: size.height });
    const day = today();
    const res = await request.get(`/api/site/v1/lectures/me?roomId=1&startDate=${day}&order=startTime:asc`);
    const rows = ((await res.json()) as { data: { rows: Lecture[] } }).data.rows;
    const live = rows.find(
      (row) => instantOf(row.startDate, row.startTime) <= Date.now() && Date.now() < instantOf(row.startDate, row.endTime),
    );
    expect(live, 'the seed keeps a lecture live in room 1').toBeTruthy();
    const lecture = live as Lecture;
    await page.clock.install({ time: new Date(instantOf(lecture.startDate, lecture.startTime) + 60_000) });
    await page.goto('/plataforma/1/salas/1');
    const now = page.getByRole('region', { name: 'Palestra em andamento' });
    await expect(now.getByText('AO VIVO', { exact: true })).toBeVisible();
    const title = await now.getByRole('heading', { level: 2 }).boundingBox();
    const bar = await page.getByRole('navigation', { name: 'Navegação do evento' }).boundingBox();
    expect(title && bar).toBeTruthy();
    if (!title || !bar) return;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The whole line sits above the bar, on the first screen, without scrolling.
    expect(title.y + title.height).toBeLessThanOrEqual(bar.y);
    expect(title.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`lecture-${size.width}x${size.height}.png`) });
  });
}
