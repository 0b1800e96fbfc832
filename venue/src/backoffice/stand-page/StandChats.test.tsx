import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatSummary, StandContact } from '@plataforma/adapter';
import { CHAT_EVENTS } from '@plataforma/adapter/chat-constants';
import { fakeChatSockets, type FakeSocket } from '../../shared/chat/test-socket';
import { admin, attendantUser, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff } from '../test-utils';
import { isUpdated, previewOf } from './StandChats';
import { standFixture } from '../stands/fixtures';

const carla = attendantUser(2, 'Carla Atendente');
const vitalis = standFixture();
const LONG = 'Gostaria de saber se vocês têm o catálogo completo dos produtos de dermatologia para 2027, por favor.';

const chat = (id: number, name: string, overrides: Partial<ChatSummary> = {}): ChatSummary => ({
  id,
  standId: vitalis.id,
  updatedAt: new Date(Date.now() - id * 60_000).toISOString(),
  lastMessage: 'Olá',
  lastSender: 'client',
  Client: { id: 100 + id, name, email: null },
  waiting: false,
  leadConsent: false,
  ...overrides,
});

const contact: StandContact = {
  id: 1,
  createdAt: new Date().toISOString(),
  name: 'Bruno Lima',
  email: 'bruno@exemplo.com.br',
  phone: null,
  message: 'Quero uma visita do representante.',
  verified: false,
};

let sockets: FakeSocket[];
beforeEach(() => {
  sockets = fakeChatSockets();
  signInStaff(carla);
});

const serve = (rows: ChatSummary[], contacts: StandContact[] = []) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => carla,
    'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
    [`GET /api/cms/v1/stands/${vitalis.id}`]: () => vitalis,
    [`GET /api/cms/v1/stands/${vitalis.id}/chats`]: () => ({ rows, count: rows.length }),
    [`GET /api/cms/v1/stands/${vitalis.id}/contacts`]: () => ({ rows: contacts, count: contacts.length }),
    'GET /api/cms/v1/chats/unanswered': () => ({ count: rows.filter((row) => row.lastSender === 'client').length }),
  });

describe('pure rules (SPEC §2.3, §4)', () => {
  it('previews the last message in 70 characters', () => {
    expect(previewOf(LONG)).toBe(`${[...LONG].slice(0, 70).join('')}…`);
    expect(previewOf('Curta')).toBe('Curta');
    expect(previewOf(null)).toBe('');
  });

  it('flags a chat whose update time changed unless the stand wrote last', () => {
    const row = chat(1, 'Ana');
    expect(isUpdated(row, null)).toBe(false);
    expect(isUpdated(row, new Map([[1, row.updatedAt]]))).toBe(false);
    expect(isUpdated(row, new Map([[1, 'antes']]))).toBe(true);
    expect(isUpdated({ ...row, lastSender: 'stand' }, new Map([[1, 'antes']]))).toBe(false);
  });
});

