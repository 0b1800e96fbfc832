/**
 * Mercado Pago's card tokenisation from the buyer's browser (decision 052): the card is posted
 * to `POST {api}/v1/card_tokens?public_key=…` (the seller's public key, from the checkout's
 * payment settings) and only the token it answers goes to our server, which charges it. The
 * card number, expiry and security code never reach the product.
 */

/** The card as the checkout's form has it (digits only; expiry 'MM/YY'). */
export interface BrowserCard {
  number: string;
  holder: string;
  expiry: string;
  cvv: string;
  cpf: string;
}

export interface CardToken {
  token: string;
  last4: string;
}

/** The card form's fields an error of Mercado Pago's card form points at. */
export type CardField = 'number' | 'holder' | 'expiry' | 'cvv' | 'cpf';

/**
 * Mercado Pago's card-form error codes (its 'data entry errors' table) → the field to say it under:
 * E301/205 number, E203/224 security code, 208/209/325/326 expiry, 221/316 holder's name,
 * 212/214/322/324 document.
 */
const FIELD_OF_CAUSE: Readonly<Record<string, CardField>> = {
  E301: 'number',
  '205': 'number',
  E203: 'cvv',
  '224': 'cvv',
  '208': 'expiry',
  '209': 'expiry',
  '325': 'expiry',
  '326': 'expiry',
  '221': 'holder',
  '316': 'holder',
  '212': 'cpf',
  '214': 'cpf',
  '322': 'cpf',
  '324': 'cpf',
};

/** A tokenisation that failed: refused by Mercado Pago (the card's data), or Mercado Pago not reached. */
export class CardTokenError extends Error {
  readonly key: 'commerce.card.tokenRefused' | 'commerce.card.tokenUnavailable';
  /** The field Mercado Pago refused, when its answer names one. */
  readonly field: CardField | null;

  constructor(key: CardTokenError['key'], field: CardField | null = null) {
    super(key);
    this.name = 'CardTokenError';
    this.key = key;
    this.field = field;
  }
}

/** The body Mercado Pago's card_tokens takes (the year in four digits, the month a number). */
export const cardTokenBody = (card: BrowserCard) => {
  const [month = '', year = ''] = card.expiry.split('/');
  return {
    card_number: card.number.replace(/\D/g, ''),
    expiration_month: Number(month),
    expiration_year: 2000 + Number(year),
    security_code: card.cvv,
    cardholder: { name: card.holder.trim(), identification: { type: 'CPF', number: card.cpf.replace(/\D/g, '') } },
  };
};

const causeField = (answer: unknown): CardField | null => {
  const cause = (answer as { cause?: unknown } | null)?.cause;
  const list = Array.isArray(cause) ? cause : cause ? [cause] : [];
  for (const item of list) {
    const field = FIELD_OF_CAUSE[String((item as { code?: unknown } | null)?.code ?? '')];
    if (field) return field;
  }
  return null;
};

/**
 * Posts the card to Mercado Pago and answers its token. A 4xx is the card's data refused
 * (`tokenRefused`, with the field when the answer names it); a network error, a 5xx or an answer
 * without a token is Mercado Pago out of reach (`tokenUnavailable`).
 */
export const mercadoPagoCardToken = async (
  settings: { publicKey: string; tokenUrl: string },
  card: BrowserCard,
  fetcher: typeof fetch = fetch,
): Promise<CardToken> => {
  const url = `${settings.tokenUrl}${settings.tokenUrl.includes('?') ? '&' : '?'}public_key=${encodeURIComponent(settings.publicKey)}`;
  let response: Response;
  let answer: unknown = null;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(cardTokenBody(card)),
      credentials: 'omit',
    });
    answer = await response.json().catch(() => null);
  } catch {
    throw new CardTokenError('commerce.card.tokenUnavailable');
  }
  if (response.status >= 400 && response.status < 500) throw new CardTokenError('commerce.card.tokenRefused', causeField(answer));
  const id = (answer as { id?: unknown } | null)?.id;
  if (!response.ok || typeof id !== 'string' || !id) throw new CardTokenError('commerce.card.tokenUnavailable');
  const last4 = (answer as { last_four_digits?: unknown }).last_four_digits;
  return { token: id, last4: typeof last4 === 'string' ? last4 : card.number.slice(-4) };
};
