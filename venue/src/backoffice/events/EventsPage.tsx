import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, type Event } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useBackofficeTranslation } from '../i18n';
import { CrudToolbar } from '../ui/CrudToolbar';
import { DataTable, type Column } from '../ui/DataTable';
import { formatDay, formatReais, truncate } from '../ui/format';
import { PageHeader } from '../ui/PageHeader';
import { useResourceActions } from '../ui/useResourceActions';
import { eventsListQuery, fetchDependents, useDeleteEvents } from './api';
import { dependentsText, sumDependents } from './dependents';

const Toggle = styled.div`
  display: inline-flex;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  button {
    border: 0;
    background: #fff;
    color: ${({ theme }) => theme.colors.primary};
    padding: 8px 14px;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
`;

const Thumb = styled.img`
  width: 72px;
  height: 43px;
  object-fit: cover;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  display: block;
`;

const Card = styled(Link)`
  display: grid;
  height: 100%;
  grid-template-rows: auto 1fr;
  text-decoration: none;
  color: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  overflow: hidden;
  background: #fff;
  transition: box-shadow 150ms ease;
  &:hover {
    box-shadow: 0 6px 20px rgba(29, 26, 24, 0.12);
  }
  .art {
    aspect-ratio: 252 / 150;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  .art img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  .body {
    padding: 12px 14px 16px;
    display: grid;
    gap: 4px;
    align-content: start;
  }
  h2 {
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .price {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
`;

/** The price as the list shows it: 'Gratuito' for a free event ('0.00'), else 'R$ 150,00'. */
const usePrice = () => {
  const { t } = useBackofficeTranslation();
  return (event: Event) => (event.value === '0.00' ? t('events.free') : formatReais(event.value));
};

const EventCard = ({ event }: { event: Event }) => {
  const { t } = useBackofficeTranslation();
  const priceOf = usePrice();
  const art = event.thumb ?? event.image;
  return (
    <Card to={`/cms/eventos/${event.id}`}>
      <div className="art">{art && <img src={art} alt="" loading="lazy" />}</div>
      <div className="body">
        <h2>{event.name}</h2>
        {event.category && <p>{event.category.name}</p>}
        <p>{t('events.cardDates', { date: formatDay(event.startDate) })}</p>
        <p className="price">
          {priceOf(event)}
          {event.hasDiscount && ` · ${t('events.columns.discount')} ${formatReais(event.discount)}`}
        </p>
      </div>
    </Card>
  );
};

/** /cms/eventos (admin): the events as a table or a card grid; add and open lead to the editor. */
export const EventsPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const cards = params.get('view') === 'cards';
  const remove = useDeleteEvents();
  const { confirmDelete } = useResourceActions();
  const showToast = useAppState((s) => s.showToast);
  const priceOf = usePrice();

  const setView = (view: 'table' | 'cards') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (view === 'cards') next.set('view', 'cards');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );

  /** 'Aviso': the event's name and what goes with it (read from the server first). */
  const askDelete = async (ids: number[], rows: Event[], clear: () => void) => {
    let body: string;
    try {
      const counts = sumDependents(await Promise.all(ids.map((id) => fetchDependents(id))));
      const head =
        ids.length === 1 ? t('events.confirmDelete', { name: rows[0]?.name ?? '' }) : t('events.confirmDeleteMany', { count: ids.length });
      body = [head, dependentsText(t, counts)].filter(Boolean).join(' ');
    } catch (error) {
      showToast(messageText(error instanceof ApiError ? error.msg : undefined), 'warning');
      return;
    }
    confirmDelete(body, () => remove.mutateAsync(ids), clear);
  };

  const columns: Column<Event>[] = [
    { key: 'id', label: t('events.columns.id'), sortable: true },
    { key: 'category', label: t('events.columns.category'), secondary: true, render: (e) => e.category?.name ?? '' },
    { key: 'name', label: t('events.columns.name'), sortable: true },
    { key: 'description', label: t('events.columns.description'), secondary: true, render: (e) => truncate(e.description, 90) },
    {
      key: 'image',
      label: t('events.columns.image'),
      render: (e) => {
        const art = e.thumb ?? e.image;
        return art ? <Thumb src={art} alt="" loading="lazy" /> : null;
      },
    },
    { key: 'value', label: t('events.columns.price'), render: priceOf },
    { key: 'discount', label: t('events.columns.discount'), render: (e) => (e.hasDiscount ? formatReais(e.discount) : '—') },
    { key: 'installments', label: t('events.columns.installments'), secondary: true },
  ];

  return (
    <>
      <PageHeader title={t('events.title')}>
        <Toggle role="group" aria-label={t('events.views.label')}>
          <button type="button" aria-pressed={!cards} onClick={() => setView('table')}>
            {t('events.views.table')}
          </button>
          <button type="button" aria-pressed={cards} onClick={() => setView('cards')}>
            {t('events.views.cards')}
          </button>
        </Toggle>
      </PageHeader>
      <DataTable
        caption={t('events.title')}
        listQuery={eventsListQuery}
        columns={columns}
        searchPlaceholder={t('events.search')}
        selectable
        onRowClick={(event) => navigate(`/cms/eventos/${event.id}`)}
        layout={cards ? 'grid' : 'table'}
        renderCard={(event) => <EventCard event={event} />}
        empty={
          <Empty>
            <span>{t('events.empty')}</span>
            <LinkButton to="/cms/eventos/new">{t('events.create')}</LinkButton>
          </Empty>
        }
        toolbar={(selected, clear, rows) => (
          <CrudToolbar
            selected={selected}
            addLabel={t('events.add')}
            onAdd={() => navigate('/cms/eventos/new')}
            onDelete={() => void askDelete(selected, rows, clear)}
          />
        )}
      />
    </>
  );
};
