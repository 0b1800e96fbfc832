import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { isTicketOnly, useEventAccess } from '../../shared/access/api';
import { useAppState } from '../../shared/state/store';
import { PageLoading } from '../../shared/ui/PageLoading';
import { useEvent, useEventId } from '../../shared/event/api';

/** The event's public page ('/eventos/{id-slug}'), where a ticket is bought. */
const eventPage = (event: { id: number; slug: string | null }) =>
  `/eventos/${event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : event.id}`;

/**
 * Inside RequireClient (a lazy chunk of its own, so hall-entrada's first load does not carry it):
 * a ticket-only paid event (issue 14) admits a client who holds access (a paid order or a staff
 * grant); without it, the client goes to the event's page with 'Comprar ingresso'. Other events
 * pass through.
 */
export const TicketGate = () => {
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const eventId = useEventId();
  const event = useEvent(eventId);
  const ticketOnly = Boolean(event.data && isTicketOnly(event.data));
  const access = useEventAccess(eventId, signedIn && ticketOnly);
  const refused = ticketOnly && (access.data?.access === false || access.error?.status === 403);
  // The event decides whether a ticket is needed: its page waits for it (the halls have it cached already).
  if (event.isLoading || (ticketOnly && access.isLoading)) return <PageLoading />;
  if (refused && event.data) return <TicketRequired to={eventPage(event.data)} />;
  return <Outlet />;
};

/** Sends a client without a ticket to the event's page, saying why. */
const TicketRequired = ({ to }: { to: string }) => {
  const { t } = useTranslation();
  useEffect(() => {
    useAppState.getState().showToast(t('platform.ticketRequired'), 'warning');
  }, [t]);
  return <Navigate to={to} replace />;
};
