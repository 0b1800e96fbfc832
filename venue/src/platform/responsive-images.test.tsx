import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageSource, Media, Product, Sponsor, Stand } from '@plataforma/adapter';
import { api } from '../shared/api';
import '../shared/i18n';
import { eventFixture } from '../testing/wire';
import { resetBoardPixels } from './ui/boardPixels';
import { mockVenueApi, renderAt, signInVisitor } from '../testing/render';

// Issue 10, "Uploads": the venue draws Strapi's generated formats, so a phone never downloads
// the 1920-wide background. HTML images get srcset and sizes (the browser chooses); the drawn
// scenes' SVG images, which have no srcset, get the format that covers what they are drawn at.

/** An image's sizes as the API sends them: the formats Strapi made and the original. */
const sourcesOf = (name: string, width: number): ImageSource[] =>
  [
    { url: `/uploads/thumbnail_${name}.png`, width: 245 },
    { url: `/uploads/small_${name}.png`, width: 500 },
    { url: `/uploads/medium_${name}.png`, width: 750 },
    { url: `/uploads/large_${name}.png`, width: 1000 },
    { url: `/uploads/${name}.png`, width },
  ].filter((source) => source.width <= width);

const event = eventFixture({
  image: '/uploads/fundo.png',
  imageSources: sourcesOf('fundo', 1920),
  banner: '/uploads/cartaz.png',
  bannerSources: sourcesOf('cartaz', 720),
});

const stand = (overrides: Partial<Stand> = {}): Stand => ({
  id: 3,
  eventId: 1,
  name: 'Aurora Diagnósticos',
  subtitle: 'Imagem',
  description: 'Descrição',
  type: 'master',
  position: 1,
  color: '#6a1b9a',
  facebook: null,
  instagram: null,
  youtube: null,
  symposium: null,
  negotiation: null,
  website: null,
  image: '/uploads/aurora.png',
  imageSources: sourcesOf('aurora', 1008),
  ...overrides,
});

const sponsor = (id: number, name: string): Sponsor => ({
  id,
  eventId: 1,
  name,
  type: 'master',
  image: `/uploads/${name}.png`,
  imageSources: sourcesOf(name, 480),
  link: null,
});

const product: Product = {
  id: 11,
  standId: 3,
  title: 'Monitor',
  description: 'Multiparamétrico',
  image: '/uploads/monitor.png',
  imageSources: sourcesOf('monitor', 800),
  price: '100.00',
  discount: '0.00',
  discountValue: '100.00',
  hasDiscount: false,
  installments: 1,
  ctaLabel: null,
  ctaLink: null,
};

const gallery: Media = {
  id: 21,
  standId: 3,
  title: 'Galeria',
  description: 'Foto do estande',
  type: 'IMAGE',
  file: {
    id: 31,
    url: '/uploads/galeria.png',
    name: 'galeria.png',
    mime: 'image/png',
    size: 120,
    width: 1200,
    height: 800,
    sources: sourcesOf('galeria', 1200),
  },
};

/** The window the visitor looks through (CSS pixels and device pixels per CSS pixel). */
const windowOf = (width: number, height: number, density: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: density });
};

const initial = { width: window.innerWidth, height: window.innerHeight, density: window.devicePixelRatio };

mockVenueApi();
beforeEach(() => {
  resetBoardPixels();
  signInVisitor();
  vi.spyOn(api.site.events, 'get').mockResolvedValue(event);
});
afterEach(() => {
  windowOf(initial.width, initial.height, initial.density);
});

/** The SVG image drawn inside a part of a scene (found by the part's accessible name). */
const drawnImage = async (name: string | RegExp): Promise<string | null> =>
  (await screen.findByRole('img', { name })).querySelector('image')?.getAttribute('href') ?? null;

describe('drawn scenes pick the format that covers the drawing', () => {
  it('a 390-px phone gets a smaller format of the 1920×500 background, never the original', async () => {
    windowOf(390, 844, 3);
    renderAt('/plataforma/1/hall-entrada');
    // 600 units of the 1080-high board on an 844-px screen, at two device pixels at most: 938.
    expect(await drawnImage('Banner do evento Congresso Brasileiro Virtual')).toBe('/uploads/large_fundo.png');
  });

  it('a desktop gets the format of its size, a 4K screen the original', async () => {
    windowOf(1920, 1080, 1);
    renderAt('/plataforma/1/hall-entrada');
    expect(await drawnImage('Banner do evento Congresso Brasileiro Virtual')).toBe('/uploads/medium_fundo.png');
  });

  it('draws the original on a 4K screen', async () => {
    windowOf(3840, 2160, 1);
    renderAt('/plataforma/1/hall-entrada');
    expect(await drawnImage('Banner do evento Congresso Brasileiro Virtual')).toBe('/uploads/fundo.png');
  });

  it("draws a booth's logo from its thumbnail, and a logo without formats (a seeded SVG) as its URL", async () => {
    windowOf(1920, 1080, 1);
    vi.spyOn(api.site.stands, 'list').mockResolvedValue({
      rows: [stand(), stand({ id: 4, name: 'Semente', image: '/uploads/semente.svg', imageSources: [] })],
      count: 2,
    });
    renderAt('/plataforma/1/hall-estandes-gold');
    const booth = await screen.findByRole('link', { name: /Aurora Diagnósticos/ });
    expect(booth.querySelector('image')).toHaveAttribute('href', '/uploads/thumbnail_aurora.png');
    expect(screen.getByRole('link', { name: /Semente/ }).querySelector('image')).toHaveAttribute('href', '/uploads/semente.svg');
  });
});

