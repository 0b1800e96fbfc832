import '../../shared/i18n/site';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Event } from '@plataforma/adapter';
import { responsiveImage, sizes } from '@plataforma/adapter/images';
import { numericDateInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { PriceText } from '../../shared/commerce/PriceText';
import { priceTag } from '../../shared/commerce/price';
import { eventPagePath } from './format';

/** Thumbs fill the grid's column (1 to 4 columns); banners the featured row's (2 to 4). */
const THUMB_SIZES = sizes(
  [
    [639, 'calc(100vw - 32px)'],
    [1023, 'calc(50vw - 40px)'],
  ],
  '300px',
);
const BANNER_SIZES = sizes([[639, 'calc(50vw - 24px)']], '240px');

const Card = styled.article<{ $featured: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  border-radius: 12px;
  overflow: hidden;
  background: #160e09;
  border: 1px solid rgba(255, 182, 140, 0.16);
  transition:
    transform 150ms ease,
    border-color 150ms ease;
  &:hover,
  &:focus-within {
    transform: translateY(-2px);
    border-color: rgba(255, 182, 140, 0.5);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover,
    &:focus-within {
      transform: none;
    }
  }
  .art {
    aspect-ratio: ${({ $featured }) => ($featured ? '240 / 340' : '252 / 150')};
    background: linear-gradient(135deg, #3a1a08, #120a06);
  }
  .art img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .body {
    display: grid;
    gap: 6px;
    padding: 14px 16px 16px;
  }
  .category {
    margin: 0;
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  h3 {
    margin: 0;
    font-size: 1.05rem;
    line-height: 1.3;
  }
  /* The whole card is the link's target; the heading keeps the link's name. */
  h3 a {
    text-decoration: none;
    &::after {
      content: '';
      position: absolute;
      inset: 0;
    }
  }
  .dates {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
    font-size: 0.92rem;
  }
`;

const Price = styled.p`
  margin: 4px 0 0;
  font-weight: 700;
  s {
    margin-right: 6px;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .free {
    color: #9be7b0;
  }
`;

/** The event's days as one line ('12/11/2020 a 14/11/2020'). */
export const useEventDays = () => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  return (event: Event) => {
    const start = numericDateInWords(event.formattedStartDate, language);
    return event.formattedEndDate && event.endDate !== event.startDate
      ? t('platform.dates', { start, end: numericDateInWords(event.formattedEndDate, language) })
      : t('platform.date', { start });
  };
};

/** A catalogue card: the thumbnail (252×150) or, featured, the banner (240×340); category, name, days, price. */
export const EventCard = ({ event, featured = false }: { event: Event; featured?: boolean }) => {
  const days = useEventDays();
  const language = useAppState((state) => state.language);
  const art = featured ? (event.banner ?? event.thumb) : (event.thumb ?? event.banner);
  const sources = featured
    ? event.banner
      ? event.bannerSources
      : event.thumbSources
    : event.thumb
      ? event.thumbSources
      : event.bannerSources;
  return (
    <Card $featured={featured}>
      <div className="art">
        {art && <img {...responsiveImage(art, sources, featured ? BANNER_SIZES : THUMB_SIZES)} alt="" loading="lazy" decoding="async" />}
      </div>
      <div className="body">
        {event.category && <p className="category">{event.category.name}</p>}
        <h3>
          <Link to={eventPagePath(event)}>{event.name}</Link>
        </h3>
        <p className="dates">{days(event)}</p>
        <Price>
          <PriceText tag={priceTag(event, language)} />
        </Price>
      </div>
    </Card>
  );
};
