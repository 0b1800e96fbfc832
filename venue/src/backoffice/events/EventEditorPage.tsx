import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, type Event } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { useStaffSession } from '../session';
import { ErrorAlert } from '../ui/Form';
import { PageHeader } from '../ui/PageHeader';
import { useLeaveWarning } from '../ui/useLeaveWarning';
import { useResourceActions } from '../ui/useResourceActions';
import { PublishControl } from './PublishControl';
import { eventKeys, eventQuery, fetchDependents, useDeleteEvents } from './api';
import { dependentsText } from './dependents';
import { AFTER_FIRST_SAVE_TAB, DEFAULT_TAB, sectionsOf } from './sections';

/** The event's figures (decision 048), beside the publication and its 'ver no site'. */
const DashboardLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  white-space: nowrap;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin: -8px 0 20px;
`;

const Accordion = styled.div`
  display: grid;
  gap: 12px;
`;

const Panel = styled.section<{ $open: boolean }>`
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 2px 10px rgba(29, 26, 24, 0.06);
  overflow: hidden;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  h2 button {
    all: unset;
    box-sizing: border-box;
    width: 100%;
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
    padding: 16px 20px;
    cursor: pointer;
    font-weight: 700;
    background: ${({ $open, theme }) => ($open ? theme.colors.surfaceMuted : '#fff')};
  }
  h2 button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primaryDark};
    outline-offset: -3px;
  }
  h2 button:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .locked {
    display: block;
    padding: 0 20px 14px;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .content {
    padding: 20px;
  }
`;

/** The route's event id: null for 'new', NaN for anything that is not an id. */
const readId = (param: string | undefined): number | null => {
  if (param === undefined || param === 'new') return null;
  return /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : Number.NaN;
};

/** /cms/eventos/:eventId/:tab? (admin): the event's sections as an accordion; eventId 'new' creates one. */
export const EventEditorPage = () => {
  const { t } = useBackofficeTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useStaffSession();
  const id = readId(params.eventId);
  const valid = id === null || Number.isInteger(id);
  const eventId = valid ? id : null;
  const query = useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== null });
  const event: Event | null = eventId !== null ? (query.data ?? null) : null;
  const sections = user ? sectionsOf(user.role) : [];
  const isLocked = (beforeSave: boolean | undefined) => !beforeSave && eventId === null;
  // A tab that names no section this user may open shows the default one.
  const openTab = sections.some((section) => section.tab === params.tab && !isLocked(section.beforeSave)) ? params.tab : DEFAULT_TAB;

  const dirty = useRef(false);
  useLeaveWarning(dirty);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const remove = useDeleteEvents();
  const { confirmDelete } = useResourceActions();
  const showToast = useAppState((s) => s.showToast);

  const goTo = (tab: string, saved?: number) =>
    navigate(`/cms/eventos/${saved ?? params.eventId ?? 'new'}/${tab}`, { replace: true, preventScrollReset: true });

  const queryClient = useQueryClient();
  const onSaved = useCallback(
    (saved: Event) => {
      dirty.current = false;
      // The saved event is what the editor shows at once. A first save goes on to the next
      // section, from the top of the page (issue 56, item 7: the title was scrolled off); a later
      // save stays where it is.
      queryClient.setQueryData(eventKeys.one(saved.id), saved);
      if (eventId === null) {
        navigate(`/cms/eventos/${saved.id}/${AFTER_FIRST_SAVE_TAB}`, { replace: true });
        window.scrollTo({ top: 0, left: 0 });
      }
    },
    [navigate, queryClient, eventId],
  );
  /** Published or back to draft from the top: the sections are drawn again from the saved event. */
  const onPublished = useCallback((saved: Event) => queryClient.setQueryData(eventKeys.one(saved.id), saved), [queryClient]);

  /** Deleting from the editor goes back a page (SPEC §4), or to the list when the editor was opened directly. */
  const askDelete = async () => {
    if (!event) return;
    let body: string;
    try {
      body = [t('events.confirmDelete', { name: event.name }), dependentsText(t, await fetchDependents(event.id))]
        .filter(Boolean)
        .join(' ');
    } catch (error) {
      showToast(messageText(error instanceof ApiError ? error.msg : undefined), 'warning');
      return;
    }
    confirmDelete(
      body,
      () => remove.mutateAsync([event.id]),
      () => {
        dirty.current = false;
        if (location.key === 'default') navigate('/cms/eventos', { replace: true });
        else navigate(-1);
      },
    );
  };

  const title = eventId === null ? t('events.add') : (event?.name ?? '');

  return (
    <>
      <PageHeader title={title} />
      <Bar>
        <Button type="button" $variant="ghost" onClick={() => navigate('/cms/eventos')}>
          {t('events.back')}
        </Button>
        {event && <PublishControl event={event} unsaved={() => dirty.current} onSaved={onPublished} />}
        {event && <DashboardLink to={`/cms/eventos/${event.id}/dashboard`}>{t('dashboards.event.link')}</DashboardLink>}
        {event && (
          <Button type="button" $variant="ghost" onClick={() => void askDelete()}>
            {t('events.delete')}
          </Button>
        )}
      </Bar>
      {!valid ? (
        <ErrorAlert>{messageText('api.error.eventNotFound')}</ErrorAlert>
      ) : query.error ? (
        <ErrorAlert>{messageText(query.error.msg)}</ErrorAlert>
      ) : eventId !== null && !event ? (
        <Spinner />
      ) : (
        <Accordion key={`published-${event?.published ?? 'new'}`}>
          {sections.map((section) => {
            const locked = isLocked(section.beforeSave);
            const open = !locked && section.tab === openTab;
            const headerId = `section-${section.tab}-header`;
            const panelId = `section-${section.tab}`;
            return (
              <Panel key={section.tab} $open={open}>
                <h2>
                  <button
                    type="button"
                    id={headerId}
                    aria-expanded={open}
                    aria-controls={open ? panelId : undefined}
                    aria-disabled={open || undefined}
                    aria-describedby={locked ? `${panelId}-locked` : undefined}
                    disabled={locked}
                    onClick={() => !open && goTo(section.tab)}
                  >
                    {t(section.label)}
                    <span aria-hidden="true">{open ? '−' : '+'}</span>
                  </button>
                </h2>
                {locked && (
                  <small className="locked" id={`${panelId}-locked`}>
                    {t('form.saveFirst')}
                  </small>
                )}
                {open && (
                  <div className="content" id={panelId} role="region" aria-labelledby={headerId}>
                    <Suspense fallback={<Spinner />}>
                      <section.Component event={event} eventId={eventId} onSaved={onSaved} onDirtyChange={onDirtyChange} />
                    </Suspense>
                  </div>
                )}
              </Panel>
            );
          })}
        </Accordion>
      )}
    </>
  );
};
