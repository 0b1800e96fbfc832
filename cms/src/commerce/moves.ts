import type { OrderStatus, PaymentStatus } from '@plataforma/adapter';

/**
 * The moves an order and its charges may make (decision 045): pure, read by the orders service.
 * pending → paid | failed | expired | cancelled, paid → refunded; nothing leaves the other
 * states.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'failed', 'expired', 'cancelled'],
  paid: ['refunded'],
  failed: [],
  expired: [],
  cancelled: [],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_MOVES[from].includes(to);

/** What a move does to the order's coupon: a paid order spends its reserved use, any other end of waiting gives it back. */
export const couponEffect = (from: OrderStatus, to: OrderStatus): 'spend' | 'release' | null =>
  from !== 'pending' || !canMove(from, to) ? null : to === 'paid' ? 'spend' : 'release';

export const CHARGEBACK_NOTE = 'estorno (chargeback) informado pelo provedor';

/** One way a provider's status may move a charge and then its order; the first whose charge move succeeds applies. */
export interface ChargeMove {
  payment: readonly [from: PaymentStatus, to: PaymentStatus];
  order: readonly [from: OrderStatus, to: OrderStatus];
  /** The order moves only when none of its other charges is still waiting (a declined card, a PIX still open). */
  unlessOthersWait?: boolean;
  note?: string;
}

/**
 * The moves a charge's status (as the provider answers it) may make: approved pays; declined,
 * expired or cancelled end a waiting charge (and the order, unless another waits); refunded or
 * cancelled after approval is a chargeback (the order refunded). 'pending' moves nothing, so a
 * late 'pending' after 'approved' changes nothing.
 */
export const chargeMoves = (status: PaymentStatus): readonly ChargeMove[] => {
  const chargeback: ChargeMove = { payment: ['approved', 'refunded'], order: ['paid', 'refunded'], note: CHARGEBACK_NOTE };
  switch (status) {
    case 'approved':
      // A charge given up here (cancelled for a newer one, expired) that the bank paid anyway: the money
      // came in. It pays the order if it still waits, else it is refunded (issue 47, item 6).
      return [
        { payment: ['pending', 'approved'], order: ['pending', 'paid'] },
        { payment: ['cancelled', 'approved'], order: ['pending', 'paid'] },
        { payment: ['expired', 'approved'], order: ['pending', 'paid'] },
      ];
    case 'declined':
      return [{ payment: ['pending', 'declined'], order: ['pending', 'failed'], unlessOthersWait: true }];
    case 'expired':
      return [{ payment: ['pending', 'expired'], order: ['pending', 'expired'], unlessOthersWait: true }];
    case 'cancelled':
      return [{ payment: ['pending', 'cancelled'], order: ['pending', 'failed'], unlessOthersWait: true }, chargeback];
    case 'refunded':
      return [chargeback];
    case 'pending':
      return [];
  }
};
