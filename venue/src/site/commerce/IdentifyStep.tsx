import '../../shared/commerce/texts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { FormAlert } from '../../shared/ui/fields';
import { toCents } from '@plataforma/adapter/money';
import { cartInput, checkoutPath, useCreateOrder, useQuote } from '../../shared/commerce/api';
import { messageText } from '../../shared/i18n';
import type { Cart } from '../../shared/state/rules';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { LinkButton } from '../../shared/ui/LinkButton';
import { GhostButton, Panel } from './ui';

/**
 * Step 2: who buys. A full client (signed in with the password) confirms and the order is
 * created; a soft session (e-mail only) or a visitor without one is asked to sign in or to
 * register, and both screens come back here (`?voltar=`), the cart and its step kept.
 */
export const IdentifyStep = ({ eventId, cart }: { eventId: number; cart: Cart }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useAppState((state) => state.auth.currentClient);
  const create = useCreateOrder();
  // The review's quote (cached): a free cart (a free event, a 100 % coupon) is confirmed, not paid.
  const quote = useQuote(cartInput(eventId, cart));
  const free = quote.data ? toCents(quote.data.total) === 0 : false;
  const here = checkoutPath(eventId);
  const back = encodeURIComponent(here);

  const confirm = () =>
    create.mutate(cartInput(eventId, cart), {
      onSuccess: (order) => {
        useAppState.getState().setCartStep(eventId, order.status === 'paid' ? 4 : 3);
        navigate(checkoutPath(eventId, order.id), { replace: true });
      },
    });

  if (!client || client.soft) {
    return (
      <Panel aria-labelledby="checkout-identify">
        <h2 id="checkout-identify">{t('commerce.identify.title')}</h2>
        <p>{client ? t('commerce.identify.soft', { email: client.email }) : t('commerce.identify.none')}</p>
        <div className="actions">
          <LinkButton to={`/entrar?voltar=${back}`}>{t('commerce.identify.signIn')}</LinkButton>
          <Link to={`/cadastro?voltar=${back}`}>{t('commerce.identify.register')}</Link>
        </div>
        <div className="actions">
          <GhostButton type="button" onClick={() => useAppState.getState().setCartStep(eventId, 1)}>
            {t('commerce.back')}
          </GhostButton>
        </div>
      </Panel>
    );
  }

  return (
    <Panel aria-labelledby="checkout-identify">
      <h2 id="checkout-identify">{t('commerce.identify.title')}</h2>
      <p>{t('commerce.identify.as', { name: client.name, email: client.email })}</p>
      {create.error && (
        <FormAlert>
          {messageText(create.error.msg)}
          {create.error.msg === 'orders.error.alreadyOwned' && (
            <>
              {' '}
              <Link to="/meus-pedidos">{t('commerce.orders.title')}</Link>
            </>
          )}
        </FormAlert>
      )}
      <div className="actions">
        <GhostButton type="button" onClick={() => useAppState.getState().setCartStep(eventId, 1)}>
          {t('commerce.back')}
        </GhostButton>
        <Button type="button" onClick={confirm} disabled={create.isPending}>
          {create.isPending ? t('commerce.identify.creating') : free ? t('commerce.identify.confirmFree') : t('commerce.identify.confirm')}
        </Button>
      </div>
    </Panel>
  );
};
