import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { mockVenueApi, renderAt, signInVisitor } from '../../testing/render';

mockVenueApi();

describe('the site’s written pages and its contact page', () => {
  it('draws the terms as written, and the footer leads to the other pages', async () => {
    const get = vi.spyOn(api.site.pages, 'get').mockResolvedValue({
      page: 'terms',
      title: 'Termos de uso',
      body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Guarde a sua senha.' }] }],
      updatedAt: '2026-11-20T12:00:00.000Z',
    });
    renderAt('/termos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de uso' })).toBeInTheDocument();
    expect(screen.getByText('Guarde a sua senha.')).toBeInTheDocument();
    expect(screen.getByText('Atualizado em 20/11/2026.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('terms');
    const footer = screen.getByRole('navigation', { name: 'Sobre a plataforma' });
    expect(within(footer).getByRole('link', { name: 'Sobre nós' })).toHaveAttribute('href', '/sobre');
    expect(within(footer).getByRole('link', { name: 'Fale conosco' })).toHaveAttribute('href', '/contato');
    expect(within(footer).getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/cadastro');
  });

  it("does not offer 'Criar conta' in the footer to a signed-in client (issue 56, item 14)", async () => {
    vi.spyOn(api.site.pages, 'get').mockResolvedValue({
      page: 'terms',
      title: 'Termos de uso',
      body: [],
      updatedAt: '2026-11-20T12:00:00.000Z',
    });
    signInVisitor();
    renderAt('/termos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de uso' })).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Sobre a plataforma' });
    expect(within(footer).getByRole('link', { name: 'Fale conosco' })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Criar conta' })).toBeNull();
    useAppState.getState().signOut();
  });

  it('says a page not written yet is not published, with a way to the events', async () => {
    vi.spyOn(api.site.pages, 'get').mockRejectedValue(new ApiError(404, 'api.error.notFound'));
    renderAt('/sobre');
    expect(await screen.findByText('Página ainda não publicada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos os eventos' })).toHaveAttribute('href', '/eventos');
  });

  it('lets a guest write to the organisers at /contato, and empties the form once sent', async () => {
    const send = vi.spyOn(api.site.contacts, 'send').mockResolvedValue({ data: { id: 1 }, msg: 'contact.sent', status: 201 });
    renderAt('/contato');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fale conosco' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nome'), 'Visitante');
    await userEvent.type(screen.getByLabelText('E-mail'), 'visitante@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Mensagem'), 'Quando abre o próximo congresso?');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'doubts', name: 'Visitante', message: 'Quando abre o próximo congresso?' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Mensagem')).toHaveValue(''));
    await waitFor(() =>
      expect(useAppState.getState().toast).toMatchObject({ show: true, type: 'success', message: 'Seu contato foi enviado com sucesso!' }),
    );
  });
});
