import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sponsor, Stand } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { loadLanguage } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import al from '../../shared/i18n/locales/al.json';
import en from '../../shared/i18n/locales/en.json';
import { mockVenueApi, renderAt, signInVisitor } from '../../testing/render';

// Issue "Finding your way in the venue", part "Every language, really": the booths' plates, the
// sponsors' totems and the stand screen's badge name a tier through the one map of decision 003
// (STAND_TIER_KEY), so they follow the language the visitor picks, with the packs the platform ships.

/** What GET /api/site/v1/languages/:code answers on a fresh install: the shipped pack (its back-office section aside, which these screens do not read). */
const SHIPPED = { en, al };

const stand = (overrides: Partial<Stand> = {}): Stand => ({
  id: 3,
  eventId: 1,
  name: 'Aurora',
  subtitle: 'Imagem',
  description: 'Descrição',
  type: 'silver',
  position: 1,
  color: '#6a1b9a',
  facebook: null,
  instagram: null,
  youtube: null,
  symposium: null,
  negotiation: null,
  website: null,
  image: null,
  ...overrides,
});

const sponsor: Sponsor = { id: 1, eventId: 1, name: 'Vitalis', type: 'master', image: null, link: null };

mockVenueApi();
beforeEach(() => {
  signInVisitor();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const code = /\/languages\/(en|al)\?/.exec(String(url))?.[1] as keyof typeof SHIPPED | undefined;
      return code ? new Response(JSON.stringify(SHIPPED[code]), { status: 200 }) : new Response('', { status: 404 });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await loadLanguage('pt');
  useAppState.getState().setLanguage('pt');
});

/** The texts drawn on a booth (its SVG text nodes), found by the booth's accessible name. */
const drawnTexts = (name: RegExp): string[] =>
  [...screen.getByRole('link', { name }).querySelectorAll('text')].map((text) => text.textContent ?? '').filter(Boolean);

describe('tier names follow the language', () => {
  it('a silver hall plate reads SILVER/PRATA in PT and SILVER in EN; a free place says so in English', async () => {
    vi.spyOn(api.site.stands, 'list').mockResolvedValue({ rows: [stand()], count: 1 });
    renderAt('/plataforma/1/hall-estandes-prata');
    await screen.findByRole('link', { name: 'Estande Aurora' });
    expect(drawnTexts(/Aurora/)).toEqual(['Aurora', 'SILVER/PRATA']);
    expect(within(screen.getAllByRole('img', { name: 'Espaço de estande disponível' })[0]).getByText('Espaço disponível')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'EN English' }));
    expect(await screen.findByRole('link', { name: 'Aurora booth' })).toBeInTheDocument();
    expect(drawnTexts(/Aurora/)).toEqual(['Aurora', 'SILVER']);
    const free = screen.getAllByRole('img', { name: 'Booth space available' });
    expect(free).toHaveLength(5);
    expect(within(free[0]).getByText('Space available')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/PRATA|Espaço|Estande|Patrocinador/);
  });

  it('AL: the gold hall plate, the entrance totem and the stand screen badge', async () => {
    vi.spyOn(api.site.stands, 'list').mockResolvedValue({ rows: [stand({ type: 'master' })], count: 1 });
    vi.spyOn(api.site.sponsors, 'list').mockResolvedValue({ rows: [sponsor], count: 1 });
    vi.spyOn(api.site.stands, 'get').mockResolvedValue(stand());
    vi.spyOn(api.site.medias, 'list').mockResolvedValue({ rows: [], count: 0 });
    vi.spyOn(api.site.products, 'list').mockResolvedValue({ rows: [], count: 0 });

    const router = renderAt('/plataforma/1/hall-entrada');
    const totem = await screen.findByRole('img', { name: 'Vitalis, patrocinador' });
    expect(within(totem).getByText('Patrocinador')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'DE Deutsch' }));
    expect(within(await screen.findByRole('img', { name: 'Vitalis, Sponsor' })).getByText('Sponsor')).toBeInTheDocument();

    await router.navigate('/plataforma/1/hall-estandes-gold');
    await screen.findByRole('link', { name: 'Stand Aurora' });
    expect(drawnTexts(/Aurora/)).toEqual(['Aurora', 'MASTER']);
    expect(screen.getAllByRole('img', { name: 'Freie Standfläche' })[0]).toHaveTextContent('Standfläche frei');

    await router.navigate('/plataforma/1/estande/3-aurora');
    expect(await screen.findByRole('heading', { name: 'Aurora', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('SILBER', { exact: true })).toBeInTheDocument();
    expect(screen.queryByText('SILVER/PRATA')).toBeNull();
  });
});
