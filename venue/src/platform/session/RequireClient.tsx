import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { isTicketOnly, useEventAccess } from '../../shared/commerce/access';
import { useAppState } from '../../shared/state/store';
import { PageLoading } from '../../shared/ui/PageLoading';
import { useEvent, useEventId } from '../event/api';
import { pagePath } from '../halls/registry';

/** Where the soft login sends the visitor afterwards (SPEC §2.4: "carrying the origin location"). */
export interface OriginState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** The event's public page ('/eventos/{id-slug}'), where a ticket is bought. */
const eventPage = (event: { id: number; slug: string | null }) =>
  `/eventos/${event.slug && event.slug.startsWith(`${event.id}-`) ? event.slug : event.id}`;

/**
 * Protected platform pages: without a signed-in client, to hall-entrada carrying where the
 * visitor was heading. A ticket-only paid event (issue 14) also asks whether the client holds
 * access (a paid order or a staff grant); without it, to the event's page with 'Comprar ingresso'.
 */
export const RequireClient = () => {
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const location = useLocation();
  const { slug } = useParams();
  const eventId = useEventId();
  const event = useEvent(eventId);
  const ticketOnly = Boolean(event.data && isTicketOnly(event.data));
  const access = useEventAccess(eventId, signedIn && ticketOnly);
  const refused = ticketOnly && (access.data?.access === false || access.error?.status === 403);
  if (!signedIn) {
    const state: OriginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={pagePath(slug ?? '', 'entrance')} replace state={state} />;
  }
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
