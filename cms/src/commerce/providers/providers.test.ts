import { describe, expect, it } from 'vitest';
import { ApiError } from '@plataforma/adapter';
import { parseBrCode } from '../brcode';
import type { ChargeRequest } from '../provider';
import { createManualPixProvider } from './manual-pix';
import { createProvider } from './registry';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER } from './sandbox';

const pix = { key: 'financeiro@exemplo.com.br', merchantName: 'Congresso', merchantCity: 'Recife' };
const request = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: 7,
  orderId: 3,
  orderNumber: 'PE-000003',
  amountCents: 6300,
  description: 'PE-000003 Congresso',
  payer: { name: 'Ana', email: 'ana@exemplo.com.br', cpf: null },
  expiresAt: new Date(Date.now() + 30 * 60_000),
  ...over,
});

describe('the sandbox provider', () => {
  it('charges a PIX with a BR Code of the amount, and its bank signs what it decides', async () => {
    const sandbox = createSandboxProvider({ secret: 's3cret', pix });
    const charge = await sandbox.charge(request(), 'pix');
    expect(charge.status).toBe('pending');
    expect(parseBrCode(charge.pixCode ?? '')).toMatchObject({ '54': '63.00', '62': '0510PE000003P7' });
    const notification = sandbox.decide(charge.providerRef, 'approved');
    expect(notification).not.toBeNull();
    if (!notification) return;
    expect(sandbox.verifyNotification(notification)).toEqual({
      providerRef: charge.providerRef,
      deliveryId: JSON.parse(notification.rawBody).id,
    });
    expect((await sandbox.fetchStatus(charge.providerRef)).status).toBe('approved');
    // A later decision changes nothing; a forged body or another secret's signature is refused.
    sandbox.decide(charge.providerRef, 'declined');
    expect((await sandbox.fetchStatus(charge.providerRef)).status).toBe('approved');
    expect(sandbox.verifyNotification({ ...notification, rawBody: notification.rawBody.replace('payment', 'x') })).toBeNull();
    const other = createSandboxProvider({ secret: 'other', pix });
    expect(other.verifyNotification(notification)).toBeNull();
    expect(sandbox.verifyNotification({ ...notification, headers: { [SANDBOX_SIGNATURE_HEADER]: 'zz' } })).toBeNull();
    expect((await sandbox.refund(charge.providerRef, 6300)).status).toBe('refunded');
  });

  it('expires a PIX past its deadline, whatever the bank says after', async () => {
    const sandbox = createSandboxProvider({ secret: 's', pix });
    const charge = await sandbox.charge(request({ expiresAt: new Date(Date.now() - 1000) }), 'pix');
    sandbox.decide(charge.providerRef, 'approved');
    expect((await sandbox.fetchStatus(charge.providerRef)).status).toBe('expired');
  });

  it('takes only the test cards, keeping their brand and last digits', async () => {
    const sandbox = createSandboxProvider({ secret: 's', pix });
    const good = sandbox.tokenize('4111111111111111');
    const bad = sandbox.tokenize('4000000000000002');
    expect(good).toMatchObject({ brand: 'visa', last4: '1111' });
    expect(good.token).not.toContain('4111111111111111');
    const approved = await sandbox.charge(request({ card: { token: good.token, installments: 1 } }), 'card');
    expect(approved).toMatchObject({ status: 'approved', cardBrand: 'visa', cardLast4: '1111' });
    expect((await sandbox.charge(request({ card: { token: bad.token, installments: 1 } }), 'card')).status).toBe('declined');
    expect(() => sandbox.tokenize('4242424242424242')).toThrow(ApiError);
    await expect(sandbox.charge(request({ card: { token: 'unknown-token', installments: 1 } }), 'card')).rejects.toThrow(ApiError);
  });
});

describe('manual-pix', () => {
  it('gives the organiser’s static code and never confirms by itself', async () => {
    const manual = createManualPixProvider(pix);
    const charge = await manual.charge(request(), 'pix');
    expect(parseBrCode(charge.pixCode ?? '')).toMatchObject({
      '26': '0014br.gov.bcb.pix0125financeiro@exemplo.com.br',
      '62': '0508PE000003',
    });
    expect((await manual.fetchStatus(charge.providerRef)).status).toBe('pending');
    expect(manual.verifyNotification({ rawBody: '{}', headers: {}, query: {} })).toBeNull();
    await expect(manual.charge(request(), 'card')).rejects.toThrow(ApiError);
  });
});

describe('the registry', () => {
  it('makes the provider each PAYMENT_PROVIDER names', () => {
    expect(createProvider('mercadopago').name).toBe('mercadopago');
    expect(createProvider('mercadopago').methods).toEqual(['pix', 'card']);
    expect(createProvider('sandbox').name).toBe('sandbox');
  });
});
