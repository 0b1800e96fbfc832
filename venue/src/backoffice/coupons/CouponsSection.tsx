import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { couponInputSchema, type Coupon } from '@plataforma/adapter';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import type { Column, TableQuery } from '../ui/DataTable';
import { CheckboxField, MaskedField, MoneyField, TextField } from '../ui/Form';
import { formatDay, formatReais, moneyInput } from '../ui/format';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { useSchemaForm } from '../ui/useSchemaForm';
import { couponsListQuery, useDeleteCoupons, useSaveCoupon } from './api';

/** A coupon code as it is typed (SPEC §5): upper case, and no spaces. */
export const couponCode = (value: string): string => value.toUpperCase().replace(/\s+/g, '');

const Row2 = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
`;

/** A coupon's discount as the table shows it: '10%' or 'R$ 25,00'. */
const discountOf = (coupon: Coupon): string =>
  coupon.percent === 1 ? `${Number(coupon.value).toLocaleString('pt-BR')}%` : formatReais(coupon.value);

/** The coupon modal: code, the discount in R$ or %, how many uses are left, the last day it is valid. */
const CouponModal = ({ row: coupon, eventId, onClose, onSaved }: EditorProps<Coupon> & { eventId: number }) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveCoupon();
  const { form, error, submitting, submit } = useSchemaForm(couponInputSchema, {
    eventId,
    code: coupon?.code ?? '',
    value: moneyInput(coupon?.value),
    percent: coupon?.percent === 1,
    amount: coupon ? String(coupon.amount) : '',
    expiresAt: coupon?.expiresAt ?? '',
  });
  const percent = Boolean(form.watch('percent'));
  const onSubmit = submit(async ({ eventId: _event, ...fields }) => {
    const answer = await save.mutateAsync(coupon ? { id: coupon.id, input: fields } : { input: { eventId, ...fields } });
    onSaved(answer.msg);
  });
  return (
    <FormModal
      title={coupon ? t('coupons.edit') : t('coupons.add')}
      editing={Boolean(coupon)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <MaskedField
        control={form.control}
        name="code"
        mask={couponCode}
        label={t('coupons.fields.code')}
        required
        hint={t('coupons.fields.codeHint')}
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={Boolean(form.formState.errors.code)}
      />
      <CheckboxField label={t('coupons.fields.percent')} {...form.register('percent')} />
      <Row2>
        <MoneyField
          label={t('coupons.fields.value')}
          unit={percent ? '%' : 'R$'}
          required
          aria-invalid={Boolean(form.formState.errors.value)}
          {...form.register('value')}
        />
        <TextField
          label={t('coupons.fields.amount')}
          inputMode="numeric"
          aria-invalid={Boolean(form.formState.errors.amount)}
          {...form.register('amount')}
        />
      </Row2>
      <TextField
        label={t('coupons.fields.expiresAt')}
        type="date"
        hint={t('coupons.fields.expiresAtHint')}
        aria-invalid={Boolean(form.formState.errors.expiresAt)}
        {...form.register('expiresAt')}
      />
    </FormModal>
  );
};

/** 'Cupons' (admin): the event's discount coupons. */
export const CouponsSection = ({ eventId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteCoupons();
  const id = eventId ?? 0;
  const listQuery = useCallback((query: TableQuery) => couponsListQuery(query, { eventId: id }), [id]);
  const Editor = useMemo(() => {
    const EventCouponModal = (props: EditorProps<Coupon>) => <CouponModal {...props} eventId={id} />;
    return EventCouponModal;
  }, [id]);
  if (eventId === null) return null;

  const columns: Column<Coupon>[] = [
    { key: 'code', label: t('coupons.columns.code'), sortable: true },
    { key: 'value', label: t('coupons.columns.value'), render: discountOf },
    { key: 'amount', label: t('coupons.columns.amount') },
    {
      key: 'expiresAt',
      label: t('coupons.columns.expiresAt'),
      sortable: true,
      render: (coupon) => (coupon.expiresAt ? formatDay(coupon.expiresAt) : t('coupons.noExpiry')),
    },
  ];

  return (
    <ResourcePage
      embedded
      title={t('coupons.title')}
      columns={columns}
      listQuery={listQuery}
      searchPlaceholder={t('coupons.search')}
      addLabel={t('coupons.add')}
      emptyText={t('coupons.empty')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('coupons.confirmDelete', { code: rows[0].code }) : t('coupons.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={Editor}
    />
  );
};
