import { expect, test } from '@playwright/test';
import { ADMIN, ATTENDANT, codeIn, nextSms, smsCount, staffSignIn } from './helpers';

// Issue 3, as a new user would try it: the admin signs in with the SMS code, creates an
// attendant, who signs in through first access, sees only Estandes, is refused an admin
// page, signs out, and the old token no longer opens anything.
test('admin creates an attendant who signs in through first access', async ({ page, request }) => {
  await staffSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/cms\/eventos$/);
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link')).toHaveText([
    'Painel',
    'Eventos',
    'Categorias',
    'Clientes',
    'Pedidos',
    'Contatos',
    'Usuários',
    'Atividades',
    'Idioma',
    'E-mails',
    'Tarefas',
    'Páginas do site',
  ]);
  await expect(menu.getByText(ADMIN.email)).toBeVisible();
  await menu.getByRole('link', { name: 'Usuários' }).click();
  await expect(page).toHaveURL(/\/cms\/usuarios/);

  // Create the attendant; the temporary password goes to their phone only.
  const email = `atendente.${Date.now()}@exemplo.com.br`;
  await page.getByRole('button', { name: 'Adicionar Usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Usuário' });
  await dialog.getByLabel('Nome').fill('Carla Atendente');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Telefone').fill('11987651234');
  await expect(dialog.getByLabel('Telefone')).toHaveValue('(11) 9 8765-1234');
  await dialog.getByLabel('Nível de permissão').selectOption('attendant');
  const beforeCreate = smsCount();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registro criado com sucesso.' })).toBeVisible();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  const temporary = /senha provisória é (\S+)\./.exec(await nextSms(beforeCreate))?.[1] as string;
  expect(temporary).toHaveLength(12);

  // Sign out through the confirmation.
  await page.getByRole('button', { name: 'sair?' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Você deseja mesmo sair?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/login$/);

  // First access: password, then the code sent for the password change.
  const beforeLogin = smsCount();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(temporary);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/cms\/password-change$/);
  const code = codeIn(await nextSms(beforeLogin));
  await page.getByLabel(/^Nova senha/).fill('fraca');
  await expect(page.getByText('Pelo menos 8 caracteres')).toBeVisible();
  await page.getByLabel(/^Nova senha/).fill('Carla#2026x');
  await page.getByLabel('Confirme a nova senha').fill('Carla#2026x');
  await page.getByLabel('Código recebido por SMS').fill(code);
  await page.getByRole('button', { name: 'Salvar senha' }).click();

  await expect(page).toHaveURL(/\/cms\/estandes$/);
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText(['Estandes', 'Conversas']);
  await expect(page.getByText('Para inserir um Estande, preencha os dados nos campos acima')).toBeVisible();

  await page.goto('/cms/usuarios');
  await expect(page).toHaveURL(/\/cms\/nao-autorizado$/);
  await expect(page.getByText('Você não está autorizado a entrar nessa página')).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('plataforma:staff-token'));
  expect(token).toBeTruthy();
  await page.goto('/cms/estandes');
  await page.getByRole('button', { name: 'sair?' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/login$/);
  const refused = await request.get('/api/cms/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});

test('the SMS step counts 30 seconds down before resending', async ({ page }) => {
  // Another account than the first test's: the server's own 30 s lock is per account.
  await page.clock.install();
  await page.goto('/cms/login');
  const before = smsCount();
  await page.getByLabel('E-mail').fill(ATTENDANT.email);
  await page.getByLabel('Senha').fill(ATTENDANT.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await nextSms(before);
  const validate = page.getByRole('button', { name: 'Validar' });
  await expect(validate).toBeDisabled();
  await page.getByPlaceholder('4 dígitos').fill('12');
  await expect(validate).toBeDisabled();
  await page.getByPlaceholder('4 dígitos').fill('123');
  await expect(validate).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Reenviar em 30 s' })).toBeDisabled();
  await page.clock.runFor(10_000);
  await expect(page.getByRole('button', { name: 'Reenviar em 20 s' })).toBeDisabled();
  await page.clock.runFor(20_000);
  await expect(page.getByRole('button', { name: 'reenviar' })).toBeEnabled();
});

test('wrong credentials show the translated message in a red alert', async ({ page }) => {
  await page.goto('/cms/login');
  await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
  await page.getByLabel('Senha').fill('errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
  await expect(page.getByRole('link', { name: 'Ir para o site' })).toHaveAttribute('href', '/');
});

test('a signed-out visitor of a staff page lands on the login', async ({ page }) => {
  await page.goto('/cms/atividades');
  await expect(page).toHaveURL(/\/cms\/login$/);
});
