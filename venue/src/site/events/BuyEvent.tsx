import '../../shared/commerce/texts';
import { useTranslation } from 'react-i18next';
import type { Event } from '@plataforma/adapter';
import { instalment, toCents } from '@plataforma/adapter/money';
import { useEventAccess } from '../../shared/access/api';
import { useBuy } from '../../shared/commerce/buy';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { formatAmount } from '../../shared/commerce/price';

/**
 * The event page's way in by ticket (issue 14): 'Comprar ingresso' for a paid event (its
 * instalments said when it may be split), 'Inscrever-se' for a free one; a signed-in client who
 * already holds the event is told so instead.
 */
export const BuyEvent = ({ event }: { event: Event }) => {
  const { t } = useTranslation();
  const buy = useBuy();
  const language = useAppState((state) => state.language);
  // Asked for a full client only: a soft session buys nothing before signing in with the password.
  const signedIn = useAppState((state) => Boolean(state.auth.currentClient && !state.auth.currentClient.soft));
  const access = useEventAccess(event.id, signedIn);
  const free = toCents(event.discountValue || event.value) <= 0 && toCents(event.value) <= 0;
  if (access.data?.access && access.data.reason !== 'free') return <p className="note">{t('commerce.buy.owned')}</p>;
  const price = event.hasDiscount ? event.discountValue : event.value;
  return (
    <>
      <Button type="button" onClick={() => buy(event.id, { kind: 'event' })} style={{ minHeight: 44 }}>
        {free ? t('commerce.buy.register') : t('commerce.buy.ticket')}
      </Button>
      {!free && event.installments > 1 && (
        <p className="note">
          {t('commerce.buy.instalments', {
            count: event.installments,
            amount: formatAmount(instalment(price, event.installments), 'R$', language),
          })}
        </p>
      )}
    </>
  );
};
