import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { ApiError, ListResult } from '@plataforma/adapter';

/** How long typing pauses before the rows are searched. */
export const SEARCH_DELAY_MS = 300;

const Combo = styled.div`
  position: relative;
  input {
    width: 100%;
  }
  ul[role='listbox'] {
    position: absolute;
    z-index: 2;
    left: 0;
    right: 0;
    margin: 4px 0 0;
    padding: 4px 0;
    list-style: none;
    background: #fff;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12);
    max-height: 240px;
    overflow: auto;
  }
  li {
    padding: 8px 12px;
    cursor: pointer;
  }
  li[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
  li small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .note {
    position: absolute;
    z-index: 2;
    left: 0;
    right: 0;
    margin: 4px 0 0;
    padding: 8px 12px;
    background: #fff;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface SearchPickerProps<Row extends { id: number }, Key extends QueryKey> {
  /** The id of the field (its label's `htmlFor`). */
  inputId: string;
  required?: boolean;
  /** The rows of a search (the feature's list query; blank searches everything). */
  optionsQuery: (search: string) => UseQueryOptions<ListResult<Row>, ApiError, ListResult<Row>, Key>;
  /** Narrows the rows offered (those already chosen elsewhere). */
  offer?: (row: Row) => boolean;
  /** A row's text in the field once picked, and its first line in the list. */
  textOf: (row: Row) => string;
  /** A row's second line in the list (an e-mail). */
  detailOf?: (row: Row) => string;
  picked: Row | null;
  onPick: (row: Row | null) => void;
  placeholder: string;
  hint: string;
  /** The list's name for readers. */
  listLabel: string;
  searchingText: string;
  noneText: string;
}

/**
 * A search-as-you-type combobox over a list endpoint: the rows of what was typed after a pause;
 * picking one (click, or arrows and Enter) fills the field; typing again drops the pick. Escape
 * closes the list only, not the modal around it.
 */
export const SearchPicker = <Row extends { id: number }, Key extends QueryKey>({
  inputId,
  required,
  optionsQuery,
  offer,
  textOf,
  detailOf,
  picked,
  onPick,
  placeholder,
  hint,
  listLabel,
  searchingText,
  noneText,
}: SearchPickerProps<Row, Key>) => {
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const rows = useQuery({ ...optionsQuery(search), enabled: open });
  const candidates = (rows.data?.rows ?? []).filter((row) => !offer || offer(row));
  const shown = open && !picked;
  // The list is there only with options in it (a listbox holds options only); else a note says why.
  const listed = shown && !rows.isPending && candidates.length > 0;
  const activeIndex = Math.min(active, candidates.length - 1);

  const pick = (row: Row) => {
    onPick(row);
    setText(textOf(row));
    setOpen(false);
  };

  return (
    <Combo>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-required={required}
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={`${id}-list`}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={listed && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        placeholder={placeholder}
        value={text}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (picked) onPick(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive(Math.min(activeIndex + 1, candidates.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(Math.max(activeIndex - 1, 0));
          } else if (event.key === 'Enter' && listed) {
            event.preventDefault();
            const row = candidates[activeIndex];
            if (row) pick(row);
          } else if (event.key === 'Escape' && shown) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <small id={`${id}-hint`}>{hint}</small>
      {shown && !listed && (
        <p className="note" role="status">
          {rows.isPending ? searchingText : noneText}
        </p>
      )}
      {listed && (
        <ul role="listbox" id={`${id}-list`} aria-label={listLabel}>
          {candidates.map((row, index) => (
            <li
              key={row.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown, not click: the pick happens before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(row);
              }}
            >
              {textOf(row)}
              {detailOf && <small>{detailOf(row)}</small>}
            </li>
          ))}
        </ul>
      )}
    </Combo>
  );
};
