import { expect, test } from '@playwright/test';

// The walking skeleton as a visitor meets it: one origin serving the venue, the API,
// the stock admin and uploads, on a fresh database with the demo event.

test('the root lands on the entrance hall of the demo event', async ({ page, request }) => {
  const event = await request.get('/api/site/v1/events/1');
  expect(event.status()).toBe(200);
  const { data } = (await event.json()) as { data: { name: string; banner: string | null } };

  const pageView = page.waitForResponse((res) => res.url().includes('/api/site/v1/page-views') && res.request().method() === 'POST');
  await page.goto('/');
  await expect(page).toHaveURL(/\/plataforma\/1\/hall-entrada$/);
  await expect(page.getByText(data.name).first()).toBeVisible();
  expect((await pageView).status()).toBe(202);
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
});

test('the event banner is served from /uploads', async ({ request }) => {
  const { data } = (await (await request.get('/api/site/v1/events/1')).json()) as { data: { banner: string | null } };
  expect(data.banner).toMatch(/^\/uploads\//);
  const banner = await request.get(data.banner as string);
  expect(banner.status()).toBe(200);
  expect(banner.headers()['content-type']).toMatch(/^image\//);
});

test('an unknown page shows the not-found screen, answered 404 (decision 072)', async ({ page }) => {
  const response = await page.goto('/nada');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Pagina não encontrada')).toBeVisible();
});

test('a deep platform link is answered by the venue, not the API', async ({ request }) => {
  for (const path of ['/plataforma/1/hall-entrada', '/cms/login', '/cms']) {
    const res = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain('<div id="root"');
  }
});

test('the stock admin is served under /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveTitle(/Strapi|Admin/i);
});

test('the API answers the envelope on the same origin', async ({ request }) => {
  const res = await request.get('/api/site/v1/stands?eventId=1&limit=0');
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ data: null, msg: 'api.error.invalidLimit', status: 400 });
});
