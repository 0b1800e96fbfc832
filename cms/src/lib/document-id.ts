import { randomBytes } from 'node:crypto';

/** A document id as Strapi gives one (a letter, then 23 of [a-z0-9]; decision 022). */
export const documentId = (): string => {
  const bytes = randomBytes(24);
  let id = String.fromCharCode(97 + (bytes[0] % 26));
  for (let i = 1; i < 24; i += 1) id += ALPHABET[bytes[i] % 36];
  return id;
};
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
