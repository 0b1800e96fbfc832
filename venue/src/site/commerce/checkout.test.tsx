import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type CartInput } from '@plataforma/adapter';
import { mockVenueApi, renderAt } from '../../testing/render';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { orderFixture, pixPayment, quoteFixture } from './fixtures';
import { sessionClientFixture } from '../../testing/wire';

mockVenueApi();

const full = sessionClientFixture({ soft: false });
const soft = { ...full, soft: true };

const seriousViolations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
};

/** The quote answers by coupon: DEMO10 applies, ERRADO is unknown, none gives the plain cart. */
const serveQuote = () =>
  vi.spyOn(api.site.orders, 'quote').mockImplementation(async (cart: CartInput) => {
    if (cart.couponCode === 'ERRADO') throw new ApiError(400, 'coupons.error.unknown');
    return quoteFixture(cart.couponCode === 'DEMO10' ? 'DEMO10' : null);
  });

const lectureCart = (step = 1) => {
  useAppState.getState().finishCart(1);
  useAppState.getState().addCartItem(1, { kind: 'lecture', id: 11 });
  useAppState.getState().setCartStep(1, step);
};

describe('checkout, step 1 (review)', () => {
  it('shows the server’s totals, says a refused coupon under its field, and applies a good one', async () => {
    lectureCart();
    const quote = serveQuote();
    renderAt('/checkout/1');
    expect(await screen.findByText('Ventilação protetora')).toBeInTheDocument();
    expect(quote).toHaveBeenCalledWith({ eventId: 1, all: false, lectureIds: [11], couponCode: null });
    const totals = screen.getAllByRole('definition');
    expect(totals.map((d) => d.textContent)).toEqual(['R$ 70,00', 'R$ 70,00']);
    expect(screen.getByText('No cartão, em até 3x de R$ 23,34 sem juros.')).toBeInTheDocument();
    // The event's exchange rate (5.25): the total's estimate, display only (decision 052).
    expect(await screen.findByText('Total ≈ $ 13,33 pelo câmbio do evento (valor aproximado; a cobrança é em reais)')).toBeInTheDocument();

    const field = screen.getByLabelText('Cupom de desconto');
    await userEvent.type(field, 'errado');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Cupom não encontrado.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Cupom não encontrado.');
    expect(field).toHaveValue('ERRADO');
    await waitFor(() => expect(useAppState.getState().carts['1'].coupon).toBeNull());

    await userEvent.clear(field);
    await userEvent.type(field, 'demo 10');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Cupom DEMO10')).toBeInTheDocument();
    expect(quote).toHaveBeenLastCalledWith({ eventId: 1, all: false, lectureIds: [11], couponCode: 'DEMO10' });
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['R$ 70,00', '− R$ 7,00', 'R$ 63,00']);
    expect(screen.getByText('Total ≈ $ 12,00 pelo câmbio do evento (valor aproximado; a cobrança é em reais)')).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(useAppState.getState().carts['1'].step).toBe(2);
  });

  it('starts each new step at the top of the page, not where the button was (issue 56, item 5)', async () => {
    lectureCart();
    serveQuote();
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt('/checkout/1');
    expect(await screen.findByText('Ventilação protetora')).toBeInTheDocument();
    expect(scrolled).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ top: 0, left: 0 }));
    scrolled.mockRestore();
  });

  it('says an empty cart and links back to the event', async () => {
    useAppState.getState().finishCart(1);
    renderAt('/checkout/1');
    expect(await screen.findByRole('heading', { name: 'Seu carrinho está vazio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a página do evento' })).toHaveAttribute('href', '/eventos/1');
  });
});

