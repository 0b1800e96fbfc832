import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppState } from '../shared/state/store';
import { isMapped, NEXT_HALL, pageOf, pagePath } from './halls/registry';
import { logoutClient } from '../shared/session/api';

/** The map is drawn only when asked for: its code is not part of a hall's first load. */
const HallMapDialog = lazy(() => import('./hall-page/HallMapDialog').then((module) => ({ default: module.HallMapDialog })));

/** The bar's id: the platform pages' skip link leads here. */
export const NAV_ID = 'navegacao-do-evento';

const Bar = styled.nav`
  position: fixed;
  left: 50%;
  bottom: 10px;
  transform: translateX(-50%);
  z-index: 200;
  display: flex;
  gap: 4px;
  padding: 6px;
  max-width: calc(100vw - 16px);
  overflow-x: auto;
  border-radius: 999px;
  background: rgba(18, 11, 7, 0.86);
  border: 1px solid rgba(255, 182, 140, 0.28);
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.55);
  backdrop-filter: blur(8px);
  scrollbar-width: none;
`;

const itemStyle = `
  display: inline-flex;
  align-items: center;
  gap: 8px;
  height: 42px;
  padding: 0 14px;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: #f5f1ee;
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  transition: background 150ms ease;
  &:hover { background: rgba(163, 65, 0, 0.55); }
  &[aria-current='page'] { background: #a34100; }
  svg { flex: none; }
  @media (max-width: 1023px) {
    padding: 0 11px;
    .label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  }
  /* Nine icons fit a 390-px phone without scrolling the bar. */
  @media (max-width: 479px) {
    padding: 0 8px;
  }
`;

const NavLink = styled(Link)`
  ${itemStyle}
`;
const NavButton = styled.button`
  ${itemStyle}
`;

const Icon = ({ d }: { d: string }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const ICONS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 10v10h5v-6h3v6h5V10',
  back: 'M15 5l-7 7 7 7',
  next: 'M4 12h14M13 6l6 6-6 6',
  map: 'M9 4 3 6.5v13L9 17l6 2.5 6-2.5v-13L15 6.5 9 4zM9 4v13M15 6.5v13',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
  events: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  programme: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M8 13h3M8 16h6',
  exhibitors: 'M3 9l2-5h14l2 5M3 9h18M3 9v11h18V9M9 20v-6h6v6',
  logout: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11',
};

const Item = ({ icon, label, children }: { icon: keyof typeof ICONS; label: string; children?: ReactNode }) => (
  <>
    <Icon d={ICONS[icon]} />
    <span className="label">{label}</span>
    {children}
  </>
);

/**
 * SPEC §2.4: on every platform page — home, back, the next hall of the chain, the map (only on the
 * mapped halls), the event's programme and exhibitors (issue 17), the help desk, the public catalogue of events and, when a client is signed in, logout.
 */
export const NavBar = () => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const [mapOpen, setMapOpen] = useState(false);
  const page = pageOf(pathname);
  const next = page ? NEXT_HALL[page] : undefined;
  const current = (key: 'entrance' | 'helpDesk' | 'programme' | 'exhibitors') => (page === key ? 'page' : undefined);

  const logout = async () => {
    await logoutClient();
    navigate(pagePath(slug, 'entrance'));
  };

  return (
    <>
      <Bar id={NAV_ID} tabIndex={-1} aria-label={t('halls.nav.label')}>
        <NavLink to={pagePath(slug, 'entrance')} aria-current={current('entrance')}>
          <Item icon="home" label={t('halls.nav.home')} />
        </NavLink>
        <NavButton type="button" onClick={() => navigate(-1)}>
          <Item icon="back" label={t('common.back')} />
        </NavButton>
        {next && (
          <NavLink to={pagePath(slug, next)}>
            <Item icon="next" label={t('halls.nav.next')} />
          </NavLink>
        )}
        {isMapped(page) && (
          <NavButton type="button" onClick={() => setMapOpen(true)} aria-haspopup="dialog">
            <Item icon="map" label={t('halls.nav.map')} />
          </NavButton>
        )}
        <NavLink to={pagePath(slug, 'programme')} aria-current={current('programme')}>
          <Item icon="programme" label={t('halls.nav.programme')} />
        </NavLink>
        <NavLink to={pagePath(slug, 'exhibitors')} aria-current={current('exhibitors')}>
          <Item icon="exhibitors" label={t('halls.nav.exhibitors')} />
        </NavLink>
        <NavLink to={pagePath(slug, 'helpDesk')} aria-current={current('helpDesk')}>
          <Item icon="help" label={t('halls.nav.helpDesk')} />
        </NavLink>
        <NavLink to="/eventos">
          <Item icon="events" label={t('halls.nav.events')} />
        </NavLink>
        {signedIn && (
          <NavButton type="button" onClick={() => void logout()}>
            <Item icon="logout" label={t('halls.nav.logout')} />
          </NavButton>
        )}
      </Bar>
      {mapOpen && isMapped(page) && (
        <Suspense fallback={null}>
          <HallMapDialog page={page} onClose={() => setMapOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