describe('/cms/estandes/:standId/chats (attendant, SPEC §2.3 stand chats page)', () => {
  it("the stands list's 'Conversas' opens the stand's chats", async () => {
    serve([]);
    const router = renderBackoffice('/cms/estandes');
    await userEvent.click(await screen.findByRole('link', { name: `Conversas de ${vitalis.name}` }, FIRST_LOAD));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cms/estandes/${vitalis.id}/chats`));
    expect(await screen.findByRole('heading', { name: '0 conversas' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Nenhuma conversa ainda. Quando um visitante escrever, a conversa aparece aqui.')).toBeInTheDocument();
    expect(screen.getByText('Nenhum pedido de contato.')).toBeInTheDocument();
  });

  it('lists the chats with the count, the 70-character preview, the lead flags and the contact requests', async () => {
    const seen = serve(
      [
        chat(1, 'Ana Souza', { lastMessage: LONG }),
        chat(2, 'Bruno Lima', { waiting: true, leadConsent: true, Client: { id: 102, name: 'Bruno Lima', email: 'bruno@exemplo.com.br' } }),
      ],
      [contact],
    );
    renderBackoffice(`/cms/estandes/${vitalis.id}/chats`);
    expect(await screen.findByRole('heading', { name: '2 conversas' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'voltar para listagem' })).toBeInTheDocument();
    const ana = screen.getByRole('button', { name: 'Abrir conversa com Ana Souza' });
    expect(ana).toHaveTextContent(`${[...LONG].slice(0, 70).join('')}…`);
    expect(ana).toHaveTextContent('atualizada há um minuto');
    const bruno = screen.getByRole('button', { name: 'Abrir conversa com Bruno Lima' });
    expect(bruno).toHaveTextContent('Aguardando resposta');
    expect(bruno).toHaveTextContent('aceita resposta por e-mail: bruno@exemplo.com.br');
    expect(await screen.findByText('Quero uma visita do representante.')).toBeInTheDocument();
    expect(screen.getByText('e-mail não verificado')).toBeInTheDocument();
    // SPEC §7: the list's query as written.
    expect(seen.find((r) => r.url.endsWith('/chats'))?.params).toEqual({
      includeClients: 'true',
      hasLastMessage: 'true',
      order: 'updatedAt:desc',
    });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it("a live update moves the chat up and flags it; opening it clears the flag and opens 'Conversa com {name}'", async () => {
    const ana = chat(1, 'Ana Souza');
    serve([ana, chat(2, 'Bruno Lima')]);
    renderBackoffice(`/cms/estandes/${vitalis.id}/chats`);
    await screen.findByRole('heading', { name: '2 conversas' }, FIRST_LOAD);
    // The shell's socket (the menu's count) and the page's inbox: the server tells both.
    const inboxes = [...sockets];
    expect(inboxes.map((socket) => socket.token)).toEqual(['staff-token', 'staff-token']);
    const inbox = { serve: (event: string, value: unknown) => inboxes.forEach((socket) => socket.serve(event, value)) };
    act(() => inboxes.forEach((socket) => socket.up()));
    const newer = chat(2, 'Bruno Lima', { updatedAt: new Date().toISOString(), lastMessage: 'Tem desconto?' });
    act(() => inbox.serve(CHAT_EVENTS.updated, [newer]));
    act(() => inbox.serve(CHAT_EVENTS.updated, [{ ...newer, id: 50, standId: 999 }]));
    // react-query tells its observers on the next tick: wait for the list to follow.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Abrir conversa com/ }).map((row) => row.getAttribute('aria-label'))).toEqual([
        'Abrir conversa com Bruno Lima',
        'Abrir conversa com Ana Souza',
      ]),
    );
    const rows = screen.getAllByRole('button', { name: /^Abrir conversa com/ });
    expect(rows[0]).toHaveTextContent('nova mensagem');
    expect(rows[0]).toHaveTextContent('Tem desconto?');
    expect(rows[1]).not.toHaveTextContent('nova mensagem');
    expect(screen.getByRole('heading', { name: '2 conversas' })).toBeInTheDocument();

    await userEvent.click(rows[0]);
    const dialog = screen.getByRole('dialog', { name: 'Conversa com Bruno Lima' });
    expect(screen.getByRole('button', { name: 'Abrir conversa com Bruno Lima' })).not.toHaveTextContent('nova mensagem');
    // The dialog's own socket opens the chat of that client, as the stand.
    const conversation = sockets[2];
    act(() => conversation.up());
    expect(conversation.last(CHAT_EVENTS.open)?.payload).toEqual({ standId: vitalis.id, clientId: 102, fetchMessages: true });
    act(() =>
      conversation.answer(CHAT_EVENTS.open, {
        ok: true,
        chatId: 2,
        standId: vitalis.id,
        clientId: 102,
        online: true,
        messages: [
          { id: 1, chatId: 2, text: 'Tem desconto?', senderType: 'client', createdAt: new Date().toISOString(), clientMessageId: null },
        ],
      }),
    );
    const log = within(dialog).getByRole('log', { name: 'Conversa com Bruno Lima' });
    expect(within(log).getByText('Tem desconto?')).toBeInTheDocument();
    const box = within(dialog).getByRole('textbox', { name: 'Mensagem' });
    await userEvent.type(box, '  Temos 10% hoje.{Enter}');
    expect(conversation.last(CHAT_EVENTS.standMessage)?.payload).toMatchObject({ text: 'Temos 10% hoje.' });
    expect(box).toHaveValue('');
    expect(within(log).getByText('Temos 10% hoje.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // SPEC §4: closing disconnects.
    expect(conversation.closed).toBe(true);
    expect(inboxes.every((socket) => !socket.closed)).toBe(true);
  });

  it("the dialog shows who the visitor is beside the conversation, as the attendant's inbox does (decision 105)", async () => {
    serve([
      chat(1, 'Ana Souza', {
        leadConsent: true,
        Client: { id: 101, name: 'Ana Souza', email: 'ana@exemplo.com.br' },
        createdAt: '2026-05-10T13:05:00.000Z',
        stand: { id: vitalis.id, name: vitalis.name },
        event: { id: 1, name: 'Congresso Paulista' },
      }),
      chat(2, 'Bruno Lima', { createdAt: '2026-05-11T09:00:00.000Z', stand: { id: vitalis.id, name: vitalis.name }, event: null }),
    ]);
    renderBackoffice(`/cms/estandes/${vitalis.id}/chats`);
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir conversa com Ana Souza' }, FIRST_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Conversa com Ana Souza' });
    const facts = (scope: HTMLElement) =>
      Object.fromEntries(
        within(within(scope).getByLabelText('Sobre o visitante'))
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(facts(dialog)).toEqual({
      Visitante: 'Ana Souza',
      'E-mail': 'ana@exemplo.com.br',
      Estande: vitalis.name,
      Evento: 'Congresso Paulista',
      'Chegou em': '10-05-2026 10:05',
      Autorização: 'aceita resposta por e-mail',
    });
    // The conversation itself sits beside the facts, in the same dialog.
    expect(within(dialog).getByRole('log', { name: 'Conversa com Ana Souza' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abrir conversa com Bruno Lima' }));
    const bruno = screen.getByRole('dialog', { name: 'Conversa com Bruno Lima' });
    expect(facts(bruno)).toMatchObject({ 'E-mail': 'não autorizou o e-mail', Autorização: 'não autorizou contato fora do chat' });
    expect(within(bruno).queryByText('Evento')).toBeNull();
  });

  it('a new chat arriving live counts in the heading', async () => {
    serve([chat(1, 'Ana Souza')]);
    renderBackoffice(`/cms/estandes/${vitalis.id}/chats`);
    await screen.findByRole('heading', { name: '1 conversa' }, FIRST_LOAD);
    act(() =>
      sockets.forEach((socket) => socket.serve(CHAT_EVENTS.updated, [chat(9, 'Carlos Dias', { updatedAt: new Date().toISOString() })])),
    );
    expect(await screen.findByRole('heading', { name: '2 conversas' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Abrir conversa com/ })[0]).toHaveAccessibleName('Abrir conversa com Carlos Dias');
  });
});

describe("the menu's count of chats waiting for an answer (attendant)", () => {
  it("shows beside 'Conversas' (the inbox that says which stand, decision 104), follows a live change of a chat, and is gone at zero", async () => {
    let waiting = 2;
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => carla,
      'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
      'GET /api/cms/v1/chats/unanswered': () => ({ count: waiting }),
    });
    renderBackoffice('/cms/estandes');
    const menu = await screen.findByRole('navigation', { name: 'Menu' }, FIRST_LOAD);
    const entry = await within(menu).findByRole('link', { name: /^Conversas\s*, 2 conversas aguardando resposta$/ });
    expect(entry).toHaveTextContent('Conversas2');
    expect(entry).toHaveAttribute('href', '/cms/conversas');
    expect(within(menu).getByRole('link', { name: 'Estandes' })).toBeInTheDocument();
    // The shell's inbox socket is the attendant's: a chat of theirs changed, the count is read again.
    const inbox = sockets.find((socket) => socket.token === 'staff-token');
    expect(inbox).toBeDefined();
    waiting = 0;
    const reads = seen.filter((r) => r.url === '/api/cms/v1/chats/unanswered').length;
    act(() => inbox?.serve(CHAT_EVENTS.updated, [chat(1, 'Ana Souza', { lastSender: 'stand' })]));
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Conversas' })).toBeInTheDocument());
    expect(seen.filter((r) => r.url === '/api/cms/v1/chats/unanswered').length).toBeGreaterThan(reads);
  });

  it('is not asked for an admin', async () => {
    signInStaff(admin);
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => ({ rows: [], count: 0 }),
    });
    renderBackoffice('/cms/eventos');
    await screen.findByRole('navigation', { name: 'Menu' }, FIRST_LOAD);
    expect(seen.some((r) => r.url === '/api/cms/v1/chats/unanswered')).toBe(false);
    expect(sockets).toHaveLength(0);
  });
});
