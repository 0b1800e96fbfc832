import { useRef } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';

/**
 * Whether the visitor is on the way to another page: a navigation to another path has started
 * and is still loading its screen (a route's `lazy` chunk), while this page is still shown. A
 * ref, read when a timer fires: a search box's delayed write to the address (`setSearchParams`)
 * would otherwise start a navigation of its own, which cancels the one under way and keeps the
 * visitor here (the exhibitors' directory: a stand clicked right after typing).
 */
export const useLeaving = (): { readonly current: boolean } => {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location !== undefined && navigation.location.pathname !== pathname;
  return leaving;
};
