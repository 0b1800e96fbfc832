import '../../shared/commerce/texts';
import '../../shared/i18n/site';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Event, Order } from '@plataforma/adapter';
import { toCents } from '@plataforma/adapter/money';
import { checkoutPath } from '../../shared/commerce/api';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useProgramme } from '../events/api';
import { venuePath } from '../events/format';
import { Panel } from './ui';

/** The outcome's heading takes the focus when it appears, so it is read out and the keyboard starts there. */
const focusOnMount = (element: HTMLHeadingElement | null) => element?.focus();

/**
 * The room page of a lecture of the order, with the lecture named (`?palestra=`): the page opens
 * its player at once (issue 56, item 12: it opened the day picker, two taps from the video).
 */
const useWatchLinks = (order: Order, event: Event) => {
  const lectureIds = order.items.filter((item) => item.kind === 'lecture').map((item) => item.lectureId as number);
  const programme = useProgramme(lectureIds.length > 0 ? event.id : null);
  const slug = event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : String(event.id);
  return lectureIds
    .map((id) => programme.data?.rows.find((lecture) => lecture.id === id))
    .filter((lecture) => lecture?.room)
    .map((lecture) => ({
      id: lecture!.id,
      name: lecture!.name,
      to: `/plataforma/${slug}/congresso/salas/${lecture!.room!.id}?palestra=${lecture!.id}`,
    }));
};

/** Step 4: paid. The order's number, 'Meus pedidos', and the way to what was bought. */
export const DoneStep = ({ order, event }: { order: Order; event: Event }) => {
  const { t } = useTranslation();
  const watch = useWatchLinks(order, event);
  const free = toCents(order.total) === 0;
  return (
    <Panel aria-labelledby="checkout-done">
      <h2 id="checkout-done" tabIndex={-1} ref={focusOnMount}>
        {free ? t('commerce.done.freeTitle') : t('commerce.done.title')}
      </h2>
      <p>{t('commerce.done.number', { number: order.number })}</p>
      <p className="muted">{t('commerce.done.intro')}</p>
      <div className="actions">
        {watch.map((lecture) => (
          <LinkButton key={lecture.id} to={lecture.to}>
            {t('commerce.done.watch', { name: lecture.name })}
          </LinkButton>
        ))}
        {order.items.some((item) => item.kind === 'event') && <LinkButton to={venuePath(event)}>{t('site.event.enter')}</LinkButton>}
        <Link to={`/meus-pedidos/${order.id}`}>{t('commerce.done.myOrders')}</Link>
      </div>
    </Panel>
  );
};

/** The cart again from an order's items (its coupon too): 'Tentar novamente' starts a new order of the same things. */
export const cartFromOrder = (order: Order) => {
  const state = useAppState.getState();
  const eventId = order.event.id;
  state.finishCart(eventId);
  for (const item of order.items)
    state.addCartItem(eventId, item.kind === 'event' ? { kind: 'event', id: eventId } : { kind: 'lecture', id: item.lectureId as number });
  if (order.couponCode) state.setCoupon(eventId, order.couponCode);
  state.setCartStep(eventId, 1);
};

/** An order that ended without payment (declined, expired, cancelled): what happened and 'Tentar novamente'. */
export const FailedStep = ({ order, event }: { order: Order; event: Event }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const retry = () => {
    cartFromOrder(order);
    navigate(checkoutPath(event.id), { replace: true });
  };
  return (
    <Panel aria-labelledby="checkout-failed">
      <h2 id="checkout-failed" tabIndex={-1} ref={focusOnMount}>
        {t(`commerce.failed.title.${order.status === 'expired' ? 'expired' : order.status === 'cancelled' ? 'cancelled' : 'failed'}`)}
      </h2>
      <p>{t('commerce.done.number', { number: order.number })}</p>
      <p className="muted">{t('commerce.failed.intro')}</p>
      <div className="actions">
        <Button type="button" onClick={retry}>
          {t('commerce.failed.retry')}
        </Button>
        <Link to="/meus-pedidos">{t('commerce.orders.title')}</Link>
      </div>
    </Panel>
  );
};
