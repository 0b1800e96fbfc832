import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, formatDateTime, type Contact, type Stand } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, type SeenRequest } from '../test-utils';

const doubts: Contact = {
  id: 7,
  subject: 'doubts',
  name: 'Paula Dúvida',
  email: 'paula@exemplo.com.br',
  phone: '11987654321',
  message: 'Haverá certificado?\nE gravação das palestras?',
  verified: false,
  createdAt: '2026-03-04T13:05:00.000Z',
  stand: null,
};
const standRequest: Contact = {
  id: 9,
  subject: 'stand',
  name: 'Marta Cliente',
  email: 'marta@exemplo.com.br',
  phone: null,
  message: 'Quero uma demonstração.',
  verified: true,
  createdAt: '2026-03-05T09:30:00.000Z',
  stand: { id: 3, name: 'Vitalis Farmacêutica' },
};

const stand = (id: number, name: string) => ({ id, name }) as Stand;
const STANDS = [stand(3, 'Vitalis Farmacêutica'), stand(4, 'Solaris Biotech')];

beforeEach(() => signInStaff());

/** The contacts' list requests the fake server saw, by their params. */
const listParams = (seen: SeenRequest[]) =>
  seen.filter((r) => r.method === 'GET' && r.url === '/api/cms/v1/contacts').map((r) => r.params as Record<string, unknown>);

describe('/cms/contatos', () => {
  it('lists the contacts newest first, and a row opens the whole message from the keyboard', async () => {
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/stands': () => ({ rows: STANDS, count: STANDS.length }),
      'GET /api/cms/v1/contacts': () => ({ rows: [standRequest, doubts], count: 2 }),
    });
    renderBackoffice('/cms/contatos');
    expect(await screen.findByRole('cell', { name: 'marta@exemplo.com.br' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Contatos' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation');
    expect(within(menu).getByRole('link', { name: 'Contatos' })).toHaveAttribute('aria-current', 'page');

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↑↓↕▲▼]/g, '').trim());
    expect(headers).toEqual(['Data', 'Assunto', 'Nome', 'E-mail', 'Telefone', 'Estande']);
    const [, first, second] = screen.getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([formatDateTime(standRequest.createdAt), 'Estande', 'Marta Cliente', 'marta@exemplo.com.br', '', 'Vitalis Farmacêutica']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([formatDateTime(doubts.createdAt), 'Dúvidas', 'Paula Dúvidanão verificado', 'paula@exemplo.com.br', '(11) 9 8765-4321', '']);
    expect(within(second).getByText('não verificado')).toHaveAttribute(
      'title',
      'Enviado sem login completo: nome, e-mail e telefone não foram confirmados.',
    );
    expect(within(first).queryByText('não verificado')).toBeNull();
    expect(listParams(seen)[0]).toEqual({ limit: 20, offset: 0 });

    second.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Detalhes do Contato' });
    expect(within(dialog).getByText('Dúvidas')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'paula@exemplo.com.br' })).toHaveAttribute('href', 'mailto:paula@exemplo.com.br');
    const message = within(dialog).getByText(/Haverá certificado\?/);
    expect(message.textContent).toBe('Haverá certificado?\nE gravação das palestras?');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks again with the subject and the stand chosen, starting at the first page', async () => {
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/stands': () => ({ rows: STANDS, count: STANDS.length }),
      'GET /api/cms/v1/contacts': ({ params }) => {
        const { standId } = params as { standId?: number };
        return standId === 3 ? { rows: [standRequest], count: 1 } : { rows: [standRequest, doubts], count: 2 };
      },
    });
    const router = renderBackoffice('/cms/contatos');
    await screen.findByRole('cell', { name: 'marta@exemplo.com.br' }, FIRST_LOAD);
    await router.navigate('/cms/contatos?page=2');
    await waitFor(() => expect(listParams(seen).at(-1)).toEqual({ limit: 20, offset: 20 }));

    const subjects = screen.getByLabelText('Assunto');
    expect(
      within(subjects)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos os assuntos', 'Dúvidas', 'Sugestões', 'Seja um parceiro', 'Outros', 'Estande']);
    await userEvent.selectOptions(subjects, 'Estande');
    await waitFor(() => expect(listParams(seen).at(-1)).toEqual({ subject: 'stand', limit: 20, offset: 0 }));

    const stands = screen.getByLabelText('Estande');
    await waitFor(() => expect(within(stands).getByRole('option', { name: 'Solaris Biotech' })).toBeInTheDocument());
    expect(within(stands).getAllByRole('option')[0]).toHaveTextContent('Todos os estandes');
    await userEvent.selectOptions(stands, 'Vitalis Farmacêutica');
    await waitFor(() => expect(listParams(seen).at(-1)).toEqual({ subject: 'stand', standId: 3, limit: 20, offset: 0 }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'paula@exemplo.com.br' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'marta@exemplo.com.br' })).toBeInTheDocument();

    await userEvent.selectOptions(subjects, 'Todos os assuntos');
    await waitFor(() => expect(listParams(seen).at(-1)).toEqual({ standId: 3, limit: 20, offset: 0 }));
    // The stands offered are every stand, by name.
    const standQuery = seen.find((r) => r.url === '/api/cms/v1/stands');
    expect(standQuery?.params).toMatchObject({ order: 'name:asc', offset: 0 });
  });

  it('says so when no contact matches, and shows a failure', async () => {
    let fail = false;
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/stands': () => ({ rows: STANDS, count: STANDS.length }),
      'GET /api/cms/v1/contacts': () => {
        if (fail) throw new ApiError(400, 'api.error.invalidFilter');
        return { rows: [], count: 0 };
      },
    });
    const router = renderBackoffice('/cms/contatos');
    await router.navigate('/cms/contatos?subject=partner');
    expect(await screen.findByRole('cell', { name: 'Nenhum contato encontrado.' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByLabelText('Assunto')).toHaveValue('partner');
    expect(screen.getByText('0–0 de 0')).toBeInTheDocument();
    fail = true;
    await userEvent.selectOptions(screen.getByLabelText('Assunto'), 'Outros');
    expect(await screen.findByText('Filtro inválido.')).toHaveAttribute('role', 'alert');
  });
});
