import type { Stand } from '@plataforma/adapter';

/** A whole Stand as GET /api/cms/v1/stands answers it (for tests). */
export const standFixture = (overrides: Partial<Stand> = {}): Stand => ({
  id: 3,
  eventId: 1,
  name: 'Vitalis Farmacêutica',
  subtitle: 'Saúde em primeiro lugar',
  description: 'Conheça os lançamentos do ano.',
  type: 'master',
  position: 1,
  color: null,
  facebook: null,
  instagram: 'https://instagram.com/vitalis',
  youtube: null,
  symposium: 'https://simposio.exemplo.com.br',
  negotiation: null,
  website: 'https://vitalis.exemplo.com.br',
  image: '/uploads/vitalis.png',
  ...overrides,
});
