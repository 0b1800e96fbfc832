import '../i18n/site';
import { useTranslation } from 'react-i18next';
import type { PriceTag } from './price';

/** The price as a card and the event page write it: 'Gratuito', 'R$ 150,00', or 'De R$ 150,00 Por R$ 120,00'. */
export const PriceText = ({ tag }: { tag: PriceTag }) => {
  const { t } = useTranslation();
  if (tag.kind === 'free') return <span className="free">{t('site.free')}</span>;
  if (tag.kind === 'price') return <span>{tag.price}</span>;
  return (
    <span>
      <s>{t('site.priceFrom', { price: tag.from })}</s>
      {t('site.priceTo', { price: tag.to })}
    </span>
  );
};
