import type { PaymentConfig, PaymentProviderName } from '@plataforma/adapter';
import { settings } from '../../lib/settings';
import type { PaymentProvider } from '../provider';
import { createManualPixProvider } from './manual-pix';
import { createMercadoPagoProvider, MERCADOPAGO_API_URL } from './mercadopago';
import { createSandboxProvider, type SandboxProvider } from './sandbox';

/**
 * The payment provider of this process, chosen by PAYMENT_PROVIDER (decision 045) and made once
 * at the start (`openPayments`), so a provider that cannot work stops the start with its reason.
 */
let current: PaymentProvider | null = null;

export const createProvider = (name: PaymentProviderName): PaymentProvider => {
  const { pix, mercadopago } = settings().payments;
  switch (name) {
    case 'sandbox':
      return createSandboxProvider({ secret: settings().auth.secret || 'sandbox', pix });
    case 'manual-pix':
      return createManualPixProvider(pix);
    case 'mercadopago':
      // The start has checked the token and the webhook secret (settings names the missing one).
      return createMercadoPagoProvider({
        ...mercadopago,
        accessToken: mercadopago.accessToken ?? '',
        webhookSecret: mercadopago.webhookSecret ?? '',
      });
  }
};

/**
 * Makes the configured provider; throws when it cannot be used, and when a production start
 * would take pretend payments (the sandbox without PAYMENT_SANDBOX=allow).
 */
export const openPayments = (): PaymentProvider => {
  const { production, building, payments } = settings();
  if (production && !building && payments.provider === 'sandbox' && !payments.sandboxAllowed)
    throw new Error(
      'PAYMENT_PROVIDER is sandbox (the default) in production: its payments are pretend. Choose mercadopago or manual-pix, or set PAYMENT_SANDBOX=allow for a demonstration site.',
    );
  current = createProvider(payments.provider);
  return current;
};

export const paymentProvider = (): PaymentProvider => current ?? openPayments();

/** The sandbox provider when it is the one in use, else null (its routes then answer 404). */
export const sandboxProvider = (): SandboxProvider | null => {
  const provider = paymentProvider();
  return provider.name === 'sandbox' ? (provider as SandboxProvider) : null;
};

/** The provider registered under a webhook path's name, when it is the one in use. */
export const providerNamed = (name: string): PaymentProvider | null => {
  const provider = paymentProvider();
  return provider.name === name ? provider : null;
};

/** Mercado Pago's card tokenisation endpoint under an API base URL (the real one, or a local fake in tests). */
export const mercadoPagoTokenUrl = (apiUrl: string | undefined): string =>
  `${(apiUrl || MERCADOPAGO_API_URL).replace(/\/+$/, '')}/v1/card_tokens`;

/**
 * What the checkout reads before paying (decision 052): the provider in use, the methods it
 * takes, and for Mercado Pago the seller's public key and the URL the browser posts the card to
 * (the card never reaches this server). Mercado Pago without MERCADOPAGO_PUBLIC_KEY offers PIX only.
 */
export const paymentConfig = (): PaymentConfig => {
  const provider = paymentProvider();
  const { mercadopago } = settings().payments;
  if (provider.name === 'mercadopago') {
    const publicKey = mercadopago.publicKey;
    return {
      provider: 'mercadopago',
      methods: provider.methods.filter((method) => method !== 'card' || publicKey !== null),
      publicKey,
      tokenUrl: publicKey ? mercadoPagoTokenUrl(mercadopago.apiUrl) : null,
    };
  }
  return { provider: provider.name, methods: [...provider.methods], publicKey: null, tokenUrl: null };
};
