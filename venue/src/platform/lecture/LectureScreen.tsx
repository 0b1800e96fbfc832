import './texts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatClockTime, formatLectureDate } from '@plataforma/adapter/dates';
import { idFromSlug } from '@plataforma/adapter/routes';
import { currentAndNext, dateInZone, DEFAULT_TIME_ZONE, previousDay } from '../../shared/schedule';
import { lectureVideo } from '@plataforma/adapter/video';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useTick } from '../../shared/hooks/useTick';
import { Spinner } from '../../shared/ui/Spinner';
import { useEvent, useEventId } from '../../shared/event/api';
import { pagePath } from '../halls/registry';
import { BackButton } from '../halls/BackButton';
import { VideoBox, VideoFrame } from '../ui/VideoFrame';
import { videoHosts } from '../videoHosts';
import { useRoom, useRoomLectures } from './api';
import { playbackHostOf } from '../ui/playback';
import { useWatchHeartbeat } from './useWatchHeartbeat';
import { hasPrice, isTicketOnly, useLectureAccess } from '../../shared/access/api';
import { CalendarLink } from '../../shared/calendar/CalendarLink';
import { lectureCalendarUrl } from '../../shared/calendar/api';
import { useAppState } from '../../shared/state/store';
import { LectureLock } from './LectureLock';
import { SoftWatchNote } from './SoftWatchNote';

/** SPEC §9: current and next lecture are recomputed every 5 s. */
export const LECTURE_TICK_MS = 5000;

/**
 * Browsers let a page start a video with sound only after the visitor has used it (a click, a
 * key). Arriving from a door of the congress hall, that is true and the player starts unmuted;
 * opened cold (a shared link), it starts muted and 'Ativar som' re-creates it with sound — the
 * click on that button is the gesture the browser wants. Cross-origin players cannot tell us
 * whether they were refused, so we decide before starting them.
 */
const mayPlaySound = (): boolean => {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation?.hasBeenActive ?? false;
};

const Page = styled.main`
  min-height: 100vh;
  padding: 32px 32px calc(var(--nav-height, 72px) + 32px);
  background: radial-gradient(ellipse 80% 50% at 50% 0%, rgba(163, 65, 0, 0.28), transparent 70%), linear-gradient(#120a05, #000 60%);
  @media (max-width: 639px) {
    padding: 72px 12px calc(var(--nav-height, 72px) + 24px);
  }
  .wrap {
    max-width: 1280px;
    margin: 0 auto;
  }
  /* On a laptop (1440×900) a 1280-wide 16:9 video pushed the title and 'AO VIVO' under the
     navigation bar (issue 56, item 5): the video is as wide as the screen's height leaves room
     for, with the header, the lecture line below it and the bar (≈ 300 px), never under 480. */
  @media (min-width: 640px) {
    .wrap {
      max-width: max(480px, min(1280px, calc((100dvh - 300px) * 16 / 9)));
    }
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px 20px;
    margin-bottom: 20px;
  }
  h1 {
    margin: 0;
    font-size: clamp(1.4rem, 2.6vw, 2.1rem);
  }
  .date {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const Screen = styled(VideoBox)`
  border-radius: 16px;
  background: #050302;
  border: 1px solid rgba(255, 182, 140, 0.22);
  box-shadow:
    0 30px 80px rgba(0, 0, 0, 0.7),
    0 0 120px rgba(163, 65, 0, 0.18);
  .message {
    position: absolute;
    inset: 0;
    display: grid;
    place-content: center;
    gap: 10px;
    padding: 24px;
    text-align: center;
  }
  .message strong {
    font-size: clamp(1.2rem, 2.4vw, 1.8rem);
  }
  .message span {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const Sound = styled.button`
  position: absolute;
  right: 16px;
  top: 16px;
  z-index: 2;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 18px;
  border: 0;
  border-radius: 999px;
  background: #a34100;
  color: #fff;
  font-weight: 700;
  cursor: pointer;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.5);
  &:hover {
    background: #7a3100;
  }
`;

const Now = styled.section`
  margin-top: 20px;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px 24px;
  h2 {
    margin: 0 0 4px;
    font-size: 1.3rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .after {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 8px;
  }
  @media (max-width: 600px) {
    .after {
      align-items: flex-start;
    }
  }
  .live {
    display: inline-block;
    margin-right: 8px;
    padding: 2px 10px;
    border-radius: 999px;
    background: #b3261e;
    color: #fff;
    font-size: 0.8rem;
    font-weight: 800;
    letter-spacing: 0.08em;
  }
`;

/** The next lecture into the visitor's calendar (its .ics; issue 49, item 5). */
const NextInCalendar = ({ id, name }: { id: number; name: string }) => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  return (
    <CalendarLink
      compact
      href={lectureCalendarUrl(id, language)}
      label={t('agenda.addToCalendar')}
      name={t('agenda.addToCalendarLabel', { name })}
    />
  );
};

