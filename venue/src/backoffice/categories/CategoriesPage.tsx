import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { DataTable, type Column } from '../ui/DataTable';
import { ErrorAlert, TextArea, TextField } from '../ui/Form';
import { Modal, ModalActions } from '../ui/Modal';
import { PageHeader } from '../ui/PageHeader';
import { CrudToolbar } from '../ui/CrudToolbar';
import { useResourceActions } from '../ui/useResourceActions';
import { useSubmit } from '../ui/useSubmit';

const categories = api.cms.resource<Category, { name: string; description: string | null }>('/categories');
const KEY = 'categories';

const CategoryModal = ({
  category,
  onClose,
  onSaved,
}: {
  category: Category | null;
  onClose: () => void;
  onSaved: (msg: string) => void;
}) => {
  const { t } = useTranslation();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const { error, submitting, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const input = { name, description: description.trim() || null };
      const answer = category ? await categories.update(category.id, input) : await categories.create(input);
      onSaved(answer.msg);
    });
  };

  return (
    <Modal
      title={category ? t('backoffice.categories.edit') : t('backoffice.categories.add')}
      subtitle={t('backoffice.form.required')}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextField
          label={t('backoffice.categories.fields.name')}
          required
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextArea
          label={t('backoffice.categories.fields.description')}
          rows={4}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <ModalActions>
          <Button type="button" $variant="ghost" onClick={onClose}>
            {t('backoffice.form.cancel')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? t('backoffice.form.saving') : category ? t('backoffice.form.update') : t('backoffice.form.save')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
};

/** /cms/categorias (admin). */
export const CategoriesPage = () => {
  const { t } = useTranslation();
  const { saved, confirmDelete } = useResourceActions(KEY);
  const [editing, setEditing] = useState<Category | null | undefined>(undefined);
  const columns: Column<Category>[] = [
    { key: 'id', label: t('backoffice.categories.columns.id'), sortable: true },
    { key: 'name', label: t('backoffice.categories.columns.name'), sortable: true },
    {
      key: 'description',
      label: t('backoffice.categories.columns.description'),
      sortable: true,
      secondary: true,
      render: (c) => c.description ?? '',
    },
  ];
  return (
    <>
      <PageHeader title={t('backoffice.categories.title')} />
      <DataTable<Category>
        queryKey={KEY}
        caption={t('backoffice.categories.title')}
        fetch={(query) => categories.list(query)}
        columns={columns}
        searchPlaceholder={t('backoffice.categories.search')}
        selectable
        onRowClick={(category) => setEditing(category)}
        toolbar={(selected, clear) => (
          <CrudToolbar
            selected={selected}
            addLabel={t('backoffice.categories.add')}
            onAdd={() => setEditing(null)}
            onDelete={() =>
              confirmDelete(t('backoffice.categories.confirmDelete', { count: selected.length }), () => categories.remove(selected), clear)
            }
          />
        )}
      />
      {editing !== undefined && (
        <CategoryModal
          category={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(msg) => {
            setEditing(undefined);
            void saved(msg);
          }}
        />
      )}
    </>
  );
};
