import { expect, test, type Page } from '@playwright/test';
import { visitorSignIn } from './helpers';

// Issue "Finding your way in the venue", part "Every language, really": on a fresh install (no
// pack uploaded in /cms/idiomas) EN and AL switch with the packs the platform ships, and the
// scenes, the plates, the badges and the navigation show no Portuguese. Runs before
// languages.spec.ts (file order, one worker), which uploads an AL pack over the shipped one.

interface Texts {
  button: string;
  nav: string;
  home: string;
  next: string;
  map: string;
  logout: string;
  goldHall: string;
  /** A sponsor's totem in the entrance (its accessible name), and the word on it. */
  sponsor: string;
  sponsorPlate: string;
  /** A booth of the gold hall, by its accessible name. */
  booth: string;
  masterPlate: string;
  silverBadge: string;
}

const LANGUAGES: Record<'en' | 'al', Texts> = {
  en: {
    button: 'EN English',
    nav: 'Event navigation',
    home: 'Entrance hall',
    next: 'Next hall',
    map: 'Map',
    logout: 'Sign out',
    goldHall: 'Go to: Gold Hall',
    sponsor: 'Vitalis Farmacêutica, sponsor',
    sponsorPlate: 'Sponsor',
    booth: 'Vitalis Farmacêutica booth',
    masterPlate: 'MASTER',
    silverBadge: 'SILVER',
  },
  al: {
    button: 'DE Deutsch',
    nav: 'Veranstaltungsnavigation',
    home: 'Eingangshalle',
    next: 'Nächste Halle',
    map: 'Lageplan',
    logout: 'Abmelden',
    goldHall: 'Gehe zu: Halle Gold',
    sponsor: 'Vitalis Farmacêutica, Sponsor',
    sponsorPlate: 'Sponsor',
    booth: 'Stand Vitalis Farmacêutica',
    masterPlate: 'MASTER',
    silverBadge: 'SILBER',
  },
};

/** Portuguese the product writes (not the event's own data): none of it may show once EN or AL is on. */
const PORTUGUESE = [
  'Navegação do evento',
  'Hall de entrada',
  'Próximo hall',
  'Mapa',
  'Sair',
  'Central de ajuda',
  'Pavilhão',
  'Estande',
  'Patrocinador',
  'patrocinador',
  'PRATA',
  'Espaço disponível',
  'Ir para',
  'Sala de negociação',
  'Vídeos e materiais',
  'Fale com o expositor',
];

/** The page's visible text and accessible names (aria-label), where a Portuguese word would show. */
const shownText = (page: Page) =>
  page.evaluate(() =>
    [document.body.innerText, ...Array.from(document.querySelectorAll('[aria-label]'), (node) => node.getAttribute('aria-label'))].join(
      '\n',
    ),
  );

const expectNoPortuguese = async (page: Page) => {
  const text = await shownText(page);
  expect(PORTUGUESE.filter((word) => text.includes(word))).toEqual([]);
};

for (const [code, texts] of Object.entries(LANGUAGES) as Array<['en' | 'al', Texts]>) {
  test(`a visitor switches the venue to ${code.toUpperCase()} on a fresh install: the halls, plates and badges in that language`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await test.step('nothing is uploaded: the site sends the shipped pack itself', async () => {
      const res = await request.get(`/api/site/v1/languages/${code}?v=${Date.now()}`, { maxRedirects: 0 });
      expect(res.status(), 'a fresh server (no uploaded pack)').toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/json/);
    });

    await test.step('the entrance hall: the navigation and the sponsors’ totems', async () => {
      await visitorSignIn(page);
      await page.getByRole('button', { name: texts.button }).click();
      await expect(page.getByRole('button', { name: texts.button })).toHaveAttribute('aria-pressed', 'true');
      const nav = page.getByRole('navigation', { name: texts.nav });
      await expect(nav.getByText(texts.home, { exact: true })).toBeVisible();
      await expect(nav.getByText(texts.map, { exact: true })).toBeVisible();
      await expect(nav.getByText(texts.logout, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: texts.sponsor }).getByText(texts.sponsorPlate, { exact: true })).toBeVisible();
      await expectNoPortuguese(page);
    });

    await test.step('the gold hall: the booths’ plates', async () => {
      await page.getByRole('link', { name: texts.goldHall }).click();
      await expect(page).toHaveURL(/\/hall-estandes-gold$/);
      const booth = page.getByRole('link', { name: texts.booth });
      await expect(booth.getByText(texts.masterPlate, { exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: texts.nav }).getByText(texts.next, { exact: true })).toBeVisible();
      await expectNoPortuguese(page);
    });

    await test.step('a silver stand: the tier badge', async () => {
      await page.goto('/plataforma/1/estande/5');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // The choice is remembered across a load (the pack is fetched again at start-up).
      await expect(page.getByRole('button', { name: texts.button })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('main').getByText(texts.silverBadge, { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByText('SILVER/PRATA', { exact: true })).toHaveCount(0);
      await expectNoPortuguese(page);
    });
  });
}
