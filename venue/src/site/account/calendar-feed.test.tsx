import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { useAppState } from '../../shared/state/store';
import { mockVenueApi, renderAt } from '../../testing/render';
import { clientProfileFixture, sessionClientFixture } from '../../testing/wire';

mockVenueApi();

const URL_ = 'https://eventos.exemplo.com.br/api/site/v1/calendar-feeds/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/agenda.ics';

/** /perfil for a fully signed-in client, the feed's status as given; answers the card. */
const openProfile = async (status: { active: boolean; createdAt: string | null }) => {
  useAppState.getState().signIn(sessionClientFixture({ soft: false }), 'client', 'tk-full');
  vi.spyOn(api.site.clients, 'me').mockResolvedValue(clientProfileFixture());
  vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
  vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [], count: 0 });
  vi.spyOn(api.site.calendars, 'feed').mockResolvedValue(status);
  renderAt('/perfil');
  return screen.findByRole('region', { name: 'Assinar no calendário' });
};

describe('/perfil: Assinar no calendário (issue 49, item 5)', () => {
  it('makes the secret link, shows it once to copy with the ways to subscribe, and revokes it', async () => {
    const user = userEvent.setup();
    const create = vi.spyOn(api.site.calendars, 'createFeed').mockResolvedValue({
      data: { active: true, createdAt: '2026-11-20T12:00:00.000Z', url: URL_, webcalUrl: URL_.replace('https:', 'webcal:') },
      msg: 'agenda.calendarFeedCreated',
      status: 201,
    });
    const revoke = vi
      .spyOn(api.site.calendars, 'revokeFeed')
      .mockResolvedValue({ data: { active: false, createdAt: null }, msg: 'agenda.calendarFeedRevoked', status: 200 });
    const card = await openProfile({ active: false, createdAt: null });
    expect(await within(card).findByText('Você ainda não tem um link de calendário.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Revogar link' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Criar link do calendário' }));
    expect(create).toHaveBeenCalledTimes(1);
    const field = await within(card).findByRole('textbox', { name: 'Endereço do seu calendário' });
    expect(field).toHaveValue(URL_);
    expect(field).toHaveAccessibleDescription(/Este link é pessoal: quem o tiver vê a sua agenda/);
    expect(within(card).getByRole('link', { name: 'Abrir no aplicativo de calendário' })).toHaveAttribute(
      'href',
      URL_.replace('https:', 'webcal:'),
    );
    expect(within(card).getByRole('heading', { name: 'Como assinar' })).toBeInTheDocument();
    expect(within(card).getByText(/Google Agenda \(no computador\)/)).toBeInTheDocument();
    expect(within(card).getByText(/Outlook: Adicionar calendário/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Copiar link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_);
    expect(await screen.findByText('Link copiado.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Revogar link' }));
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(await within(card).findByText('Você ainda não tem um link de calendário.')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(await screen.findByText('Link do calendário revogado: o endereço antigo deixou de funcionar.')).toBeInTheDocument();
  });

  it('says since when a link is active without showing it, and offers a new one', async () => {
    const card = await openProfile({ active: true, createdAt: '2026-11-20T12:00:00.000Z' });
    expect(await within(card).findByText('Link ativo desde 20/11/2026.')).toBeInTheDocument();
    expect(within(card).getByText(/só aparece quando é criado/)).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Gerar novo link' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Revogar link' })).toBeInTheDocument();
  });

  it('says what the server answered when the link cannot be made', async () => {
    const { ApiError } = await import('@plataforma/adapter');
    vi.spyOn(api.site.calendars, 'createFeed').mockRejectedValue(new ApiError(403, 'auth.error.fullAccountRequired'));
    const card = await openProfile({ active: false, createdAt: null });
    await userEvent.click(await within(card).findByRole('button', { name: 'Criar link do calendário' }));
    await waitFor(() => expect(screen.getByText(/entre com a sua senha/)).toBeInTheDocument());
  });
});
