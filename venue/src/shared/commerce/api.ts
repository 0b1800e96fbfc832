import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError, CartInput, ListResult, Order, PayInput, PaymentConfig, Quote, SandboxCardInput } from '@plataforma/adapter';
import { api } from '../api';
import type { Cart } from '../state/rules';
import { commerceKeys } from '../access/api';
import { mercadoPagoCardToken, type BrowserCard, type CardToken } from './mercadopago';

export {
  checkoutPath,
  commerceKeys,
  eventAccessQuery,
  hasPrice,
  isTicketOnly,
  lectureAccessQuery,
  useEventAccess,
  useLectureAccess,
} from '../access/api';

/** 'Meus pedidos' shows this many orders a page. */
export const ORDERS_PAGE_SIZE = 20;
/** SPEC-style polling of a waiting PIX (or a card still being decided): every 3 s until the order moves. */
export const ORDER_POLL_MS = 3000;

/** What the server prices: the kept cart as ids and a coupon code (never amounts, decision 045). */
export const cartInput = (eventId: number, cart: Pick<Cart, 'all' | 'list' | 'coupon'>): CartInput => ({
  eventId,
  all: cart.all,
  lectureIds: cart.all ? [] : cart.list,
  couponCode: cart.coupon,
});

/** The server's price of a cart; the previous answer stays on screen while a changed cart is priced. */
export const useQuote = (cart: CartInput | null) =>
  useQuery<Quote, ApiError>({
    queryKey: commerceKeys.quote(cart),
    queryFn: () => api.site.orders.quote(cart as CartInput),
    enabled: cart !== null && (cart.all || (cart.lectureIds?.length ?? 0) > 0),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useCreateOrder = () => {
  const queries = useQueryClient();
  return useMutation<Order, ApiError, CartInput>({
    mutationFn: (cart) => api.site.orders.create(cart),
    onSuccess: (order) => {
      queries.setQueryData(commerceKeys.order(order.id), order);
      void queries.invalidateQueries({ queryKey: commerceKeys.orders() });
    },
  });
};

export const useMyOrders = (offset = 0, limit = ORDERS_PAGE_SIZE, enabled = true) =>
  useQuery<ListResult<Order>, ApiError>({
    queryKey: commerceKeys.ordersPage(offset, limit),
    queryFn: () => api.site.orders.list({ offset, limit, order: { field: 'createdAt', direction: 'desc' } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The newest payment of an order (payments come oldest first). */
export const latestPayment = (order: Pick<Order, 'payments'> | undefined) => order?.payments[order.payments.length - 1] ?? null;

/** An order whose payment is still being decided (a PIX waiting to be paid, a card being checked) is asked again every 3 s. */
export const isWaiting = (order: Order | undefined): boolean => order?.status === 'pending' && latestPayment(order)?.status === 'pending';

export const useOrder = (id: number | null) =>
  useQuery<Order, ApiError>({
    queryKey: commerceKeys.order(id),
    queryFn: () => api.site.orders.get(id as number),
    enabled: id !== null,
    refetchInterval: (query) => (isWaiting(query.state.data) ? ORDER_POLL_MS : false),
    // A poll that fails once (a dropped connection) must not stop the waiting screen.
    refetchIntervalInBackground: true,
  });

/** After an order changes: its detail and the lists (and what it gives access to) are asked again. */
const useOrderChanged = () => {
  const queries = useQueryClient();
  return (order: Order | null, id: number) => {
    // Only a whole order replaces the cached one (an answer of another shape is left to the refetch).
    if (order && typeof order === 'object' && 'items' in order && 'payments' in order && 'history' in order)
      queries.setQueryData(commerceKeys.order(id), order);
    void queries.invalidateQueries({ queryKey: commerceKeys.order(id) });
    void queries.invalidateQueries({ queryKey: commerceKeys.orders(), exact: false });
    void queries.invalidateQueries({ queryKey: commerceKeys.access() });
  };
};

export const usePay = (orderId: number) => {
  const changed = useOrderChanged();
  return useMutation<Order, ApiError, PayInput>({
    mutationFn: (input) => api.site.orders.pay(orderId, input),
    onSettled: (order) => changed(order ?? null, orderId),
  });
};

export const useCancelOrder = () => {
  const changed = useOrderChanged();
  return useMutation<Order, ApiError, number>({
    mutationFn: (id) => api.site.orders.cancel(id),
    onSettled: (order, _error, id) => changed(order ?? null, id),
  });
};

/** The sandbox's card token for a test card (decision 045). */
export const useSandboxCardToken = () =>
  useMutation<{ token: string; brand: string; last4: string }, ApiError, SandboxCardInput>({
    mutationFn: (input) => api.site.payments.sandboxCardToken(input),
  });

/** The checkout's payment settings (decision 052): the provider, its methods, the card tokeniser. Fixed for a process: asked once. */
const paymentConfigQuery = {
  queryKey: commerceKeys.paymentConfig(),
  queryFn: () => api.site.payments.config(),
  staleTime: Infinity,
  retry: 1,
};

export const usePaymentConfig = () => useQuery<PaymentConfig, ApiError>(paymentConfigQuery);

/**
 * The card's token from the provider in use (decision 052): Mercado Pago's `card_tokens`, posted
 * from this browser with the seller's public key (the card never reaches our server), or the
 * sandbox's route for its test cards. Errors: a `CardTokenError` (Mercado Pago) or an `ApiError` (sandbox).
 */
export const useCardToken = () => {
  const queries = useQueryClient();
  return useMutation<CardToken, unknown, BrowserCard>({
    mutationFn: async (card) => {
      const config = await queries.fetchQuery<PaymentConfig, ApiError>(paymentConfigQuery);
      if (config.provider === 'mercadopago' && config.publicKey && config.tokenUrl)
        return mercadoPagoCardToken({ publicKey: config.publicKey, tokenUrl: config.tokenUrl }, card);
      const answer = await api.site.payments.sandboxCardToken({
        number: card.number,
        holder: card.holder,
        expiry: card.expiry,
        cvv: card.cvv,
      });
      return { token: answer.token, last4: answer.last4 };
    },
  });
};

/** 'Ambiente de testes': the sandbox bank approves or declines a pending payment, then the order is asked again. */
export const useSandboxConfirm = (orderId: number) => {
  const changed = useOrderChanged();
  return useMutation<unknown, ApiError, { paymentId: number; outcome: 'approved' | 'declined' }>({
    mutationFn: ({ paymentId, outcome }) => api.site.payments.sandboxConfirm(paymentId, outcome),
    onSettled: () => changed(null, orderId),
  });
};
