import { createRequire } from 'node:module';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import type { TestServer } from './strapi';

const cmsDir = path.resolve(__dirname, '../../../cms');
const load = <T>(module: string): T => createRequire(__filename)(path.join(cmsDir, 'dist/src', module)) as T;

/** The running server's own commerce modules (the same instances its routes use). */
export const commerce = () => ({
  orders: load<typeof import('../../../cms/src/commerce/orders')>('commerce/orders'),
  registry: load<typeof import('../../../cms/src/commerce/providers/registry')>('commerce/providers/registry'),
});

/** An envelope's data parsed with the contract's schema (a mismatch fails the test with zod's message). */
export const parsed = <S extends z.ZodType>(schema: S, body: { data: unknown; msg?: string; status?: number }): z.infer<S> => {
  const result = schema.safeParse(body.data);
  if (!result.success) throw new Error(`${body.status} ${body.msg}: ${result.error.message}`);
  return result.data;
};

export const listOf = <S extends z.ZodType>(schema: S) => z.object({ rows: z.array(schema), count: z.number().int() });

/** A coupon's counters as stored. */
export const couponCounts = async (strapi: Core.Strapi, id: number) => {
  const row = (await strapi.db.query('api::coupon.coupon').findOne({ where: { id }, select: ['amount', 'reserved'] })) as {
    amount: number;
    reserved: number;
  };
  return { amount: Number(row.amount), reserved: Number(row.reserved ?? 0) };
};

/** An independent CRC16-CCITT-FALSE (table driven), to check a BR Code's last four characters. */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k += 1) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
export const brCodeCrcValid = (code: string): boolean => {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(code.slice(0, -4))) crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ byte) & 0xff];
  return code.slice(-8, -4) === '6304' && crc.toString(16).toUpperCase().padStart(4, '0') === code.slice(-4);
};

/** A site request with a client's token. */
export const siteApi = (server: TestServer) => (method: 'get' | 'post', url: string, token?: string | null, body?: object) => {
  const req = server.request()[method](`/api/site/v1${url}`);
  const authed = token ? req.set('Authorization', `Bearer ${token}`) : req;
  return body ? authed.send(body) : authed;
};
