import { useNavigate } from 'react-router-dom';
import { useAppState } from '../state/store';
import { checkoutPath } from '../access/api';

/**
 * The buy buttons' action (SPEC §4 cart rules): the event → the whole event; a lecture → its id
 * added once. Then the event's checkout at its first step.
 */
export const useBuy = () => {
  const navigate = useNavigate();
  return (eventId: number, item: { kind: 'event' } | { kind: 'lecture'; id: number }) => {
    const state = useAppState.getState();
    state.addCartItem(eventId, item.kind === 'event' ? { kind: 'event', id: eventId } : item);
    state.setCartStep(eventId, 1);
    navigate(checkoutPath(eventId));
  };
};
