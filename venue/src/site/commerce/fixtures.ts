import { orderSchema, quoteSchema, type Order, type Payment, type Quote } from '@plataforma/adapter';

/** Test answers of the commerce API, parsed with the contract's schemas (what the server must send). */
export const quoteFixture = (coupon: 'DEMO10' | null = null): Quote =>
  quoteSchema.parse({
    eventId: 1,
    items: [
      {
        id: null,
        kind: 'lecture',
        eventId: 1,
        lectureId: 11,
        description: 'Ventilação protetora',
        price: '80.00',
        discount: '10.00',
        total: '70.00',
      },
    ],
    subtotal: '70.00',
    couponDiscount: coupon ? '7.00' : '0.00',
    total: coupon ? '63.00' : '70.00',
    installments: 3,
    coupon: coupon ? { code: 'DEMO10', value: '10.00', percent: 1 } : null,
  });

export const pixPayment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 31,
  provider: 'sandbox',
  method: 'pix',
  status: 'pending',
  amount: '63.00',
  installments: 1,
  pixCode:
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406063.005802BR5913PLATAFORMA6009SAO PAULO62070503***6304ABCD',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  cardBrand: null,
  cardLast4: null,
  paidAt: null,
  createdAt: new Date().toISOString(),
  ...overrides,
});

export const orderFixture = (overrides: Partial<Order> = {}): Order =>
  orderSchema.parse({
    id: 5,
    number: 'PE-000005',
    status: 'pending',
    method: null,
    event: { id: 1, name: 'Congresso Brasileiro Virtual', slug: 'congresso' },
    client: { id: 7, name: 'Ana Souza', email: 'ana@exemplo.com.br' },
    couponCode: 'DEMO10',
    items: quoteFixture('DEMO10').items.map((item) => ({ ...item, id: 51 })),
    subtotal: '70.00',
    couponDiscount: '7.00',
    total: '63.00',
    installments: 3,
    payments: [],
    history: [{ at: '2026-11-27T10:00:00.000Z', status: 'pending', by: { kind: 'client', id: 7, name: 'Ana Souza' }, note: null }],
    createdAt: '2026-11-27T10:00:00.000Z',
    paidAt: null,
    expiresAt: null,
    ...overrides,
  });
