import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { formatLectureDate, type Event } from '@plataforma/adapter';
import { useDocumentTitle } from '../shared/hooks/useDocumentTitle';
import { messageText } from '../shared/i18n';
import { Button } from '../shared/ui/Button';
import { Logo } from '../shared/ui/Logo';
import { PageLoading } from '../shared/ui/PageLoading';
import { StatusScreen } from '../shared/ui/StatusScreen';
import { useEvent, useEventId } from './useEvent';

/** SPEC §2.4: halls fade in over 1 s. */
const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Hall = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.platformBackground};
  animation: ${fadeIn} 1s ease both;
`;

/** The event's background (a 1920x500 picture, SPEC §2.3) across the top, fading into the black page. */
const Hero = styled.div<{ $image: string | null }>`
  position: relative;
  flex: none;
  width: 100%;
  aspect-ratio: 1920 / 500;
  min-height: 220px;
  max-height: 56vh;
  background: ${({ $image }) =>
    $image ? `url("${encodeURI($image)}") center / cover no-repeat` : 'linear-gradient(120deg, #120803 0%, #a34100 60%, #2a1306 100%)'};
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(to bottom, rgba(0, 0, 0, 0.45) 0%, transparent 22%, transparent 50%, #000 100%);
  }
`;

const Content = styled.section<{ $poster: boolean }>`
  position: relative;
  z-index: 1;
  max-width: 1120px;
  margin: -96px auto 0;
  padding: 0 32px 72px;
  display: grid;
  grid-template-columns: ${({ $poster }) => ($poster ? '240px 1fr' : '1fr')};
  gap: 40px;
  align-items: end;
  @media (max-width: 639px) {
    grid-template-columns: 1fr;
    justify-items: center;
    text-align: center;
    gap: 24px;
    padding: 0 20px 48px;
    margin-top: -48px;
  }
`;

const Poster = styled.img`
  display: block;
  width: 240px;
  height: auto;
  aspect-ratio: 240 / 340;
  object-fit: cover;
  border-radius: 14px;
  border: 1px solid rgba(255, 182, 140, 0.35);
  box-shadow: 0 24px 60px rgba(0, 0, 0, 0.7);
  background: #1a0d05;
  @media (max-width: 639px) {
    width: 168px;
  }
`;

const Text = styled.div`
  padding-bottom: 8px;
  .kicker {
    margin: 0 0 10px;
    color: ${({ theme }) => theme.colors.primaryLight};
    font-size: 0.82rem;
    font-weight: 700;
    letter-spacing: 0.16em;
    text-transform: uppercase;
  }
  h1 {
    margin: 0 0 16px;
    font-size: clamp(1.8rem, 3.6vw, 3rem);
    line-height: 1.1;
    text-wrap: balance;
  }
  .description {
    margin: 0;
    max-width: 62ch;
    color: ${({ theme }) => theme.colors.platformTextMuted};
    font-size: 1.05rem;
    line-height: 1.6;
  }
`;

const Facts = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 20px;
  padding: 0;
  @media (max-width: 639px) {
    justify-content: center;
  }
  li {
    padding: 6px 12px;
    border-radius: 999px;
    background: rgba(255, 255, 255, 0.08);
    border: 1px solid rgba(255, 255, 255, 0.14);
    font-size: 0.95rem;
    font-weight: 500;
  }
`;

const Footer = styled.footer`
  margin-top: auto;
  padding: 24px 32px;
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 10px;
  color: ${({ theme }) => theme.colors.platformTextMuted};
  font-size: 0.9rem;
  font-weight: 600;
  border-top: 1px solid rgba(255, 255, 255, 0.08);
`;

const hhmm = (time: string): string => time.slice(0, 5);

const EventFacts = ({ event }: { event: Event }) => {
  const { t } = useTranslation();
  const start = formatLectureDate(event.startDate);
  const end = event.endDate && event.endDate !== event.startDate ? formatLectureDate(event.endDate) : null;
  return (
    <Facts aria-label={t('platform.factsLabel')}>
      <li>{end ? t('platform.dates', { start, end }) : t('platform.date', { start })}</li>
      <li>
        {event.endTime
          ? t('platform.hours', { start: hhmm(event.startTime), end: hhmm(event.endTime) })
          : t('platform.hour', { start: hhmm(event.startTime) })}
      </li>
      {event.category && <li>{event.category.name}</li>}
    </Facts>
  );
};

/** hall-entrada: for now the event's background, banner, name, dates and description (the halls issue draws the scene). */
export const HallEntrance = () => {
  const { t } = useTranslation();
  const event = useEvent(useEventId());
  useDocumentTitle(event.data?.name);

  if (event.isPending) return <PageLoading />;
  if (event.error || !event.data) {
    return (
      <StatusScreen title={t('platform.loadError')} hint={messageText(event.error?.msg)}>
        <Button type="button" onClick={() => void event.refetch()}>
          {t('common.retry')}
        </Button>
      </StatusScreen>
    );
  }
  const data = event.data;
  return (
    <Hall>
      <Hero $image={data.image} />
      <Content aria-labelledby="event-name" $poster={Boolean(data.banner)}>
        {data.banner && <Poster src={data.banner} alt={t('platform.bannerAlt', { name: data.name })} width={240} height={340} />}
        <Text>
          <p className="kicker">{t('platform.welcome')}</p>
          <h1 id="event-name">{data.name}</h1>
          <EventFacts event={data} />
          {data.description && <p className="description">{data.description}</p>}
        </Text>
      </Content>
      <Footer>
        <Logo size={22} />
        {t('common.brand')}
      </Footer>
    </Hall>
  );
};
