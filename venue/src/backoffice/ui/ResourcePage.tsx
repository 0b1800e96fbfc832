import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { CrudToolbar } from './CrudToolbar';
import type { Column, ListQuery } from './DataTable';
import { ListPage } from './ListPage';
import { useResourceActions } from './useResourceActions';

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
}: {
  title: string;
  columns: Column<Row>[];
  listQuery: ListQuery<Row, Key>;
  searchPlaceholder: string;
  addLabel: string;
  confirmDeleteText: (count: number) => string;
  /** Deletes rows by id (the feature's delete mutation). */
  remove: (ids: number[]) => Promise<{ msg: string }>;
  Editor: (props: EditorProps<Row>) => ReactNode;
}) => {
  const { saved, confirmDelete } = useResourceActions();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  return (
    <>
      <ListPage
        title={title}
        listQuery={listQuery}
        columns={columns}
        searchPlaceholder={searchPlaceholder}
        selectable
        onRowClick={(row) => setEditing(row)}
        toolbar={(selected, clear) => (
          <CrudToolbar
            selected={selected}
            addLabel={addLabel}
            onAdd={() => setEditing(null)}
            onDelete={() => confirmDelete(confirmDeleteText(selected.length), () => remove(selected), clear)}
          />
        )}
      />
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
