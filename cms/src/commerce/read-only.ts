import type { ReadOnlyType } from '../documents/rules';

/**
 * Orders, their items and payments on the stock write paths (the /admin Content Manager, the
 * content API): read only (decision 051). Money moves through the back office's own routes —
 * refund, PIX confirmation, grant — which keep the order's history, its payments, its coupon's
 * uses, the access it gives and the activity log in step.
 */
export const commerceReadOnly: ReadOnlyType[] = ['api::order.order', 'api::order-item.order-item', 'api::payment.payment'].map((uid) => ({
  uid,
  readOnly: 'orders.error.readOnlyHere',
}));
