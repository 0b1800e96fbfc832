import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useScheduleModule } from '../../shared/hooks/useScheduleModule';
import { useTick } from '../../shared/hooks/useTick';
import { useEventId, useEventLectures } from '../../shared/event/api';
import { roomScreenPath } from '../halls/layouts';
import { useAgenda } from './api';
import { readDismissed, rememberDismissed } from './dismissed';
import { closeButton } from '../../shared/ui/darkStyles';

/** How often the venue looks for a starred lecture about to start: the notice comes at most 15 s late. */
export const NOTICE_TICK_MS = 15_000;

/**
 * Top left, below the hall's list switch (top left) and clear of the language switcher (top
 * right) and the navigation bar (bottom centre); on a phone no wider than the screen's margins.
 */
const Region = styled.div`
  position: fixed;
  top: 72px;
  left: 16px;
  z-index: 110;
  width: min(360px, calc(100vw - 32px));
  pointer-events: none;
`;

const Box = styled.div`
  pointer-events: auto;
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 8px 12px;
  align-items: start;
  padding: 14px 14px 14px 18px;
  border-radius: 12px;
  border-left: 4px solid ${({ theme }) => theme.colors.primaryLight};
  background: rgba(20, 20, 24, 0.96);
  box-shadow: ${({ theme }) => theme.shadow};
  color: ${({ theme }) => theme.colors.platformText};
  p {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  a {
    grid-column: 1;
    justify-self: start;
    color: ${({ theme }) => theme.colors.primaryLight};
    font-weight: 700;
  }
  button {
    ${closeButton}
    grid-row: 1 / span 2;
    grid-column: 2;
  }
  button:hover {
    background: rgba(255, 255, 255, 0.12);
  }
`;

/**
 * 'Começa em 5 minutos' (issue 17, decision 034): anywhere in the venue, a lecture the signed-in
 * client starred that starts within five minutes is announced once — a polite status, not a
 * dialog — with 'Assistir' to its room's screen and a close button; a closed (or followed)
 * notice stays closed for the tab's session. Nothing is asked without a client, and the programme
 * and the schedule math (dayjs) only once the client has stars in this event, so the halls' first
 * load stays as light as before.
 */
export const AgendaNotice = () => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const eventId = useEventId();
  const agenda = useAgenda(eventId);
  const starred = agenda.data?.lectureIds;
  const has = Array.isArray(starred) && starred.length > 0;
  const lectures = useEventLectures(has ? eventId : null);
  const rows = lectures.data?.rows;
  const schedule = useScheduleModule(has);
  const [dismissed, setDismissed] = useState(readDismissed);
  const now = useTick(NOTICE_TICK_MS);

  const due = useMemo(() => {
    if (!schedule || !has || !Array.isArray(rows) || rows.length === 0) return null;
    return schedule.dueStarredLecture(rows, new Set(starred), dismissed, now, rows[0].timezone || schedule.DEFAULT_TIME_ZONE);
  }, [schedule, has, rows, starred, dismissed, now]);

  const dismiss = (lectureId: number) => {
    const next = new Set(dismissed).add(lectureId);
    rememberDismissed(next);
    setDismissed(next);
  };

  // The live region stays in the page from the start: a screen reader skips one that appears with its text.
  return (
    <Region role="status" aria-live="polite">
      {due?.room && (
        <Box>
          <p>{t('agenda.notice', { title: due.name, room: due.room.name })}</p>
          <Link
            to={roomScreenPath(slug, due.room.id)}
            aria-label={t('agenda.noticeWatchLabel', { title: due.name })}
            onClick={() => dismiss(due.id)}
          >
            {t('agenda.watch')}
          </Link>
          <button type="button" onClick={() => dismiss(due.id)} aria-label={t('agenda.noticeClose')}>
            <span aria-hidden="true">×</span>
          </button>
        </Box>
      )}
    </Region>
  );
};
