import './texts';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { HTML_LANG, type Language } from '@plataforma/adapter/constants';
import type { CmsLecture, Speaker } from '@plataforma/adapter';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { dayInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useEventLectures } from '../../shared/event/api';
import { pagePath } from '../halls/registry';
import { DarkInput } from '../../shared/ui/fields';
import {
  CardPicture,
  DirectoryCards,
  DirectoryFilters,
  DirectoryScreen,
  NoMatch,
  ResultCount,
  directoryCard,
  useDirectoryEvent,
} from '../directory/Directory';
import { fold, matchesAll, searchWords } from '../directory/search';
import { useEventSpeakers } from './api';

/** A description longer than this is cut (at a word) behind 'Ler mais'. */
export const DESCRIPTION_CLAMP = 240;

/** The speakers' search: one box. */
const Search = styled(DirectoryFilters)`
  align-items: stretch;
  gap: 6px;
  max-width: 520px;
`;

const Card = styled.article`
  ${directoryCard}
  header {
    grid-template-columns: 72px minmax(0, 1fr);
  }
  .photo {
    width: 72px;
    height: 72px;
    border-radius: 50%;
    object-fit: cover;
    background: rgba(255, 255, 255, 0.1);
  }
  .initials {
    border-radius: 50%;
  }
  .title {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .description {
    margin: 0;
    line-height: 1.5;
    white-space: pre-line;
  }
  .toggle {
    align-self: flex-start;
    padding: 4px 0;
    border: 0;
    background: none;
    color: ${({ theme }) => theme.colors.primaryLight};
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
  .toggle:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  h3 {
    margin: 4px 0 0;
    font-size: 0.85rem;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .lectures {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  .lectures li {
    display: grid;
    gap: 2px;
    padding: 10px 12px;
    border-radius: 10px;
    background: rgba(255, 255, 255, 0.05);
  }
  .lecture-name {
    font-weight: 600;
  }
  .meta {
    font-size: 0.92rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .meta::first-letter {
    text-transform: uppercase;
  }
  .none {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const hour = (time: string) => time.slice(0, 5);

export { initials } from '../directory/search';

/** A description cut at the last word before `max` characters, with an ellipsis; the text itself when short. */
export const clampText = (text: string, max: number = DESCRIPTION_CLAMP): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

const Description = ({ text, name }: { text: string; name: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > DESCRIPTION_CLAMP;
  return (
    <>
      <p className="description" id={id}>
        {long && !open ? clampText(text) : text}
      </p>
      {long && (
        <button
          type="button"
          className="toggle"
          aria-expanded={open}
          aria-controls={id}
          aria-label={open ? t('speakerDirectory.readLessLabel', { name }) : t('speakerDirectory.readMoreLabel', { name })}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('speakerDirectory.readLess') : t('speakerDirectory.readMore')}
        </button>
      )}
    </>
  );
};

/** One of the speaker's lectures: its title, and its day, hours and room when the programme has it. */
const LectureLine = ({ name, lecture, language }: { name: string; lecture: CmsLecture | undefined; language: Language }) => {
  const { t } = useTranslation();
  return (
    <li>
      <span className="lecture-name">{lecture?.name ?? name}</span>
      {lecture && (
        <span className="meta">
          <time dateTime={`${lecture.startDate}T${hour(lecture.startTime)}`}>
            {`${dayInWords(lecture.startDate, language, false)} · ${t('speakerDirectory.span', {
              start: hour(lecture.startTime),
              end: hour(lecture.endTime),
            })}`}
          </time>
          {lecture.room && ` · ${lecture.room.name}`}
        </span>
      )}
    </li>
  );
};

/** A card lists a speaker's first lectures; the rest are one click away in the programme, filtered by the speaker. */
export const LECTURES_SHOWN = 3;

const SpeakerCard = ({
  speaker,
  lectures,
  language,
  slug,
}: {
  speaker: Speaker;
  lectures: ReadonlyMap<number, CmsLecture>;
  language: Language;
  slug: string;
}) => {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <Card aria-labelledby={heading}>
      <header>
        <CardPicture className="photo" image={speaker.image} sources={speaker.imageSources} name={speaker.name} />
        <div>
          <h2 id={heading}>{speaker.name}</h2>
          {speaker.title && <p className="title">{speaker.title}</p>}
        </div>
      </header>
      {speaker.description && <Description text={speaker.description} name={speaker.name} />}
      <h3>{t('speakerDirectory.lectures')}</h3>
      {speaker.lectures.length > 0 ? (
        <>
          <ul className="lectures">
            {speaker.lectures.slice(0, LECTURES_SHOWN).map((lecture) => (
              <LectureLine key={lecture.id} name={lecture.name} lecture={lectures.get(lecture.id)} language={language} />
            ))}
          </ul>
          {speaker.lectures.length > LECTURES_SHOWN && (
            <p className="none">{t('speakerDirectory.more', { count: speaker.lectures.length - LECTURES_SHOWN })}</p>
          )}
        </>
      ) : (
        <p className="none">{t('speakerDirectory.noLectures')}</p>
      )}
      {speaker.lectures.length > 0 && (
        <LinkButton
          className="visit"
          to={`${pagePath(slug, 'programme')}?dia=todos&palestrante=${speaker.id}`}
          aria-label={t('speakerDirectory.programmeLabel', { name: speaker.name })}
        >
          {t('speakerDirectory.programme')}
        </LinkButton>
      )}
    </Card>
  );
};

/**
 * /plataforma/{slug}/palestrantes/diretorio (issue 17, public): every speaker of the event in
 * name order as a card — photo (initials without one), title, description behind 'Ler mais' when
 * long, their lectures with day, hours and room from the event's programme, and a link to the
 * programme filtered to them. The search (name, title, a lecture's title; no case or accents)
 * filters in the page.
 */
export const SpeakerDirectory = () => {
  const { t } = useTranslation();
  const { slug, eventId, event } = useDirectoryEvent();
  const speakers = useEventSpeakers(eventId);
  const programme = useEventLectures(eventId);
  const language = useAppState((state) => state.language);
  const [text, setText] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);
  const searchId = useId();
  useDocumentTitle(t('speakerDirectory.title'));

  const lectures = useMemo(() => new Map((programme.data?.rows ?? []).map((lecture) => [lecture.id, lecture])), [programme.data]);
  const all = useMemo(() => {
    const collator = new Intl.Collator(HTML_LANG[language], { sensitivity: 'base' });
    return [...(speakers.data?.rows ?? [])]
      .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)
      .map((speaker) => ({
        speaker,
        haystack: fold([speaker.name, speaker.title ?? '', ...speaker.lectures.map((lecture) => lecture.name)].join('\n')),
      }));
  }, [speakers.data, language]);
  // A speaker matches when every word is in the name, the title or a lecture's title (no case or accents).
  const words = searchWords(text);
  const shown = words.length === 0 ? all : all.filter((entry) => matchesAll(entry.haystack, words));

  const clear = () => {
    setText('');
    searchBox.current?.focus();
  };

  return (
    <DirectoryScreen
      width={1280}
      back={pagePath(slug, 'entrance')}
      title={t('speakerDirectory.title')}
      intro={event.data ? t('speakerDirectory.intro', { event: event.data.name }) : t('speakerDirectory.introNoEvent')}
      query={speakers}
      empty={all.length === 0}
      emptyText={t('speakerDirectory.empty')}
    >
      <Search label={t('speakerDirectory.searchForm')}>
        <label htmlFor={searchId}>{t('speakerDirectory.search')}</label>
        <DarkInput
          id={searchId}
          ref={searchBox}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
          autoComplete="off"
        />
      </Search>
      <ResultCount>{t('speakerDirectory.count', { count: shown.length })}</ResultCount>

      {shown.length === 0 ? (
        <NoMatch text={t('speakerDirectory.noMatch', { search: text.trim() })} action={t('speakerDirectory.clear')} onAction={clear} />
      ) : (
        <DirectoryCards $min={340}>
          {shown.map(({ speaker }) => (
            <li key={speaker.id}>
              <SpeakerCard speaker={speaker} lectures={lectures} language={language} slug={slug} />
            </li>
          ))}
        </DirectoryCards>
      )}
    </DirectoryScreen>
  );
};
