import '../../shared/i18n/site';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { responsiveImage } from '@plataforma/adapter/images';
import { idFromSlug } from '@plataforma/adapter/routes';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMetaTags } from '../../shared/hooks/useMetaTags';
import { messageText } from '../../shared/i18n';
import { LinkButton } from '../../shared/ui/LinkButton';
import { NotFound } from '../../shared/ui/NotFound';
import { PageLoading } from '../../shared/ui/PageLoading';
import { eventQuery, useEventSponsors } from '../../shared/event/api';
import { useProgramme } from './api';
import { PriceText } from '../../shared/commerce/PriceText';
import { useEventDays } from './EventCard';
import { zoneInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { priceTag } from '../../shared/commerce/price';
import { CalendarLink } from '../../shared/calendar/CalendarLink';
import { eventCalendarUrl } from '../../shared/calendar/api';
import { dayIn, programmeOf, venuePath } from './format';
import { Programme } from './Programme';
import { BuyEvent } from './BuyEvent';
import { ForeignEstimate } from './ForeignEstimate';
import { useBuy } from '../../shared/commerce/buy';

const LOGO_SIZES = '140px';

const Hero = styled.div<{ $image: string | null }>`
  position: relative;
  padding: clamp(40px, 8vw, 96px) clamp(16px, 4vw, 40px) 40px;
  background:
    linear-gradient(180deg, rgba(0, 0, 0, 0.55), rgba(0, 0, 0, 0.92)),
    ${({ $image }) => ($image ? `url("${encodeURI($image)}") center / cover no-repeat,` : '')} #1a100a;
  .wrap {
    max-width: 1100px;
    margin: 0 auto;
    display: grid;
    gap: 12px;
  }
  .category {
    margin: 0;
    font-weight: 700;
    letter-spacing: 0.05em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  h1 {
    margin: 0;
    font-size: clamp(1.8rem, 4vw, 3rem);
    line-height: 1.15;
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 28px;
    margin: 8px 0 0;
  }
  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  dd {
    margin: 2px 0 0;
    font-weight: 700;
    s {
      margin-right: 6px;
      font-weight: 400;
    }
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px 20px;
    margin-top: 12px;
  }
  .note {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const Body = styled.div`
  padding: 32px clamp(16px, 4vw, 40px) 48px;
  /* The same column as the hero's. */
  > section,
  > h1,
  > p {
    max-width: 1100px;
    margin: 0 auto 40px;
  }
  h2 {
    margin: 0 0 14px;
    font-size: 1.4rem;
  }
  .description {
    margin: 0;
    line-height: 1.65;
    white-space: pre-line;
    max-width: 75ch;
  }
  .muted {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const Sponsors = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  li > * {
    display: grid;
    place-items: center;
    width: 140px;
    height: 140px;
    overflow: hidden;
    border-radius: 12px;
    border: 1px solid rgba(255, 182, 140, 0.2);
    background: rgba(255, 255, 255, 0.04);
    font-weight: 700;
    text-align: center;
    text-decoration: none;
  }
  a:hover {
    border-color: rgba(255, 182, 140, 0.6);
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

const Social = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 16px;
    border-radius: 999px;
    border: 1px solid rgba(255, 182, 140, 0.5);
    font-weight: 600;
    text-decoration: none;
  }
`;

/** A link of the event's own (social profile, sponsor site): only http(s), opened in a new tab. */
const safeLink = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * `/eventos/{id-slug}`: an event's public page. The background image, name, category, days
 * and hours in the event's zone, the price (paid events say so; buying comes with commerce),
 * the way into the venue, the description, the programme by day and room (lectures with
 * speakers and prices), the sponsors and the event's social links. Sets the page's meta tags.
 */
export const EventPage = () => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  const eventId = idFromSlug(useParams().eventSlug);
  const event = useQuery(eventQuery(eventId));
  const programme = useProgramme(event.data ? eventId : null);
  const sponsors = useEventSponsors(event.data ? eventId : null);
  const days = useEventDays();
  const buy = useBuy();
  const ids = { about: useId(), programme: useId(), sponsors: useId(), social: useId() };
  const data = event.data;

  useDocumentTitle(data?.name);
  useMetaTags(
    data
      ? {
          title: data.name,
          description: data.description || t('site.event.metaFallback', { name: data.name }),
          image: data.banner ?? data.image,
        }
      : null,
  );

  if (eventId === null || event.error?.status === 404) {
    return (
      <NotFound title={t('platform.eventNotFound')} hint={t('site.event.notFoundHint')} to="/eventos" action={t('site.event.seeAll')} />
    );
  }
  if (event.isError) {
    return (
      <Body as="main">
        <h1>{t('platform.loadError')}</h1>
        <p role="alert">{messageText(event.error.msg)}</p>
      </Body>
    );
  }
  if (!data) return <PageLoading />;

  const tag = priceTag(data, language);
  const hours = data.formattedEndTime
    ? t('platform.hours', { start: data.formattedStartTime, end: data.formattedEndTime })
    : t('platform.hour', { start: data.formattedStartTime });
  const schedule = programmeOf(programme.data?.rows ?? []);
  const social: Array<[string, string]> = [];
  for (const [name, url] of [
    ['Facebook', data.facebook],
    ['X (Twitter)', data.twitter],
    ['LinkedIn', data.linkedIn],
  ] as const) {
    const link = safeLink(url);
    if (link) social.push([name, link]);
  }

  return (
    <main>
      <Hero $image={data.image}>
        <div className="wrap">
          {data.category && <p className="category">{data.category.name}</p>}
          <h1>{data.name}</h1>
          <dl>
            <div>
              <dt>{t('site.event.days')}</dt>
              <dd>{days(data)}</dd>
            </div>
            <div>
              <dt>{t('site.event.hours')}</dt>
              <dd>
                {hours} <span className="muted">({zoneInWords(data.timezone, language)})</span>
              </dd>
            </div>
            <div>
              <dt>{t('site.event.price')}</dt>
              <dd>
                <PriceText tag={tag} />
                {data.currency === 'R$' && tag.kind !== 'free' && (
                  <ForeignEstimate amount={data.hasDiscount ? data.discountValue : data.value} exchange={data.exchange} />
                )}
              </dd>
            </div>
          </dl>
          <div className="actions">
            {data.status !== 'closed' && <BuyEvent event={data} />}
            <LinkButton to={venuePath(data)}>{t('site.event.enter')}</LinkButton>
            {data.status !== 'closed' && (
              <CalendarLink
                href={eventCalendarUrl(data.id, language)}
                label={t('site.event.addToCalendar')}
                name={t('site.event.addToCalendarLabel', { name: data.name })}
              />
            )}
            {data.status === 'closed' && <p className="note">{t('site.event.closed')}</p>}
          </div>
        </div>
      </Hero>
      <Body>
        {data.description && (
          <section aria-labelledby={ids.about}>
            <h2 id={ids.about}>{t('site.event.about')}</h2>
            <p className="description">{data.description}</p>
          </section>
        )}

        <section aria-labelledby={ids.programme} aria-busy={programme.isLoading}>
          <h2 id={ids.programme}>{t('site.event.programme')}</h2>
          {programme.isError ? (
            <p role="alert">{messageText(programme.error.msg)}</p>
          ) : programme.isLoading ? (
            <p className="muted">{t('common.loading')}</p>
          ) : schedule.length === 0 ? (
            <p className="muted">{t('site.event.noProgramme')}</p>
          ) : (
            <Programme
              days={schedule}
              today={dayIn(data.timezone)}
              timeZone={data.timezone}
              onBuy={data.status === 'closed' ? undefined : (lectureId) => buy(data.id, { kind: 'lecture', id: lectureId })}
            />
          )}
        </section>

        {(sponsors.data?.rows.length ?? 0) > 0 && (
          <section aria-labelledby={ids.sponsors}>
            <h2 id={ids.sponsors}>{t('site.event.sponsors')}</h2>
            <Sponsors>
              {sponsors.data?.rows.map((sponsor) => {
                const content = sponsor.image ? (
                  <img {...responsiveImage(sponsor.image, sponsor.imageSources, LOGO_SIZES)} alt={sponsor.name} loading="lazy" />
                ) : (
                  sponsor.name
                );
                const link = safeLink(sponsor.link);
                return (
                  <li key={sponsor.id}>
                    {link ? (
                      <a
                        href={link}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('site.event.sponsorSite', { name: sponsor.name })}
                      >
                        {content}
                      </a>
                    ) : (
                      <div>{content}</div>
                    )}
                  </li>
                );
              })}
            </Sponsors>
          </section>
        )}

        {social.length > 0 && (
          <section aria-labelledby={ids.social}>
            <h2 id={ids.social}>{t('site.event.social')}</h2>
            <Social>
              {social.map(([name, url]) => (
                <li key={name}>
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {name}
                  </a>
                </li>
              ))}
            </Social>
          </section>
        )}
      </Body>
    </main>
  );
};
