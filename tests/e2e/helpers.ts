import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const ATTENDANT = {
  email: process.env.SEED_ATTENDANT_EMAIL ?? 'atendente@exemplo.com.br',
  password: process.env.SEED_ATTENDANT_PASSWORD ?? 'Atendente#2026dev',
};
export const ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL ?? 'admin@exemplo.com.br',
  password: process.env.SEED_ADMIN_PASSWORD ?? 'Admin#2026dev',
};

const outbox = (): Array<{ phone: string; text: string; time: string }> => {
  const file = process.env.E2E_SMS_OUTBOX as string;
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
};

/** The messages sent so far (to tell new ones apart). */
export const smsCount = (): number => outbox().length;

/** Waits for a new SMS after `since` messages and returns its text. */
export const nextSms = async (since: number): Promise<string> => {
  await expect.poll(() => outbox().length, { timeout: 10_000 }).toBeGreaterThan(since);
  return outbox()[since].text;
};

interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The e-mails the server wrote to `address` so far (E2E_EMAIL_OUTBOX, one JSON line each). */
const emailsTo = (address: string): OutboxEmail[] => {
  const file = process.env.E2E_EMAIL_OUTBOX as string;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEmail)
    .filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
};

/** Waits for the e-mail to `address` whose subject matches, sent by the job system (decision 081). */
export const emailTo = async (address: string, subject: RegExp): Promise<OutboxEmail> => {
  await expect.poll(() => emailsTo(address).some((mail) => subject.test(mail.subject)), { timeout: 20_000 }).toBe(true);
  return emailsTo(address).find((mail) => subject.test(mail.subject)) as OutboxEmail;
};

export const codeIn = (text: string): string => (/código[^\d]*(\d{4,10})/i.exec(text) ?? [])[1] ?? '';

/**
 * Signs in at /cms/login with password and the SMS code read from the outbox. A code for this
 * account sent less than 30 s before (by another spec or test) is refused with 'Aguarde para pedir
 * um novo código.': as a person would, it waits the seconds the server names (Retry-After) and
 * asks again, once.
 */
export const staffSignIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/cms/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  for (let attempt = 0; ; attempt += 1) {
    const before = smsCount();
    const answer = page.waitForResponse((res) => res.url().endsWith('/auth/login') && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const res = await answer;
    if (res.status() === 429 && attempt === 0) {
      await expect(page.locator('form').getByRole('alert')).toHaveText('Aguarde para pedir um novo código.');
      await page.waitForTimeout(Number(res.headers()['retry-after']) * 1000);
      continue;
    }
    expect(res.status()).toBe(200);
    const code = codeIn(await nextSms(before));
    await expect(page.getByPlaceholder('4 dígitos')).toBeVisible();
    await page.getByPlaceholder('4 dígitos').fill(code);
    await page.getByRole('button', { name: 'Validar' }).click();
    return;
  }
};

/** The visitor's soft login in the entrance hall's modal (e-mail only). */
export const visitorSignIn = async (page: Page, email = 'ana.souza@exemplo.com.br', eventSlug = '1'): Promise<void> => {
  if (!page.url().includes('/hall-entrada')) await page.goto(`/plataforma/${eventSlug}/hall-entrada`);
  const dialog = page.getByRole('dialog', { name: 'Entre no evento' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialog).toBeHidden();
};

/**
 * A new visitor registered through /cadastro (a full session: e-mail and password), left in the
 * entrance hall once its page view is recorded. Watch time, the agenda, favourites and chat
 * history need one; a soft login's session gets none of them (decisions 101, 102).
 */
export const visitorRegister = async (page: Page, name = 'Renata Certificada', eventSlug = '1'): Promise<string> => {
  const email = `visitante.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
  await page.goto(`/cadastro?voltar=${encodeURIComponent(`/plataforma/${eventSlug}/hall-entrada`)}`);
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Estado').selectOption({ label: 'Rio de Janeiro' });
  await page.getByLabel('Cidade', { exact: true }).selectOption('Niterói');
  await page.getByLabel('Senha', { exact: true }).fill('Renata#2026x');
  await page.getByLabel('Confirme a senha').fill('Renata#2026x');
  const entered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/site/v1/page-views') &&
      (response.request().postDataJSON() as { path?: string } | null)?.path === `/plataforma/${eventSlug}/hall-entrada`,
  );
  await page.getByRole('checkbox', { name: /^Li e aceito os Termos de uso/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(new RegExp(`/plataforma/${eventSlug}/hall-entrada$`));
  expect((await entered).status()).toBe(202);
  return email;
};
