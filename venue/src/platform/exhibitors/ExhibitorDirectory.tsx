import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { STAND_TIER_KEY, STAND_TYPES } from '@plataforma/adapter/constants';
import { standPagePath } from '@plataforma/adapter/routes';
import type { Stand } from '@plataforma/adapter';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useEventStands } from '../../shared/event/api';
import { pagePath } from '../halls/registry';
import { markButton } from '../marks/markButton';
import { DarkInput, DarkSelect } from '../../shared/ui/fields';
import {
  CardPicture,
  DirectoryCards,
  DirectoryFilters,
  DirectoryScreen,
  FilterToggle,
  NoMatch,
  ResultCount,
  directoryCard,
  useDirectoryEvent,
} from '../directory/Directory';
import { fold, matchesAll, searchWords, useFiltersInAddress, useSearchBox } from '../directory/search';
import { useFavourites } from './api';

/** The address's parameters: the search, the tier (a stand type) and the favourites only ('1'). */
export const SEARCH_PARAM = 'busca';
export const TIER_PARAM = 'nivel';
export const FAVOURITES_PARAM = 'favoritos';

/** A tier's place in the list: master, silver, bronze, then any other type. */
const tierRank = (type: string): number => {
  const index = (STAND_TYPES as readonly string[]).indexOf(type);
  return index < 0 ? STAND_TYPES.length : index;
};

/** The exhibitors in tier order (master, silver, bronze, others), each tier in position order. */
export const sortStands = (stands: readonly Stand[]): Stand[] =>
  [...stands].sort((a, b) => tierRank(a.type) - tierRank(b.type) || a.type.localeCompare(b.type) || a.position - b.position || a.id - b.id);

/** A tier's name in the visitor's language, through the one map of decision 003 (the type itself, upper-cased, for a type it lacks). */
const tierName = (t: (key: string) => string, type: string): string => {
  const key = (STAND_TIER_KEY as Readonly<Record<string, string>>)[type];
  return key ? t(key) : type.toUpperCase();
};

