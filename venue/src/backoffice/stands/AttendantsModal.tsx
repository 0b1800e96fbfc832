import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { ApiError, LIST_LIMIT_MAX, type Stand, type StaffUser } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert, FieldBox, maskPhone } from '../ui/Form';
import { Modal } from '../ui/Modal';
import { usersListQuery } from '../users/api';
import { standAttendantsQuery, useAddAttendant, useRemoveAttendants } from './api';

/** How long typing pauses before the users are searched. */
const SEARCH_DELAY_MS = 300;

const Picker = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px;
  align-items: start;
  .combo {
    position: relative;
  }
  .combo input {
    width: 100%;
  }
  ul[role='listbox'] {
    position: absolute;
    z-index: 2;
    left: 0;
    right: 0;
    margin: 4px 0 0;
    padding: 4px 0;
    list-style: none;
    background: #fff;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12);
    max-height: 240px;
    overflow: auto;
  }
  li {
    padding: 8px 12px;
    cursor: pointer;
  }
  li[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
  li small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .note {
    position: absolute;
    z-index: 2;
    left: 0;
    right: 0;
    margin: 4px 0 0;
    padding: 8px 12px;
    background: #fff;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    color: ${({ theme }) => theme.colors.textMuted};
  }
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

/**
 * The user autocomplete of the attendants modal (SPEC §2.3, §5): a combobox that searches the
 * staff users as one types and offers only attendants not yet assigned to the stand. Picking one
 * (click, or arrows and Enter) fills the field; typing again drops the pick.
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
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const users = useQuery({
    ...usersListQuery({ limit: LIST_LIMIT_MAX, offset: 0, search: search || undefined, order: { field: 'name', direction: 'asc' } }),
    enabled: open,
  });
  const candidates = (users.data?.rows ?? []).filter((user) => user.role === 'attendant' && !assigned.has(user.id));
  const shown = open && !picked;
  // The list is there only with options in it (a listbox holds options only); else a note says why.
  const listed = shown && !users.isPending && candidates.length > 0;
  const activeIndex = Math.min(active, candidates.length - 1);

  const pick = (user: StaffUser) => {
    onPick(user);
    setText(user.name);
    setOpen(false);
  };

  return (
    <div className="combo">
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={`${id}-list`}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={listed && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        placeholder={t('attendants.placeholder')}
        value={text}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (picked) onPick(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive(Math.min(activeIndex + 1, candidates.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(Math.max(activeIndex - 1, 0));
          } else if (event.key === 'Enter' && listed) {
            event.preventDefault();
            const user = candidates[activeIndex];
            if (user) pick(user);
          } else if (event.key === 'Escape' && shown) {
            // Closes the list only, not the modal.
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <small id={`${id}-hint`}>{t('attendants.searchHint')}</small>
      {shown && !listed && (
        <p className="note" role="status">
          {users.isPending ? t('attendants.searching') : t('attendants.noCandidates')}
        </p>
      )}
      {listed && (
        <ul role="listbox" id={`${id}-list`} aria-label={t('attendants.user')}>
          {candidates.map((user, index) => (
            <li
              key={user.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown, not click: the pick happens before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(user);
              }}
            >
              {user.name}
              <small>{user.email}</small>
            </li>
          ))}
        </ul>
      )}
    </div>
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
