import { categoryInputSchema, type Category } from '@plataforma/adapter';
import { useBackofficeTranslation } from '../i18n';
import type { Column } from '../ui/DataTable';
import { TextArea, TextField } from '../ui/Form';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { useSchemaForm } from '../ui/useSchemaForm';
import { categoriesListQuery, useDeleteCategories, useSaveCategory } from './api';

const CategoryModal = ({ row: category, onClose, onSaved }: EditorProps<Category>) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveCategory();
  const { form, error, submitting, submit } = useSchemaForm(categoryInputSchema, {
    name: category?.name ?? '',
    description: category?.description ?? '',
  });

  const onSubmit = submit(async ({ name, description }) => {
    const answer = await save.mutateAsync({ id: category?.id, input: { name, description: description || null } });
    onSaved(answer.msg);
  });

  return (
    <FormModal
      title={category ? t('categories.edit') : t('categories.add')}
      editing={Boolean(category)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <TextField label={t('categories.fields.name')} required {...form.register('name')} />
      <TextArea label={t('categories.fields.description')} rows={4} {...form.register('description')} />
    </FormModal>
  );
};

/** /cms/categorias (admin). */
export const CategoriesPage = () => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteCategories();
  const columns: Column<Category>[] = [
    { key: 'id', label: t('categories.columns.id'), sortable: true },
    { key: 'name', label: t('categories.columns.name'), sortable: true },
    {
      key: 'description',
      label: t('categories.columns.description'),
      sortable: true,
      secondary: true,
      render: (c) => c.description ?? '',
    },
  ];
  return (
    <ResourcePage
      title={t('categories.title')}
      columns={columns}
      listQuery={categoriesListQuery}
      searchPlaceholder={t('categories.search')}
      addLabel={t('categories.add')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('categories.confirmDelete', { name: rows[0].name }) : t('categories.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={CategoryModal}
    />
  );
};
