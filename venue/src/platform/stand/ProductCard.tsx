import './texts';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { responsiveImage, sizes } from '@plataforma/adapter/images';
import { instalment } from '@plataforma/adapter/money';
import type { Product } from '@plataforma/adapter';
import { brl } from './rules';

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  border-radius: 14px;
  overflow: hidden;
  background: rgba(255, 255, 255, 0.06);
  border: 1px solid rgba(255, 255, 255, 0.12);
  img {
    display: block;
    width: 100%;
    aspect-ratio: 252 / 150;
    object-fit: cover;
    background: #fff;
  }
  .body {
    display: flex;
    flex-direction: column;
    gap: 8px;
    flex: 1;
    padding: 16px;
  }
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  .description {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
    line-height: 1.5;
  }
  .price {
    margin: auto 0 0;
  }
  .was {
    display: block;
    color: rgba(245, 241, 238, 0.7);
    text-decoration: line-through;
    font-size: 0.9rem;
  }
  .now {
    display: block;
    font-size: 1.35rem;
    font-weight: 800;
    color: #ffd1b0;
  }
  .instalments {
    display: block;
    font-size: 0.9rem;
  }
  .cta {
    display: inline-flex;
    justify-content: center;
    align-items: center;
    min-height: 42px;
    margin-top: 8px;
    border-radius: ${({ theme }) => theme.radius};
    background: #a34100;
    color: #fff;
    font-weight: 700;
    text-decoration: none;
  }
  .cta:hover {
    background: #7a3100;
  }
`;

/** A card's width: one column on a phone, two or three to a row (about 360 px at most) elsewhere. */
const PICTURE_SIZES = sizes([[767, 'calc(100vw - 80px)']], '360px');

/** A product or service: picture, title, description, price with its discount and instalments, call to action. */
export const ProductCard = ({ product, onCta }: { product: Product; onCta?: () => void }) => {
  const { t } = useTranslation();
  const free = Number(product.discountValue) === 0;
  return (
    <Card aria-labelledby={`product-${product.id}`}>
      {product.image && <img {...responsiveImage(product.image, product.imageSources, PICTURE_SIZES)} alt="" />}
      <div className="body">
        <h3 id={`product-${product.id}`}>{product.title}</h3>
        {product.description && <p className="description">{product.description}</p>}
        <p className="price">
          {product.hasDiscount && <span className="was">{t('stand.priceWas', { value: brl(product.price) })}</span>}
          <span className="now">
            {free
              ? t('stand.free')
              : product.hasDiscount
                ? t('stand.priceNow', { value: brl(product.discountValue) })
                : brl(product.discountValue)}
          </span>
          {!free && product.installments > 1 && (
            <span className="instalments">
              {t('stand.instalments', { count: product.installments, value: brl(instalment(product.discountValue, product.installments)) })}
            </span>
          )}
        </p>
        {product.ctaLink && (
          <a className="cta" href={product.ctaLink} target="_blank" rel="noopener noreferrer" onClick={onCta}>
            {product.ctaLabel ?? t('stand.ctaDefault')}
          </a>
        )}
      </div>
    </Card>
  );
};
