import '../../shared/commerce/texts';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiError, type Order, type Payment } from '@plataforma/adapter';
import { instalment } from '@plataforma/adapter/money';
import { DarkInput, DarkSelect, FieldError, FormAlert } from '../../shared/ui/fields';
import { latestPayment, useCardToken, useOrder, usePay, usePaymentConfig, useSandboxConfirm } from '../../shared/commerce/api';
import { CardTokenError } from '../../shared/commerce/mercadopago';
import { useTick } from '../../shared/hooks/useTick';
import { i18n, messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { maskCpf } from '../account/register';
import { cardFormSchema, maskCardNumber, maskCvv, maskExpiry, type CardForm, type CardFormInput } from './card';
import { QrCode } from './QrCode';
import { GhostButton, Panel, Totals, useMoney } from './ui';

const Tabs = styled.div`
  display: flex;
  gap: 6px;
  button {
    min-height: 44px;
    padding: 0 20px;
    border-radius: 999px;
    border: 1px solid rgba(255, 182, 140, 0.4);
    background: transparent;
    color: inherit;
    font-weight: 700;
    cursor: pointer;
    &[aria-selected='true'] {
      background: ${({ theme }) => theme.colors.primary};
      border-color: ${({ theme }) => theme.colors.primary};
      color: #fff;
    }
  }
`;

const Pix = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  textarea {
    width: 100%;
    min-height: 96px;
    padding: 10px;
    border-radius: 8px;
    border: 1px solid rgba(255, 255, 255, 0.3);
    background: rgba(255, 255, 255, 0.06);
    color: inherit;
    font: 0.85rem/1.4 monospace;
    word-break: break-all;
    resize: none;
  }
  .countdown {
    font-size: 1.1rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  @media (max-width: 639px) {
    grid-template-columns: 1fr;
    justify-items: center;
  }
`;

const Sandbox = styled.aside`
  display: grid;
  gap: 10px;
  padding: 14px 16px;
  border-radius: 12px;
  border: 2px dashed #ffbf47;
  background: rgba(255, 191, 71, 0.08);
  h3 {
    margin: 0;
    font-size: 1rem;
    color: #ffbf47;
  }
`;

const CardGrid = styled.form`
  display: grid;
  gap: 14px;
  .field {
    display: grid;
    gap: 6px;
  }
  label {
    font-weight: 600;
  }
  .row {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 14px;
  }
  @media (max-width: 559px) {
    .row {
      grid-template-columns: 1fr;
    }
  }
`;

/** 'mm:ss' of the seconds left (never below zero). */
export const clockOf = (seconds: number): string => {
  const left = Math.max(0, seconds);
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
};

/**
 * Step 3: paying a pending order by PIX (the QR code drawn here from the charge's BR Code, the
 * code to copy, the time left, the order asked again every 3 s until it is paid, expires or
 * fails) or by card (number, holder, MM/YY, CVV, CPF and instalments; a refusal is said and the
 * form stays to try again). A sandbox charge shows the 'Ambiente de testes' panel.
 */
export const PaymentStep = ({ order }: { order: Order }) => {
  const { t } = useTranslation();
  const money = useMoney();
  const base = useId();
  const last = latestPayment(order);
  // The methods the provider in use takes (Mercado Pago without a public key: PIX only); both until it is known.
  const config = usePaymentConfig();
  const methods = (['pix', 'card'] as const).filter((key) => !config.data || config.data.methods.includes(key));
  const [chosen, setMethod] = useState<'pix' | 'card'>(last?.method === 'card' ? 'card' : 'pix');
  const method = methods.includes(chosen) ? chosen : (methods[0] ?? 'pix');
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const at = methods.indexOf(method);
    const index =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? methods.length - 1
          : (at + (event.key === 'ArrowRight' ? 1 : methods.length - 1)) % methods.length;
    const target = methods[index] ?? method;
    setMethod(target);
    tabs.current[index]?.focus();
  };

  return (
    <Panel aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('commerce.payment.title')}</h2>
      <Totals>
        <dt>{t('commerce.orders.number')}</dt>
        <dd>{order.number}</dd>
        <dt className="total">{t('commerce.review.total')}</dt>
        <dd className="total">{money(order.total)}</dd>
      </Totals>
      <Tabs role="tablist" aria-label={t('commerce.payment.methods')} onKeyDown={onKeyDown}>
        {methods.map((key, index) => (
          <button
            key={key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${key}`}
            aria-controls={`${base}-panel-${key}`}
            aria-selected={method === key}
            tabIndex={method === key ? 0 : -1}
            onClick={() => setMethod(key)}
          >
            {t(`commerce.payment.${key}`)}
          </button>
        ))}
      </Tabs>
      <div role="tabpanel" id={`${base}-panel-${method}`} aria-labelledby={`${base}-tab-${method}`}>
        {method === 'pix' ? <PixPanel order={order} /> : <CardPanel order={order} />}
      </div>
      {last && last.provider === 'sandbox' && last.status === 'pending' && <SandboxPanel order={order} payment={last} />}
    </Panel>
  );
};

