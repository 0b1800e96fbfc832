import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/strapi';

// GET /api/site/v1/products?standId= (the stand screen's products and services, SPEC §7).
let server: TestServer;
let standId: number;
let emptyStandId: number;

beforeAll(async () => {
  server = await startServer('site-products', { seed: false });
  const db = server.strapi.db;
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000', published: true, status: 'open' },
  });
  const stand = await db.query('api::stand.stand').create({ data: { name: 'Vitalis', type: 'master', position: 1, event: event.id } });
  const empty = await db.query('api::stand.stand').create({ data: { name: 'Sem produtos', type: 'bronze', position: 2, event: event.id } });
  standId = stand.id;
  emptyStandId = empty.id;
  await db.query('api::product.product').create({
    data: {
      title: 'Kit de demonstração',
      description: 'Na sua UTI',
      price: 1200,
      discount: 200,
      installments: 10,
      ctaLabel: 'Quero conhecer',
      ctaLink: 'https://vitalis.exemplo.com.br/ofertas',
      stand: standId,
    },
  });
  await db.query('api::product.product').create({ data: { title: 'Treinamento', price: 390, discount: 0, stand: standId } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/site/v1/products', () => {
  it("lists a stand's products with the price after discount and the call to action", async () => {
    const res = await server.request().get(`/api/site/v1/products?standId=${standId}`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('api.ok');
    expect(res.body.data.count).toBe(2);
    expect(res.body.data.rows[0]).toEqual({
      id: expect.any(Number),
      standId,
      title: 'Kit de demonstração',
      description: 'Na sua UTI',
      image: null,
      imageSources: [],
      price: '1200.00',
      discount: '200.00',
      discountValue: '1000.00',
      hasDiscount: true,
      installments: 10,
      ctaLabel: 'Quero conhecer',
      ctaLink: 'https://vitalis.exemplo.com.br/ofertas',
    });
    expect(res.body.data.rows[1]).toMatchObject({
      title: 'Treinamento',
      description: '',
      discountValue: '390.00',
      hasDiscount: false,
      installments: 1,
      ctaLink: null,
    });
  });

  it('answers an empty list for a stand without products, and one product by id', async () => {
    const empty = await server.request().get(`/api/site/v1/products?standId=${emptyStandId}`);
    expect(empty.body.data).toEqual({ rows: [], count: 0 });
    const list = await server.request().get(`/api/site/v1/products?standId=${standId}&order=title:desc`);
    expect(list.body.data.rows.map((row: { title: string }) => row.title)).toEqual(['Treinamento', 'Kit de demonstração']);
    const one = await server.request().get(`/api/site/v1/products/${list.body.data.rows[0].id}`);
    expect(one.body.data).toMatchObject({ title: 'Treinamento', standId });
  });

  it('refuses a missing or bad stand id with a key, and an unknown stand with 404', async () => {
    expect((await server.request().get('/api/site/v1/products')).body).toMatchObject({ data: null, status: 400 });
    expect((await server.request().get('/api/site/v1/products?standId=abc')).body).toMatchObject({ data: null, status: 400 });
    expect((await server.request().get('/api/site/v1/products?standId=999999')).body).toEqual({
      data: null,
      msg: 'api.error.standNotFound',
      status: 404,
    });
    expect((await server.request().get('/api/site/v1/products/999999')).status).toBe(404);
  });
});
