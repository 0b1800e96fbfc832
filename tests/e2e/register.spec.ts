import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { codeIn, emailTo, nextSms, smsCount } from './helpers';

// Registration (issue 13): from the soft login's 'Não tem cadastro? Cadastre-se' to a client
// signed in and back in the hall they were heading to.

test('a visitor follows “Cadastre-se”, registers, and is back in the hall signed in; axe finds nothing serious', async ({ page }) => {
  const email = `nova.${Date.now()}@exemplo.com.br`;
  await page.goto('/plataforma/1/hall-estandes-prata');
  const login = page.getByRole('dialog', { name: 'Entre no evento' });
  await login.getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page).toHaveURL(/\/cadastro\?voltar=%2Fplataforma%2F1%2Fhall-estandes-prata$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Criar sua conta' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Wrong first: the server's check of the CPF's digits is named under the field.
  await page.getByLabel('Nome completo').fill('Nova Visitante');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('CPF (opcional)').pressSequentially('12345678900');
  await expect(page.getByLabel('CPF (opcional)')).toHaveValue('123.456.789-00');
  // A Niterói CEP fills the state (issue 56, item 11); the city is picked among the state's.
  await page.getByLabel('CEP').pressSequentially('24020005');
  await expect(page.getByLabel('Estado')).toHaveValue('RJ');
  await page.getByLabel('Cidade', { exact: true }).selectOption('Niterói');
  await page.getByLabel('Senha', { exact: true }).fill('Nova#2026x');
  await page.getByLabel('Confirme a senha').fill('Nova#2026x');
  // The terms and the privacy notice first (LGPD).
  await page.getByRole('button', { name: 'Criar conta' }).click();
  const terms = page.getByRole('checkbox', { name: /^Li e aceito os Termos de uso e o Aviso de privacidade/ });
  await expect(page.getByText('Para criar a conta, aceite os Termos de uso e o Aviso de privacidade.')).toBeVisible();
  await terms.check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('CPF inválido.')).toBeVisible();
  await expect(page.getByLabel('CPF (opcional)')).toBeFocused();

  await page.getByLabel('CPF (opcional)').fill('');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/plataforma\/1\/hall-estandes-prata$/);
  await expect(page.getByTestId('toast')).toContainText('Conta criada. Bem-vindo(a), Nova Visitante!');
  await expect(page.getByRole('dialog', { name: 'Entre no evento' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Estande / }).first()).toBeVisible();

  // The welcome e-mail (issue 49): its link confirms the address once; a second use says so.
  const welcome = await emailTo(email, /./);
  const link = /https?:\/\/\S+confirm\S*token=\S+/.exec(welcome.text)?.[0];
  expect(link, welcome.text).toBeTruthy();
  const confirmLink = new URL(link as string);
  const confirmPath = `${confirmLink.pathname}${confirmLink.search}`;
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmação de e-mail' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto!' })).toHaveText('Pronto! Seu endereço de e-mail está confirmado.');
  await page.goto(confirmPath);
  await expect(page.getByRole('alert').filter({ hasText: 'link' })).toHaveText(
    'Este link já foi usado: o endereço já está confirmado ou o link foi substituído.',
  );

  // The new client's profile: change the city, see it kept; leave; come back with the password.
  await page.goto('/perfil');
  const profile = page.getByRole('form', { name: 'Meu perfil' });
  await expect(profile.getByLabel('Cidade')).toHaveValue('Niterói');
  // The hall they came back to counts as entering the demo event.
  await expect(
    page.getByRole('region', { name: 'Meus eventos' }).getByRole('link', { name: 'Congresso Brasileiro Virtual de Medicina Intensiva' }),
  ).toBeVisible();
  // Issue 49, item 5: 'Assinar no calendário' makes the agenda's secret feed URL (axe below sees it open).
  const calendar = page.getByRole('region', { name: 'Assinar no calendário' });
  await calendar.getByRole('button', { name: 'Criar link do calendário' }).click();
  await expect(calendar.getByRole('textbox', { name: 'Endereço do seu calendário' })).toHaveValue(
    /\/api\/site\/v1\/calendar-feeds\/[\w-]{43}\/agenda\.ics$/,
  );
  expect(
    await new AxeBuilder({ page })
      .analyze()
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)),
  ).toEqual([]);
  await profile.getByLabel('Cidade').selectOption('Petrópolis');
  await profile.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByTestId('toast')).toContainText('Alterações salvas com sucesso.');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Meu perfil' }).getByLabel('Cidade')).toHaveValue('Petrópolis');
  // LGPD: everything about them, as a file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('meus-dados-plataforma.json');
  const mine = JSON.parse(fs.readFileSync((await file.path()) as string, 'utf8'));
  expect(mine.profile).toMatchObject({ email, city: 'Petrópolis', postalCode: '24020005' });
  expect(mine.calendarFeed).toMatchObject({ active: true });
  expect(Date.parse(mine.termsAcceptedAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
  expect(mine.eventsEntered.map((event: { name: string }) => event.name)).toContain('Congresso Brasileiro Virtual de Medicina Intensiva');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/eventos$/);
  await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('Nova#2026x');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();

  // The same e-mail cannot register twice.
  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill('Outra Pessoa');
  await page.getByLabel('E-mail').fill(email.toUpperCase());
  await page.getByLabel('Senha', { exact: true }).fill('Outra#2026x');
  await page.getByLabel('Confirme a senha').fill('Outra#2026x');
  await page.getByRole('checkbox', { name: /^Li e aceito os Termos de uso/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Este e-mail já está cadastrado.')).toBeVisible();
});

test('a client with a phone signs in with the SMS code, and a forgotten password is recovered by SMS', async ({ page, request }) => {
  const stamp = Date.now();
  const email = `celular.${stamp}@exemplo.com.br`;
  const phone = `119${String(stamp).slice(-8)}`;
  const registered = await request.post('/api/site/v1/clients', {
    data: { name: 'Cliente Celular', email, ddi: '55', phone, password: 'Cel#2026xy', passwordConfirm: 'Cel#2026xy' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/entrar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('Cel#2026xy');
  let since = smsCount();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByLabel('Código recebido por SMS').fill(codeIn(await nextSms(since)));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await page.getByRole('button', { name: 'Sair' }).click();

  await page.goto('/entrar');
  await page.getByRole('link', { name: 'Esqueci a senha' }).click();
  await expect(page).toHaveURL(/\/recuperar-senha$/);
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await page.getByLabel('E-mail').fill(email);
  since = smsCount();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('Se o e-mail estiver cadastrado, enviaremos um código por SMS.')).toBeVisible();
  await page.getByLabel('Código recebido por SMS').fill(codeIn(await nextSms(since)));
  await page.getByLabel('Nova senha', { exact: true }).fill('Nova#2026yz');
  await page.getByLabel('Confirme a senha').fill('Nova#2026yz');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByTestId('toast')).toContainText('Senha alterada com sucesso.');
});

test('a client changes the e-mail, adds a phone, changes the password, then deletes the account and can no longer sign in', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const email = `apagar.${stamp}@exemplo.com.br`;
  const newEmail = `apagar.novo.${stamp}@exemplo.com.br`;
  const registered = await request.post('/api/site/v1/clients', {
    data: { name: 'Cliente Que Sai', email, password: 'Sai#2026xyz', passwordConfirm: 'Sai#2026xyz' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/entrar');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('Sai#2026xyz');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);

  // A new e-mail takes the current password.
  const profile = page.getByRole('form', { name: 'Meu perfil' });
  await profile.getByLabel('E-mail').fill(newEmail);
  await profile.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(profile.getByLabel('Senha atual')).toBeFocused();
  await expect(profile.getByText('Digite a sua senha atual para trocar o e-mail.')).toBeVisible();
  await profile.getByLabel('Senha atual').fill('Sai#2026xyz');
  await profile.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByTestId('toast')).toContainText('Alterações salvas com sucesso.');
  await expect(profile.getByLabel('Senha atual')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Meu perfil' }).getByLabel('E-mail')).toHaveValue(newEmail);

  // A phone added with the code sent to it; then a new password.
  const phoneCard = page.getByRole('region', { name: 'Celular' });
  await phoneCard.getByRole('button', { name: 'Cadastrar celular' }).click();
  const phoneForm = phoneCard.getByRole('form', { name: 'Trocar celular' });
  const phone = `219${String(stamp).slice(-8)}`;
  await phoneForm.getByLabel('Novo celular').pressSequentially(phone);
  await phoneForm.getByLabel('Sua senha').fill('Sai#2026xyz');
  const since = smsCount();
  await phoneForm.getByRole('button', { name: 'Enviar código' }).click();
  await phoneForm.getByLabel('Código recebido por SMS').fill(codeIn(await nextSms(since)));
  await phoneForm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('toast')).toContainText('Telefone atualizado.');
  await expect(phoneCard.getByText(`+55 (21) ${phone.slice(2)}`)).toBeVisible();
  const passwordForm = page.getByRole('form', { name: 'Trocar senha' });
  await passwordForm.getByLabel('Senha atual').fill('Sai#2026xyz');
  await passwordForm.getByLabel('Nova senha').fill('Sai#2027xyz');
  await passwordForm.getByLabel('Confirme a senha').fill('Sai#2027xyz');
  await passwordForm.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.getByTestId('toast')).toContainText('Senha alterada com sucesso.');
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // Deleting: the dialog says what goes and what the law keeps; the password and EXCLUIR typed.
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await expect(dialog.getByText('Esta ação não pode ser desfeita.')).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);
  const confirm = dialog.getByRole('button', { name: 'Excluir minha conta' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Sua senha').fill('Sai#2027xyz');
  await dialog.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR');
  await confirm.click();
  await expect(page).toHaveURL(/\/eventos$/);
  await expect(page.getByTestId('toast')).toContainText('Sua conta foi excluída.');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click();
  await page.getByLabel('E-mail').fill(newEmail);
  await page.getByLabel('Senha').fill('Sai#2027xyz');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
});
