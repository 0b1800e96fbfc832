import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmailMessage, Job } from '@plataforma/adapter';
import { fakeServer, FIRST_LOAD, renderBackoffice, signInStaff } from '../test-utils';

const job = (over: Partial<Job> = {}): Job => ({
  id: '7c4a3e52-8d0e-4b0e-9d6b-3f4d1f3f9a01',
  kind: 'email.send',
  state: 'dead',
  key: null,
  priority: 0,
  attempts: 13,
  maxAttempts: 13,
  error: '421 4.7.0 Try again later',
  createdAt: '2026-11-24T12:00:00.000Z',
  startAfter: '2026-11-24T12:00:00.000Z',
  startedAt: '2026-11-24T20:00:00.000Z',
  finishedAt: '2026-11-24T20:00:01.000Z',
  ...over,
});

const message = (over: Partial<EmailMessage> = {}): EmailMessage => ({
  id: 5,
  recipient: 'inexistente@exemplo.com.br',
  recipientName: 'Ana Souza',
  template: 'welcome',
  category: 'transactional',
  language: 'pt',
  subject: 'Confirme seu e-mail — Plataforma de Eventos',
  status: 'failed',
  error: '550 5.1.1 Mailbox unavailable',
  attempts: 1,
  messageId: '<a@eventos.test>',
  clientId: 3,
  eventId: null,
  resendable: true,
  createdAt: '2026-11-24T12:00:00.000Z',
  sentAt: null,
  failedAt: '2026-11-24T12:00:01.000Z',
  ...over,
});

beforeEach(() => signInStaff());

describe('/cms/tarefas', () => {
  it('counts each kind by state, lists the dead ones with their error and queues one again', async () => {
    const seen = fakeServer({
      'GET /api/cms/v1/jobs/summary': () => [
        { kind: 'email.send', counts: { queued: 2, active: 0, completed: 5, retrying: 1, dead: 1, cancelled: 0 } },
      ],
      'GET /api/cms/v1/jobs': () => ({ rows: [job()], count: 1 }),
      'POST /api/cms/v1/jobs/7c4a3e52-8d0e-4b0e-9d6b-3f4d1f3f9a01/retry': () => ({
        data: job({ state: 'retrying' }),
        msg: 'jobs.retried',
        status: 200,
      }),
    });
    renderBackoffice('/cms/tarefas?state=dead');
    const table = await screen.findByRole('table', { name: 'Tarefas' }, FIRST_LOAD);
    expect(await within(table).findByText('421 4.7.0 Try again later')).toBeInTheDocument();
    expect(within(table).getByText('Parada (falhou)')).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Tarefas por tipo e situação' });
    expect(within(summary).getByRole('rowheader', { name: 'email.send' })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/cms/v1/jobs')?.params).toMatchObject({ state: 'dead', offset: 0 });
    await userEvent.click(within(table).getByText('13/13'));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da tarefa' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Tarefa colocada de novo na fila.')).toBeInTheDocument();
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
  });
});

describe('/cms/emails', () => {
  it('lists the messages with their status, shows the server’s answer and sends a failed one again', async () => {
    const seen = fakeServer({
      'GET /api/cms/v1/emails': () => ({
        rows: [message(), message({ id: 6, recipient: 'ok@exemplo.com.br', status: 'sent', error: null, resendable: false })],
        count: 2,
      }),
      'POST /api/cms/v1/emails/5/resend': () => ({ data: message({ status: 'queued' }), msg: 'emails.resent', status: 200 }),
    });
    renderBackoffice('/cms/emails');
    const table = await screen.findByRole('table', { name: 'E-mails' }, FIRST_LOAD);
    expect(await within(table).findByText('inexistente@exemplo.com.br')).toBeInTheDocument();
    expect(within(table).getByText('Falhou')).toBeInTheDocument();
    expect(within(table).getByText('Enviado')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'failed');
    await waitFor(() => expect(seen.filter((r) => r.url === '/api/cms/v1/emails').at(-1)?.params).toMatchObject({ status: 'failed' }));
    await userEvent.click(within(table).getByText('inexistente@exemplo.com.br'));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes do e-mail' });
    expect(within(dialog).getByText('550 5.1.1 Mailbox unavailable')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('E-mail colocado de novo na fila de envio.')).toBeInTheDocument();
  });
});
