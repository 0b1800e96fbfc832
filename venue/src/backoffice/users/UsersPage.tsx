import { formatDateTime, STAFF_ROLES, staffUserInputSchema, type StaffUser } from '@plataforma/adapter';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import type { Column } from '../ui/DataTable';
import { digitsOnly, InfoNote, MaskedField, maskPhone, SelectField, TextField } from '../ui/Form';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { useSchemaForm } from '../ui/useSchemaForm';
import { useDeleteUsers, usersListQuery, useSaveUser, type UserPayload } from './api';

const ddiDigits = digitsOnly(4);

const UserModal = ({ row: user, onClose, onSaved }: EditorProps<StaffUser>) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveUser();
  const { form, error, submitting, submit } = useSchemaForm(staffUserInputSchema, {
    name: user?.name ?? '',
    email: user?.email ?? '',
    ddi: user?.ddi ?? '55',
    phone: user ? maskPhone(`${user.ddd ?? ''}${user.phone ?? ''}`) : '',
    role: user?.role,
  });

  const submitWith = (extra: Pick<UserPayload, 'loginLocked'> = {}) =>
    submit(async (values) => {
      const answer = await save.mutateAsync({ id: user?.id, input: { ...values, ...extra } });
      onSaved(answer.msg);
    });

  return (
    <FormModal
      title={user ? t('users.edit') : t('users.add')}
      editing={Boolean(user)}
      onSubmit={submitWith()}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      {!user && <InfoNote>{t('users.createdHint')}</InfoNote>}
      {user?.loginLocked && (
        <InfoNote>
          {t('users.locked')}{' '}
          <Button type="button" $variant="ghost" disabled={submitting} onClick={submitWith({ loginLocked: false })}>
            {t('users.unlock')}
          </Button>
        </InfoNote>
      )}
      <TextField label={t('users.fields.name')} required {...form.register('name')} />
      <TextField label={t('users.fields.email')} type="email" required {...form.register('email')} />
      <div style={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: 12 }}>
        <MaskedField control={form.control} name="ddi" mask={ddiDigits} label={t('users.fields.ddi')} required inputMode="numeric" />
        <MaskedField
          control={form.control}
          name="phone"
          mask={maskPhone}
          label={t('users.fields.phone')}
          required
          inputMode="tel"
          placeholder="(99) 9 9999-9999"
        />
      </div>
      {/* No role until one is picked: '—' shows, and saving without one is refused. */}
      <SelectField label={t('users.fields.role')} required defaultValue="" {...form.register('role')}>
        <option value="" disabled>
          —
        </option>
        {STAFF_ROLES.map((value) => (
          <option key={value} value={value}>
            {t(`users.roles.${value}`)}
          </option>
        ))}
      </SelectField>
    </FormModal>
  );
};

/** /cms/usuarios (admin). */
export const UsersPage = () => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteUsers();
  const columns: Column<StaffUser>[] = [
    { key: 'id', label: t('users.columns.id'), sortable: true },
    { key: 'name', label: t('users.columns.name'), sortable: true },
    { key: 'email', label: t('users.columns.email'), sortable: true },
    {
      key: 'phone',
      label: t('users.columns.phone'),
      secondary: true,
      render: (u) => (u.phone ? maskPhone(`${u.ddd ?? ''}${u.phone}`) : ''),
    },
    { key: 'role', label: t('users.columns.role'), sortable: true, render: (u) => t(`users.roles.${u.role}`) },
    {
      key: 'createdAt',
      label: t('users.columns.createdAt'),
      sortable: true,
      secondary: true,
      render: (u) => formatDateTime(u.createdAt),
    },
  ];

  return (
    <ResourcePage
      title={t('users.title')}
      columns={columns}
      listQuery={usersListQuery}
      searchPlaceholder={t('users.search')}
      addLabel={t('users.add')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('users.confirmDelete', { name: rows[0].name }) : t('users.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={UserModal}
    />
  );
};
