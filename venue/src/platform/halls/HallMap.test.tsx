import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../shared/i18n';
import { mockVenueApi, renderAt, signInVisitor } from '../../testing/render';

// Issue 17, 'Find an exhibitor': the maps become the way around. Every part that leads somewhere
// is a link or a button on the map, as in the scene; labels are placed so that none overlaps.

mockVenueApi();
beforeEach(() => signInVisitor());

const openMap = async (hall: string) => {
  await userEvent.click(await screen.findByRole('button', { name: 'Mapa' }));
  return screen.findByRole('dialog', { name: `Mapa: ${hall}` });
};

const box = (element: Element) => {
  const rect = element.querySelector('rect') as SVGRectElement;
  const n = (name: string) => Number(rect.getAttribute(name));
  return { x: n('x'), y: n('y'), width: n('width'), height: n('height') };
};

describe('the hall map', () => {
  it('makes every door a link to its hall, and following one closes the map and walks there', async () => {
    renderAt('/plataforma/1/hall-entrada');
    const map = await openMap('Hall de entrada');
    const door = within(map).getByRole('link', { name: 'Ir para: Pavilhão Ouro' });
    expect(door).toHaveAttribute('href', '/plataforma/1/hall-estandes-gold');
    // The full name is the tooltip too.
    expect(door.querySelector('title')).toHaveTextContent('Ir para: Pavilhão Ouro');
    expect(within(map).getByText('Você está aqui')).toBeInTheDocument();

    await userEvent.click(door);
    expect(screen.queryByRole('dialog')).toBeNull();
    // In the gold hall now: its doors lead on, none back into itself.
    expect(await screen.findByRole('link', { name: 'Ir para: Pavilhão Prata' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir para: Pavilhão Ouro' })).toBeNull();
  });

  it('opens what a part opens over the hall: the welcome video from the map, by keyboard', async () => {
    renderAt('/plataforma/1/hall-entrada');
    const map = await openMap('Hall de entrada');
    const video = within(map).getByRole('button', { name: 'Vídeo de boas-vindas: assistir' });
    video.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Vídeo de boas-vindas' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Mapa: Hall de entrada' })).toBeNull();
  });

  it('labels the parts without one label covering another', async () => {
    renderAt('/plataforma/1/hall-entrada');
    const map = await openMap('Hall de entrada');
    const labels = [...map.querySelectorAll('[data-label]')].map(box);
    expect(labels.length).toBeGreaterThan(5);
    const overlap = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    await waitFor(() => {
      for (const [i, a] of labels.entries()) for (const [j, b] of labels.entries()) if (i !== j) expect(overlap(a, b)).toBe(false);
    });
  });
});
