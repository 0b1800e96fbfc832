import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { visitorSignIn } from './helpers';

// The stand screen (issue 5): tier differences, the media modal, products, the contact form.

const main = (page: Page) => page.getByRole('main');

test('a MASTER and a BRONZE stand show their tier differences', async ({ page }) => {
  await visitorSignIn(page);
  const visit = page.waitForRequest(
    (req) => req.url().endsWith('/api/site/v1/page-views') && req.method() === 'POST' && req.postDataJSON()?.standId === 1,
  );
  await page.getByRole('link', { name: 'Ir para: Pavilhão Ouro' }).click();
  await page.getByRole('link', { name: 'Estande Vitalis Farmacêutica' }).click();
  await visit; // the stand visit is recorded for the dashboards
  await expect(main(page).getByRole('heading', { level: 1, name: 'Vitalis Farmacêutica' })).toBeVisible();
  await expect(main(page).getByText('MASTER', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Simpósio' })).toHaveAttribute('target', '_blank');
  await expect(main(page).getByRole('link', { name: 'Sala de negociação' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vídeos' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Documentos' }).getByRole('listitem')).toHaveCount(3);
  await expect(main(page).getByRole('link', { name: /^Instagram de Vitalis/ })).toBeVisible();

  await page.goto('/plataforma/1/estande/11');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main(page).getByText('BRONZE', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Simpósio' })).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'Sala de negociação' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Vídeos' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Documentos' }).getByRole('listitem')).toHaveCount(2);

  await page.goto('/plataforma/1/estande/5');
  await expect(main(page).getByText('SILVER/PRATA', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Sala de negociação' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Simpósio' })).toHaveCount(0);
});

test('a video opens in the modal player, documents open in the browser, products show their price', async ({ page }) => {
  await visitorSignIn(page);
  await page.goto('/plataforma/1/estande/1-vitalis-farmaceutica');
  await page.getByRole('button', { name: 'Apresentação institucional' }).click();
  const modal = page.getByRole('dialog', { name: 'Apresentação institucional' });
  const video = modal.locator('video');
  await expect(video).toHaveAttribute('controlslist', /nodownload/);
  await expect(video).toHaveAttribute('width', '600');
  await expect(video).toHaveAttribute('height', '338');
  await expect(video).toHaveAttribute('src', /^\/uploads\/.+\.mp4$/);
  const prevented = await video.evaluate(
    (element) => !element.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })),
  );
  expect(prevented).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  const document = page.getByRole('list', { name: 'Documentos' }).getByRole('link').first();
  await expect(document).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get((await document.getAttribute('href')) as string);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  const kit = page.getByRole('article', { name: 'Kit de demonstração' });
  await expect(kit.getByText('De R$ 1.200,00')).toBeVisible();
  await expect(kit.getByText('Por R$ 1.000,00')).toBeVisible();
  await expect(kit.getByText('em até 10x de R$ 100,00')).toBeVisible();
  await expect(kit.getByRole('link', { name: 'Quero conhecer' })).toHaveAttribute('href', /^https:\/\//);
});

test('the contact form sends the request and says so; a failure says to try later and keeps the text', async ({ page }) => {
  await visitorSignIn(page);
  await page.goto('/plataforma/1/estande/2');
  await page.getByRole('button', { name: 'Fale com o expositor' }).click();
  const form = page.getByRole('dialog', { name: /^Fale com / });
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Escreva a sua mensagem.');
  await form.getByLabel('Mensagem').fill('Gostaria de uma demonstração na minha UTI.');
  const sent = page.waitForResponse((res) => res.url().endsWith('/api/site/v1/contacts/stand'));
  await form.getByRole('button', { name: 'Enviar' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText('Seu contato foi enviado com sucesso!').first()).toBeVisible();
  await expect(form).toBeHidden();

  await page.route('**/api/site/v1/contacts/stand', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"data":null,"msg":"api.error.internal","status":500}' }),
  );
  await page.getByRole('button', { name: 'Fale com o expositor' }).click();
  await form.getByLabel('Mensagem').fill('Outra pergunta');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Ocorreu um erro. Tente novamente mais tarde.').first()).toBeVisible();
  await expect(form.getByLabel('Mensagem')).toHaveValue('Outra pergunta');
});

test('the stand switches between portrait and landscape on resize, and axe finds nothing serious', async ({ page }) => {
  await visitorSignIn(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/plataforma/1/estande/1');
  await expect(main(page)).toHaveAttribute('data-layout', 'landscape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main(page)).toHaveAttribute('data-layout', 'portrait');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(main(page)).toHaveAttribute('data-layout', 'landscape');
  await expect(page.getByRole('article', { name: 'Kit de demonstração' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('an unknown stand shows a clear page', async ({ page }) => {
  await visitorSignIn(page);
  await page.goto('/plataforma/1/estande/99999-nada');
  await expect(page.getByRole('heading', { name: 'Estande não encontrado' })).toBeVisible();
});
