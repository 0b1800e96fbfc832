import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import type { ImageSource, Room } from '@plataforma/adapter';
import { responsiveImage, sizes } from '@plataforma/adapter/images';
import { HALL_ROOMS_PAGE_SIZE } from '@plataforma/adapter/constants';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { useEvent, useEventId, useEventRooms, useEventSponsors } from '../../shared/event/api';
import { BackButton } from '../halls/BackButton';

/** SPEC §9: three rooms a page (HALL_ROOMS_PAGE_SIZE); a page change waits 500 ms, then fades in over 1 s. */
export const PAGE_DELAY_MS = 500;
export const PAGE_FADE_MS = 1000;

/**
 * The event's banner (240×340, SPEC §2.3) stands 200 px wide (160 on a phone) under the title, between the two
 * sponsors' pictures of the same shape; a sponsor's picture, a 160-px side column (half the width on a phone).
 */
const BANNER_SIZES = sizes([[767, '160px']], '200px');
const SPONSOR_SIZES = sizes([[767, 'calc(50vw - 36px)']], '160px');

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const pulse = keyframes`0%, 100% { opacity: 0.45; } 50% { opacity: 0.8; }`;

const Page = styled.main`
  min-height: 100vh;
  padding: 32px 24px calc(var(--nav-height, 72px) + 24px);
  background: radial-gradient(ellipse 80% 50% at 50% 100%, rgba(163, 65, 0, 0.3), transparent 70%), linear-gradient(#1a100a, #000);
  animation: ${fadeIn} 1s ease both;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
  /* The language switcher sits at the top right of a phone: the title starts below it. */
  @media (max-width: 767px) {
    padding-top: 72px;
  }
`;

const Header = styled.header`
  max-width: 1200px;
  margin: 0 auto 28px;
  display: grid;
  grid-template-columns: 160px 1fr 160px;
  gap: 24px;
  align-items: center;
  h1 {
    margin: 0 0 12px;
    text-align: center;
    font-size: clamp(1.6rem, 3vw, 2.4rem);
  }
  .banner {
    display: block;
    width: min(200px, 100%);
    margin: 0 auto;
    aspect-ratio: 240 / 340;
    object-fit: cover;
    border-radius: 12px;
    border: 1px solid rgba(255, 182, 140, 0.3);
  }
  figure {
    margin: 0;
    text-align: center;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  figure img {
    display: block;
    width: 100%;
    aspect-ratio: 240 / 340;
    object-fit: contain;
    background: #fff;
    border-radius: 10px;
    margin-bottom: 6px;
  }
  @media (max-width: 767px) {
    grid-template-columns: 1fr 1fr;
    > div {
      grid-column: 1 / -1;
      order: -1;
    }
    figure img {
      aspect-ratio: 252 / 150;
    }
    .banner {
      width: min(160px, 100%);
    }
  }
`;

