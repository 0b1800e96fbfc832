import './texts';
import '../../shared/commerce/texts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { idFromSlug } from '@plataforma/adapter/routes';
import { lectureVideo, vimeoFromLastSegment } from '@plataforma/adapter/video';
import type { RoomDay } from '@plataforma/adapter';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { pagePath } from '../halls/registry';
import { BackButton } from '../halls/BackButton';
import { PlatformModal } from '../../shared/ui/PlatformModal';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { VideoBox, VideoFrame } from '../ui/VideoFrame';
import { videoHosts } from '../videoHosts';
import { useRoom, useRoomSchedule } from './api';
import { useWatchHeartbeat } from './useWatchHeartbeat';
import { SoftWatchNote } from './SoftWatchNote';
import { lectureSpan } from '../../shared/schedule';
import { hasPrice, isTicketOnly, useLectureAccess } from '../../shared/access/api';
import { useEvent, useEventId, useEventLectures } from '../../shared/event/api';
import { useBuy } from '../../shared/commerce/buy';
import { darkTable } from '../../shared/ui/darkStyles';
import { CalendarLink } from '../../shared/calendar/CalendarLink';
import { lectureCalendarUrl } from '../../shared/calendar/api';
import { useAppState } from '../../shared/state/store';

type DayLecture = RoomDay['lectures'][number];

/** SPEC §2.4: the player is built from the last path segment of the lecture's (Vimeo) link; other video links are converted as the lecture screen does. */
export const playerOf = (link: string | null, hosts: readonly string[]): string | null => {
  if (!link) return null;
  const vimeo = vimeoFromLastSegment(link);
  if (vimeo) return vimeo;
  const video = lectureVideo(link, hosts, { autoplay: true });
  return video.kind === 'iframe' ? video.src : null;
};

const Page = styled(ScreenPage)`
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
  ${darkTable}
  td:last-child {
    text-align: right;
    white-space: nowrap;
  }
  td.actions > a {
    margin-left: 8px;
  }
  @media (max-width: 600px) {
    td.actions {
      white-space: normal;
    }
    td.actions > a {
      margin: 8px 0 0;
    }
  }
  .recording {
    display: block;
    margin-top: 4px;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .soon {
    color: ${({ theme }) => theme.colors.platformTextMuted};
    font-style: italic;
  }
`;

/** Whether a lecture of a day ('08:00 - 09:30') is over at `now`, on the event's zone (an end before its start is the next day's). */
export const isPast = (date: string, hour: string, timeZone: string | undefined, now: number): boolean => {
  const [startTime = '', endTime = ''] = hour.split(' - ').map((part) => part.trim());
  if (!/^\d{2}:\d{2}/.test(startTime) || !/^\d{2}:\d{2}/.test(endTime)) return false;
  return lectureSpan({ startDate: date, startTime, endTime }, timeZone ?? undefined).end <= now;
};

