import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { LIST_LIMIT_DEFAULT, PAGE_SIZE_OPTIONS, type ApiError, type ListOrder, type ListResult } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { Spinner } from '../../shared/ui/Spinner';
import { ErrorAlert } from './Form';
import { useBackofficeTranslation } from '../i18n';

export interface Column<Row> {
  key: string;
  label: string;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  /** Hidden on small screens. */
  secondary?: boolean;
}

/** The table's state as the list endpoints read it: page, size, order and search. */
export interface TableQuery {
  limit: number;
  offset: number;
  search?: string;
  order?: ListOrder;
}

/** A feature's list query for a table state (its `xxxListQuery`): key and fetcher together. */
export type ListQuery<Row, Key extends QueryKey = QueryKey> = (
  query: TableQuery,
) => UseQueryOptions<ListResult<Row>, ApiError, ListResult<Row>, Key>;

export interface DataTableProps<Row extends { id: number }, Key extends QueryKey> {
  /** The rows of a table state; the feature's mutations invalidate its keys to reload the table. */
  listQuery: ListQuery<Row, Key>;
  columns: Column<Row>[];
  searchPlaceholder: string;
  emptyText?: string;
  selectable?: boolean;
  onRowClick?: (row: Row) => void;
  /** Buttons above the table; receives the selected ids (and those rows, as loaded). */
  toolbar?: (selected: number[], clearSelection: () => void, selectedRows: Row[]) => ReactNode;
  caption: string;
  /** What shows instead of the empty text when there are no rows and no search (an empty state with its action). */
  empty?: ReactNode;
  /** 'grid' shows the rows as cards (`renderCard`), with the same search, order (a select) and paging. */
  layout?: 'table' | 'grid';
  /** A row as a card of the grid (4 per row on large screens, SPEC §9). */
  renderCard?: (row: Row) => ReactNode;
}

