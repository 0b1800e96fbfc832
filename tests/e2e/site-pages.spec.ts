import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The site's pages around the catalogue (issue 13): terms and about us (the demo's texts,
// written as content), and the contact form for a guest.

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test('the footer leads to the terms and to about us, drawn from their content; axe finds nothing serious', async ({ page }) => {
  await page.goto('/eventos');
  const footer = page.getByRole('navigation', { name: 'Sobre a plataforma' });
  await footer.getByRole('link', { name: 'Termos de uso' }).click();
  await expect(page).toHaveURL(/\/termos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Seus dados' })).toBeVisible();
  await expect(page.getByText(/Lei Geral de Proteção de Dados/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await footer.getByRole('link', { name: 'Sobre nós' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre nós' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a guest writes to the organisers at /contato', async ({ page }) => {
  await page.goto('/contato');
  await expect(page.getByRole('heading', { level: 1, name: 'Fale conosco' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Assunto').selectOption({ label: 'Seja um parceiro' });
  await page.getByLabel('Nome').fill('Empresa Parceira');
  await page.getByLabel('E-mail').fill('parcerias@exemplo.com.br');
  await page.getByLabel('Mensagem').fill('Queremos patrocinar o próximo congresso.');
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/site/v1/contacts'));
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  expect((await answered).status()).toBe(201);
  await expect(page.getByTestId('toast')).toContainText('Seu contato foi enviado com sucesso!');
  await expect(page.getByLabel('Mensagem')).toHaveValue('');
});
