import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole, type StaffUser } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { DataTable, type Column } from '../ui/DataTable';
import { ErrorAlert, InfoNote, maskPhone, SelectField, TextField } from '../ui/Form';
import { Modal, ModalActions } from '../ui/Modal';
import { formatDateTime, PageHeader } from '../ui/PageHeader';
import { CrudToolbar } from '../ui/CrudToolbar';
import { useResourceActions } from '../ui/useResourceActions';
import { useSubmit } from '../ui/useSubmit';

const users = api.cms.resource<
  StaffUser,
  { name: string; email: string; ddi: string; phone: string; role: StaffRole; loginLocked?: boolean }
>('/users');
const KEY = 'users';

const UserModal = ({ user, onClose, onSaved }: { user: StaffUser | null; onClose: () => void; onSaved: (msg: string) => void }) => {
  const { t } = useTranslation();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [ddi, setDdi] = useState(user?.ddi ?? '55');
  const [phone, setPhone] = useState(user ? maskPhone(`${user.ddd ?? ''}${user.phone ?? ''}`) : '');
  const [role, setRole] = useState<StaffRole | ''>(user?.role ?? '');
  const { error, submitting, run } = useSubmit();

  const submit = (event: FormEvent, extra: { loginLocked?: boolean } = {}) => {
    event.preventDefault();
    void run(async () => {
      const input = { name, email, ddi, phone, role: role as StaffRole, ...extra };
      const answer = user ? await users.update(user.id, input) : await users.create(input);
      onSaved(answer.msg);
    });
  };

  return (
    <Modal title={user ? t('backoffice.users.edit') : t('backoffice.users.add')} subtitle={t('backoffice.form.required')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {!user && <InfoNote>{t('backoffice.users.createdHint')}</InfoNote>}
        {user?.loginLocked && (
          <InfoNote>
            {t('backoffice.users.locked')}{' '}
            <Button type="button" $variant="ghost" disabled={submitting} onClick={(event) => submit(event, { loginLocked: false })}>
              {t('backoffice.users.unlock')}
            </Button>
          </InfoNote>
        )}
        <TextField label={t('backoffice.users.fields.name')} required value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          label={t('backoffice.users.fields.email')}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div style={{ display: 'grid', gridTemplateColumns: '110px 1fr', gap: 12 }}>
          <TextField
            label={t('backoffice.users.fields.ddi')}
            required
            inputMode="numeric"
            value={ddi}
            onChange={(e) => setDdi(e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
          <TextField
            label={t('backoffice.users.fields.phone')}
            required
            inputMode="tel"
            placeholder="(99) 9 9999-9999"
            value={phone}
            onChange={(e) => setPhone(maskPhone(e.target.value))}
          />
        </div>
        <SelectField label={t('backoffice.users.fields.role')} required value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
          <option value="" disabled>
            —
          </option>
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`backoffice.users.roles.${value}`)}
            </option>
          ))}
        </SelectField>
        <ModalActions>
          <Button type="button" $variant="ghost" onClick={onClose}>
            {t('backoffice.form.cancel')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? t('backoffice.form.saving') : user ? t('backoffice.form.update') : t('backoffice.form.save')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
};

/** /cms/usuarios (admin). */
export const UsersPage = () => {
  const { t } = useTranslation();
  const { saved, confirmDelete } = useResourceActions(KEY);
  const [editing, setEditing] = useState<StaffUser | null | undefined>(undefined);

  const columns: Column<StaffUser>[] = [
    { key: 'id', label: t('backoffice.users.columns.id'), sortable: true },
    { key: 'name', label: t('backoffice.users.columns.name'), sortable: true },
    { key: 'email', label: t('backoffice.users.columns.email'), sortable: true },
    {
      key: 'phone',
      label: t('backoffice.users.columns.phone'),
      secondary: true,
      render: (u) => (u.phone ? maskPhone(`${u.ddd ?? ''}${u.phone}`) : ''),
    },
    { key: 'role', label: t('backoffice.users.columns.role'), sortable: true, render: (u) => t(`backoffice.users.roles.${u.role}`) },
    {
      key: 'createdAt',
      label: t('backoffice.users.columns.createdAt'),
      sortable: true,
      secondary: true,
      render: (u) => formatDateTime(u.createdAt),
    },
  ];

  return (
    <>
      <PageHeader title={t('backoffice.users.title')} />
      <DataTable<StaffUser>
        queryKey={KEY}
        caption={t('backoffice.users.title')}
        fetch={(query) => users.list(query)}
        columns={columns}
        searchPlaceholder={t('backoffice.users.search')}
        selectable
        onRowClick={(user) => setEditing(user)}
        toolbar={(selected, clear) => (
          <CrudToolbar
            selected={selected}
            addLabel={t('backoffice.users.add')}
            onAdd={() => setEditing(null)}
            onDelete={() =>
              confirmDelete(t('backoffice.users.confirmDelete', { count: selected.length }), () => users.remove(selected), clear)
            }
          />
        )}
      />
      {editing !== undefined && (
        <UserModal
          user={editing}
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