const Wrap = styled.section`
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 2px 10px rgba(29, 26, 24, 0.06);
  overflow: hidden;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  padding: 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  input[type='search'] {
    font: inherit;
    padding: 9px 12px;
    min-width: min(320px, 100%);
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  .actions {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  caption {
    text-align: left;
  }
  th,
  td {
    padding: 12px 16px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }
  th {
    font-size: 0.82rem;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  th button {
    all: unset;
    cursor: pointer;
    display: inline-flex;
    gap: 4px;
    align-items: center;
  }
  th button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
  }
  tbody tr.clickable {
    cursor: pointer;
  }
  tbody tr.clickable:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  td.empty {
    text-align: center;
    padding: 40px 16px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: 639px) {
    .secondary {
      display: none;
    }
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  justify-content: flex-end;
  padding: 12px 16px;
  font-size: 0.9rem;
  select {
    font: inherit;
    padding: 4px 8px;
  }
  button {
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: #fff;
    border-radius: ${({ theme }) => theme.radius};
    padding: 6px 12px;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 16px;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  @media (min-width: 1024px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  li.empty {
    grid-column: 1 / -1;
    text-align: center;
    padding: 24px 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const readOrder = (value: string | null): ListOrder | undefined => {
  if (!value) return undefined;
  const [field, direction] = value.split(':');
  return field && (direction === 'asc' || direction === 'desc') ? { field, direction } : undefined;
};

/**
 * The one table of the back office: server-side paging, sorting and search (SPEC §2.3),
 * page sizes 10/20/50/100, row selection, loading and empty states. Page, size, order and
 * search live in the URL, so a reload or a shared link shows the same rows.
 */
export const DataTable = <Row extends { id: number }, Key extends QueryKey>({
  listQuery,
  columns,
  searchPlaceholder,
  emptyText,
  selectable,
  onRowClick,
  toolbar,
  caption,
  empty,
  layout = 'table',
  renderCard,
}: DataTableProps<Row, Key>) => {
  const { t } = useBackofficeTranslation();
  const [params, setParams] = useSearchParams();
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeParam) ? sizeParam : LIST_LIMIT_DEFAULT;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const order = readOrder(params.get('order'));
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  const [selected, setSelected] = useState<number[]>([]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // Search after a short pause in typing; a new search starts at page 1.
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => update({ search: draft.trim() || null, page: null }), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  const query: TableQuery = useMemo(
    () => ({ limit: size, offset: (page - 1) * size, search: search || undefined, order }),
    [size, page, search, order],
  );
  const result = useQuery({ ...listQuery(query), placeholderData: keepPreviousData });

  useEffect(() => setSelected([]), [result.data]);

  const rows = result.data?.rows ?? [];
  const count = result.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / size));
  const from = count === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(count, page * size);
  const allSelected = rows.length > 0 && rows.every((row) => selected.includes(row.id));

  const emptyContent = search ? t('table.emptySearch', { search }) : (empty ?? emptyText ?? t('table.empty'));
  const sortable = columns.filter((column) => column.sortable);

  const sortBy = (key: string) => {
    const direction = order?.field === key && order.direction === 'asc' ? 'desc' : 'asc';
    update({ order: `${key}:${direction}`, page: null });
  };

  return (
    <Wrap>
      <Bar>
        <input
          type="search"
          value={draft}
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          onChange={(event) => setDraft(event.target.value)}
        />
        {layout === 'grid' && sortable.length > 0 && (
          <label>
            {t('table.orderBy')}{' '}
            <select
              value={order ? `${order.field}:${order.direction}` : ''}
              onChange={(event) => update({ order: event.target.value || null, page: null })}
            >
              <option value="">{t('table.orderDefault')}</option>
              {sortable.flatMap((column) =>
                (['asc', 'desc'] as const).map((direction) => (
                  <option key={`${column.key}:${direction}`} value={`${column.key}:${direction}`}>
                    {t(`table.order.${direction}`, { column: column.label })}
                  </option>
                )),
              )}
            </select>
          </label>
        )}
        <div className="actions">
          {toolbar?.(
            selected,
            () => setSelected([]),
            rows.filter((row) => selected.includes(row.id)),
          )}
        </div>
      </Bar>
      {result.error && <ErrorAlert style={{ margin: 16 }}>{messageText(result.error.msg)}</ErrorAlert>}
      {layout === 'grid' && renderCard ? (
        <Grid aria-label={caption} aria-busy={result.isFetching}>
          {result.isPending ? (
            <li className="empty">
              <Spinner label={t('table.loading')} />
            </li>
          ) : rows.length === 0 ? (
            <li className="empty">{emptyContent}</li>
          ) : (
            rows.map((row) => <li key={row.id}>{renderCard(row)}</li>)
          )}
        </Grid>
      ) : (
        <Scroll>
          <Table aria-busy={result.isFetching}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {selectable && (
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t('table.selectAll')}
                      checked={allSelected}
                      onChange={() => setSelected(allSelected ? [] : rows.map((row) => row.id))}
                    />
                  </th>
                )}
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.secondary ? 'secondary' : undefined}
                    aria-sort={order?.field === column.key ? (order.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortable ? (
                      <button type="button" onClick={() => sortBy(column.key)} aria-label={t('table.sortBy', { column: column.label })}>
                        {column.label}
                        <span aria-hidden="true">{order?.field === column.key ? (order.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.isPending ? (
                <tr>
                  <td className="empty" colSpan={columns.length + (selectable ? 1 : 0)}>
                    <Spinner label={t('table.loading')} />
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td className="empty" colSpan={columns.length + (selectable ? 1 : 0)}>
                    {emptyContent}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr
                    key={row.id}
                    className={onRowClick ? 'clickable' : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => (event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget && onRowClick(row)
                        : undefined
                    }
                    tabIndex={onRowClick ? 0 : undefined}
                  >
                    {selectable && (
                      <td onClick={(event) => event.stopPropagation()}>
                        <input
                          type="checkbox"
                          aria-label={t('table.selectRow', { id: row.id })}
                          checked={selected.includes(row.id)}
                          onChange={() =>
                            setSelected((current) =>
                              current.includes(row.id) ? current.filter((id) => id !== row.id) : [...current, row.id],
                            )
                          }
                        />
                      </td>
                    )}
                    {columns.map((column) => (
                      <td key={column.key} className={column.secondary ? 'secondary' : undefined}>
                        {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </Scroll>
      )}
      <Footer>
        <label>
          {t('table.rowsPerPage')}{' '}
          <select value={size} onChange={(event) => update({ size: event.target.value, page: null })}>
            {PAGE_SIZE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <span aria-live="polite">{t('table.range', { from, to, count })}</span>
        <button
          type="button"
          disabled={page <= 1}
          onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}
          aria-label={t('table.previous')}
        >
          ‹
        </button>
        <button type="button" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })} aria-label={t('table.next')}>
          ›
        </button>
      </Footer>
    </Wrap>
  );
};
