import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@plataforma/adapter';
import { App, createQueryClient, routes } from './App';
import { api } from './shared/api';
import './shared/i18n';
import { pageViewOf } from './shared/hooks/usePageViews';

const event = {
  id: 1,
  name: 'Congresso Brasileiro Virtual',
  description: 'Três dias de ciência',
  banner: '/uploads/banner.png',
  image: null,
  startDate: '2020-11-12',
  endDate: '2020-11-14',
} as Event;

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App router={router} queryClient={createQueryClient()} />);
  return router;
};

afterEach(() => vi.restoreAllMocks());

describe('root routes (SPEC §2.1)', () => {
  it('sends / to the entrance hall of event 1 and shows the event from the API', async () => {
    vi.spyOn(api.site.pageViews, 'create').mockResolvedValue({ id: 1, path: '/', eventId: null, createdAt: '' });
    const get = vi.spyOn(api.site.events, 'get').mockResolvedValue(event);
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Congresso Brasileiro Virtual' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plataforma/1/hall-entrada');
    expect(get).toHaveBeenCalledWith(1);
    expect(screen.getByText('12/11/2020 a 14/11/2020')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Banner do evento/ })).toHaveAttribute('src', '/uploads/banner.png');
  });

  it("shows 'Pagina não encontrada' for any other path", async () => {
    vi.spyOn(api.site.pageViews, 'create').mockResolvedValue({ id: 1, path: '/', eventId: null, createdAt: '' });
    renderAt('/nada');
    expect(await screen.findByText('Pagina não encontrada')).toBeInTheDocument();
  });

  it('shows a clear page for an event id that is not a number', async () => {
    vi.spyOn(api.site.pageViews, 'create').mockResolvedValue({ id: 1, path: '/', eventId: null, createdAt: '' });
    renderAt('/plataforma/abc/hall-entrada');
    expect(await screen.findByText('Evento não encontrado')).toBeInTheDocument();
  });

  it('posts a page view on every navigation', async () => {
    const create = vi.spyOn(api.site.pageViews, 'create').mockResolvedValue({ id: 1, path: '/', eventId: null, createdAt: '' });
    vi.spyOn(api.site.events, 'get').mockResolvedValue(event);
    const router = renderAt('/plataforma/1-congresso/hall-entrada');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toMatchObject({ path: '/plataforma/1-congresso/hall-entrada', eventId: 1, language: 'pt' });
    await router.navigate('/nada');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1][0]).toMatchObject({ path: '/nada' });
    expect(create.mock.calls[1][0]).not.toHaveProperty('eventId');
  });
});

describe('pageViewOf', () => {
  it('reads the event and the stand of a path', () => {
    expect(pageViewOf('/plataforma/1/estande/2-vitalis', 'pt')).toEqual({
      path: '/plataforma/1/estande/2-vitalis',
      eventId: 1,
      standId: 2,
      language: 'pt',
    });
    expect(pageViewOf('/cms/login', 'en')).toEqual({ path: '/cms/login', language: 'en' });
  });
});