/** congresso/salas/{roomId} (SPEC §2.4): the room's programme by day, from the API (not fixed dates). */
export const RoomByDate = () => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  const { slug = '', roomId: roomParam } = useParams();
  const roomId = idFromSlug(roomParam);
  const [day, setDay] = useState<RoomDay | null>(null);
  const [watching, setWatching] = useState<{ lecture: DayLecture; src: string } | null>(null);
  // `?palestra={id}` (the checkout's 'Assistir' after a purchase, issue 56, item 12): its day opens
  // and its player starts as soon as the access is known; closing the player leaves the day's list.
  const [params, setParams] = useSearchParams();
  const wanted = idFromSlug(params.get('palestra') ?? undefined);
  // Lecture watching (decision 047): only while the host's player says it plays (issue 56, item 3).
  const [playing, setPlaying] = useState(false);
  useWatchHeartbeat(watching?.lecture.id ?? null, playing);
  const hosts = videoHosts();

  const room = useRoom(roomId);
  const schedule = useRoomSchedule(roomId);
  // Issue 14: which lectures have a price (the event's programme says), and whether the whole event is ticket-only.
  const eventId = useEventId();
  const event = useEvent(eventId);
  const programme = useEventLectures(eventId);
  const gatedIds = new Set((programme.data?.rows ?? []).filter(hasPrice).map((lecture) => lecture.id));
  const ticketOnly = event.data ? isTicketOnly(event.data) : false;
  useDocumentTitle(room.data?.name ?? t('lecture.byDateTitle'));
  const error = roomId === null ? 'api.error.invalidId' : (schedule.error?.msg ?? null);
  useEffect(() => {
    if (wanted === null || !schedule.data) return;
    const found = schedule.data.find((item) => item.lectures.some((lecture) => lecture.id === wanted));
    if (found) setDay(found);
    else setParams({}, { replace: true });
  }, [wanted, schedule.data, setParams]);
  const now = Date.now();

  return (
    <Page $width={960}>
      <div className="wrap">
        <BackButton fallback={pagePath(slug, 'congress1')} />
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
                  const past = isPast(day.date, lecture.hour, event.data?.timezone ?? undefined, now);
                  return (
                    <tr key={lecture.id}>
                      <td>{lecture.theme}</td>
                      <td>{lecture.hour}</td>
                      <td className="actions">
                        <WatchCell
                          lecture={lecture}
                          eventId={eventId}
                          gated={gatedIds.has(lecture.id) || ticketOnly}
                          priced={gatedIds.has(lecture.id)}
                          hosts={hosts}
                          past={past}
                          start={lecture.id === wanted}
                          onWatch={(src) => {
                            if (wanted !== null) setParams({}, { replace: true });
                            setWatching({ lecture, src });
                          }}
                        />
                        {/* Issue 49, item 5: a lecture still to come into the visitor's calendar (an .ics). */}
                        {!past && (
                          <CalendarLink
                            compact
                            href={lectureCalendarUrl(lecture.id, language)}
                            label={t('agenda.addToCalendar')}
                            name={t('agenda.addToCalendarLabel', { name: lecture.theme })}
                          />
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
          <VideoBox>
            <VideoFrame source={{ kind: 'embed', src: watching.src }} title={watching.lecture.theme} onPlaying={setPlaying} />
          </VideoBox>
          <SoftWatchNote />
        </PlatformModal>
      )}
    </Page>
  );
};

/**
 * The 'Assistir' cell of a lecture of the day: a free lecture plays its link; a priced one (or any
 * of a ticket-only event) asks whether the client may watch it, then plays the video of the
 * answer, or offers 'Comprar'.
 */
const WatchCell = ({
  lecture,
  eventId,
  gated,
  priced,
  hosts,
  past,
  start,
  onWatch,
}: {
  lecture: DayLecture;
  eventId: number | null;
  gated: boolean;
  priced: boolean;
  hosts: readonly string[];
  /** Over on the event's wall clock: what is sold is its recording. */
  past: boolean;
  /** The lecture the page was opened for: it plays as soon as it may. */
  start: boolean;
  onWatch: (src: string) => void;
}) => {
  const { t } = useTranslation();
  const access = useLectureAccess(gated ? lecture.id : null);
  const locked = gated && (access.isLoading || (!access.data?.access && eventId !== null));
  const src = locked ? null : playerOf(gated ? (access.data?.videoId ?? lecture.link) : lecture.link, hosts);
  useEffect(() => {
    if (start && src) onWatch(src);
    // Once, when the player's address is known; onWatch is a new function at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start, src]);
  if (gated && access.isLoading) return <Spinner size={20} label={t('common.loading')} />;
  if (gated && !access.data?.access && eventId !== null)
    return (
      <>
        <LockButton eventId={eventId} lecture={lecture} priced={priced} />
        {past && <span className="recording">{t('lecture.recording')}</span>}
      </>
    );
  return src ? (
    <Button type="button" onClick={() => onWatch(src)} aria-label={t('lecture.watchLabel', { theme: lecture.theme })}>
      {t('lecture.watch')}
    </Button>
  ) : (
    <span className="soon">{t('lecture.soon')}</span>
  );
};

const LockButton = ({ eventId, lecture, priced }: { eventId: number; lecture: DayLecture; priced: boolean }) => {
  const { t } = useTranslation();
  const buy = useBuy();
  return (
    <Button
      type="button"
      onClick={() => buy(eventId, priced ? { kind: 'lecture', id: lecture.id } : { kind: 'event' })}
      aria-label={t('commerce.buy.lectureLabel', { name: lecture.theme })}
    >
      {t('commerce.buy.lecture')}
    </Button>
  );
};
