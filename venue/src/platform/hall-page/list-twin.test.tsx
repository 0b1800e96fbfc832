import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stand } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { STATE_KEY, useAppState } from '../../shared/state/store';
import { mockVenueApi, renderAt, signInVisitor } from '../../testing/render';

// Issue 17, 'The list twin of every hall': 'Ver como lista' shows the hall's parts as headings and
// links in scene order, built from the list that draws the scene; the choice is remembered; a
// skip link leads to the navigation on every platform page.

const stand = (id: number, name: string, position: number): Stand => ({
  id,
  eventId: 1,
  name,
  subtitle: '',
  description: '',
  type: 'master',
  position,
  color: '#6a1b9a',
  facebook: null,
  instagram: null,
  youtube: null,
  symposium: null,
  negotiation: null,
  website: null,
  image: null,
});

mockVenueApi();
beforeEach(() => {
  signInVisitor();
  vi.spyOn(api.site.stands, 'list').mockResolvedValue({ rows: [stand(11, 'Aurora', 1), stand(12, 'Boreal', 2)], count: 2 });
});

describe("'Ver como lista'", () => {
  it('lists the gold hall’s parts by section in scene order, each leading where its drawing leads', async () => {
    renderAt('/plataforma/1/hall-estandes-gold');
    // The scene's own links, to compare with the twin's.
    await screen.findByRole('link', { name: /Aurora/ });
    const drawn = screen.getAllByRole('link').filter((link) => link.closest('svg'));
    const drawnTargets = new Map(drawn.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]));

    await userEvent.click(screen.getByRole('button', { name: 'Ver como lista' }));

    expect(screen.queryByTestId('hall-viewport')).toBeNull();
    const list = screen.getByTestId('hall-list');
    expect(within(list).getByRole('heading', { level: 1 })).toHaveTextContent('Pavilhão Ouro');
    const sections = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual(['Portas e passagens', 'Estandes', 'Telas']);

    const booths = within(within(list).getByRole('region', { name: 'Estandes' })).getAllByRole('listitem');
    // Four places in the gold hall: the two stands left to right in the middle of the row, the
    // free places at its ends, as text.
    expect(booths.map((item) => item.textContent)).toEqual([
      'Espaço de estande disponível',
      'Estande Aurora',
      'Estande Boreal',
      'Espaço de estande disponível',
    ]);
    expect(within(booths[0]).queryByRole('link')).toBeNull();

    // Every link of the twin leads where the same part of the drawing leads.
    const twinLinks = within(list).getAllByRole('link');
    expect(twinLinks.length).toBe(drawnTargets.size);
    for (const link of twinLinks) expect(link).toHaveAttribute('href', drawnTargets.get(link.textContent));
  });

  it('reaches a stand by keyboard alone and is remembered for the next hall and visit', async () => {
    renderAt('/plataforma/1/hall-estandes-gold');
    const toggle = await screen.findByRole('button', { name: 'Ver como lista' });
    toggle.focus();
    await act(() => userEvent.keyboard('{Enter}'));
    expect(JSON.parse(localStorage.getItem(STATE_KEY) as string).state.hallView).toBe('list');
    expect(screen.getByRole('button', { name: 'Ver como cena' })).toHaveFocus();

    // Tab from the switch into the list: the doors first, then the stands.
    const aurora = screen.getByRole('link', { name: 'Estande Aurora' });
    for (let step = 0; step < 10 && document.activeElement !== aurora; step += 1) await act(() => userEvent.tab());
    expect(aurora).toHaveFocus();
    expect(aurora).toHaveAttribute('href', '/plataforma/1/estande/11-aurora');
    // Enter follows it: the hall (and its list) gives way to the stand's page.
    await act(() => userEvent.keyboard('{Enter}'));
    await waitFor(() => expect(screen.queryByTestId('hall-list')).toBeNull());
  });

  it('the entrance’s list carries its buttons, which open what the scene’s open; back to the scene', async () => {
    useAppState.getState().setHallView('list');
    renderAt('/plataforma/1/hall-entrada');
    const list = await screen.findByTestId('hall-list');
    expect(within(list).getByRole('button', { name: 'Vídeo de boas-vindas: assistir' })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Vídeo de boas-vindas: assistir' }));
    expect(await screen.findByRole('dialog', { name: 'Vídeo de boas-vindas' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Ver como cena' }));
    expect(screen.getByTestId('hall-viewport')).toBeInTheDocument();
    expect(useAppState.getState().hallView).toBe('scene');
  });
});

describe('the skip link', () => {
  it('is the first stop of the keyboard and moves focus to the navigation bar', async () => {
    renderAt('/plataforma/1/hall-estandes-gold');
    await screen.findByRole('link', { name: /Aurora/ });
    await act(() => userEvent.tab());
    const skip = screen.getByRole('link', { name: 'Pular para a navegação' });
    expect(skip).toHaveFocus();
    await act(() => userEvent.keyboard('{Enter}'));
    expect(screen.getByRole('navigation', { name: 'Navegação do evento' })).toHaveFocus();
    expect(window.location.hash).toBe('');
  });
});
