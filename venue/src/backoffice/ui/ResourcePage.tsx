import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { QueryKey } from '@tanstack/react-query';
import { CrudToolbar } from './CrudToolbar';
import { DataTable, type Column, type ListQuery } from './DataTable';
import { ListPage } from './ListPage';
import { useResourceActions } from './useResourceActions';
import { useBackofficeTranslation } from '../i18n';

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

/** What a list screen's add/edit modal gets: the row (null to add), how to close, and what to do once saved. */
export interface EditorProps<Row> {
  row: Row | null;
  onClose: () => void;
  /** The server's message of the save: the modal closes and it shows as a toast. */
  onSaved: (msg: string) => void;
}

/**
 * A list screen whose rows are added, edited and deleted (SPEC §2.3): the title, the table with
 * 'Excluir selecionados' (after 'Aviso') and the add button, and the add/edit modal a row opens.
 * `embedded` leaves out the page's heading: the table of a section of a page (the event editor's
 * accordion), captioned with the title.
 */
export const ResourcePage = <Row extends { id: number }, Key extends QueryKey>({
  title,
  columns,
  listQuery,
  searchPlaceholder,
  addLabel,
  confirmDeleteText,
  remove,
  Editor,
  embedded,
  emptyText,
  rowActions,
  actions,
}: {
  title: string;
  columns: Column<Row>[];
  listQuery: ListQuery<Row, Key>;
  searchPlaceholder: string;
  addLabel: string;
  /** The confirmation's text for the selected rows (those loaded on the page). */
  confirmDeleteText: (count: number, rows: Row[]) => string;
  /** Deletes rows by id (the feature's delete mutation). */
  remove: (ids: number[]) => Promise<{ msg: string }>;
  Editor: (props: EditorProps<Row>) => ReactNode;
  embedded?: boolean;
  emptyText?: string;
  /** The buttons and links of a row's 'Ações' column; `edit` opens its modal. */
  rowActions?: (row: Row, edit: () => void) => ReactNode;
  /** More buttons of the toolbar, before delete and add (the clients' export). */
  actions?: ReactNode;
}) => {
  const { t } = useBackofficeTranslation();
  const { saved, confirmDelete } = useResourceActions();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const table = {
    listQuery,
    columns: rowActions
      ? [
          ...columns,
          {
            key: 'actions',
            label: t('table.actions'),
            render: (row: Row) => (
              // The row's own click edits it too: the buttons here do their own thing only.
              <RowActions onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                {rowActions(row, () => setEditing(row))}
              </RowActions>
            ),
          },
        ]
      : columns,
    searchPlaceholder,
    emptyText,
    selectable: true,
    onRowClick: (row: Row) => setEditing(row),
    toolbar: (selected: number[], clear: () => void, rows: Row[]) => (
      <>
        {actions}
        <CrudToolbar
          selected={selected}
          addLabel={addLabel}
          onAdd={() => setEditing(null)}
          onDelete={() => confirmDelete(confirmDeleteText(selected.length, rows), () => remove(selected), clear)}
        />
      </>
    ),
  };
  return (
    <>
      {embedded ? <DataTable caption={title} {...table} /> : <ListPage title={title} {...table} />}
      {editing !== undefined && (
        <Editor
          row={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(msg) => {
            setEditing(undefined);
            saved(msg);
          }}
        />
      )}
    </>
  );
};
