import { ApiError } from '@plataforma/adapter';
import { brCode } from '../brcode';
import type { ChargeResult, PaymentProvider } from '../provider';

/**
 * manual-pix (decision 045): the organiser's own PIX key. The buyer gets a static BR Code
 * (the key, the amount and the order's number as its reference); no bank tells the platform
 * it was paid, so the charge stays pending until an admin confirms the receipt in the back
 * office (`POST /orders/:id/confirm`). It receives no notifications; a refund is the
 * organiser's own transfer back, recorded here.
 */
export const createManualPixProvider = (pix: { key: string; merchantName: string; merchantCity: string }): PaymentProvider => {
  const pending = (providerRef: string, pixCode: string | null = null): ChargeResult => ({
    providerRef,
    status: 'pending',
    pixCode,
    cardBrand: null,
    cardLast4: null,
    paidAt: null,
  });
  return {
    name: 'manual-pix',
    methods: ['pix'],
    async charge(request, method) {
      if (method !== 'pix') throw new ApiError(422, 'orders.error.methodUnavailable');
      const code = brCode({
        key: pix.key,
        merchantName: pix.merchantName,
        merchantCity: pix.merchantCity,
        amountCents: request.amountCents,
        txid: request.orderNumber,
      });
      return pending(`manual_${request.paymentId}`, code);
    },
    async fetchStatus(providerRef) {
      return pending(providerRef);
    },
    verifyNotification() {
      return null;
    },
    async refund(providerRef) {
      return { ...pending(providerRef), status: 'refunded' };
    },
    // A manual PIX has no charge at a bank to cancel: the organiser confirms only a pending order's.
    async cancel(providerRef) {
      return { ...pending(providerRef), status: 'cancelled' };
    },
  };
};
