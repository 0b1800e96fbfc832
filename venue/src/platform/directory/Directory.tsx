import type { FormEvent, ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { ImageSource } from '@plataforma/adapter';
import { responsiveImage } from '@plataforma/adapter/images';
import { useEvent, useEventId } from '../../shared/event/api';
import styled, { css } from 'styled-components';
import { Button } from '../../shared/ui/Button';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { BackButton } from '../halls/BackButton';
import { EmptyPanel, ListStates, type ListQuery } from './ListStates';
import { initials } from './search';

/**
 * The directory kit's parts (the programme, the speakers' and the exhibitors' directories): the
 * page with its way back, title, introduction and list states; the filters' form; the count
 * read out as it changes; the empty state with its way out; the grid of cards and their frame.
 * Each screen keeps only what is its own: its filters, its rows, its card.
 */

/** The event a directory lists (its slug, id and read), from the address. */
export const useDirectoryEvent = () => {
  const { slug = '' } = useParams();
  const eventId = useEventId();
  const event = useEvent(eventId);
  return { slug, eventId, event };
};

/** A card's picture, drawn 72 pixels wide (`className` shapes it), or the name's initials without one. */
export const CardPicture = ({
  className,
  image,
  sources,
  name,
}: {
  className: string;
  image: string | null;
  sources: readonly ImageSource[] | null | undefined;
  name: string;
}) =>
  image ? (
    <img className={className} {...responsiveImage(image, sources, '72px')} alt="" width={72} height={72} loading="lazy" />
  ) : (
    <span className="initials" aria-hidden="true">
      {initials(name)}
    </span>
  );

/**
 * A directory's page: the back button (to `back` when there is no history), the title, the
 * introduction, then the spinner, the failure or the empty list's words (`ListStates`), and the
 * directory itself (`children`) once the list has rows.
 */
export const DirectoryScreen = ({
  className,
  width,
  back,
  title,
  intro,
  query,
  empty,
  emptyText,
  children,
}: {
  className?: string;
  width: number;
  back: string;
  title: string;
  intro: ReactNode;
  query: ListQuery;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) => (
  <ScreenPage className={className} $width={width}>
    <div className="wrap">
      <BackButton fallback={back} />
      <h1>{title}</h1>
      <p className="intro">{intro}</p>
      <ListStates query={query} empty={empty} emptyText={emptyText} />
      {query.isSuccess && !empty && children}
    </div>
  </ScreenPage>
);

/** The filters' form: a search landmark whose fields filter as they change (nothing is submitted). */
const FiltersForm = styled.form`
  display: grid;
  gap: 12px;
  align-items: end;
  margin: 20px 0 8px;
  label {
    display: grid;
    gap: 6px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  label.toggle {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
    cursor: pointer;
  }
  label.toggle input {
    width: 20px;
    height: 20px;
    accent-color: ${({ theme }) => theme.colors.primaryLight};
  }
`;

const preventSubmit = (event: FormEvent) => event.preventDefault();

/** A directory's filters (`className` lays out its columns). */
export const DirectoryFilters = ({ className, label, children }: { className?: string; label: string; children: ReactNode }) => (
  <FiltersForm className={className} role="search" aria-label={label} onSubmit={preventSubmit}>
    {children}
  </FiltersForm>
);

/** A filter that is a checkbox beside its words ('Favoritos', 'Minha agenda'). */
export const FilterToggle = ({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) => (
  <label className="toggle">
    <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
    {children}
  </label>
);

/** How many rows the filters leave, read out as it changes. */
export const ResultCount = ({ children }: { children: ReactNode }) => (
  <p className="intro" aria-live="polite">
    {children}
  </p>
);

/** An empty result and the way out of it ('Limpar filtros', 'Mostrar todos'). */
export const NoMatch = ({ text, action, onAction }: { text: string; action: string; onAction: () => void }) => (
  <EmptyPanel>
    <p>{text}</p>
    <Button type="button" onClick={onAction}>
      {action}
    </Button>
  </EmptyPanel>
);

/** The grid of a directory's cards, each at least `$min` pixels wide (the whole width on a phone). */
export const DirectoryCards = styled.ul<{ $min: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min }) => $min}px), 1fr));
  gap: 16px;
  > li {
    display: flex;
    min-width: 0;
  }
`;

/**
 * A directory card's frame: the panel, its header (a 72-pixel picture or its initials beside the
 * name), the name and the link at the card's foot (`.visit`).
 */
export const directoryCard = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  width: 100%;
  min-width: 0;
  padding: 18px;
  border-radius: 14px;
  background: rgba(255, 255, 255, 0.06);
  border: 1px solid rgba(255, 255, 255, 0.12);
  overflow-wrap: anywhere;
  header {
    display: grid;
    gap: 14px;
    align-items: center;
  }
  .initials {
    display: grid;
    place-items: center;
    width: 72px;
    height: 72px;
    background: #3a2a20;
    color: #ffe6d3;
    font-size: 1.5rem;
    font-weight: 700;
    letter-spacing: 0.04em;
  }
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
  .visit {
    margin-top: auto;
    align-self: start;
  }
`;