const PixPanel = ({ order }: { order: Order }) => {
  const { t } = useTranslation();
  const pay = usePay(order.id);
  const last = latestPayment(order);
  const pix = last?.method === 'pix' ? last : null;
  const now = useTick(1000);
  const waiting = pix && pix.status === 'pending' && pix.pixCode ? pix : null;
  const seconds = waiting?.expiresAt ? dayjs(waiting.expiresAt).diff(dayjs(now), 'second') : null;

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      useAppState.getState().showToast(t('commerce.pix.copied'), 'success');
    } catch {
      useAppState.getState().showToast(t('commerce.pix.copyFailed'), 'warning');
    }
  };

  if (!waiting || (seconds !== null && seconds <= 0)) {
    const over = pix && (pix.status === 'expired' || pix.status === 'declined' || (seconds !== null && seconds <= 0));
    return (
      <div style={{ display: 'grid', gap: 12 }}>
        {over && <FormAlert>{pix.status === 'declined' ? t('commerce.pix.declined') : t('commerce.pix.expired')}</FormAlert>}
        <p className="muted">{t('commerce.pix.intro')}</p>
        {pay.error && <FormAlert>{messageText(pay.error.msg)}</FormAlert>}
        <div className="actions">
          <Button type="button" onClick={() => pay.mutate({ method: 'pix' })} disabled={pay.isPending}>
            {pay.isPending ? t('commerce.pix.generating') : over ? t('commerce.pix.again') : t('commerce.pix.generate')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Pix>
      <QrCode text={waiting.pixCode as string} label={t('commerce.pix.qrLabel')} />
      <div style={{ display: 'grid', gap: 12 }}>
        <p>{t('commerce.pix.scan')}</p>
        <label htmlFor="pix-code" style={{ fontWeight: 600 }}>
          {t('commerce.pix.codeLabel')}
        </label>
        <textarea id="pix-code" readOnly value={waiting.pixCode as string} onFocus={(e) => e.currentTarget.select()} />
        <div className="actions">
          <Button type="button" onClick={() => void copy(waiting.pixCode as string)}>
            {t('commerce.pix.copy')}
          </Button>
        </div>
        {seconds !== null && (
          <p>
            {t('commerce.pix.expiresIn')}{' '}
            <span className="countdown" role="timer" aria-live="off">
              {clockOf(seconds)}
            </span>
          </p>
        )}
        <p role="status" className="muted">
          {t('commerce.pix.waiting')}
        </p>
      </div>
    </Pix>
  );
};

/** 'Ambiente de testes': the sandbox's bank, to approve or decline the waiting charge (development and tests only). */
const SandboxPanel = ({ order, payment }: { order: Order; payment: Payment }) => {
  const { t } = useTranslation();
  const confirm = useSandboxConfirm(order.id);
  return (
    <Sandbox aria-labelledby="sandbox-title">
      <h3 id="sandbox-title">{t('commerce.sandbox.title')}</h3>
      <p className="muted">{t('commerce.sandbox.intro')}</p>
      {confirm.error && <FormAlert>{messageText(confirm.error.msg)}</FormAlert>}
      <div className="actions">
        <Button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate({ paymentId: payment.id, outcome: 'approved' })}>
          {t('commerce.sandbox.approve')}
        </Button>
        <GhostButton
          type="button"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ paymentId: payment.id, outcome: 'declined' })}
        >
          {t('commerce.sandbox.decline')}
        </GhostButton>
      </div>
    </Sandbox>
  );
};

