import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { CmsLecture } from '@plataforma/adapter';
import type { Language } from '@plataforma/adapter/constants';
import type { LiveState } from '../../shared/schedule';
import { Button } from '../../shared/ui/Button';
import { LinkButton } from '../../shared/ui/LinkButton';
import { PriceText } from '../../shared/commerce/PriceText';
import { CalendarLink } from '../../shared/calendar/CalendarLink';
import { lectureCalendarUrl } from '../../shared/calendar/api';
import { priceTag } from '../../shared/commerce/price';
import { weekdayInWords } from '../../shared/i18n/dates';
import { DarkInput, DarkSelect } from '../../shared/ui/fields';
import { markButton } from '../marks/markButton';
import { DirectoryFilters, FilterToggle } from '../directory/Directory';
import { ALL_DAYS, agendaOptions, shortDay, type AgendaFilters } from './agenda';

/**
 * The programme's sections (/plataforma/{slug}/programacao): 'Ao vivo agora', the filters and a
 * lecture's row, with their styles; the page (ProgrammePage.tsx) composes them.
 */
const Filters = styled(DirectoryFilters)`
  grid-template-columns: minmax(200px, 1.4fr) repeat(3, minmax(150px, 1fr)) auto auto;
  @media (max-width: 900px) {
    grid-template-columns: 1fr 1fr;
    .search {
      grid-column: 1 / -1;
    }
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
  }
`;

const Badge = styled.span<{ $state: LiveState }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 3px 10px;
  border-radius: 999px;
  font-size: 0.78rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  background: ${({ $state }) => ($state === 'live' ? '#c62828' : 'rgba(255, 182, 140, 0.18)')};
  color: ${({ $state }) => ($state === 'live' ? '#fff' : '#ffd5bd')};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
    animation: ${({ $state }) => ($state === 'live' ? 'agenda-pulse 1.4s ease-in-out infinite' : 'none')};
  }
  @keyframes agenda-pulse {
    50% {
      opacity: 0.25;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    &::before {
      animation: none;
    }
  }
`;

const LiveList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: 14px;
  li {
    display: grid;
    gap: 8px;
    align-content: start;
    padding: 16px;
    border-radius: 12px;
    border: 1px solid rgba(198, 40, 40, 0.7);
    background: rgba(198, 40, 40, 0.12);
  }
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

export const Lectures = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  li {
    display: grid;
    grid-template-columns: 130px minmax(0, 1fr) auto;
    gap: 6px 18px;
    align-items: center;
    padding: 14px 16px;
    border-radius: 10px;
    background: rgba(255, 255, 255, 0.05);
  }
  li[data-state='live'] {
    outline: 2px solid #c62828;
  }
  time {
    font-variant-numeric: tabular-nums;
    font-weight: 700;
  }
  h3 {
    margin: 0 0 4px;
    font-size: 1.02rem;
  }
  .meta {
    display: block;
    font-size: 0.92rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .actions {
    display: grid;
    gap: 6px;
    justify-items: end;
    text-align: right;
  }
  .actions a:not([class]) {
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  s {
    display: block;
    font-size: 0.85rem;
  }
  @media (max-width: 639px) {
    li {
      grid-template-columns: 1fr;
    }
    .actions {
      justify-items: start;
      text-align: left;
    }
  }
`;

/** The star of a lecture: a toggle, 44 px square (a finger's target). */
const Star = markButton('#ffc94d');

const hour = (time: string) => time.slice(0, 5);

/** A lecture's speakers as one line ('Com Ana Araújo, Bruno Lima'), or nothing. */
const Speakers = ({ lecture }: { lecture: CmsLecture }) => {
  const { t } = useTranslation();
  if (lecture.speakers.length === 0) return null;
  return <span className="meta">{t('agenda.speakers', { names: lecture.speakers.map((s) => s.name).join(', ') })}</span>;
};

/** 'Ao vivo agora': the lectures on now, each with its room, hours, speakers and 'Assistir'. */
export const LiveNow = ({ lectures, roomScreen }: { lectures: readonly CmsLecture[]; roomScreen: (lecture: CmsLecture) => string }) => {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('agenda.liveNow')}</h2>
      <LiveList>
        {lectures.map((lecture) => (
          <li key={lecture.id}>
            <span>
              <Badge $state="live">{t('agenda.live')}</Badge> {lecture.room?.name}
            </span>
            <h3>{lecture.name}</h3>
            <p>
              {t('agenda.span', { start: hour(lecture.startTime), end: hour(lecture.endTime) })}
              {lecture.speakers.length > 0 && ` · ${lecture.speakers.map((s) => s.name).join(', ')}`}
            </p>
            <LinkButton to={roomScreen(lecture)} aria-label={t('agenda.watchLabel', { name: lecture.name })}>
              {t('agenda.watch')}
            </LinkButton>
          </li>
        ))}
      </LiveList>
    </section>
  );
};

