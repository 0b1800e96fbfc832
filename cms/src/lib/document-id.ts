import { randomBytes } from 'node:crypto';

/** Random bytes for this many ids are drawn at once (one call to the system's generator, not one per id). */
const IDS_PER_DRAW = 256;
const BYTES_PER_ID = 24;
let pool = Buffer.alloc(0);
let offset = 0;

/** A document id as Strapi gives one (a letter, then 23 of [a-z0-9]; decision 022). */
export const documentId = (): string => {
  if (offset + BYTES_PER_ID > pool.length) {
    pool = randomBytes(BYTES_PER_ID * IDS_PER_DRAW);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + BYTES_PER_ID);
  offset += BYTES_PER_ID;
  let id = String.fromCharCode(97 + (bytes[0] % 26));
  for (let i = 1; i < BYTES_PER_ID; i += 1) id += ALPHABET[bytes[i] % 36];
  return id;
};
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
