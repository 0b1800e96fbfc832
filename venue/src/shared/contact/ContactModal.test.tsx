import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { api } from '../api';
import '../i18n';
import { useAppState } from '../state/store';
import { mockVenueApi, renderAt, signInVisitor } from '../../testing/render';

mockVenueApi();

const openContact = async () => {
  signInVisitor();
  renderAt('/plataforma/1/help-desk');
  await userEvent.click(await screen.findByRole('button', { name: 'Atendimento: escrever para a organização' }));
  return screen.findByRole('dialog', { name: 'Escreva para a organização' });
};

describe("the help desk's 'Escreva para a organização'", () => {
  it('sends subject, name, e-mail, phone digits and message, then shows the toast', async () => {
    const send = vi.spyOn(api.site.contacts, 'send').mockResolvedValue({ data: { id: 1 }, msg: 'contact.sent', status: 201 });
    const dialog = await openContact();
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Ana Souza');
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br');
    await userEvent.selectOptions(within(dialog).getByLabelText('Assunto'), 'Seja um parceiro');
    await userEvent.type(within(dialog).getByLabelText('Telefone (opcional)'), '11912345678');
    expect(within(dialog).getByLabelText('Telefone (opcional)')).toHaveValue('(11) 9 1234-5678');
    await userEvent.type(within(dialog).getByLabelText('Mensagem'), '  Queremos patrocinar  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar mensagem' }));
    expect(send).toHaveBeenCalledWith({
      subject: 'partner',
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      phone: '11912345678',
      message: 'Queremos patrocinar',
    });
    await waitFor(() =>
      expect(useAppState.getState().toast).toMatchObject({ show: true, type: 'success', message: 'Seu contato foi enviado com sucesso!' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names each wrong field under it, focuses the first and sends nothing', async () => {
    const send = vi.spyOn(api.site.contacts, 'send');
    const dialog = await openContact();
    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'ana@');
    await userEvent.type(within(dialog).getByLabelText('Telefone (opcional)'), '1191');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar mensagem' }));
    expect(send).not.toHaveBeenCalled();
    const email = within(dialog).getByLabelText('E-mail');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Informe um e-mail válido, como nome@exemplo.com.br.');
    expect(within(dialog).getByLabelText('Telefone (opcional)')).toHaveAccessibleDescription(
      'Informe o telefone com DDD, ou deixe o campo em branco.',
    );
    expect(within(dialog).getByLabelText('Mensagem')).toHaveAccessibleDescription('Escreva sua mensagem. 0/4000');
    expect(within(dialog).getByLabelText('Nome')).not.toHaveAttribute('aria-invalid');
  });

  it('keeps what was typed and says why when the server refuses', async () => {
    vi.spyOn(api.site.contacts, 'send').mockRejectedValue(new ApiError(429, 'api.error.tooManyRequests'));
    const dialog = await openContact();
    await userEvent.type(within(dialog).getByLabelText('Mensagem'), 'Olá');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Muitas tentativas. Aguarde um pouco e tente de novo.');
    expect(within(dialog).getByLabelText('Mensagem')).toHaveValue('Olá');
  });
});
