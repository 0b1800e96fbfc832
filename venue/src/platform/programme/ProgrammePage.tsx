import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { dateInZone, DEFAULT_TIME_ZONE, liveStates } from '../../shared/schedule';
import type { CmsLecture } from '@plataforma/adapter';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useTick } from '../../shared/hooks/useTick';
import { useAppState } from '../../shared/state/store';
import { useAgendaStars } from '../agenda/api';
import { useEventLectures } from '../../shared/event/api';
import { pagePath } from '../halls/registry';
import { DirectoryScreen, NoMatch, ResultCount, useDirectoryEvent } from '../directory/Directory';
import { useFiltersInAddress, useSearchBox } from '../directory/search';
import { dayInWords, zoneInWords } from '../../shared/i18n/dates';
import { ALL_DAYS, agendaOptions, effectiveDay, filterAgenda, filtersOf, paramsOf } from './agenda';
import { LectureRow, Lectures, LiveNow, ProgrammeFilters } from './ProgrammeParts';

/** The states are recomputed every 30 s: a lecture goes live within half a minute of its start. */
export const AGENDA_TICK_MS = 30_000;
const Page = styled(DirectoryScreen)`
  .external {
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  h2 {
    margin: 32px 0 12px;
    font-size: 1.25rem;
  }
  h2::first-letter {
    text-transform: uppercase;
  }
`;

/**
 * /plataforma/{slug}/programacao (issue 17): every lecture of the event by day and hour in the
 * event's zone, with its room and speakers; 'Ao vivo agora' and 'Em breve' as the lecture screen
 * reckons them (recomputed every 30 s, no reload); filters by day, room and speaker and a search,
 * all kept in the address; a live lecture leads to its room's screen, the others to the room's
 * programme by day. The event's external programme link, when staff set one, stays offered.
 * A signed-in client stars lectures and filters on 'Minha agenda' (`?minha=1`; decision 034); a
 * visitor's star leads to the soft login, which brings them back here.
 */
export const ProgrammePage = () => {
  const { t } = useTranslation();
  const { slug, eventId, event } = useDirectoryEvent();
  const lectures = useEventLectures(eventId);
  const language = useAppState((state) => state.language);
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const now = useTick(AGENDA_TICK_MS);
  const ids = useId();
  // A client's star toggles the lecture; a visitor's goes to the soft login, and back here afterwards.
  const { query: agenda, marked: starred, signedIn, toggle: toggleStar } = useAgendaStars(eventId);
  // 'Minha agenda' means something only to a signed-in client; a visitor's shared link shows everything.
  const mine = signedIn && filters.mine;
  useDocumentTitle(t('agenda.title'));

  const rows = useMemo(() => lectures.data?.rows ?? [], [lectures.data]);
  const zone = rows[0]?.timezone ?? event.data?.timezone ?? DEFAULT_TIME_ZONE;
  const today = dateInZone(now, zone);
  const options = useMemo(() => agendaOptions(rows), [rows]);
  const day = effectiveDay({ ...filters, mine }, options.days, today);
  const days = useMemo(
    () => filterAgenda(rows, { day, room: filters.room, speaker: filters.speaker, search: filters.search, mine }, day, starred),
    [rows, day, filters.room, filters.speaker, filters.search, mine, starred],
  );
  const states = useMemo(() => liveStates(rows, now, zone), [rows, now, zone]);
  const liveNow = rows.filter((lecture) => states.get(lecture.id) === 'live');
  const shown = days.reduce((sum, d) => sum + d.lectures.length, 0);

  const { update, reset } = useFiltersInAddress(filters, paramsOf);
  // The search box follows the keys; the address (and the list) a moment later.
  const box = useSearchBox(filters.search, (text) => update({ search: text }));

  const filtered = filters.room !== null || filters.speaker !== null || filters.search.trim() !== '' || day !== ALL_DAYS || mine;
  const clearFilters = () => {
    box.clear();
    reset({ day: ALL_DAYS, room: null, speaker: null, search: '', mine: false });
  };
  const nothingStarred = mine && agenda.isSuccess && starred.size === 0;
  // While the stars load, 'Minha agenda' is not yet empty: neither empty state shows.
  const starsPending = mine && agenda.isPending;
  const roomScreen = (lecture: CmsLecture) => `/plataforma/${slug}/salas/${lecture.room?.id}`;
  const roomDays = (lecture: CmsLecture) => `/plataforma/${slug}/congresso/salas/${lecture.room?.id}`;
  const external = event.data?.venue.programmeLink;

  return (
    <Page
      width={1120}
      back={pagePath(slug, 'entrance')}
      title={t('agenda.title')}
      intro={
        <>
          {event.data ? t('agenda.intro', { event: event.data.name, zone: zoneInWords(zone, language) }) : t('agenda.introNoEvent')}
          {external && (
            <>
              {' '}
              <a className="external" href={external} target="_blank" rel="noopener noreferrer">
                {t('agenda.external')}
              </a>
            </>
          )}
        </>
      }
      query={lectures}
      empty={rows.length === 0}
      emptyText={t('agenda.empty')}
    >
      {liveNow.length > 0 && <LiveNow lectures={liveNow} roomScreen={roomScreen} />}

      <ProgrammeFilters
        text={box.text}
        onText={box.setText}
        day={day}
        filters={filters}
        options={options}
        mine={mine}
        signedIn={signedIn}
        filtered={filtered}
        language={language}
        update={update}
        onClear={clearFilters}
      />
      <ResultCount>{t('agenda.count', { count: shown })}</ResultCount>

      {nothingStarred && <NoMatch text={t('agenda.mineEmpty')} action={t('agenda.mineShowAll')} onAction={() => update({ mine: false })} />}

      {shown === 0 && !nothingStarred && !starsPending && (
        <NoMatch text={t('agenda.noMatch')} action={t('agenda.clear')} onAction={clearFilters} />
      )}

      {days.map((agendaDay) => (
        <section key={agendaDay.date} aria-labelledby={`${ids}-${agendaDay.date}`}>
          <h2 id={`${ids}-${agendaDay.date}`}>{dayInWords(agendaDay.date, language)}</h2>
          <Lectures>
            {agendaDay.lectures.map((lecture) => (
              <LectureRow
                key={lecture.id}
                lecture={lecture}
                state={states.get(lecture.id)}
                starred={starred.has(lecture.id)}
                signedIn={signedIn}
                language={language}
                onStar={() => toggleStar(lecture.id)}
                roomScreen={roomScreen(lecture)}
                roomDays={roomDays(lecture)}
              />
            ))}
          </Lectures>
        </section>
      ))}
    </Page>
  );
};
