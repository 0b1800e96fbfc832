import { describe, expect, it, vi } from 'vitest';
import { cardTokenBody, CardTokenError, mercadoPagoCardToken } from './mercadopago';

const card = { number: '5031433215406351', holder: ' APRO Ana ', expiry: '11/30', cvv: '123', cpf: '529.982.247-25' };
const settings = { publicKey: 'TEST-pk/1', tokenUrl: 'https://api.mercadopago.test/v1/card_tokens' };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = async (promise: Promise<unknown>): Promise<CardTokenError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CardTokenError) return error;
    throw error;
  }
  throw new Error('expected a CardTokenError');
};

describe('Mercado Pago card tokenisation (decision 052)', () => {
  it('sends Mercado Pago’s fields: the month a number, the year in four digits, digits only, the CPF as identification', () => {
    expect(cardTokenBody(card)).toEqual({
      card_number: '5031433215406351',
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name: 'APRO Ana', identification: { type: 'CPF', number: '52998224725' } },
    });
  });

  it('posts to the token URL with the public key in the query, without cookies, and answers the token', async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(json(201, { id: 'tok-1', last_four_digits: '6351' }));
    expect(await mercadoPagoCardToken(settings, card, fetcher)).toEqual({ token: 'tok-1', last4: '6351' });
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('https://api.mercadopago.test/v1/card_tokens?public_key=TEST-pk%2F1');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
  });

  it('a 4xx is the card refused (with the field its cause names); a 5xx, a network error or no id is Mercado Pago out of reach', async () => {
    const refused = await failure(mercadoPagoCardToken(settings, card, async () => json(400, { cause: [{ code: '325' }] })));
    expect(refused).toMatchObject({ key: 'commerce.card.tokenRefused', field: 'expiry' });
    const unnamed = await failure(mercadoPagoCardToken(settings, card, async () => json(401, { message: 'invalid public_key' })));
    expect(unnamed).toMatchObject({ key: 'commerce.card.tokenRefused', field: null });
    for (const answer of [
      async () => json(503, {}),
      async () => json(201, { status: 'active' }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ])
      expect(await failure(mercadoPagoCardToken(settings, card, answer))).toMatchObject({ key: 'commerce.card.tokenUnavailable' });
  });
});