describe('checkout, step 2 (identification)', () => {
  it('asks a soft session to sign in with the password or register, and to come back', async () => {
    lectureCart(2);
    useAppState.getState().signIn(soft, 'client', 'tk-soft');
    const create = vi.spyOn(api.site.orders, 'create');
    renderAt('/checkout/1');
    expect(await screen.findByText(/Você entrou só com o e-mail \(ana@exemplo.com.br\)/)).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Identificação' });
    expect(within(panel).getByRole('link', { name: 'Entrar com senha' })).toHaveAttribute('href', '/entrar?voltar=%2Fcheckout%2F1');
    expect(within(panel).getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/cadastro?voltar=%2Fcheckout%2F1');
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the order for a full client and goes to the payment', async () => {
    lectureCart(2);
    useAppState.getState().setCoupon(1, 'DEMO10');
    useAppState.getState().signIn(full, 'client', 'tk-full');
    const create = vi.spyOn(api.site.orders, 'create').mockResolvedValue(orderFixture());
    vi.spyOn(api.site.orders, 'get').mockResolvedValue(orderFixture());
    const router = renderAt('/checkout/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Ir para o pagamento' }));
    expect(create).toHaveBeenCalledWith({ eventId: 1, all: false, lectureIds: [11], couponCode: 'DEMO10' });
    await waitFor(() => expect(router.state.location.search).toBe('?pedido=5'));
    expect(await screen.findByRole('tab', { name: 'PIX', selected: true })).toBeInTheDocument();
    expect(useAppState.getState().carts['1'].step).toBe(3);
  });
});

