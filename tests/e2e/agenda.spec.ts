import { expect, test } from '@playwright/test';
import { visitorRegister } from './helpers';

// 'Minha agenda' and favourite exhibitors (issue 17, decision 034): a signed-in visitor stars a
// lecture on the Programação, finds it under 'Minha agenda' after a reload, and is told in the venue five
// minutes before it starts (Playwright's clock).

interface Lecture {
  id: number;
  name: string;
  startDate: string;
  startTime: string;
  room: { id: number; name: string } | null;
}

// A seeded client of its own: the soft login allows ten tries a minute per e-mail.

/** São Paulo has had no DST since 2019: UTC−3. */
const instantOf = (date: string, time: string) => Date.parse(`${date}T${time.slice(0, 8)}-03:00`);

test('a visitor stars a lecture, filters on Minha agenda, and is told five minutes before it starts', async ({ page }) => {
  const res = await page.request.get('/api/site/v1/lectures/event/1');
  const { rows } = ((await res.json()) as { data: { rows: Lecture[] } }).data;
  const lecture = rows.find((row) => row.room !== null);
  expect(lecture, 'the seed has lectures in rooms').toBeTruthy();
  const { name, startDate, startTime, room } = lecture as Lecture;
  // Six minutes before it starts: not yet within the notice's five.
  await page.clock.install({ time: new Date(instantOf(startDate, startTime) - 6 * 60_000) });

  // The agenda and favourites need a full account (issue 47, item 5): a soft session is sent to sign in.
  await visitorRegister(page, 'Camila Ferreira');
  await page.goto('/plataforma/1/programacao?dia=todos');
  const star = page.getByRole('button', { name: `Adicionar à minha agenda: ${name}` }).first();
  // A retried run finds it starred already: start from a clean agenda (once the agenda has come).
  const already = page.getByRole('button', { name: `Remover da minha agenda: ${name}` }).first();
  await expect(star.or(already)).toBeVisible();
  if (await already.isVisible()) await already.click();
  await star.click();
  const unstar = page.getByRole('button', { name: `Remover da minha agenda: ${name}` }).first();
  await expect(unstar).toHaveAttribute('aria-pressed', 'true');

  // The box follows the address (the router's update runs in a transition): click, then read it.
  const mine = page.getByRole('checkbox', { name: 'Minha agenda' });
  await mine.click();
  await expect(mine).toBeChecked();
  await expect(page).toHaveURL(/minha=1/);
  await expect(page.locator('li[data-state]')).toHaveCount(1);
  await page.reload();
  await expect(page.locator('li[data-state]').filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Remover da minha agenda: ${name}` })).toHaveAttribute('aria-pressed', 'true');

  // In a hall, a minute and a half later (the notice looks every 15 s): five minutes to go.
  // Once the hall has its answers: running the clock on over requests in flight would fire their
  // time-outs (the app's, on Playwright's clock) and abort them.
  const answered = Promise.all([
    page.waitForResponse((response) => response.url().includes('/clients/me/agenda?eventId=1')),
    page.waitForResponse((response) => response.url().includes('/lectures/event/1')),
  ]);
  await page.goto('/plataforma/1/hall-entrada');
  await answered;
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(90_000);
  const notice = page.getByRole('status').filter({ hasText: 'Começa em 5 minutos' });
  await expect(notice).toContainText(`Começa em 5 minutos: ${name} — ${room?.name ?? ''}`);
  await expect(notice.getByRole('link', { name: `Assistir: ${name}` })).toHaveAttribute('href', `/plataforma/1/salas/${room?.id}`);
  await notice.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(page.getByText('Começa em 5 minutos')).toHaveCount(0);
});

test('a visitor marks an exhibitor as a favourite and finds it under Favoritos after a reload', async ({ page }) => {
  // The agenda and favourites need a full account (issue 47, item 5): a soft session is sent to sign in.
  await visitorRegister(page, 'Camila Ferreira');
  await page.goto('/plataforma/1/expositores');
  const name = 'Vitalis Farmacêutica';
  const add = page.getByRole('button', { name: `Adicionar aos favoritos: ${name}` });
  const remove = page.getByRole('button', { name: `Remover dos favoritos: ${name}` });
  // A retried run finds it marked already: start from no favourite (once the list has come).
  await expect(add.or(remove)).toBeVisible();
  if (await remove.isVisible()) await remove.click();
  await add.click();
  await expect(remove).toHaveAttribute('aria-pressed', 'true');

  const favourites = page.getByRole('checkbox', { name: 'Favoritos' });
  await favourites.click();
  await expect(favourites).toBeChecked();
  await expect(page).toHaveURL(/favoritos=1/);
  await expect(page.getByRole('link', { name: /^Visitar estande: / })).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('link', { name: /^Visitar estande: / })).toHaveCount(1);
  await expect(page.getByRole('link', { name: `Visitar estande: ${name}` })).toBeVisible();
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
});
