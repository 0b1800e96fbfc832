import { toCents } from '@plataforma/adapter';

/** Which rows of an event's content are sold (decision 045): pure, read by the public lecture reads and by access. */

type Money = number | string | null | undefined;
const net = (value: Money, discount: Money) => Math.max(0, toCents(value) - Math.max(0, toCents(discount)));

export interface PricedRef {
  value?: Money;
  discount?: Money;
  ticketOnly?: boolean | number | null;
}

/** Whether an event's row costs something. */
export const eventIsPaid = (event: PricedRef): boolean => net(event.value, event.discount) > 0;

/**
 * Whether a lecture's public reads must hide its video: it has a price, or its event is ticket
 * only and paid.
 */
export const lectureIsLocked = (lecture: PricedRef, event: PricedRef | null | undefined): boolean =>
  net(lecture.value, lecture.discount) > 0 || Boolean(event && event.ticketOnly && eventIsPaid(event));