describe('checkout, step 3 (PIX)', () => {
  it('draws the QR code, copies the code, counts down, shows the sandbox panel and follows the order to paid', async () => {
    const user = userEvent.setup();
    lectureCart(3);
    useAppState.getState().signIn(full, 'client', 'tk-full');
    let state: 'new' | 'waiting' | 'paid' = 'new';
    const payment = pixPayment({ expiresAt: new Date(Date.now() + 30 * 60_000 - 500).toISOString() });
    const get = vi.spyOn(api.site.orders, 'get').mockImplementation(async () =>
      state === 'new'
        ? orderFixture()
        : state === 'waiting'
          ? orderFixture({ method: 'pix', payments: [payment], expiresAt: payment.expiresAt })
          : orderFixture({
              status: 'paid',
              method: 'pix',
              payments: [{ ...payment, status: 'approved', paidAt: new Date().toISOString() }],
            }),
    );
    const pay = vi.spyOn(api.site.orders, 'pay').mockImplementation(async () => {
      state = 'waiting';
      return orderFixture({ method: 'pix', payments: [payment], expiresAt: payment.expiresAt });
    });
    const confirm = vi.spyOn(api.site.payments, 'sandboxConfirm').mockImplementation(async () => {
      state = 'paid';
      return null;
    });
    renderAt('/checkout/1?pedido=5');

    await user.click(await screen.findByRole('button', { name: 'Gerar código PIX' }));
    expect(pay).toHaveBeenCalledWith(5, { method: 'pix' });
    const qr = await screen.findByRole('img', { name: 'QR Code do PIX' });
    await waitFor(() =>
      expect(qr.tagName === 'IMG' ? qr : screen.getByRole('img', { name: 'QR Code do PIX' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      ),
    );
    expect(screen.getByLabelText('PIX copia e cola')).toHaveValue(payment.pixCode);
    expect(screen.getByRole('timer')).toHaveTextContent(/^(29:5\d|30:00)$/);
    expect(screen.getByText('Aguardando o pagamento…')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe(payment.pixCode);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Código PIX copiado.');

    const sandbox = screen.getByRole('complementary', { name: 'Ambiente de testes' });
    expect(await seriousViolations()).toEqual([]);
    // The order is asked again every 3 s while the PIX waits.
    const asked = get.mock.calls.length;
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(asked), { timeout: 8000 });

    await user.click(within(sandbox).getByRole('button', { name: 'Simular pagamento aprovado' }));
    expect(confirm).toHaveBeenCalledWith(31, 'approved');
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' })).toBeInTheDocument();
    expect(screen.getByText('Pedido PE-000005')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver em Meus pedidos' })).toHaveAttribute('href', '/meus-pedidos/5');
    await waitFor(() => expect(useAppState.getState().carts['1']).toBeUndefined());
  });

  it('reaches paid by polling alone (the bank confirmed elsewhere)', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    const payment = pixPayment();
    let calls = 0;
    vi.spyOn(api.site.orders, 'get').mockImplementation(async () => {
      calls += 1;
      return calls < 2
        ? orderFixture({ method: 'pix', payments: [payment] })
        : orderFixture({ status: 'paid', method: 'pix', payments: [{ ...payment, status: 'approved' }] });
    });
    renderAt('/checkout/1?pedido=5');
    expect(await screen.findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('an expired order offers “Tentar novamente”, which puts the same items back in the cart', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    useAppState.getState().finishCart(1);
    vi.spyOn(api.site.orders, 'get').mockResolvedValue(orderFixture({ status: 'expired', payments: [pixPayment({ status: 'expired' })] }));
    serveQuote();
    const router = renderAt('/checkout/1?pedido=5');
    expect(await screen.findByRole('heading', { name: 'O prazo de pagamento expirou' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(useAppState.getState().carts['1']).toMatchObject({ all: false, list: [11], coupon: 'DEMO10', step: 1 });
    expect(await screen.findByText('Cupom DEMO10')).toBeInTheDocument();
  });
});

describe('checkout, step 3 (card)', () => {
  it('says a declined card clearly, keeps the form, and pays on the second try in instalments', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    let paid = false;
    vi.spyOn(api.site.orders, 'get').mockImplementation(async () =>
      paid
        ? orderFixture({
            status: 'paid',
            method: 'card',
            payments: [
              {
                ...pixPayment({
                  id: 40,
                  method: 'card',
                  status: 'approved',
                  pixCode: null,
                  expiresAt: null,
                  cardBrand: 'visa',
                  cardLast4: '1111',
                  installments: 3,
                }),
              },
            ],
          })
        : orderFixture(),
    );
    const token = vi
      .spyOn(api.site.payments, 'sandboxCardToken')
      .mockResolvedValue({ token: 'tok_sandbox_123', brand: 'visa', last4: '1111' });
    const pay = vi
      .spyOn(api.site.orders, 'pay')
      .mockRejectedValueOnce(new ApiError(402, 'payments.error.declined'))
      .mockImplementationOnce(async () => {
        paid = true;
        return orderFixture({ status: 'paid' });
      });
    renderAt('/checkout/1?pedido=5');
    await userEvent.click(await screen.findByRole('tab', { name: 'Cartão de crédito' }));
    // Wrong input is said field by field, without a request.
    await userEvent.click(screen.getByRole('button', { name: 'Pagar R$ 63,00' }));
    expect(await screen.findByText('Número do cartão inválido.')).toBeInTheDocument();
    expect(screen.getByText('CPF inválido.')).toBeInTheDocument();
    expect(token).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Número do cartão'), '4000000000000002');
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4000 0000 0000 0002');
    await userEvent.type(screen.getByLabelText('Nome impresso no cartão'), 'ANA SOUZA');
    await userEvent.type(screen.getByLabelText('Validade (MM/AA)'), '1230');
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue('12/30');
    await userEvent.type(screen.getByLabelText('Código de segurança (CVV)'), '123');
    await userEvent.type(screen.getByLabelText('CPF do titular'), '52998224725');
    const instalments = screen.getByLabelText('Parcelas');
    expect([...(instalments as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      '1x de R$ 63,00 (à vista)',
      '2x de R$ 31,50 sem juros',
      '3x de R$ 21,00 sem juros',
    ]);
    await userEvent.selectOptions(instalments, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar R$ 63,00' }));
    expect(await screen.findByText(/Pagamento recusado pelo cartão/)).toBeInTheDocument();
    expect(token).toHaveBeenCalledWith({ number: '4000000000000002', holder: 'ANA SOUZA', expiry: '12/30', cvv: '123' });
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4000 0000 0000 0002');

    await userEvent.clear(screen.getByLabelText('Número do cartão'));
    await userEvent.type(screen.getByLabelText('Número do cartão'), '4111111111111111');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar R$ 63,00' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' })).toBeInTheDocument();
    expect(pay).toHaveBeenLastCalledWith(5, { method: 'card', cardToken: 'tok_sandbox_123', installments: 3, cpf: '52998224725' });
  });
});

describe('checkout, step 3 (card through Mercado Pago, decision 052)', () => {
  const mercadoPago = {
    provider: 'mercadopago' as const,
    methods: ['pix' as const, 'card' as const],
    publicKey: 'TEST-pk-123',
    tokenUrl: 'https://api.mercadopago.test/v1/card_tokens',
  };
  const fillCard = async (holder: string) => {
    await userEvent.type(screen.getByLabelText('Número do cartão'), '5031433215406351');
    await userEvent.type(screen.getByLabelText('Nome impresso no cartão'), holder);
    await userEvent.type(screen.getByLabelText('Validade (MM/AA)'), '1130');
    await userEvent.type(screen.getByLabelText('Código de segurança (CVV)'), '123');
    await userEvent.type(screen.getByLabelText('CPF do titular'), '52998224725');
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('posts the card to Mercado Pago from the browser and sends only the token to the server', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    vi.spyOn(api.site.payments, 'config').mockResolvedValue(mercadoPago);
    let paid = false;
    vi.spyOn(api.site.orders, 'get').mockImplementation(async () =>
      paid ? orderFixture({ status: 'paid', method: 'card' }) : orderFixture(),
    );
    const sandbox = vi.spyOn(api.site.payments, 'sandboxCardToken');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(201, { id: 'mp-token-abc', last_four_digits: '6351' }));
    const pay = vi.spyOn(api.site.orders, 'pay').mockImplementation(async () => {
      paid = true;
      return orderFixture({ status: 'paid' });
    });
    renderAt('/checkout/1?pedido=5');
    await userEvent.click(await screen.findByRole('tab', { name: 'Cartão de crédito' }));
    await fillCard('APRO ANA SOUZA');
    await userEvent.selectOptions(screen.getByLabelText('Parcelas'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar R$ 63,00' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' })).toBeInTheDocument();

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://api.mercadopago.test/v1/card_tokens?public_key=TEST-pk-123');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      card_number: '5031433215406351',
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name: 'APRO ANA SOUZA', identification: { type: 'CPF', number: '52998224725' } },
    });
    expect(sandbox).not.toHaveBeenCalled();
    expect(pay).toHaveBeenCalledWith(5, { method: 'card', cardToken: 'mp-token-abc', installments: 2, cpf: '52998224725' });
    expect(JSON.stringify(pay.mock.calls)).not.toContain('5031433215406351');
  });

  it('says Mercado Pago’s refusal of the card under its field, pays nothing, and takes the corrected card', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    vi.spyOn(api.site.payments, 'config').mockResolvedValue(mercadoPago);
    vi.spyOn(api.site.orders, 'get').mockResolvedValue(orderFixture());
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(400, { message: 'invalid parameter securityCode', error: 'bad_request', cause: [{ code: 'E203' }] }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(201, { id: 'mp-token-2', last_four_digits: '6351' }));
    const pay = vi.spyOn(api.site.orders, 'pay').mockRejectedValueOnce(new ApiError(402, 'payments.error.declined'));
    renderAt('/checkout/1?pedido=5');
    await userEvent.click(await screen.findByRole('tab', { name: 'Cartão de crédito' }));
    await fillCard('ANA SOUZA');
    await userEvent.click(screen.getByRole('button', { name: 'Pagar R$ 63,00' }));
    expect(await screen.findByText(/O Mercado Pago não aceitou os dados do cartão/)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveAccessibleDescription('Código de segurança inválido.');
    expect(pay).not.toHaveBeenCalled();

    // Mercado Pago out of reach: said as such, nothing paid.
    await userEvent.click(screen.getByRole('button', { name: 'Pagar R$ 63,00' }));
    expect(await screen.findByText(/Não foi possível falar com o Mercado Pago/)).toBeInTheDocument();
    expect(pay).not.toHaveBeenCalled();

    // A token, then the issuer declines: the usual decline, the form kept to try again.
    await userEvent.click(screen.getByRole('button', { name: 'Pagar R$ 63,00' }));
    expect(await screen.findByText(/Pagamento recusado pelo cartão/)).toBeInTheDocument();
    expect(pay).toHaveBeenCalledWith(5, { method: 'card', cardToken: 'mp-token-2', installments: 1, cpf: '52998224725' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('5031 4332 1540 6351');
    expect(await seriousViolations()).toEqual([]);
  });

  it('offers PIX only when the provider takes no card (Mercado Pago without a public key)', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    vi.spyOn(api.site.payments, 'config').mockResolvedValue({ ...mercadoPago, methods: ['pix'], publicKey: null, tokenUrl: null });
    vi.spyOn(api.site.orders, 'get').mockResolvedValue(orderFixture());
    renderAt('/checkout/1?pedido=5');
    expect(await screen.findByRole('tab', { name: 'PIX', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Cartão de crédito' })).not.toBeInTheDocument());
  });
});

describe('checkout, keyboard', () => {
  it('moves between the PIX and card tabs with the arrow keys', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    vi.spyOn(api.site.orders, 'get').mockResolvedValue(orderFixture());
    renderAt('/checkout/1?pedido=5');
    const pix = await screen.findByRole('tab', { name: 'PIX' });
    act(() => pix.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Cartão de crédito' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Cartão de crédito' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('form', { name: 'Pagar com cartão' })).toBeInTheDocument();
  });
});

describe('a free event (Inscrever-se)', () => {
  it('confirms the registration without a payment step: the order comes back paid at zero', async () => {
    useAppState.getState().finishCart(1);
    useAppState.getState().addCartItem(1, { kind: 'event', id: 1 });
    useAppState.getState().setCartStep(1, 2);
    useAppState.getState().signIn(full, 'client', 'tk-full');
    const free = orderFixture({
      status: 'paid',
      method: 'free',
      couponCode: null,
      items: [
        {
          id: 52,
          kind: 'event',
          eventId: 1,
          lectureId: null,
          description: 'Congresso Brasileiro Virtual',
          price: '0.00',
          discount: '0.00',
          total: '0.00',
        },
      ],
      subtotal: '0.00',
      couponDiscount: '0.00',
      total: '0.00',
      installments: 1,
    });
    vi.spyOn(api.site.orders, 'quote').mockResolvedValue({
      ...quoteFixture(),
      items: free.items,
      subtotal: '0.00',
      total: '0.00',
      installments: 1,
    });
    const create = vi.spyOn(api.site.orders, 'create').mockResolvedValue(free);
    vi.spyOn(api.site.orders, 'get').mockResolvedValue(free);
    renderAt('/checkout/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar inscrição' }));
    expect(create).toHaveBeenCalledWith({ eventId: 1, all: true, lectureIds: [], couponCode: null });
    expect(await screen.findByRole('heading', { name: 'Inscrição confirmada!' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Entrar no evento' })).toHaveAttribute('href', '/plataforma/1/hall-entrada');
    await waitFor(() => expect(useAppState.getState().carts['1']).toBeUndefined());
  });
});

describe('checkout, the sandbox declines', () => {
  it('“Simular recusa” ends on the failure page, whose “Tentar novamente” starts over with the same cart', async () => {
    useAppState.getState().signIn(full, 'client', 'tk-full');
    lectureCart(3);
    const payment = pixPayment();
    let declined = false;
    vi.spyOn(api.site.orders, 'get').mockImplementation(async () =>
      declined
        ? orderFixture({ status: 'failed', method: 'pix', payments: [{ ...payment, status: 'declined' }] })
        : orderFixture({ method: 'pix', payments: [payment] }),
    );
    const confirm = vi.spyOn(api.site.payments, 'sandboxConfirm').mockImplementation(async () => {
      declined = true;
      return null;
    });
    serveQuote();
    renderAt('/checkout/1?pedido=5');
    const sandbox = await screen.findByRole('complementary', { name: 'Ambiente de testes' });
    await userEvent.click(within(sandbox).getByRole('button', { name: 'Simular recusa' }));
    expect(confirm).toHaveBeenCalledWith(31, 'declined');
    expect(await screen.findByRole('heading', { name: 'Pagamento não concluído' })).toHaveFocus();
    expect(screen.getByText('Nada foi cobrado. Você pode tentar de novo com os mesmos itens.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(useAppState.getState().carts['1']).toMatchObject({ list: [11], step: 1 });
  });
});
