import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { visitorSignIn } from './helpers';

// The public catalogue and an event's page (issue 13): a new visitor finds the demo event,
// opens its page, walks into the venue and registers there; a shared link's first HTML names
// the event.

const DEMO = 'Congresso Brasileiro Virtual de Medicina Intensiva';

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test('a new visitor finds the demo event in /eventos, opens its page, enters the venue and registers; axe finds nothing serious', async ({
  page,
}) => {
  await page.goto('/eventos');
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Todos os eventos' });
  await expect(results.getByRole('link', { name: DEMO })).toBeVisible();
  await expect(results.getByText('De R$ 150,00').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('searchbox', { name: 'Buscar' }).fill('intensiva');
  await expect(page.getByRole('region', { name: 'Resultados' }).getByRole('link', { name: DEMO })).toBeVisible();
  await expect(page).toHaveURL(/\/eventos\?busca=intensiva$/);
  // The demo event (2020) is over: 'Próximos' leaves it out, 'Encerrados' keeps it.
  await page.getByText('Próximos', { exact: true }).click();
  await expect(page.getByText('Nenhum evento encontrado com esses filtros.')).toBeVisible();
  await page.getByText('Encerrados', { exact: true }).click();
  await page.getByRole('region', { name: 'Resultados' }).getByRole('link', { name: DEMO }).click();

  await expect(page).toHaveURL(/\/eventos\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO })).toBeVisible();
  await expect(page).toHaveTitle(`${DEMO} · Plataforma de Eventos`);
  await expect(page.getByText('12/11/2020 a 14/11/2020')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comprar ingresso' })).toBeVisible();
  const programme = page.getByRole('region', { name: 'Programação' });
  await programme.getByRole('tab', { name: '12/11' }).click();
  await expect(programme.getByRole('heading', { name: 'quinta-feira, 12 de novembro de 2020' })).toBeVisible();
  await expect(programme.getByText('Abertura e panorama da terapia intensiva').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Entrar no evento' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/hall-entrada$/);
  // The entrance asks who they are: a new visitor follows 'Cadastre-se', registers and is back
  // in the entrance signed in; the venue's navigation bar leads back to the catalogue.
  await page.getByRole('dialog', { name: 'Entre no evento' }).getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page).toHaveURL(/\/cadastro\?voltar=%2Fplataforma%2F1%2Fhall-entrada$/);
  await page.getByLabel('Nome completo').fill('Visitante do Catálogo');
  await page.getByLabel('E-mail').fill(`catalogo.${Date.now()}@exemplo.com.br`);
  await page.getByLabel('Senha', { exact: true }).fill('Catalogo#2026');
  await page.getByLabel('Confirme a senha').fill('Catalogo#2026');
  await page.getByRole('checkbox', { name: /^Li e aceito os Termos de uso/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/hall-entrada$/);
  await expect(page.getByTestId('toast')).toContainText('Conta criada. Bem-vindo(a), Visitante do Catálogo!');
  await expect(page.getByRole('dialog', { name: 'Entre no evento' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Navegação do evento' }).getByRole('link', { name: 'Todos os eventos' }).click();
  await expect(page).toHaveURL(/\/eventos$/);
});

test("a shared event link's first HTML carries the event's title, description and picture", async ({ request }) => {
  const res = await request.get('/eventos/1-congresso', { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${DEMO} · Plataforma de Eventos</title>`);
  expect(html).toContain(`<meta property="og:title" content="${DEMO}">`);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/uploads\/[^"]+">/);
});

test('the catalogue fits a phone: no sideways scroll, the filters one under the other', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/eventos');
  await expect(page.getByRole('link', { name: DEMO }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const search = await page.getByRole('searchbox', { name: 'Buscar' }).boundingBox();
  const category = await page.getByLabel('Categoria').boundingBox();
  expect(category && search && category.y > search.y).toBe(true);
  // Signed in, the header's third link is 'Meu perfil': it wraps instead of running off the screen.
  await visitorSignIn(page);
  await page.goto('/eventos');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Meu perfil' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
