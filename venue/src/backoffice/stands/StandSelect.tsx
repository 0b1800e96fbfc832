import { useQuery } from '@tanstack/react-query';
import { messageText } from '../../shared/i18n';
import { useBackofficeTranslation } from '../i18n';
import { SelectField } from '../ui/Form';
import { standOptionsQuery } from './api';

/**
 * The 'Estande' selector of the sections that show one stand's rows (Mídia, 'Produtos e
 * serviços') and of the 'Contatos' filter: the event's stands (without an event, every stand the
 * user may see), none chosen until one is picked (`placeholder` names that choice).
 */
export const StandSelect = ({
  eventId,
  value,
  onChange,
  hint,
  placeholder,
}: {
  eventId: number | null;
  value: number | null;
  onChange: (standId: number | null) => void;
  hint: string;
  /** The text of no stand chosen ('Selecione um estande' unless told). */
  placeholder?: string;
}) => {
  const { t } = useBackofficeTranslation();
  const stands = useQuery(standOptionsQuery(eventId));
  const rows = stands.data?.rows ?? [];
  // A preselected stand shows by name even before (or without) the list that holds it.
  const known = value === null || rows.some((stand) => stand.id === value);
  return (
    <SelectField
      label={t('medias.stand')}
      hint={stands.error ? messageText(stands.error.msg) : rows.length === 0 && stands.isSuccess ? t('medias.noStands') : hint}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      aria-busy={stands.isFetching}
    >
      <option value="">{placeholder ?? t('medias.standPlaceholder')}</option>
      {!known && <option value={String(value)}>{stands.isPending ? t('table.loading') : `#${value}`}</option>}
      {rows.map((stand) => (
        <option key={stand.id} value={String(stand.id)}>
          {stand.name}
        </option>
      ))}
    </SelectField>
  );
};
