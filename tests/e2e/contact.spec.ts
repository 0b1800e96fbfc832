import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { visitorSignIn } from './helpers';

// The contact form of SPEC §1/§3 (issue 13), from the help desk's 'Atendimento' desk.

test("the help desk's desk opens the contact form: wrong fields are named, the message is sent, axe finds nothing serious", async ({
  page,
}) => {
  await visitorSignIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Central de ajuda', exact: true }).click();
  await page.getByRole('button', { name: 'Atendimento: escrever para a organização' }).click();
  const form = page.getByRole('dialog', { name: 'Escreva para a organização' });
  await expect(form.getByLabel('E-mail')).toHaveValue('ana.souza@exemplo.com.br');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(form.getByRole('button', { name: 'Enviar mensagem' })).toBeInViewport();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(form.getByLabel('Mensagem')).toBeFocused();
  await expect(form.getByText('Escreva sua mensagem.')).toBeVisible();

  await form.getByLabel('Assunto').selectOption({ label: 'Sugestões' });
  await form.getByLabel('Telefone (opcional)').pressSequentially('21987654321');
  await expect(form.getByLabel('Telefone (opcional)')).toHaveValue('(21) 9 8765-4321');
  await form.getByLabel('Mensagem').fill('Sugiro legendas nas palestras.');
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/site/v1/contacts') && req.method() === 'POST');
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/site/v1/contacts'));
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    subject: 'suggestions',
    phone: '21987654321',
    message: 'Sugiro legendas nas palestras.',
  });
  expect((await answered).status()).toBe(201);
  const toast = page.getByText('Seu contato foi enviado com sucesso!').first();
  await expect(toast).toBeVisible();
  await expect(form).toBeHidden();
  // The toast sits above the floating navigation bar, not over it.
  await expect
    .poll(async () => {
      const [box, bar] = await Promise.all([
        toast.boundingBox(),
        page.getByRole('navigation', { name: 'Navegação do evento' }).boundingBox(),
      ]);
      return box && bar ? box.y + box.height <= bar.y : false;
    })
    .toBe(true);
});
