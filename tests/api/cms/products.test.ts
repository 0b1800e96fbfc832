import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../helpers/accounts';
import { fileOf, fileRows, multipart, onDisk } from '../helpers/stored-files';
import { pdf, png } from '../storage/files';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// /api/cms/v1/products: a stand's products and services for admins, with an optional image,
// price and discount in reais and the price after discount derived as the site shows it.
const UID = 'api::product.product';
let server: TestServer;
let tokens: { admin: string; attendant: string };
let eventId: number;
let standId: number;
let otherStandId: number;

const api = (method: 'get' | 'post' | 'put' | 'delete', url: string, who: keyof typeof tokens = 'admin') =>
  server.request()[method](`/api/cms/v1${url}`).set('Authorization', `Bearer ${tokens[who]}`);

const logLines = async (): Promise<string[]> =>
  (
    (await server.strapi.db
      .query('api::log.log')
      .findMany({ where: { action: { $startsWith: 'products.' } }, orderBy: { id: 'asc' } })) as Array<{ description: string }>
  ).map((row) => row.description);

beforeAll(async () => {
  server = await startServer('cms-products', { seed: false });
  const db = server.strapi.db;
  const admin = await createStaff(server.strapi, { role: 'admin' });
  const attendant = await createStaff(server.strapi, { role: 'attendant' });
  const event = await db.query('api::event.event').create({
    data: { name: 'Congresso', description: 'x', startDate: '2020-11-12', startTime: '08:00:00.000' },
  });
  const other = await db.query('api::event.event').create({
    data: { name: 'Outro', description: 'x', startDate: '2021-11-12', startTime: '08:00:00.000' },
  });
  eventId = event.id;
  standId = (await db.query('api::stand.stand').create({ data: { name: 'Vitalis', type: 'master', event: eventId } })).id;
  otherStandId = (await db.query('api::stand.stand').create({ data: { name: 'Solaris', type: 'bronze', event: other.id } })).id;
  await db.query('api::stand-attendant.stand-attendant').create({ data: { stand: standId, user: attendant.id } });
  await db.query(UID).create({ data: { title: 'Treinamento', description: 'x', price: 390, stand: otherStandId } });
  tokens = { admin: await sessionToken(server, 'staff', admin.id), attendant: await sessionToken(server, 'staff', attendant.id) };
});

afterAll(async () => {
  await server?.stop();
});

