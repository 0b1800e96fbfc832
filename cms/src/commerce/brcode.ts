/**
 * The PIX 'BR Code' (Banco Central's Manual de Padrões para Iniciação do Pix): an EMV
 * QRCPS-MPM payload of ID-length-value fields, closed by a CRC16-CCITT-FALSE (poly 0x1021,
 * init 0xFFFF, no reflection, no final xor) over everything before it, '6304' included.
 * Pure: the sandbox and the manual-pix providers build the 'copia e cola' text with it.
 */

export interface BrCodeInput {
  /** The receiver's PIX key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  /** Up to 25 characters (longer is cut). */
  merchantName: string;
  /** Up to 15 characters (longer is cut). */
  merchantCity: string;
  /** Integer cents; null: the payer types the amount (a static code without a value). */
  amountCents: number | null;
  /** Up to 25 letters and digits; '***' when none (a static code). */
  txid?: string | null;
}

/** CRC16-CCITT-FALSE of a text's bytes, as 4 upper-case hex digits. */
export const crc16 = (payload: string): string => {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

/** One field: its id, its length in two digits, its value. */
const field = (id: string, value: string): string => {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** Letters, digits and spaces without accents, as the EMV fields take them. */
const plain = (text: string, max: number): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .trim()
    .slice(0, max)
    .trim();

/** The 'copia e cola' text of a PIX charge. */
export const brCode = ({ key, merchantName, merchantCity, amountCents, txid }: BrCodeInput): string => {
  const name = plain(merchantName, 25) || 'RECEBEDOR';
  const city = plain(merchantCity, 15) || 'SAO PAULO';
  const reference = (txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const body = [
    field('00', '01'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', key.trim())),
    field('52', '0000'),
    field('53', '986'),
    ...(amountCents !== null && amountCents > 0 ? [field('54', (amountCents / 100).toFixed(2))] : []),
    field('58', 'BR'),
    field('59', name),
    field('60', city),
    field('62', field('05', reference)),
  ].join('');
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
};

/** The fields of a BR Code, by id (nested templates left as text); null when its CRC does not match. */
export const parseBrCode = (code: string): Record<string, string> | null => {
  if (code.length < 8 || code.slice(-8, -4) !== '6304' || crc16(code.slice(0, -4)) !== code.slice(-4)) return null;
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) return null;
    fields[id] = code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return fields;
};