/** The programme's filters: the search, the day, the room, the speaker, 'Minha agenda' (signed in) and 'Limpar filtros'. */
export const ProgrammeFilters = ({
  text,
  onText,
  day,
  filters,
  options,
  mine,
  signedIn,
  filtered,
  language,
  update,
  onClear,
}: {
  text: string;
  onText: (text: string) => void;
  day: string;
  filters: AgendaFilters;
  options: ReturnType<typeof agendaOptions>;
  mine: boolean;
  signedIn: boolean;
  filtered: boolean;
  language: Language;
  update: (change: Partial<AgendaFilters>) => void;
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Filters label={t('agenda.filters')}>
      <label className="search">
        {t('agenda.search')}
        <DarkInput type="search" value={text} onChange={(e) => onText(e.target.value)} maxLength={100} />
      </label>
      <label>
        {t('agenda.day')}
        {/* Named by the label's word alone: a label around a select would also read its options (issue 56, item 14). */}
        <DarkSelect aria-label={t('agenda.day')} value={day} onChange={(e) => update({ day: e.target.value })}>
          <option value={ALL_DAYS}>{t('agenda.allDays')}</option>
          {options.days.map((date) => (
            <option key={date} value={date}>
              {`${shortDay(date)} · ${weekdayInWords(date, language)}`}
            </option>
          ))}
        </DarkSelect>
      </label>
      <label>
        {t('agenda.room')}
        <DarkSelect
          aria-label={t('agenda.room')}
          value={filters.room ?? ''}
          onChange={(e) => update({ room: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('agenda.allRooms')}</option>
          {options.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </DarkSelect>
      </label>
      <label>
        {t('agenda.speaker')}
        <DarkSelect
          aria-label={t('agenda.speaker')}
          value={filters.speaker ?? ''}
          onChange={(e) => update({ speaker: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('agenda.allSpeakers')}</option>
          {options.speakers.map((speaker) => (
            <option key={speaker.id} value={speaker.id}>
              {speaker.name}
            </option>
          ))}
        </DarkSelect>
      </label>
      {signedIn && (
        <FilterToggle checked={mine} onChange={(checked) => update({ mine: checked })}>
          {t('agenda.mine')}
        </FilterToggle>
      )}
      <Button type="button" $variant="ghost" disabled={!filtered} onClick={onClear}>
        {t('agenda.clear')}
      </Button>
    </Filters>
  );
};

/** One lecture of a day: its hours, name, room and speakers; its star, its state, its price and the way to it. */
export const LectureRow = ({
  lecture,
  state,
  starred,
  signedIn,
  language,
  onStar,
  roomScreen,
  roomDays,
}: {
  lecture: CmsLecture;
  state: LiveState | undefined;
  starred: boolean;
  signedIn: boolean;
  language: Language;
  onStar: () => void;
  roomScreen: string;
  roomDays: string;
}) => {
  const { t } = useTranslation();
  return (
    <li data-state={state ?? 'none'}>
      <time dateTime={`${lecture.startDate}T${hour(lecture.startTime)}`}>
        {t('agenda.span', { start: hour(lecture.startTime), end: hour(lecture.endTime) })}
      </time>
      <div>
        <h3>{lecture.name}</h3>
        <span className="meta">{lecture.room?.name}</span>
        <Speakers lecture={lecture} />
      </div>
      <div className="actions">
        <Star
          type="button"
          aria-pressed={signedIn && starred}
          aria-label={t(signedIn && starred ? 'agenda.unstarLabel' : 'agenda.starLabel', { title: lecture.name })}
          title={signedIn ? undefined : t('agenda.starSignIn')}
          onClick={onStar}
        >
          <span aria-hidden="true">{signedIn && starred ? '★' : '☆'}</span>
        </Star>
        {state && <Badge $state={state}>{state === 'live' ? t('agenda.live') : t('agenda.soon')}</Badge>}
        {priceTag(lecture).kind !== 'free' && <PriceText tag={priceTag(lecture, language)} />}
        {state === 'live' ? (
          <Link to={roomScreen} aria-label={t('agenda.watchLabel', { name: lecture.name })}>
            {t('agenda.watch')}
          </Link>
        ) : (
          <Link to={roomDays} aria-label={t('agenda.roomLabel', { room: lecture.room?.name, name: lecture.name })}>
            {t('agenda.roomLink')}
          </Link>
        )}
        {/* Issue 49, item 5: the lecture into the phone's or computer's calendar (an .ics), for anyone. */}
        {state !== 'live' && (
          <CalendarLink
            compact
            href={lectureCalendarUrl(lecture.id, language)}
            label={t('agenda.addToCalendar')}
            name={t('agenda.addToCalendarLabel', { name: lecture.name })}
          />
        )}
      </div>
    </li>
  );
};
