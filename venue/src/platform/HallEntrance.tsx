import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { formatLectureDate } from '@plataforma/adapter';
import { messageText } from '../shared/i18n';
import { Button } from '../shared/ui/Button';
import { Spinner } from '../shared/ui/Spinner';
import { useEvent, useEventId } from './useEvent';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Hall = styled.main<{ $background: string | null }>`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 32px 16px;
  background:
    radial-gradient(ellipse at 50% 110%, rgba(163, 65, 0, 0.45), transparent 60%),
    ${({ $background }) => ($background ? `linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.85)), url("${$background}") center / cover no-repeat` : '#000')};
  animation: ${fadeIn} 1s ease both;
`;

const Card = styled.section`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 32px;
  align-items: center;
  max-width: 960px;
  width: 100%;
  @media (max-width: 639px) {
    grid-template-columns: 1fr;
    text-align: center;
    justify-items: center;
  }
  img {
    width: 240px;
    aspect-ratio: 240 / 340;
    object-fit: cover;
    border-radius: 12px;
    box-shadow: 0 20px 50px rgba(0, 0, 0, 0.6);
    border: 2px solid rgba(255, 182, 140, 0.35);
  }
  p.kicker {
    text-transform: uppercase;
    letter-spacing: 0.14em;
    color: ${({ theme }) => theme.colors.primaryLight};
    margin: 0 0 8px;
    font-size: 0.85rem;
    font-weight: 600;
  }
  h1 {
    margin: 0 0 12px;
    font-size: clamp(1.8rem, 4vw, 3rem);
    line-height: 1.1;
  }
  p.dates {
    margin: 0 0 16px;
    font-size: 1.1rem;
    color: #fff;
  }
  p.description {
    margin: 0;
    max-width: 60ch;
    opacity: 0.85;
    line-height: 1.55;
  }
`;

/** hall-entrada: for now the event's name, dates and banner (the issue of the halls draws the scene). */
export const HallEntrance = () => {
  const { t } = useTranslation();
  const event = useEvent(useEventId());

  if (event.isPending) {
    return (
      <Hall $background={null}>
        <Spinner size={40} label={t('common.loading')} />
      </Hall>
    );
  }
  if (event.error || !event.data) {
    return (
      <Hall $background={null}>
        <div role="alert" style={{ textAlign: 'center' }}>
          <p>{event.error ? messageText(event.error.msg) : t('platform.loadError')}</p>
          <Button onClick={() => event.refetch()}>{t('common.retry')}</Button>
        </div>
      </Hall>
    );
  }
  const data = event.data;
  const start = formatLectureDate(data.startDate);
  const end = data.endDate && data.endDate !== data.startDate ? formatLectureDate(data.endDate) : null;
  return (
    <Hall $background={data.image}>
      <Card aria-labelledby="event-name">
        {data.banner && <img src={data.banner} alt={`Banner do evento ${data.name}`} width={240} height={340} />}
        <div>
          <p className="kicker">{t('platform.welcome')}</p>
          <h1 id="event-name">{data.name}</h1>
          <p className="dates">{end ? t('platform.dates', { start, end }) : t('platform.date', { start })}</p>
          <p className="description">{data.description}</p>
        </div>
      </Card>
    </Hall>
  );
};
