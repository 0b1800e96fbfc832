import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clientAdminInputSchema, formatDateTime, type ClientExportFormat, type ClientProfile } from '@plataforma/adapter';
import countries from '../../../../database/reference/countries.json';
import states from '../../../../database/reference/states.json';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import type { Column } from '../ui/DataTable';
import { digitsOnly, MaskedField, maskPhone, SelectField, TextField } from '../ui/Form';
import { FormModal } from '../ui/FormModal';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { useSchemaForm } from '../ui/useSchemaForm';
import { clientsListQuery, downloadClients, useDeleteClients, useReloadClients, useSaveClient } from './api';
import { ImportModal } from './ImportModal';

/** Postal code mask of SPEC §5: 99999-999. */
export const maskCep = (value: string): string => {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
};

const cpfDigits = digitsOnly(11);

/** The cities of a state of the reference data, the capital first (as the file lists them). */
const citiesOf = (code: string): readonly string[] => states.find((state) => state.sigla === code)?.cidades ?? [];

const ClientModal = ({ row: client, onClose, onSaved }: EditorProps<ClientProfile>) => {
  const { t } = useBackofficeTranslation();
  const save = useSaveClient();
  // Each opening builds the form afresh: adding starts from empty values, whatever was edited before.
  const { form, error, submitting, submit } = useSchemaForm(clientAdminInputSchema, {
    name: client?.name ?? '',
    email: client?.email ?? '',
    cpf: client?.cpf ?? '',
    ddi: client?.ddi ?? '55',
    phone: client?.phone ? maskPhone(`${client.ddd ?? ''}${client.phone}`) : '',
    postalCode: client?.postalCode ? maskCep(client.postalCode) : '',
    address: client?.address ?? '',
    state: client?.state ?? '',
    city: client?.city ?? '',
  });
  const state = form.watch('state') ?? '';
  const cities = citiesOf(state);
  const storedCity = client?.state === state && client.city && !cities.includes(client.city) ? client.city : null;

  const onSubmit = submit(async (values) => {
    const answer = await save.mutateAsync({ id: client?.id, input: values });
    onSaved(answer.msg);
  });

  return (
    <FormModal
      title={client ? t('clients.edit') : t('clients.add')}
      editing={Boolean(client)}
      onSubmit={onSubmit}
      onClose={onClose}
      error={error}
      submitting={submitting}
    >
      <TextField label={t('clients.fields.name')} required {...form.register('name')} />
      <TextField label={t('clients.fields.email')} type="email" required {...form.register('email')} />
      <MaskedField
        control={form.control}
        name="cpf"
        mask={cpfDigits}
        label={t('clients.fields.cpf')}
        hint={t('clients.digitsHint')}
        inputMode="numeric"
      />
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(140px, 1fr) 2fr', gap: 12 }}>
        <SelectField label={t('clients.fields.ddi')} {...form.register('ddi')}>
          {countries.map((country) => (
            <option key={country.iso} value={country.fone}>
              {`${country.nome} (+${country.fone})`}
            </option>
          ))}
        </SelectField>
        <MaskedField
          control={form.control}
          name="phone"
          mask={maskPhone}
          label={t('clients.fields.phone')}
          hint={t('clients.digitsHint')}
          inputMode="tel"
          placeholder="(99) 9 9999-9999"
        />
      </div>
      <MaskedField
        control={form.control}
        name="postalCode"
        mask={maskCep}
        label={t('clients.fields.postalCode')}
        hint={t('clients.digitsHint')}
        inputMode="numeric"
        placeholder="99999-999"
      />
      <TextField label={t('clients.fields.address')} {...form.register('address')} />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        {/* Choosing a state loads its cities and clears the city chosen before. */}
        <SelectField label={t('clients.fields.state')} {...form.register('state', { onChange: () => form.setValue('city', '') })}>
          {states.map((option) => (
            <option key={option.sigla} value={option.sigla}>
              {option.nome}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('clients.fields.city')} disabled={!state} {...form.register('city')}>
          <option value="">{t('clients.selectCity')}</option>
          {storedCity && <option value={storedCity}>{storedCity}</option>}
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </SelectField>
      </div>
    </FormModal>
  );
};

/**
 * 'Importar planilha' (its modal; closing it after a file was sent reloads the table) and
 * 'Exportar': the table's clients as searched and sorted, every page of them, as CSV or XLSX.
 */
const ClientActions = () => {
  const { t } = useBackofficeTranslation();
  const [params] = useSearchParams();
  const showToast = useAppState((s) => s.showToast);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const reload = useReloadClients();
  const run = async (format: ClientExportFormat) => {
    setBusy(true);
    try {
      await downloadClients(format, params.get('search') ?? '', params.get('order') ?? '');
    } catch {
      showToast(t('clients.exportFailed'), 'warning');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => setImporting(true)}>
        {t('clients.importer.action')}
      </Button>
      {importing && (
        <ImportModal
          onClose={(sent) => {
            setImporting(false);
            if (sent) void reload();
          }}
        />
      )}
      <Button type="button" $variant="ghost" disabled={busy} onClick={() => void run('csv')}>
        {t('clients.exportCsv')}
      </Button>
      <Button type="button" $variant="ghost" disabled={busy} onClick={() => void run('xlsx')}>
        {t('clients.exportXlsx')}
      </Button>
    </>
  );
};

/** /cms/clientes (admin, SPEC §2.3). */
export const ClientsPage = () => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteClients();
  const columns: Column<ClientProfile>[] = [
    { key: 'id', label: t('clients.columns.id'), sortable: true },
    { key: 'name', label: t('clients.columns.name'), sortable: true },
    { key: 'email', label: t('clients.columns.email'), sortable: true },
    // The phone without its country code, which the table hides (SPEC §2.3).
    {
      key: 'phone',
      label: t('clients.columns.phone'),
      secondary: true,
      render: (c) => (c.phone ? maskPhone(`${c.ddd ?? ''}${c.phone}`) : ''),
    },
    { key: 'address', label: t('clients.columns.address'), secondary: true, render: (c) => c.address ?? '' },
    {
      key: 'postalCode',
      label: t('clients.columns.postalCode'),
      secondary: true,
      render: (c) => (c.postalCode ? maskCep(c.postalCode) : ''),
    },
    { key: 'city', label: t('clients.columns.city'), sortable: true, render: (c) => c.city ?? '' },
    { key: 'state', label: t('clients.columns.state'), sortable: true, render: (c) => c.state ?? '' },
    {
      key: 'createdAt',
      label: t('clients.columns.createdAt'),
      sortable: true,
      secondary: true,
      render: (c) => formatDateTime(c.createdAt),
    },
  ];

  return (
    <ResourcePage
      title={t('clients.title')}
      columns={columns}
      listQuery={clientsListQuery}
      searchPlaceholder={t('clients.search')}
      addLabel={t('clients.add')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('clients.confirmDelete', { name: rows[0].name }) : t('clients.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={ClientModal}
      actions={<ClientActions />}
    />
  );
};
