import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { idFromSlug, lectureVideo, vimeoFromLastSegment, type ApiError, type Room, type RoomDay } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { BackButton } from '../ui/BackButton';
import { PlatformModal } from '../ui/PlatformModal';
import { videoHosts } from '../videoHosts';

type DayLecture = RoomDay['lectures'][number];

/** SPEC §2.4: the player is built from the last path segment of the lecture's (Vimeo) link; other video links are converted as the lecture screen does. */
export const playerOf = (link: string | null, hosts: readonly string[]): string | null => {
  if (!link) return null;
  const vimeo = vimeoFromLastSegment(link);
  if (vimeo) return vimeo;
  const video = lectureVideo(link, hosts, { autoplay: true });
  return video.kind === 'iframe' ? video.src : null;
};

const Page = styled.main`
  min-height: 100vh;
  padding: 32px 32px calc(var(--nav-height, 72px) + 32px);
  background: radial-gradient(ellipse 80% 50% at 50% 0%, rgba(163, 65, 0, 0.3), transparent 70%), #000;
  .wrap {
    max-width: 960px;
    margin: 0 auto;
  }
  h1 {
    margin: 20px 0 8px;
    font-size: clamp(1.6rem, 3vw, 2.4rem);
  }
  .intro {
    margin: 0 0 24px;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .days {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: 16px;
  }
  .days button {
    width: 100%;
    min-height: 96px;
    font-size: 1.3rem;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 12px 10px;
    text-align: left;
    border-bottom: 1px solid rgba(255, 255, 255, 0.12);
  }
  th {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  td:last-child {
    text-align: right;
    white-space: nowrap;
  }
  .soon {
    color: ${({ theme }) => theme.colors.platformTextMuted};
    font-style: italic;
  }
`;

const Player = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: 10px;
  overflow: hidden;
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

/** congresso/salas/{roomId} (SPEC §2.4): the room's programme by day, from the API (not fixed dates). */
export const RoomByDate = () => {
  const { t } = useTranslation();
  const { slug = '', roomId: roomParam } = useParams();
  const roomId = idFromSlug(roomParam);
  const [day, setDay] = useState<RoomDay | null>(null);
  const [watching, setWatching] = useState<{ lecture: DayLecture; src: string } | null>(null);
  const hosts = videoHosts();

  const room = useQuery<Room, ApiError>({
    queryKey: ['room', roomId],
    queryFn: () => api.site.rooms.get(roomId as number),
    enabled: roomId !== null,
    retry: false,
  });
  const schedule = useQuery<RoomDay[], ApiError>({
    queryKey: ['room-schedule', roomId],
    queryFn: () => api.site.rooms.schedule(roomId as number),
    enabled: roomId !== null,
    staleTime: 60_000,
    retry: (count, error) => error.status >= 500 && count < 2,
  });
  useDocumentTitle(room.data?.name ?? t('lecture.byDateTitle'));
  const error = roomId === null ? 'api.error.invalidId' : (schedule.error?.msg ?? null);

  return (
    <Page>
      <div className="wrap">
        <BackButton fallback={`/plataforma/${slug}/congresso/1`} />
        <h1>{room.data?.name ?? t('lecture.byDateTitle')}</h1>
        <p className="intro">{t('lecture.byDateIntro')}</p>
        {error ? (
          <p role="alert">
            {messageText(error)}{' '}
            {roomId !== null && (
              <Button type="button" onClick={() => void schedule.refetch()}>
                {t('common.retry')}
              </Button>
            )}
          </p>
        ) : !schedule.data ? (
          <Spinner size={32} label={t('common.loading')} />
        ) : (
          <ul className="days" aria-label={t('lecture.days')}>
            {schedule.data.map((item) => (
              <li key={item.date}>
                <Button type="button" onClick={() => setDay(item)} aria-haspopup="dialog">
                  {item.label}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {day && !watching && (
        <PlatformModal title={t('lecture.dayTitle', { date: day.label })} onClose={() => setDay(null)} width={760}>
          {day.lectures.length === 0 ? (
            <p>{t('lecture.dayEmpty')}</p>
          ) : (
            <Table>
              <thead>
                <tr>
                  <th scope="col">{t('lecture.theme')}</th>
                  <th scope="col">{t('lecture.hour')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('lecture.watchColumn')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {day.lectures.map((lecture) => {
                  const src = playerOf(lecture.link, hosts);
                  return (
                    <tr key={lecture.id}>
                      <td>{lecture.theme}</td>
                      <td>{lecture.hour}</td>
                      <td>
                        {src ? (
                          <Button
                            type="button"
                            onClick={() => setWatching({ lecture, src })}
                            aria-label={t('lecture.watchLabel', { theme: lecture.theme })}
                          >
                            {t('lecture.watch')}
                          </Button>
                        ) : (
                          <span className="soon">{t('lecture.soon')}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
        </PlatformModal>
      )}
      {watching && (
        <PlatformModal title={watching.lecture.theme} onClose={() => setWatching(null)} width={960}>
          <Player>
            <iframe src={watching.src} title={watching.lecture.theme} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
          </Player>
        </PlatformModal>
      )}
    </Page>
  );
};
