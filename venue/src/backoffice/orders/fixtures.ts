import { orderSchema, type Order, type Payment } from '@plataforma/adapter';
import { makeEvent } from '../events/test-fixtures';
import { clientProfileFixture } from '../../testing/wire';

/** The events the orders' tests list (the second in another zone: its orders' dates show in it). */
export const congress = makeEvent({ id: 3, name: 'Congresso de Medicina Intensiva', timezone: 'America/Sao_Paulo' });
export const amazonia = makeEvent({ id: 4, name: 'Jornada Amazônica', timezone: 'America/Manaus', slug: '4-jornada-amazonica' });

export const buyer = clientProfileFixture({
  id: 12,
  name: 'Marta Compradora',
  email: 'marta@exemplo.com.br',
  cpf: '52998224725',
  ddi: '55',
  ddd: '11',
  phone: '987654321',
});

/** A charge of the tests: a sandbox PIX unless told. */
export const makePayment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 41,
  provider: 'sandbox',
  method: 'pix',
  status: 'approved',
  amount: '110.00',
  installments: 1,
  pixCode: '00020101021226...6304ABCD',
  expiresAt: '2026-03-04T13:35:00.000Z',
  cardBrand: null,
  cardLast4: null,
  paidAt: '2026-03-04T13:10:00.000Z',
  createdAt: '2026-03-04T13:05:00.000Z',
  ...overrides,
});

/**
 * An order as the server answers it (parsed with the contract's schema, so a fixture the wire
 * would refuse fails the test): the whole congress with the coupon CBVMI10, paid by PIX.
 */
export const makeOrder = (overrides: Partial<Order> = {}): Order =>
  orderSchema.parse({
    id: 5,
    number: 'PE-000005',
    status: 'paid',
    method: 'pix',
    event: { id: congress.id, name: congress.name, slug: congress.slug },
    client: { id: buyer.id, name: buyer.name, email: buyer.email },
    couponCode: 'CBVMI10',
    items: [
      {
        id: 51,
        kind: 'event',
        eventId: congress.id,
        lectureId: null,
        description: 'Congresso de Medicina Intensiva (evento inteiro)',
        price: '150.00',
        discount: '30.00',
        total: '120.00',
      },
    ],
    subtotal: '120.00',
    couponDiscount: '10.00',
    total: '110.00',
    installments: 1,
    payments: [makePayment()],
    history: [
      {
        at: '2026-03-04T13:05:00.000Z',
        status: 'pending',
        by: { kind: 'client', id: buyer.id, name: buyer.name },
        note: null,
      },
      {
        at: '2026-03-04T13:10:00.000Z',
        status: 'paid',
        by: { kind: 'provider', id: null, name: 'sandbox' },
        note: 'PIX aprovado',
      },
    ],
    createdAt: '2026-03-04T13:05:00.000Z',
    paidAt: '2026-03-04T13:10:00.000Z',
    expiresAt: null,
    ...overrides,
  });
