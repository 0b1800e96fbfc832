import '../../shared/commerce/texts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Quote } from '@plataforma/adapter';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { instalment, toCents } from '@plataforma/adapter/money';
import { DarkInput, FieldError, FormAlert } from '../../shared/ui/fields';
import { useEvent } from '../../shared/event/api';
import { cartInput, useQuote } from '../../shared/commerce/api';
import { messageText } from '../../shared/i18n';
import type { Cart } from '../../shared/state/rules';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { ForeignEstimate } from '../events/ForeignEstimate';
import { GhostButton, Panel, Totals, useMoney } from './ui';
import { CodeForm } from '../forms/CodeForm';

const Items = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto;
    align-items: center;
    gap: 8px 16px;
    padding: 12px 14px;
    border-radius: 10px;
    background: rgba(255, 255, 255, 0.05);
  }
  .amount {
    text-align: right;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .amount s {
    display: block;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  @media (max-width: 559px) {
    li {
      grid-template-columns: 1fr auto;
    }
  }
`;

const Coupon = styled(CodeForm)`
  gap: 6px;
`;

/** A coupon code as the server reads it: upper case, no spaces (SPEC §5 hint). */
export const normaliseCoupon = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

/**
 * Step 1: the cart as the server prices it. Each item with its price and discount (and a way to
 * take it out), the coupon field (the server's refusal is said under it), subtotal, coupon and
 * total in reais, and the card instalments the total may be split in.
 */
export const ReviewStep = ({ eventId, cart }: { eventId: number; cart: Cart }) => {
  const { t } = useTranslation();
  const money = useMoney();
  const base = useId();
  const input = cartInput(eventId, cart);
  const quote = useQuote(input);
  // The event's exchange rate: the total's estimate in its foreign currency (display only, decision 052).
  const event = useEvent(eventId);
  const [code, setCode] = useState(cart.coupon ?? '');
  const [couponError, setCouponError] = useState<string | null>(null);
  const couponRefused = quote.error?.msg.startsWith('coupons.error.') ?? false;

  // A coupon the server refuses (unknown, expired, exhausted, not for this cart) is said under the
  // field and taken out of the cart, so the cart is priced without it.
  useEffect(() => {
    if (couponRefused && cart.coupon && quote.error) {
      setCouponError(messageText(quote.error.msg));
      useAppState.getState().setCoupon(eventId, null);
    }
  }, [couponRefused, cart.coupon, quote.error, eventId]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const normal = normaliseCoupon(code);
    setCode(normal);
    if (!normal) {
      setCouponError(t('commerce.coupon.required'));
      return;
    }
    setCouponError(null);
    useAppState.getState().setCoupon(eventId, normal);
  };
  const remove = () => {
    setCode('');
    setCouponError(null);
    useAppState.getState().setCoupon(eventId, null);
  };

  const otherError = quote.error && !couponRefused ? quote.error : null;
  // While a changed cart is priced again (a coupon refused, then the cart without it), the last
  // prices stay on screen, so the coupon field keeps its place, its text and the focus.
  const lastGood = useRef<Quote | undefined>(undefined);
  if (quote.data) lastGood.current = quote.data;
  const data = quote.data ?? (otherError ? undefined : lastGood.current);
  const cardSplit = data && data.installments > 1 && toCents(data.total) > 0 ? data.installments : null;

  return (
    <>
      <Panel aria-labelledby={`${base}-items`} aria-busy={quote.isFetching}>
        <h2 id={`${base}-items`}>{t('commerce.review.title')}</h2>
        {otherError && <FormAlert>{messageText(otherError.msg)}</FormAlert>}
        {!data && quote.isLoading ? (
          <Spinner size={32} label={t('common.loading')} />
        ) : data ? (
          <Items aria-label={t('commerce.review.items')}>
            {data.items.map((item) => (
              <li key={`${item.kind}-${item.lectureId ?? item.eventId}`}>
                <span>
                  {item.description}
                  <span className="visually-hidden"> ({t(`commerce.review.kind.${item.kind}`)})</span>
                </span>
                <span className="amount">
                  {toCents(item.discount) > 0 && (
                    <s aria-label={t('commerce.review.listPrice', { price: money(item.price) })}>{money(item.price)}</s>
                  )}
                  {money(item.total)}
                </span>
                <GhostButton
                  type="button"
                  onClick={() =>
                    useAppState
                      .getState()
                      .removeCartItem(
                        eventId,
                        item.kind === 'event' ? { kind: 'event', id: eventId } : { kind: 'lecture', id: item.lectureId as number },
                      )
                  }
                  aria-label={t('commerce.review.removeLabel', { name: item.description })}
                >
                  {t('commerce.review.remove')}
                </GhostButton>
              </li>
            ))}
          </Items>
        ) : null}
      </Panel>

      {data && (
        <Panel aria-labelledby={`${base}-totals`}>
          <h2 id={`${base}-totals`}>{t('commerce.review.summary')}</h2>
          <Coupon onSubmit={apply} noValidate>
            <label htmlFor={`${base}-coupon`}>{t('commerce.coupon.label')}</label>
            <div className="row">
              <DarkInput
                id={`${base}-coupon`}
                value={code}
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                readOnly={Boolean(data.coupon)}
                aria-invalid={couponError ? true : undefined}
                aria-describedby={couponError ? `${base}-coupon-error` : `${base}-coupon-note`}
                onChange={(e) => {
                  setCode(e.target.value.toUpperCase());
                  setCouponError(null);
                }}
              />
              {data.coupon ? (
                <GhostButton type="button" onClick={remove}>
                  {t('commerce.coupon.remove')}
                </GhostButton>
              ) : (
                <Button type="submit" disabled={quote.isFetching}>
                  {t('commerce.coupon.apply')}
                </Button>
              )}
            </div>
            {couponError ? (
              <FieldError id={`${base}-coupon-error`} role="alert">
                {couponError}
              </FieldError>
            ) : (
              <span id={`${base}-coupon-note`} className="muted" style={{ fontSize: '0.85rem' }}>
                {data.coupon ? t('commerce.coupon.applied', { code: data.coupon.code }) : t('commerce.coupon.hint')}
              </span>
            )}
          </Coupon>
          <Totals aria-label={t('commerce.review.summary')}>
            <dt>{t('commerce.review.subtotal')}</dt>
            <dd>{money(data.subtotal)}</dd>
            {data.coupon && (
              <>
                <dt>{t('commerce.review.coupon', { code: data.coupon.code })}</dt>
                <dd>− {money(data.couponDiscount)}</dd>
              </>
            )}
            <dt className="total">{t('commerce.review.total')}</dt>
            <dd className="total">{money(data.total)}</dd>
          </Totals>
          <ForeignEstimate as="p" kind="total" amount={data.total} exchange={event.data?.exchange} />
          {cardSplit && (
            <p className="muted">
              {t('commerce.review.instalments', { count: cardSplit, amount: money(instalment(data.total, cardSplit)) })}
            </p>
          )}
          <div className="actions">
            <Button
              type="button"
              disabled={quote.isFetching || data.items.length === 0}
              onClick={() => useAppState.getState().setCartStep(eventId, 2)}
            >
              {t('commerce.review.continue')}
            </Button>
          </div>
        </Panel>
      )}
    </>
  );
};