const Rooms = styled.ol<{ $fading: boolean }>`
  list-style: none;
  max-width: 1200px;
  margin: 0 auto;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 28px;
  ${({ $fading }) =>
    $fading &&
    css`
      animation: ${fadeIn} ${PAGE_FADE_MS}ms ease both;
    `}
  @media (max-width: 767px) {
    grid-template-columns: 1fr;
    gap: 16px;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const doorLook = css`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  min-height: 320px;
  padding: 24px;
  border-radius: 18px 18px 6px 6px;
  border: 3px solid #a34100;
  text-decoration: none;
  color: #fff;
  background:
    linear-gradient(90deg, transparent 49.5%, rgba(0, 0, 0, 0.5) 49.5%, rgba(0, 0, 0, 0.5) 50.5%, transparent 50.5%),
    linear-gradient(#7b4a25, #4a2810);
  box-shadow: 0 20px 40px rgba(0, 0, 0, 0.6);
  .number {
    position: absolute;
    top: 18px;
    left: 50%;
    transform: translateX(-50%);
    padding: 6px 18px;
    border-radius: 999px;
    background: #a34100;
    font-weight: 800;
    white-space: nowrap;
  }
  .name {
    font-size: 1.2rem;
    font-weight: 700;
    text-shadow: 0 2px 8px #000;
  }
  @media (max-width: 767px) {
    min-height: 160px;
  }
`;

const RoomDoor = styled(Link)`
  ${doorLook}
  transition: transform 150ms ease, filter 150ms ease;
  &:hover {
    filter: brightness(1.15);
    transform: translateY(-3px);
  }
`;

const Vacant = styled.div`
  ${doorLook}
  border-color: #4a3a30;
  background: linear-gradient(#2a2522, #1a1716);
  color: #b5aaa2;
  .number {
    background: #3a302a;
  }
`;

const Placeholder = styled.div`
  min-height: 320px;
  border-radius: 18px 18px 6px 6px;
  background: rgba(255, 255, 255, 0.08);
  animation: ${pulse} 1.4s ease-in-out infinite;
  @media (max-width: 767px) {
    min-height: 160px;
  }
`;

const Controls = styled.div`
  max-width: 1200px;
  margin: 28px auto 0;
  display: flex;
  justify-content: space-between;
  gap: 16px;
`;

/** hall-salas (SPEC §2.4): the event's rooms three at a time. */
export const HallRooms = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const eventId = useEventId();
  const event = useEvent(eventId);
  const sponsors = useEventSponsors(eventId);
  const [offset, setOffset] = useState(0);
  const [phase, setPhase] = useState<'idle' | 'waiting' | 'fading'>('idle');
  const rooms = useEventRooms(eventId, offset, HALL_ROOMS_PAGE_SIZE);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useDocumentTitle(t('halls.rooms.title'));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const turn = (step: number) => {
    setPhase('waiting');
    timers.current.push(
      setTimeout(() => {
        setOffset((value) => Math.max(0, value + step));
        setPhase('fading');
        timers.current.push(setTimeout(() => setPhase('idle'), PAGE_FADE_MS));
      }, PAGE_DELAY_MS),
    );
  };
  const back = () => (offset === 0 ? navigate(-1) : turn(-HALL_ROOMS_PAGE_SIZE));
  const count = rooms.data?.count ?? 0;
  const lastPage = offset + HALL_ROOMS_PAGE_SIZE >= count;
  const animating = phase !== 'idle';
  const places: Array<Room | null> = rooms.data ? Array.from({ length: HALL_ROOMS_PAGE_SIZE }, (_, i) => rooms.data.rows[i] ?? null) : [];
  const pictures = (sponsors.data?.rows ?? []).filter((sponsor) => sponsor.image).slice(0, 2);

  return (
    <Page>
      <Header>
        {pictures[0] ? (
          <Sponsor name={pictures[0].name} image={pictures[0].image as string} sources={pictures[0].imageSources} />
        ) : (
          <span />
        )}
        <div>
          <h1>{t('halls.rooms.title')}</h1>
          {event.data?.banner && (
            <img
              className="banner"
              {...responsiveImage(event.data.banner, event.data.bannerSources, BANNER_SIZES)}
              alt={t('platform.bannerAlt', { name: event.data.name })}
            />
          )}
        </div>
        {pictures[1] ? (
          <Sponsor name={pictures[1].name} image={pictures[1].image as string} sources={pictures[1].imageSources} />
        ) : (
          <span />
        )}
      </Header>
      {rooms.error ? (
        <p role="alert" style={{ textAlign: 'center' }}>
          {messageText(rooms.error.msg)}{' '}
          <Button type="button" onClick={() => void rooms.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : (
        <Rooms key={offset} $fading={phase === 'fading'} aria-busy={!rooms.data || phase === 'waiting'} aria-label={t('halls.rooms.list')}>
          {rooms.data && phase !== 'waiting'
            ? places.map((room, i) => (
                <li key={room?.id ?? `vacant-${i}`}>
                  {room ? (
                    <RoomDoor to={`/plataforma/${slug}/salas/${room.id}`}>
                      <span className="number">{t('halls.rooms.number', { number: offset + i + 1 })}</span>
                      <span className="name">{room.name}</span>
                    </RoomDoor>
                  ) : (
                    <Vacant>
                      <span className="number">{t('halls.rooms.number', { number: offset + i + 1 })}</span>
                      <span className="name">{t('halls.rooms.vacant')}</span>
                    </Vacant>
                  )}
                </li>
              ))
            : Array.from({ length: HALL_ROOMS_PAGE_SIZE }, (_, i) => (
                <li key={i}>
                  <Placeholder data-testid="room-placeholder" />
                </li>
              ))}
        </Rooms>
      )}
      <Controls>
        <BackButton onClick={back} disabled={animating} />
        {!lastPage && !animating && rooms.data && (
          <Button type="button" onClick={() => turn(HALL_ROOMS_PAGE_SIZE)}>
            {t('halls.rooms.next')} →
          </Button>
        )}
      </Controls>
    </Page>
  );
};

const Sponsor = ({ name, image, sources }: { name: string; image: string; sources?: readonly ImageSource[] }) => (
  <figure title={name}>
    <img {...responsiveImage(image, sources, SPONSOR_SIZES)} alt={name} />
    <figcaption>{name}</figcaption>
  </figure>
);
