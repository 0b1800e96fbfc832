import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { visitorSignIn } from './helpers';

// Issue 17: the list twin of every hall ('Ver como lista'), the skip link to the navigation, the
// map as a way around, and a phone's hall: the corner controls clear of the name sign, the swipe
// hint gone at the first swipe, the side arrows to the doors at both ends.

// A seeded client of its own: the soft login allows ten tries a minute per e-mail.
const BRUNO = 'bruno.carvalho@exemplo.com.br';

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test('the gold hall as a list: a stand reached by keyboard alone, the choice remembered; axe finds nothing serious', async ({ page }) => {
  await visitorSignIn(page, BRUNO);
  await page.goto('/plataforma/1/hall-estandes-gold');
  await page.getByRole('button', { name: 'Ver como lista' }).focus();
  await page.keyboard.press('Enter');

  const list = page.getByTestId('hall-list');
  await expect(list.getByRole('heading', { level: 1 })).toContainText('Pavilhão Ouro');
  await expect(page.getByTestId('hall-viewport')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Tab from the switch to the first stand of the list, and Enter: the stand's page.
  const stand = list.getByRole('region', { name: 'Estandes' }).getByRole('link').first();
  const name = ((await stand.textContent()) ?? '').replace(/^Estande /, '');
  for (let step = 0; step < 12 && !(await stand.evaluate((element) => element === document.activeElement)); step += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(stand).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/plataforma\/1\/estande\/\d+-/);
  await expect(page.getByRole('heading', { name, exact: false }).first()).toBeVisible();

  // Another hall, and the next visit, open as lists too.
  await page.goto('/plataforma/1/hall-estandes-prata');
  await expect(page.getByTestId('hall-list')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('hall-list').getByRole('heading', { level: 1 })).toContainText('Pavilhão Prata');
  await page.getByRole('button', { name: 'Ver como cena' }).click();
  await expect(page.getByTestId('hall-viewport')).toBeVisible();
});

test('the skip link is the first stop of the keyboard and leads to the navigation bar', async ({ page }) => {
  await visitorSignIn(page, BRUNO);
  await page.goto('/plataforma/1/hall-estandes-gold');
  await expect(page.getByTestId('hall-viewport')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para a navegação' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Navegação do evento' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Hall de entrada' })).toBeFocused();
});

test('the gold hall’s map names its stands whole, with no label over another, and a booth on it leads to the stand', async ({ page }) => {
  await visitorSignIn(page, BRUNO);
  await page.goto('/plataforma/1/hall-estandes-gold');
  await page.getByRole('navigation').getByRole('button', { name: 'Mapa' }).click();
  const map = page.getByRole('dialog', { name: 'Mapa: Pavilhão Ouro' });
  await expect(map.getByText('Você está aqui')).toBeVisible();
  // Placed by the browser's own measure: the boxes the texts really take.
  const boxes = await map.locator('[data-label] text').evaluateAll((texts) =>
    texts.map((text) => {
      const box = (text as SVGTextElement).getBBox();
      return { text: text.textContent ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(6);
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height, `${a.text} / ${b.text}`).toBe(
        false,
      );
  expect(boxes.map((box) => box.text)).toContain('Vitalis Farmacêutica');
  expect(await seriousViolations(page)).toEqual([]);
  await map.getByRole('link', { name: 'Estande Vitalis Farmacêutica' }).click();
  await expect(page).toHaveURL(/\/estande\/1-vitalis-farmaceutica$/);
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the corner controls sit above the scene, clear of the name sign; the swipe hint goes at the first swipe', async ({ page }) => {
    await visitorSignIn(page, BRUNO);
    for (const hall of ['hall-entrada', 'hall-estandes-gold']) {
      await page.goto(`/plataforma/1/${hall}`);
      const scene = await page.getByTestId('hall-viewport').boundingBox();
      expect(scene).not.toBeNull();
      for (const control of [page.getByRole('button', { name: 'Ver como lista' }), page.locator('header').first()]) {
        const box = await control.boundingBox();
        expect(box, `${hall}: a corner control`).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0), `${hall}: a corner control ends above the scene`).toBeLessThanOrEqual(
          (scene?.y ?? 0) + 1,
        );
      }
    }
    const hint = page.getByText('Deslize para os lados para explorar');
    await expect(hint).toBeVisible();
    await page.getByTestId('hall-viewport').evaluate((element) => element.scrollBy({ left: 160 }));
    await expect(hint).toHaveCount(0);
  });

  test("hall-salas: the language switcher leaves the title whole, and the event's banner is shown", async ({ page }) => {
    await visitorSignIn(page, BRUNO);
    await page.goto('/plataforma/1/hall-salas');
    const title = await page.getByRole('heading', { level: 1, name: 'Salas do congresso' }).boundingBox();
    const switcher = await page.getByRole('group', { name: 'Idioma' }).boundingBox();
    expect(title).not.toBeNull();
    expect(switcher).not.toBeNull();
    // Before (issue 16's review), the switcher sat over the title's last word.
    expect((switcher?.y ?? 0) + (switcher?.height ?? 0)).toBeLessThanOrEqual(title?.y ?? 0);
    const banner = page.getByRole('img', { name: /^Banner do evento / });
    await expect(banner).toBeVisible();
    expect(await banner.getAttribute('src')).toMatch(/banner/);
  });

  /**
   * Taps an arrow until it is gone at the hall's end. The arrow may vanish between the check and
   * the tap (the last pan reached the end): that tap is not waited for until the test's timeout.
   */
  const panToTheEnd = async (arrow: Locator) => {
    for (let taps = 0; taps < 12 && (await arrow.isVisible()); taps += 1) {
      await arrow.click({ timeout: 2_000 }).catch(async (error: unknown) => {
        if (await arrow.isVisible()) throw error;
      });
    }
    await expect(arrow).toBeHidden();
  };

  test('the side arrows pan the hall to its doors at both ends, and go where the hall ends', async ({ page }) => {
    // Without the smooth scroll, an arrow is gone as soon as its click reached the end.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visitorSignIn(page, BRUNO);
    await page.goto('/plataforma/1/hall-entrada');
    const right = page.getByRole('button', { name: 'Ver mais à direita' });
    const left = page.getByRole('button', { name: 'Ver mais à esquerda' });
    // The hall opens at its centre: there is more on both sides.
    await expect(right).toBeVisible();
    await expect(left).toBeVisible();
    const gold = page.getByRole('link', { name: 'Ir para: Pavilhão Ouro' });
    await expect(gold).not.toBeInViewport();
    await panToTheEnd(right);
    await expect(gold).toBeInViewport();
    await expect(left).toBeVisible();
    // Tapped on, the door leads there.
    await gold.click();
    await expect(page).toHaveURL(/\/hall-estandes-gold$/);
    await page.goBack();
    const congress = page.getByRole('link', { name: 'Ir para: Congresso 1' });
    // Back in the entrance: wait for it, then for its arrows, before the walk. A check of the
    // arrows alone could find the gold hall's, still on screen, and the walk then end at once
    // when they went with it (the entrance's show once its scene is centred, in its first frame).
    await expect(congress).toBeAttached();
    await expect(left).toBeVisible();
    await panToTheEnd(left);
    await expect(congress).toBeInViewport();
    await expect(right).toBeVisible();
  });
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('a hall’s first HTML paints the loading shell with the event’s name on the dark background, not a white page', async ({ page }) => {
    const event = (await (await page.request.get('/api/site/v1/events/1')).json()) as { data: { name: string } };
    await page.goto('/plataforma/1/hall-entrada');
    const shell = page.getByRole('status');
    await expect(shell).toContainText(event.data.name);
    await expect(shell).toContainText('Carregando…');
    const background = await page.locator('.boot').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(0, 0, 0)');
    // A wait longer than a second shows the spinner too (a quicker load never flashes it).
    await expect(page.locator('.boot-spinner')).toHaveCSS('opacity', '1', { timeout: 5_000 });
  });
});
