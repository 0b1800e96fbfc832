import { describe, expect, it } from 'vitest';
import { brCode, crc16, parseBrCode } from './brcode';

/**
 * An independent CRC16-CCITT-FALSE: table-driven (the brcode module computes it bit by bit),
 * checked against the standard's check value ('123456789' → 29B1).
 */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k += 1) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
const independentCrc = (text: string): string => {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ byte) & 0xff];
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

describe('crc16 (CCITT-FALSE)', () => {
  it('matches the standard check value and the independent table', () => {
    expect(independentCrc('123456789')).toBe('29B1');
    expect(crc16('123456789')).toBe('29B1');
    for (const text of ['', 'a', '000201', 'PIX çã']) expect(crc16(text)).toBe(independentCrc(text));
  });
});

describe('brCode', () => {
  it('writes the Banco Central manual’s static example byte for byte (its CRC 1D3D)', () => {
    const code = brCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      amountCents: null,
    });
    expect(code).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
    expect(independentCrc(code.slice(0, -4))).toBe(code.slice(-4));
  });

  it('carries the amount, the cut name and city and an alphanumeric txid; its CRC checks out independently', () => {
    const code = brCode({
      key: 'pix@exemplo.com.br',
      merchantName: 'Associação Brasileira de Congressos Médicos',
      merchantCity: 'São José dos Campos',
      amountCents: 7200,
      txid: 'PE-000042P7',
    });
    const fields = parseBrCode(code);
    expect(fields).not.toBeNull();
    expect(fields?.['00']).toBe('01');
    expect(fields?.['26']).toBe('0014br.gov.bcb.pix0118pix@exemplo.com.br');
    expect(fields?.['52']).toBe('0000');
    expect(fields?.['53']).toBe('986');
    expect(fields?.['54']).toBe('72.00');
    expect(fields?.['58']).toBe('BR');
    expect(fields?.['59']).toBe('Associacao Brasileira de');
    expect(fields?.['59'].length).toBeLessThanOrEqual(25);
    expect(fields?.['60']).toBe('Sao Jose dos Ca');
    expect(fields?.['62']).toBe('0510PE000042P7');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(independentCrc(code.slice(0, -4))).toBe(code.slice(-4));
  });

  it('refuses a code whose CRC does not match', () => {
    const code = brCode({ key: 'k', merchantName: 'N', merchantCity: 'C', amountCents: 100 });
    expect(parseBrCode(code)).not.toBeNull();
    expect(parseBrCode(code.replace('1.00', '9.00'))).toBeNull();
  });
});