/** The exhibitors' filters: the search, the tier and (signed in) the favourites, on one line. */
const Filters = styled(DirectoryFilters)`
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto;
  max-width: 900px;
  @media (max-width: 600px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Card = styled.article<{ $accent: string | null }>`
  ${directoryCard}
  border-top: 4px solid ${({ $accent }) => $accent ?? 'rgba(255, 255, 255, 0.12)'};
  header {
    grid-template-columns: 72px minmax(0, 1fr) auto;
  }
  .logo {
    width: 72px;
    height: 72px;
    border-radius: 12px;
    object-fit: contain;
    background: #fff;
  }
  .initials {
    border-radius: 12px;
  }
  .tier {
    display: inline-block;
    margin-top: 6px;
    padding: 2px 10px;
    border-radius: 999px;
    font-size: 0.75rem;
    font-weight: 800;
    letter-spacing: 0.05em;
    background: rgba(255, 182, 140, 0.18);
    color: #ffd5bd;
  }
  .tier[data-tier='master'] {
    background: rgba(255, 208, 96, 0.2);
    color: #ffe08a;
  }
  .tier[data-tier='silver'] {
    background: rgba(220, 228, 236, 0.18);
    color: #e8eef4;
  }
  .subtitle {
    margin: 0;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .description {
    margin: 0;
    line-height: 1.5;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
  }
`;

/** The favourite toggle of a stand: a heart, 44 px square (a finger's target), at the top of the card. */
const Heart = styled(markButton('#ff7a93'))`
  align-self: start;
`;

/** The address of the exhibitors' filters: `?busca=&nivel=&favoritos=1`, each only when set. */
const exhibitorParams = (filters: { search: string; tier: string; favourites: boolean }): URLSearchParams => {
  const query = new URLSearchParams();
  if (filters.search.trim()) query.set(SEARCH_PARAM, filters.search);
  if (filters.tier) query.set(TIER_PARAM, filters.tier);
  if (filters.favourites) query.set(FAVOURITES_PARAM, '1');
  return query;
};

/** A stand's colour as the card's top line, when it is a plain hex colour. */
const accentOf = (color: string | null): string | null => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : null);

interface FavouriteToggle {
  /** Whether the signed-in client marked the stand (always false for a visitor). */
  pressed: boolean;
  signedIn: boolean;
  onToggle: () => void;
}

const ExhibitorCard = ({ stand, slug, favourite }: { stand: Stand; slug: string; favourite: FavouriteToggle }) => {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <Card aria-labelledby={heading} $accent={accentOf(stand.color)}>
      <header>
        <CardPicture className="logo" image={stand.image} sources={stand.imageSources} name={stand.name} />
        <div>
          <h2 id={heading}>{stand.name}</h2>
          <span className="tier" data-tier={stand.type}>
            {tierName(t, stand.type)}
          </span>
        </div>
        <Heart
          type="button"
          aria-pressed={favourite.pressed}
          aria-label={t(favourite.pressed ? 'exhibitors.unfavouriteLabel' : 'exhibitors.favouriteLabel', { name: stand.name })}
          title={favourite.signedIn ? undefined : t('exhibitors.favouriteSignIn')}
          onClick={favourite.onToggle}
        >
          <span aria-hidden="true">{favourite.pressed ? '♥' : '♡'}</span>
        </Heart>
      </header>
      {stand.subtitle && <p className="subtitle">{stand.subtitle}</p>}
      {stand.description && <p className="description">{stand.description}</p>}
      <LinkButton className="visit" to={standPagePath(slug, stand)} aria-label={t('exhibitors.visitLabel', { name: stand.name })}>
        {t('exhibitors.visit')}
      </LinkButton>
    </Card>
  );
};

/**
 * /plataforma/{slug}/expositores (issue 17, public): every stand of the event as a card — logo
 * (initials without one), name, tier, subtitle, the description's first lines and a link to the
 * stand, the same address as its booth. Tier order (master, silver, bronze), then position. The
 * search (name, subtitle, description; every word, no case or accents) and the tier filter are
 * kept in the address (?busca=&nivel=) and filter in the page. A signed-in client marks stands
 * as favourites (a heart on each card) and filters on them ('Favoritos', `?favoritos=1`; decision
 * 034, the twin of 'Minha agenda'); a visitor's heart leads to the soft login, which brings them
 * back here.
 */
export const ExhibitorDirectory = () => {
  const { t } = useTranslation();
  const { slug, eventId, event } = useDirectoryEvent();
  const stands = useEventStands(eventId);
  const [params] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const tierParam = params.get(TIER_PARAM) ?? '';
  const favouritesParam = params.get(FAVOURITES_PARAM) === '1';
  const searchBox = useRef<HTMLInputElement>(null);
  const ids = useId();
  // A client's heart toggles the stand; a visitor's goes to the soft login, and back here afterwards.
  const { query: favourites, marked, signedIn, toggle } = useFavourites(eventId);
  // 'Favoritos' means something only to a signed-in client; a visitor's shared link shows everything.
  const onlyFavourites = signedIn && favouritesParam;
  useDocumentTitle(t('exhibitors.title'));

  const all = useMemo(
    () =>
      sortStands(stands.data?.rows ?? []).map((stand) => ({
        stand,
        haystack: fold([stand.name, stand.subtitle, stand.description].join('\n')),
      })),
    [stands.data],
  );
  const tiers = useMemo(() => [...new Set(all.map(({ stand }) => stand.type))], [all]);
  // A tier the event has no stand of (an old link) filters nothing.
  const tier = tiers.includes(tierParam as Stand['type']) ? tierParam : '';

  const { update, reset } = useFiltersInAddress({ search, tier: tierParam, favourites: favouritesParam }, exhibitorParams);
  // The list follows the box at every key; the address a moment later.
  const box = useSearchBox(search, (text) => update({ search: text }));

  const words = searchWords(box.text);
  const shown = all.filter(
    (entry) =>
      (tier === '' || entry.stand.type === tier) && (!onlyFavourites || marked.has(entry.stand.id)) && matchesAll(entry.haystack, words),
  );
  const noneMarked = onlyFavourites && favourites.isSuccess && marked.size === 0;
  // While the favourites load, 'Favoritos' is not yet empty: neither empty state shows.
  const favouritesPending = onlyFavourites && favourites.isPending;

  const clear = () => {
    box.clear();
    reset({ search: '', tier: '', favourites: false });
    searchBox.current?.focus();
  };

  return (
    <DirectoryScreen
      width={1280}
      back={pagePath(slug, 'entrance')}
      title={t('exhibitors.title')}
      intro={event.data ? t('exhibitors.intro', { event: event.data.name }) : t('exhibitors.introNoEvent')}
      query={stands}
      empty={all.length === 0}
      emptyText={t('exhibitors.empty')}
    >
      <Filters label={t('exhibitors.filters')}>
        <label htmlFor={`${ids}-search`}>
          {t('exhibitors.search')}
          <DarkInput
            id={`${ids}-search`}
            ref={searchBox}
            type="search"
            value={box.text}
            onChange={(e) => box.setText(e.target.value)}
            maxLength={100}
            autoComplete="off"
          />
        </label>
        <label htmlFor={`${ids}-tier`}>
          {t('exhibitors.tier')}
          <DarkSelect id={`${ids}-tier`} value={tier} onChange={(e) => update({ tier: e.target.value })}>
            <option value="">{t('exhibitors.allTiers')}</option>
            {tiers.map((type) => (
              <option key={type} value={type}>
                {tierName(t, type)}
              </option>
            ))}
          </DarkSelect>
        </label>
        {signedIn && (
          <FilterToggle checked={onlyFavourites} onChange={(checked) => update({ favourites: checked })}>
            {t('exhibitors.favourites')}
          </FilterToggle>
        )}
      </Filters>
      <ResultCount>{t('exhibitors.count', { count: shown.length })}</ResultCount>

      {noneMarked ? (
        <NoMatch
          text={t('exhibitors.favouritesEmpty')}
          action={t('exhibitors.favouritesShowAll')}
          onAction={() => update({ favourites: false })}
        />
      ) : favouritesPending ? null : shown.length === 0 ? (
        <NoMatch text={t('exhibitors.noMatch')} action={t('exhibitors.clear')} onAction={clear} />
      ) : (
        <DirectoryCards $min={320}>
          {shown.map(({ stand }) => (
            <li key={stand.id}>
              <ExhibitorCard
                stand={stand}
                slug={slug}
                favourite={{ pressed: signedIn && marked.has(stand.id), signedIn, onToggle: () => toggle(stand.id) }}
              />
            </li>
          ))}
        </DirectoryCards>
      )}
    </DirectoryScreen>
  );
};
