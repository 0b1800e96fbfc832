import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { ApiError, LIST_LIMIT_MAX, type Stand, type StaffUser } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert, FieldBox, maskPhone } from '../ui/Form';
import { Modal } from '../ui/Modal';
import { SearchPicker } from '../ui/SearchPicker';
import { usersListQuery } from '../users/api';
import { standAttendantsQuery, useAddAttendant, useRemoveAttendants } from './api';

const Picker = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px;
  align-items: start;
`;

const Assigned = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th,
  td {
    padding: 10px 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    font-size: 0.82rem;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  td.empty {
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
    padding: 24px 8px;
  }
`;

/** The staff users a search finds, by name (the attendants among them are offered). */
const userOptions = (search: string) =>
  usersListQuery({ limit: LIST_LIMIT_MAX, offset: 0, search: search || undefined, order: { field: 'name', direction: 'asc' } });

/**
 * The user autocomplete of the attendants modal (SPEC §2.3, §5): the shared search picker over
 * the staff users, offering only attendants not yet assigned to the stand. Picking one (click,
 * or arrows and Enter) fills the field; typing again drops the pick.
 */
const AttendantPicker = ({
  inputId,
  assigned,
  picked,
  onPick,
}: {
  inputId: string;
  assigned: ReadonlySet<number>;
  picked: StaffUser | null;
  onPick: (user: StaffUser | null) => void;
}) => {
  const { t } = useBackofficeTranslation();
  return (
    <SearchPicker
      inputId={inputId}
      optionsQuery={userOptions}
      offer={(user) => user.role === 'attendant' && !assigned.has(user.id)}
      textOf={(user) => user.name}
      detailOf={(user) => user.email}
      picked={picked}
      onPick={onPick}
      placeholder={t('attendants.placeholder')}
      hint={t('attendants.searchHint')}
      listLabel={t('attendants.user')}
      searchingText={t('attendants.searching')}
      noneText={t('attendants.noCandidates')}
    />
  );
};

/**
 * The attendants of a stand (SPEC §2.3 'Estandes', admin): pick an attendant in the autocomplete
 * and 'Adicionar' (disabled until one is picked); the table of those assigned, each with its
 * removal. A refused removal shows a warning toast with the server's message (SPEC §8).
 */
export const AttendantsModal = ({ stand, onClose }: { stand: Stand; onClose: () => void }) => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const inputId = useId();
  const attendants = useQuery(standAttendantsQuery(stand.id));
  const add = useAddAttendant(stand.id);
  const remove = useRemoveAttendants(stand.id);
  const [picked, setPicked] = useState<StaffUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  const rows = attendants.data?.rows ?? [];
  const assigned = new Set(rows.map((row) => row.user.id));

  const onAdd = async () => {
    if (!picked) return;
    setError(null);
    try {
      const answer = await add.mutateAsync({ userId: picked.id });
      showToast(messageText(answer.msg), 'success');
      setPicked(null);
      setPickerKey((key) => key + 1);
    } catch (failure) {
      setError(messageText(failure instanceof ApiError ? failure.msg : undefined));
    }
  };

  const onRemove = async (ids: number[]) => {
    try {
      const answer = await remove.mutateAsync(ids);
      showToast(messageText(answer.msg), 'success');
    } catch (failure) {
      showToast(messageText(failure instanceof ApiError ? failure.msg : undefined), 'warning');
    }
  };

  return (
    <Modal title={t('attendants.title')} subtitle={t('attendants.subtitle', { name: stand.name })} onClose={onClose}>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <FieldBox>
        <label htmlFor={inputId}>{t('attendants.user')}</label>
        <Picker>
          <AttendantPicker key={pickerKey} inputId={inputId} assigned={assigned} picked={picked} onPick={setPicked} />
          <Button type="button" disabled={!picked || add.isPending} onClick={onAdd}>
            {t('attendants.add')}
          </Button>
        </Picker>
      </FieldBox>
      {attendants.error && <ErrorAlert>{messageText(attendants.error.msg)}</ErrorAlert>}
      <Assigned aria-busy={attendants.isFetching}>
        <caption className="visually-hidden">{t('attendants.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('attendants.columns.name')}</th>
            <th scope="col">{t('attendants.columns.email')}</th>
            <th scope="col">{t('attendants.columns.phone')}</th>
            <th scope="col">{t('attendants.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {attendants.isPending ? (
            <tr>
              <td className="empty" colSpan={4}>
                <Spinner />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td className="empty" colSpan={4}>
                {t('attendants.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td>{row.user.name}</td>
                <td>{row.user.email}</td>
                <td>{row.user.phone ? maskPhone(row.user.phone) : ''}</td>
                <td>
                  <Button
                    type="button"
                    $variant="ghost"
                    disabled={remove.isPending}
                    aria-label={t('attendants.removeOf', { name: row.user.name })}
                    onClick={() => onRemove([row.id])}
                  >
                    {t('attendants.remove')}
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Assigned>
    </Modal>
  );
};