describe('products', () => {
  it('creates a product with its image, prices as typed, the discount applied', async () => {
    const res = await multipart(
      api('post', '/products'),
      {
        standId,
        title: 'Kit de demonstração',
        description: 'Na sua UTI',
        price: '1.200,00',
        discount: '200',
        installments: '10',
        ctaLabel: 'Quero conhecer',
        ctaLink: 'https://vitalis.exemplo.com.br/ofertas',
      },
      { image: { data: await png(), name: 'kit.png' } },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      msg: 'api.created',
      status: 201,
      data: {
        id: expect.any(Number),
        standId,
        title: 'Kit de demonstração',
        description: 'Na sua UTI',
        image: expect.stringMatching(/^\/uploads\/.+\.png$/),
        // The 320×200 PNG and the thumbnail the upload plugin made of it.
        imageSources: [
          { url: expect.stringMatching(/^\/uploads\/thumbnail_kit_\w+\.png$/), width: 245 },
          { url: expect.stringMatching(/^\/uploads\/kit_\w+\.png$/), width: 320 },
        ],
        price: '1200.00',
        discount: '200.00',
        discountValue: '1000.00',
        hasDiscount: true,
        installments: 10,
        ctaLabel: 'Quero conhecer',
        ctaLink: 'https://vitalis.exemplo.com.br/ofertas',
      },
    });
    const row = await server.strapi.db.query(UID).findOne({ where: { id: res.body.data.id }, populate: { stand: true, image: true } });
    expect(Number(row.price)).toBe(1200);
    expect(row).toMatchObject({ installments: 10, stand: { id: standId }, image: { url: res.body.data.image } });
    const plain = await multipart(api('post', '/products'), { standId, title: 'Consultoria', description: 'Por hora' });
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({
      image: null,
      price: '0.00',
      discountValue: '0.00',
      hasDiscount: false,
      installments: 1,
      ctaLink: null,
    });
    expect(await logLines()).toEqual([`Criou produto nº ${res.body.data.id}.`, `Criou produto nº ${plain.body.data.id}.`]);
  });

  it('lists by stand or event, searched and ordered', async () => {
    const ofStand = await api('get', `/products?standId=${standId}&order=price:desc`);
    expect(ofStand.body.data.rows.map((row: { title: string }) => row.title)).toEqual(['Kit de demonstração', 'Consultoria']);
    const ofEvent = await api('get', `/products?eventId=${eventId}&search=consul`);
    expect(ofEvent.body.data).toMatchObject({ count: 1, rows: [{ title: 'Consultoria' }] });
    expect((await api('get', '/products')).body.data.count).toBe(3);
    expect((await api('get', '/products?standId=999999')).body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
    expect((await api('get', '/products?eventId=999999')).body.msg).toBe('api.error.eventNotFound');
  });

  it('refuses a discount above the price, no instalment, a missing stand or a file that is no image', async () => {
    const before = await fileRows(server.strapi);
    const above = await multipart(api('post', '/products'), { standId, title: 'X', description: 'y', price: '10', discount: '10,01' });
    expect(above.body).toEqual({ data: null, msg: 'products.error.discountAbovePrice', status: 400 });
    const zero = await multipart(api('post', '/products'), { standId, title: 'X', description: 'y', installments: '0' });
    expect(zero.body.msg).toBe('api.error.invalidBody');
    const negative = await multipart(api('post', '/products'), { standId, title: 'X', description: 'y', price: '-5' });
    expect(negative.body.msg).toBe('api.error.invalidBody');
    const noStand = await multipart(
      api('post', '/products'),
      { standId: 999999, title: 'X', description: 'y' },
      { image: { data: await png(), name: 'a.png' } },
    );
    expect(noStand.body.msg).toBe('api.error.standNotFound');
    const notImage = await multipart(
      api('post', '/products'),
      { standId, title: 'X', description: 'y' },
      { image: { data: pdf(), name: 'a.png' } },
    );
    expect(notImage.status).toBe(400);
    expect(notImage.body.msg).toMatch(/^upload\.error\./);
    expect(await fileRows(server.strapi)).toEqual(before);
    expect(await server.strapi.db.query(UID).count({ where: { title: 'X' } })).toBe(0);
  });

  it('changes a product, checks the discount against the stored price, replaces and removes the image', async () => {
    const created = (await api('get', `/products?standId=${standId}&search=Kit`)).body.data.rows[0] as { id: number; image: string };
    const oldFile = (await fileOf(server.strapi, UID, created.id, 'image')) as number;
    const above = await multipart(api('put', `/products/${created.id}`), { discount: '1300' });
    expect(above.body.msg).toBe('products.error.discountAbovePrice');
    const res = await multipart(
      api('put', `/products/${created.id}`),
      { discount: '0', title: 'Kit completo' },
      { image: { data: await png(), name: 'b.png' } },
    );
    expect(res.body).toMatchObject({
      msg: 'api.updated',
      data: { title: 'Kit completo', price: '1200.00', discountValue: '1200.00', hasDiscount: false },
    });
    expect(res.body.data.image).not.toBe(created.image);
    expect((await fileRows(server.strapi)).some((file) => file.id === oldFile)).toBe(false);
    expect(onDisk(created.image)).toBe(false);
    const newFile = await fileOf(server.strapi, UID, created.id, 'image');
    const removed = await multipart(api('put', `/products/${created.id}`), { removeImage: '1', ctaLink: '' });
    expect(removed.body.data).toMatchObject({ image: null, ctaLink: null });
    expect((await fileRows(server.strapi)).some((file) => file.id === newFile)).toBe(false);
    expect((await logLines()).filter((line) => line === `Alterou produto nº ${created.id}.`)).toHaveLength(2);
  });

  it('deletes products with their images, and is for admins only', async () => {
    const created = await multipart(
      api('post', '/products'),
      { standId, title: 'Efêmero', description: 'x' },
      { image: { data: await png(), name: 'c.png' } },
    );
    const url = created.body.data.image as string;
    expect(onDisk(url)).toBe(true);
    expect((await api('get', `/products/${created.body.data.id}`, 'attendant')).status).toBe(403);
    expect((await api('delete', `/products?ids=${created.body.data.id}`, 'attendant')).status).toBe(403);
    const res = await api('delete', `/products?ids=${created.body.data.id}`);
    expect(res.body).toEqual({ data: { ids: [created.body.data.id], count: 1 }, msg: 'api.deleted', status: 200 });
    expect(await server.strapi.db.query(UID).count({ where: { id: created.body.data.id } })).toBe(0);
    expect((await fileRows(server.strapi)).some((file) => file.url === url)).toBe(false);
    expect(onDisk(url)).toBe(false);
    expect((await api('delete', `/products?ids=${created.body.data.id}`)).body.msg).toBe('api.error.notFound');
    expect((await logLines()).pop()).toBe(`Excluiu produto nº ${created.body.data.id}.`);
  });
});