/** salas/{roomId} (SPEC §2.4, open to everyone): the lecture on now in the room, or what comes next. */
export const LectureScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventId = useEventId();
  const { slug = '', roomId: roomParam } = useParams();
  const roomId = idFromSlug(roomParam);
  const event = useEvent(eventId);
  const zone = event.data?.timezone || DEFAULT_TIME_ZONE;
  const now = useTick(LECTURE_TICK_MS);
  const today = dateInZone(now, zone);
  const [sound, setSound] = useState(mayPlaySound);
  const [unreachable, setUnreachable] = useState(false);

  const room = useRoom(roomId);
  const lectures = useRoomLectures(roomId, today, event.isSuccess);
  // Yesterday's too: a lecture that started before midnight (23:00–01:00) is still on after it.
  const earlier = useRoomLectures(roomId, previousDay(today), event.isSuccess);

  // SPEC §2.4: a lecture call answering 400 or more sends the visitor to the entrance hall.
  const failed = roomId === null || (lectures.error?.status ?? 0) >= 400 || (room.error?.status ?? 0) >= 400;
  useEffect(() => {
    if (failed) navigate(pagePath(String(eventId ?? 1), 'entrance'), { replace: true });
  }, [failed, eventId, navigate]);

  const { current, next } = useMemo(() => {
    const rows = new Map((earlier.data?.rows ?? []).concat(lectures.data?.rows ?? []).map((lecture) => [lecture.id, lecture]));
    return currentAndNext([...rows.values()], now, zone);
  }, [earlier.data, lectures.data, now, zone]);
  const hosts = useMemo(() => videoHosts(), []);
  // Issue 14: a lecture with a price (or any lecture of a ticket-only event) plays only for a
  // client who bought it or the whole event; its video then comes from the access answer.
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const gated = Boolean(current && event.data && (hasPrice(current) || isTicketOnly(event.data)));
  const access = useLectureAccess(gated && current ? current.id : null, signedIn);
  const locked = gated && (!signedIn || access.data?.access === false || access.isError);
  const checking = gated && signedIn && access.isLoading;
  const videoId = gated ? (access.data?.access ? (access.data.videoId ?? current?.videoId ?? null) : null) : (current?.videoId ?? null);
  const video = current && !locked && !checking ? lectureVideo(videoId, hosts, { autoplay: true, muted: !sound }) : null;
  useDocumentTitle(current?.name ?? room.data?.name ?? t('lecture.title'));
  // Lecture watching (decision 047): only while the host's player says it plays (issue 56, item 3).
  const [playing, setPlaying] = useState(false);
  useWatchHeartbeat(current && video?.kind === 'iframe' ? current.id : null, playing);
  const uncounted = video?.kind === 'iframe' && playbackHostOf(video.src) === null;

  const loading = !lectures.data && !failed;
  return (
    <Page>
      <div className="wrap">
        <header>
          <BackButton fallback={pagePath(slug, 'congress1')} />
          <h1>{room.data?.name ?? t('lecture.title')}</h1>
          <span className="date">{formatLectureDate(today)}</span>
        </header>
        <Screen>
          {loading || checking ? (
            <div className="message" role="status">
              <Spinner size={36} label={t('common.loading')} />
            </div>
          ) : current && locked && eventId !== null ? (
            <LectureLock
              eventId={eventId}
              lecture={current}
              buyLecture={hasPrice(current)}
              span={t('lecture.span', { start: formatClockTime(current.startTime), end: formatClockTime(current.endTime) })}
            />
          ) : current && video?.kind === 'iframe' ? (
            <>
              <VideoFrame
                source={{ kind: 'embed', src: video.src }}
                title={current.name}
                onPlaying={setPlaying}
                onUnreachable={setUnreachable}
              />
              {/* No 'Ativar som' over the message of a host that cannot be reached. */}
              {!sound && !unreachable && (
                <Sound type="button" onClick={() => setSound(true)}>
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path
                      d="M4 9v6h4l5 4V5L8 9H4zM16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  {t('lecture.unmute')}
                </Sound>
              )}
            </>
          ) : current ? (
            <div className="message" role="status">
              <strong>{current.name}</strong>
              <span>{t('lecture.noVideo')}</span>
            </div>
          ) : next ? (
            <div className="message" role="status">
              <strong>{t('lecture.next', { name: next.name, time: formatClockTime(next.startTime) })}</strong>
              <span>{t('lecture.nextHint')}</span>
              <NextInCalendar id={next.id} name={next.name} />
            </div>
          ) : (
            <div className="message" role="status">
              <strong>{t('lecture.none')}</strong>
              <span>{t('lecture.noneHint')}</span>
            </div>
          )}
        </Screen>
        {current && (
          <Now aria-label={t('lecture.nowLabel')}>
            <div>
              <h2>
                <span className="live">{t('lecture.live')}</span>
                {current.name}
              </h2>
              <p>{t('lecture.span', { start: formatClockTime(current.startTime), end: formatClockTime(current.endTime) })}</p>
            </div>
            {next && (
              <div className="after">
                <p>{t('lecture.after', { name: next.name, time: formatClockTime(next.startTime) })}</p>
                <NextInCalendar id={next.id} name={next.name} />
              </div>
            )}
            {uncounted && <p className="uncounted">{t('lecture.watchNotCounted')}</p>}
            {video?.kind === 'iframe' && !uncounted && <SoftWatchNote className="uncounted" />}
          </Now>
        )}
      </div>
    </Page>
  );
};
