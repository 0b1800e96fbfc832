import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatSummary } from '@plataforma/adapter';
import { fakeChatSockets } from '../../shared/chat/test-socket';
import { attendantUser, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff } from '../test-utils';

// Issue 56, item 9 (decision 104): the attendant's inbox across their stands.
const carla = attendantUser(2, 'Carla Atendente');

const row = (id: number, name: string, overrides: Partial<ChatSummary> = {}): ChatSummary => ({
  id,
  standId: 10,
  updatedAt: new Date(Date.now() - id * 60_000).toISOString(),
  lastMessage: 'Olá, vocês têm catálogo?',
  lastSender: 'client',
  Client: { id: 100 + id, name, email: null },
  waiting: false,
  leadConsent: false,
  unread: 0,
  createdAt: '2026-05-10T13:05:00.000Z',
  stand: { id: 10, name: 'Vitalis' },
  event: { id: 1, name: 'Congresso Paulista' },
  ...overrides,
});

const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
};

beforeEach(() => {
  fakeChatSockets();
  localStorage.clear();
  document.title = 'Plataforma';
  signInStaff(carla);
});

const serve = (rows: ChatSummary[]) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => carla,
    'GET /api/cms/v1/chats/inbox': () => ({ rows, count: rows.length }),
    'GET /api/cms/v1/chats/unanswered': () => ({ count: rows.filter((one) => one.lastSender === 'client').length }),
  });

describe('/cms/conversas (decision 104)', () => {
  it('says on each row its stand, its event when several, and its unread count; the title counts what waits', async () => {
    serve([
      row(1, 'Ana Visitante', { unread: 2, leadConsent: true, Client: { id: 101, name: 'Ana Visitante', email: 'ana@exemplo.com.br' } }),
      row(2, 'Bruno Lima', { standId: 20, unread: 1, stand: { id: 20, name: 'Lumen' }, event: { id: 2, name: 'Feira Hospitalar' } }),
      row(3, 'Dora Rede', { lastSender: 'stand' }),
    ]);
    renderBackoffice('/cms/conversas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversas' }, FIRST_LOAD)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Conversas dos seus estandes' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Abrir conversa com Ana Visitante, Vitalis · Congresso Paulista, 2 não lidas',
      'Abrir conversa com Bruno Lima, Lumen · Feira Hospitalar, 1 não lida',
      'Abrir conversa com Dora Rede, Vitalis · Congresso Paulista',
    ]);
    expect(within(buttons[0]).getByText('2 não lidas')).toBeInTheDocument();
    // The title alert is on without being asked; the sound waits for the attendant's choice.
    await waitFor(() => expect(document.title).toBe('(3) Novas mensagens — Plataforma'));
    expect(screen.getByRole('checkbox', { name: 'No título da aba' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Com som/ })).not.toBeChecked();
    // The menu's count leads here.
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(await within(menu).findByRole('link', { name: /^Conversas\s*, 2 conversas aguardando resposta$/ })).toHaveAttribute(
      'href',
      '/cms/conversas',
    );
    expect(await violations()).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'No título da aba' }));
    expect(document.title).toBe('Plataforma');
    expect(localStorage.getItem('plataforma:chat-title-alert')).toBe('0');
  });

  it('opens a conversation beside the list with who the visitor is, from the keyboard', async () => {
    serve([
      row(1, 'Ana Visitante', { unread: 2, leadConsent: true, Client: { id: 101, name: 'Ana Visitante', email: 'ana@exemplo.com.br' } }),
      row(2, 'Bruno Lima', { unread: 1 }),
    ]);
    renderBackoffice('/cms/conversas');
    const first = await screen.findByRole('button', { name: /^Abrir conversa com Ana Visitante/ }, FIRST_LOAD);
    // One event only: the rows say the stand, not the event.
    expect(first).toHaveAccessibleName('Abrir conversa com Ana Visitante, Vitalis, 2 não lidas');
    first.focus();
    await userEvent.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Conversa com Ana Visitante' });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first).toHaveAttribute('aria-current', 'true');
    const context = within(heading.closest('section') as HTMLElement);
    const facts = Object.fromEntries(context.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      Visitante: 'Ana Visitante',
      'E-mail': 'ana@exemplo.com.br',
      Estande: 'Vitalis',
      Evento: 'Congresso Paulista',
      'Chegou em': '10-05-2026 10:05',
      Autorização: 'aceita resposta por e-mail',
    });
    await userEvent.click(screen.getByRole('button', { name: /^Abrir conversa com Bruno Lima/ }));
    const bruno = await screen.findByRole('heading', { level: 2, name: 'Conversa com Bruno Lima' });
    const brunoFacts = within(bruno.closest('section') as HTMLElement);
    expect(brunoFacts.getByText('não autorizou o e-mail')).toBeInTheDocument();
    expect(brunoFacts.getByText('não autorizou contato fora do chat')).toBeInTheDocument();
  });
});
