import '../../shared/i18n/site';
import '../../shared/commerce/texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Order } from '@plataforma/adapter';
import { idFromSlug } from '@plataforma/adapter/routes';
import { eventQuery } from '../../shared/event/api';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { commerceKeys, useOrder } from '../../shared/commerce/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { PageLoading } from '../../shared/ui/PageLoading';
import { eventPagePath } from '../events/format';
import { DoneStep, FailedStep } from './DoneStep';
import { IdentifyStep } from './IdentifyStep';
import { PaymentStep } from './PaymentStep';
import { ReviewStep } from './ReviewStep';
import { Column, Panel } from './ui';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  li[aria-current='step'] {
    color: ${({ theme }) => theme.colors.platformText};
    font-weight: 800;
  }
`;

/** The checkout's steps, as the cart keeps them (SPEC §4 `step`). */
export const STEPS = { review: 1, identify: 2, payment: 3, done: 4 } as const;
const STEP_KEYS = ['review', 'identify', 'payment', 'done'] as const;

/** Where an order stands in the checkout: paying (3), done (4), or over without payment. */
const stepOfOrder = (order: Order): number | 'failed' =>
  order.status === 'pending' ? STEPS.payment : order.status === 'paid' ? STEPS.done : 'failed';

/**
 * Each new step starts at the top of the page (issue 56, item 5): on a phone 'Pagamento
 * confirmado!' came in below the fold, under the header, while the page stayed where the
 * button was. Not on the first render: a page opened by a link starts at the top anyway.
 */
const TopOnStep = ({ step }: { step: string | number }) => {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
  }, [step]);
  return null;
};

/**
 * `/checkout/{eventId}` (issue 14): the event's cart in four steps — review (the server's
 * quote: items, coupon, totals), identification (a full client; a soft session or none is
 * asked to sign in or register and comes back here), payment (PIX or card, `?pedido=` names the
 * pending order), done. The step is kept in the cart; a paid order finishes (deletes) it.
 */
export const CheckoutPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('commerce.checkout.title'));
  const eventId = idFromSlug(useParams().eventId);
  const [params] = useSearchParams();
  const orderId = idFromSlug(params.get('pedido') ?? undefined);
  const cart = useAppState((state) => (eventId === null ? undefined : state.carts[String(eventId)]));
  const event = useQuery(eventQuery(eventId));
  const order = useOrder(orderId);
  const orderStep = order.data ? stepOfOrder(order.data) : null;

  // The cart follows the order: paying is step 3; a paid order finishes the cart, and what the
  // client may enter or watch is asked again (the lecture's player, the event's pages).
  const queries = useQueryClient();
  useEffect(() => {
    if (eventId === null || orderStep === null) return;
    const state = useAppState.getState();
    if (orderStep === STEPS.done) {
      state.finishCart(eventId);
      void queries.invalidateQueries({ queryKey: commerceKeys.access() });
    } else if (orderStep === STEPS.payment && state.carts[String(eventId)]?.step !== STEPS.payment)
      state.setCartStep(eventId, STEPS.payment);
  }, [eventId, orderStep, queries]);

  if (eventId === null || event.error?.status === 404) {
    return (
      <ScreenPage $width={860}>
        <div className="wrap">
          <h1>{t('commerce.checkout.title')}</h1>
          <p role="alert">{t('platform.eventNotFound')}</p>
          <Link to="/eventos">{t('site.event.seeAll')}</Link>
        </div>
      </ScreenPage>
    );
  }
  if (!event.data || (orderId !== null && !order.data && !order.isError)) return <PageLoading />;

  const step: number | 'failed' | 'empty' =
    orderId !== null && order.data ? (orderStep as number | 'failed') : cart ? Math.min(cart.step, STEPS.identify) : 'empty';
  const shown = typeof step === 'number' ? step : null;

  return (
    <ScreenPage $width={860}>
      <div className="wrap">
        <TopOnStep step={step} />
        <Column>
          <div>
            <h1>{t('commerce.checkout.title')}</h1>
            <p className="intro">
              <Link to={eventPagePath(event.data)}>{event.data.name}</Link>
            </p>
          </div>
          {shown !== null && (
            <Steps aria-label={t('commerce.checkout.steps')}>
              {STEP_KEYS.map((key, index) => (
                <li key={key} aria-current={index + 1 === shown ? 'step' : undefined}>
                  {index + 1}. {t(`commerce.checkout.step.${key}`)}
                </li>
              ))}
            </Steps>
          )}
          {orderId !== null && order.isError ? (
            <Panel>
              <p role="alert">{messageText(order.error.msg)}</p>
              <Link to="/meus-pedidos">{t('commerce.orders.title')}</Link>
            </Panel>
          ) : step === 'empty' ? (
            <Panel>
              <h2>{t('commerce.checkout.emptyTitle')}</h2>
              <p className="muted">{t('commerce.checkout.empty')}</p>
              <Link to={eventPagePath(event.data)}>{t('commerce.checkout.backToEvent')}</Link>
            </Panel>
          ) : step === 'failed' && order.data ? (
            <FailedStep order={order.data} event={event.data} />
          ) : step === STEPS.done && order.data ? (
            <DoneStep order={order.data} event={event.data} />
          ) : step === STEPS.payment && order.data ? (
            <PaymentStep order={order.data} />
          ) : step === STEPS.identify && cart ? (
            <IdentifyStep eventId={eventId} cart={cart} />
          ) : cart ? (
            <ReviewStep eventId={eventId} cart={cart} />
          ) : null}
        </Column>
      </div>
    </ScreenPage>
  );
};
