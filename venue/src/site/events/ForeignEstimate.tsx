import '../../shared/commerce/texts';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Currency } from '@plataforma/adapter/money';
import { foreignEstimate } from '@plataforma/adapter/money';
import { useAppState } from '../../shared/state/store';
import { formatAmount } from '../../shared/commerce/price';

/** The foreign variant's symbol (SPEC §3: '$' when values are converted by the event's exchange rate). */
const FOREIGN: Currency = '$';

const Estimate = styled.span`
  display: block;
  font-size: 0.85rem;
  font-weight: 400;
  opacity: 0.85;
  /* The checkout's total: right under the amount it estimates. */
  &[data-kind='total'] {
    margin: -6px 0 0;
    text-align: right;
  }
`;

/**
 * Beside an amount in reais: its estimate in the event's foreign currency by the exchange rate,
 * marked as approximate (charges are in reais, decision 052). Nothing when the event has no
 * foreign rate (1, the default) or the amount is zero. `kind` picks the wording: a price
 * ('≈ $ 15,38 (valor aproximado; a cobrança é em reais)') or the checkout's total ('Total ≈ …').
 */
export const ForeignEstimate = ({
  amount,
  exchange,
  kind = 'price',
  as,
}: {
  amount: string;
  exchange: string | null | undefined;
  kind?: 'price' | 'total';
  as?: 'span' | 'p';
}) => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  const estimate = foreignEstimate(amount, exchange);
  if (!estimate) return null;
  return (
    <Estimate as={as} className="foreign-estimate" data-kind={kind}>
      {t(`commerce.foreign.${kind}`, { amount: formatAmount(estimate, FOREIGN, language) })}
    </Estimate>
  );
};
