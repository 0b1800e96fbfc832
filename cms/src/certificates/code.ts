import { randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET } from '@plataforma/adapter';

/** Random bits in a code: 16 base32 characters of 5 bits (decision 050). */
export const CODE_BITS = 80;

/**
 * A new certificate code, 'XXXX-XXXX-XXXX-XXXX': 80 bits from the system's CSPRNG, 5 bits a
 * character in Crockford's base32 (no I, L, O, U to misread).
 */
export const newCertificateCode = (bytes: Buffer = randomBytes(CODE_BITS / 8)): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CERTIFICATE_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out.match(/.{4}/g)!.join('-');
};
