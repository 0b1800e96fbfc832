import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { productInputSchema, type Product } from '@plataforma/adapter';
import { toFormData } from '@plataforma/adapter/client';
import { Button } from '../../shared/ui/Button';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import { StandSelect } from '../stands/StandSelect';
import type { Column } from '../ui/DataTable';
import { FileField, useFileField } from '../ui/FileField';
import { InfoNote, MoneyField, TextArea, TextField } from '../ui/Form';
import { formatReais, moneyInput } from '../ui/format';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useSchemaForm } from '../ui/useSchemaForm';
import { productsListQuery, useDeleteProducts, useSaveProduct } from './api';

/** What the product form edits beside its image. */
const schema = productInputSchema.omit({ standId: true, removeImage: true });

const Thumb = styled.img`
  display: block;
  width: 64px;
  height: 48px;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: 4px;
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 0 12px;
`;

/**
 * The product or service modal: image, title, description, price and discount in reais (R$),
 * installments, and the call to action's label and link.
 */
const ProductModal = ({ row: product, standId, onClose, onSaved }: EditorProps<Product> & { standId: number }) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveProduct();
  const upload = useUpload();
  const image = useFileField(product?.image);
  const { form, error, submitting, submit } = useSchemaForm(schema, {
    title: product?.title ?? '',
    description: product?.description ?? '',
    price: moneyInput(product?.price),
    discount: moneyInput(product?.discount),
    installments: product?.installments ?? 1,
    ctaLabel: product?.ctaLabel ?? '',
    ctaLink: product?.ctaLink ?? '',
  });

  const onSubmit = submit(async (values) => {
    const input = toFormData({ ...(product ? {} : { standId }), ...values, ...image.payload('image', 'removeImage') });
    const answer = await upload.track((options) => save.mutateAsync({ id: product?.id, input, upload: options }));
    onSaved(answer.msg);
  });

  return (
    <FormModal
      title={product ? t('products.edit') : t('products.add')}
      editing={Boolean(product)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <FileField
        label={t('products.fields.image')}
        kind="image"
        hint={t('products.imageHint')}
        {...image.field}
        chooseLabel={t('products.fields.upload')}
        removeLabel={t('products.fields.removeImage')}
        disabled={upload.uploading}
      />
      <TextField label={t('products.fields.title')} required {...form.register('title')} />
      <TextArea label={t('products.fields.description')} required rows={4} {...form.register('description')} />
      <Pair>
        <MoneyField label={t('products.fields.price')} hint={t('products.moneyHint')} {...form.register('price')} />
        <MoneyField label={t('products.fields.discount')} hint={t('products.moneyHint')} {...form.register('discount')} />
      </Pair>
      <TextField
        label={t('products.fields.installments')}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        {...form.register('installments')}
      />
      <Pair>
        <TextField label={t('products.fields.ctaLabel')} hint={t('products.ctaHint')} {...form.register('ctaLabel')} />
        <TextField label={t('products.fields.ctaLink')} type="url" placeholder="https://" {...form.register('ctaLink')} />
      </Pair>
      <UploadProgress fraction={upload.fraction} onCancel={upload.cancel} />
    </FormModal>
  );
};

/** One stand's products: image, title, price, discount; add, edit, delete the selected after 'Aviso'. */
const StandProducts = ({ standId }: { standId: number }) => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteProducts();
  // One editor component per stand: a new one each render would remount the open modal.
  const Editor = useMemo(() => (props: EditorProps<Product>) => <ProductModal {...props} standId={standId} />, [standId]);
  const columns: Column<Product>[] = [
    {
      key: 'image',
      label: t('products.columns.image'),
      render: (p) => (p.image ? <Thumb src={p.image} alt={t('products.imageOf', { title: p.title })} loading="lazy" /> : ''),
    },
    { key: 'title', label: t('products.columns.title'), sortable: true },
    { key: 'price', label: t('products.columns.price'), sortable: true, render: (p) => formatReais(p.price) },
    { key: 'discount', label: t('products.columns.discount'), render: (p) => formatReais(p.discount) },
  ];
  return (
    <ResourcePage
      embedded
      title={t('products.title')}
      columns={columns}
      listQuery={(query) => productsListQuery(query, { standId })}
      searchPlaceholder={t('products.search')}
      emptyText={t('products.empty')}
      addLabel={t('products.add')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('products.confirmDelete', { title: rows[0].title }) : t('products.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={Editor}
      rowActions={(product, edit) => (
        <Button type="button" $variant="ghost" onClick={edit} aria-label={t('products.actions.editOf', { title: product.title })}>
          {t('products.actions.edit')}
        </Button>
      )}
    />
  );
};

/**
 * The event editor's 'Produtos e serviços' section (admin): the 'Estande' selector and, once a
 * stand is chosen, its products and services.
 */
export const ProductsSection = ({ eventId, standId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const [selected, setSelected] = useState<number | null>(standId ?? null);
  if (eventId === null) return <InfoNote>{t('products.noEvent')}</InfoNote>;
  return (
    <>
      <StandSelect eventId={eventId} value={selected} onChange={setSelected} hint={t('products.standHint')} />
      {selected !== null && <StandProducts key={selected} standId={selected} />}
    </>
  );
};