describe('HTML images carry srcset and sizes', () => {
  it("hall-salas: the event's banner (SPEC §2.4; issue 16: it showed the background) and the sponsors' pictures", async () => {
    vi.spyOn(api.site.sponsors, 'list').mockResolvedValue({ rows: [sponsor(1, 'vitalis'), sponsor(2, 'lumen')], count: 2 });
    vi.spyOn(api.site.rooms, 'list').mockResolvedValue({ rows: [], count: 0 });
    renderAt('/plataforma/1/hall-salas');
    const banner = await screen.findByRole('img', { name: 'Banner do evento Congresso Brasileiro Virtual' });
    expect(banner).toHaveAttribute('src', '/uploads/cartaz.png');
    expect(banner).toHaveAttribute(
      'srcset',
      '/uploads/thumbnail_cartaz.png 245w, /uploads/small_cartaz.png 500w, /uploads/cartaz.png 720w',
    );
    expect(banner).toHaveAttribute('sizes', '(max-width: 767px) 160px, 200px');
    const picture = await screen.findByRole('img', { name: 'vitalis' });
    expect(picture).toHaveAttribute('srcset', '/uploads/thumbnail_vitalis.png 245w, /uploads/vitalis.png 480w');
    expect(picture).toHaveAttribute('sizes', '(max-width: 767px) calc(50vw - 36px), 160px');
  });

  it("the stand screen: the stand's logo, a product's picture and an image media in its modal", async () => {
    vi.spyOn(api.site.stands, 'get').mockResolvedValue(stand());
    vi.spyOn(api.site.products, 'list').mockResolvedValue({ rows: [product], count: 1 });
    vi.spyOn(api.site.medias, 'list').mockResolvedValue({ rows: [gallery], count: 1 });
    renderAt('/plataforma/1/estande/3-aurora');
    const logo = await screen.findByRole('img', { name: 'Logotipo de Aurora Diagnósticos' });
    expect(logo).toHaveAttribute('src', '/uploads/aurora.png');
    expect(logo).toHaveAttribute(
      'srcset',
      expect.stringMatching(/^\/uploads\/thumbnail_aurora\.png 245w, .* \/uploads\/aurora\.png 1008w$/),
    );
    expect(logo).toHaveAttribute('sizes', '(max-width: 400px) calc(100vw - 80px), 320px');

    const card = (await screen.findByRole('heading', { name: 'Monitor' })).closest('article') as HTMLElement;
    const picture = card.querySelector('img');
    expect(picture).toHaveAttribute(
      'srcset',
      '/uploads/thumbnail_monitor.png 245w, /uploads/small_monitor.png 500w, /uploads/medium_monitor.png 750w, /uploads/monitor.png 800w',
    );
    expect(picture).toHaveAttribute('sizes', '(max-width: 767px) calc(100vw - 80px), 360px');

    await userEvent.click(await screen.findByRole('button', { name: 'Galeria' }));
    const shown = within(screen.getByRole('dialog', { name: 'Galeria' })).getByRole('img', { name: 'Galeria' });
    expect(shown).toHaveAttribute('src', '/uploads/galeria.png');
    expect(shown).toHaveAttribute('srcset', expect.stringContaining('/uploads/large_galeria.png 1000w, /uploads/galeria.png 1200w'));
    expect(shown).toHaveAttribute('sizes', '(max-width: 680px) calc(100vw - 80px), 600px');
  });

  it("an image without formats (the seed's SVGs, an older answer) is its URL alone", async () => {
    vi.spyOn(api.site.stands, 'get').mockResolvedValue(stand({ image: '/uploads/aurora.svg', imageSources: undefined }));
    vi.spyOn(api.site.products, 'list').mockResolvedValue({ rows: [], count: 0 });
    vi.spyOn(api.site.medias, 'list').mockResolvedValue({ rows: [], count: 0 });
    renderAt('/plataforma/1/estande/3-aurora');
    const logo = await screen.findByRole('img', { name: 'Logotipo de Aurora Diagnósticos' });
    expect(logo).toHaveAttribute('src', '/uploads/aurora.svg');
    expect(logo).not.toHaveAttribute('srcset');
    expect(logo).not.toHaveAttribute('sizes');
  });
});
