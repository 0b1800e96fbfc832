import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ATTENDANT, staffSignIn } from './helpers';

// The exhibitor report (issue 15, decision 049): the attendant opens their stand's report from
// their stands, reads the figures beside the tier's average, and downloads the PDF for the sponsor.

test('the attendant opens their stand’s report and downloads it as a PDF; axe finds nothing serious', async ({ page }) => {
  test.setTimeout(90_000);
  // A visit of the stand of its own, so the report has a figure to chart when this file runs alone
  // (the demo seeds no page views; other files' visits are not this one's to rely on).
  const visit = await page.request.post('/api/site/v1/page-views', { data: { path: '/plataforma/1/estande/1', eventId: 1, standId: 1 } });
  expect(visit.status()).toBe(202);
  await staffSignIn(page, ATTENDANT.email, ATTENDANT.password);
  await expect(page).toHaveURL(/\/cms\/estandes$/);
  await page.getByRole('link', { name: 'Relatório do estande Vitalis Farmacêutica' }).click();
  await expect(page).toHaveURL(/\/cms\/estandes\/1\/relatorio$/);
  await expect(page.getByRole('heading', { name: 'Relatório do estande Vitalis Farmacêutica' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Indicadores do estande Vitalis Farmacêutica/ })).toBeVisible();
  // Compared with the tier's other stands, or with none when it is the tier's only one (decision 103).
  await expect(page.getByText(/comparado com \d+ outros? estandes? do nível|único estande do nível: sem comparação/)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Visitas' })).toBeVisible();

  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => v.id)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('relatorio-estande-vitalis-farmaceutica.pdf');
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
