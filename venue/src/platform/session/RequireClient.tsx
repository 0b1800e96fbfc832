import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { useAppState } from '../../shared/state/store';
import { pagePath } from '../halls/registry';

/** Where the soft login sends the visitor afterwards (SPEC §2.4: "carrying the origin location"). */
export interface OriginState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Protected platform pages: without a signed-in client, to hall-entrada carrying where the visitor was heading. */
export const RequireClient = () => {
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const location = useLocation();
  const { slug } = useParams();
  if (!signedIn) {
    const state: OriginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={pagePath(slug ?? '', 'entrance')} replace state={state} />;
  }
  return <Outlet />;
};