const CardPanel = ({ order }: { order: Order }) => {
  const { t } = useTranslation();
  const money = useMoney();
  const base = useId();
  const pay = usePay(order.id);
  const token = useCardToken();
  const refreshed = useOrder(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const last = latestPayment(order);
  const declined = last?.method === 'card' && last.status === 'declined';
  const busy = token.isPending || pay.isPending || (last?.method === 'card' && last.status === 'pending');
  const form = useForm<CardFormInput, unknown, CardForm>({
    resolver: zodResolver(cardFormSchema, {
      error: (issue) => (issue.message && i18n.exists(issue.message) ? i18n.t(issue.message) : i18n.t('commerce.card.error.invalid')),
    }),
    defaultValues: { number: '', holder: '', expiry: '', cvv: '', cpf: '', installments: 1 },
  });
  const errors = form.formState.errors;
  const counts = Array.from({ length: Math.max(1, order.installments) }, (_, i) => i + 1);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The card goes to the provider's tokeniser (Mercado Pago: straight from this browser); only its token comes to us.
      const card = await token.mutateAsync({
        number: values.number,
        holder: values.holder,
        expiry: values.expiry,
        cvv: values.cvv,
        cpf: values.cpf,
      });
      await pay.mutateAsync({ method: 'card', cardToken: card.token, installments: values.installments, cpf: values.cpf });
      const fresh = (await refreshed.refetch()).data;
      const payment = latestPayment(fresh);
      if (fresh?.status === 'pending' && payment?.status === 'declined') setFailure(t('commerce.card.declined'));
    } catch (error) {
      if (error instanceof CardTokenError) {
        // Mercado Pago refused the card's data: said under the field it names, and above the form.
        if (error.field) form.setError(error.field, { message: `commerce.card.error.${error.field}` });
        setFailure(t(error.key));
        return;
      }
      const msg = error instanceof ApiError ? error.msg : undefined;
      setFailure(msg === 'payments.error.declined' ? t('commerce.card.declined') : messageText(msg));
    }
  });

  const field = (
    name: 'number' | 'holder' | 'expiry' | 'cvv' | 'cpf',
    label: string,
    mask: ((value: string) => string) | null,
    extra: Record<string, string> = {},
  ) => {
    const id = `${base}-${name}`;
    const raw = errors[name]?.message;
    // The schema's refusals are keys of the pack (a check's own message wins over the resolver's map).
    const error = raw ? (i18n.exists(raw) ? i18n.t(raw) : raw) : undefined;
    const registered = form.register(name);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <DarkInput
          id={id}
          {...registered}
          {...extra}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            if (mask) event.target.value = mask(event.target.value);
            void registered.onChange(event);
          }}
        />
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      </div>
    );
  };

  return (
    <CardGrid onSubmit={(event) => void submit(event)} noValidate aria-label={t('commerce.card.title')}>
      {(failure || (declined && !token.isPending && !pay.isPending)) && <FormAlert>{failure ?? t('commerce.card.declined')}</FormAlert>}
      {field('number', t('commerce.card.number'), maskCardNumber, { inputMode: 'numeric', autoComplete: 'cc-number' })}
      {field('holder', t('commerce.card.holder'), null, { autoComplete: 'cc-name' })}
      <div className="row">
        {field('expiry', t('commerce.card.expiry'), maskExpiry, {
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
          placeholder: t('commerce.card.expiryPlaceholder'),
        })}
        {field('cvv', t('commerce.card.cvv'), maskCvv, { inputMode: 'numeric', autoComplete: 'cc-csc' })}
      </div>
      {field('cpf', t('commerce.card.cpf'), maskCpf, { inputMode: 'numeric' })}
      <div className="field">
        <label htmlFor={`${base}-installments`}>{t('commerce.card.installments')}</label>
        <DarkSelect id={`${base}-installments`} {...form.register('installments')}>
          {counts.map((count) => (
            <option key={count} value={count}>
              {count === 1
                ? t('commerce.card.once', { amount: money(order.total) })
                : t('commerce.card.times', { count, amount: money(instalment(order.total, count)) })}
            </option>
          ))}
        </DarkSelect>
      </div>
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('commerce.card.paying') : t('commerce.card.pay', { amount: money(order.total) })}
        </Button>
      </div>
      {last?.method === 'card' && last.status === 'pending' && (
        <p role="status" className="muted">
          {t('commerce.card.processing')}
        </p>
      )}
    </CardGrid>
  );
};
