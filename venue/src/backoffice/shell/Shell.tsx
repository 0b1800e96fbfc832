import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { staffToken, useAppState } from '../../shared/state/store';
import { useLogout } from '../auth/api';
import { Logo } from '../auth/AuthLayout';
import { menuOf } from '../screens';
import { useStaffSession } from '../session';
import { useBackofficeTranslation } from '../i18n';
import { useUnansweredChats } from '../chats/api';

export const DRAWER_WIDTH = 240;

const Layout = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  @media (min-width: 1024px) {
    padding-left: ${DRAWER_WIDTH}px;
  }
`;

const Drawer = styled.nav<{ $open: boolean }>`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  width: ${DRAWER_WIDTH}px;
  background: #1d1a18;
  color: #fff;
  --focus-ring: ${({ theme }) => theme.colors.focus};
  display: flex;
  flex-direction: column;
  z-index: 50;
  transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
  transition: transform 200ms ease;
  @media (min-width: 1024px) {
    transform: none;
  }
  .brand {
    display: flex;
    gap: 10px;
    align-items: center;
    padding: 20px;
    font-weight: 700;
    svg {
      width: 32px;
      height: 32px;
    }
  }
  .who {
    padding: 0 20px 16px;
    border-bottom: 1px solid rgba(255, 255, 255, 0.12);
    font-size: 0.9rem;
    p {
      margin: 0 0 2px;
    }
    .email {
      opacity: 0.7;
      word-break: break-all;
    }
    button {
      margin-top: 8px;
      background: none;
      border: 0;
      padding: 0;
      color: ${({ theme }) => theme.colors.primaryLight};
      cursor: pointer;
      text-decoration: underline;
    }
  }
  ul {
    list-style: none;
    margin: 12px 0;
    padding: 0;
  }
  a {
    display: block;
    padding: 12px 20px;
    text-decoration: none;
    color: #fff;
    border-left: 4px solid transparent;
  }
  a:hover {
    background: rgba(255, 255, 255, 0.06);
  }
  .badge {
    display: inline-block;
    min-width: 22px;
    margin-left: 8px;
    padding: 0 6px;
    border-radius: 11px;
    background: #fff;
    color: #1d1a18;
    font-size: 0.8rem;
    font-weight: 700;
    text-align: center;
  }
  a.active {
    border-left-color: ${({ theme }) => theme.colors.primary};
    background: rgba(163, 65, 0, 0.25);
    font-weight: 600;
  }
`;

const Scrim = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.5);
  z-index: 40;
  @media (min-width: 1024px) {
    display: none;
  }
`;

const TopBar = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  background: #fff;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (min-width: 1024px) {
    display: none;
  }
  button {
    background: none;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    padding: 6px 10px;
    cursor: pointer;
  }
`;

const Banner = styled.div`
  background: #fff4e5;
  color: ${({ theme }) => theme.colors.warning};
  padding: 10px 24px;
  border-bottom: 1px solid #f3d9b0;
  font-weight: 500;
`;

const Main = styled.main`
  padding: 24px;
  @media (max-width: 639px) {
    padding: 16px 12px;
  }
`;

/** The back office's frame: permanent 240 px drawer on large screens, temporary below. */
export const Shell = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, unavailable } = useStaffSession();
  const signOut = useAppState((s) => s.signOut);
  const openDialog = useAppState((s) => s.openDialog);
  const logoutCall = useLogout();
  const [open, setOpen] = useState(false);

  useEffect(() => setOpen(false), [location.pathname]);
  const unanswered = useUnansweredChats(user?.role === 'attendant');

  if (!user) return null;
  const logout = () =>
    openDialog({
      header: t('logout.header'),
      body: t('logout.body'),
      positiveLabel: t('logout.confirm'),
      negativeLabel: t('logout.cancel'),
      onPositive: async () => {
        const token = staffToken();
        if (token) await logoutCall.mutateAsync(token).catch(() => undefined);
        signOut();
        navigate('/cms/login', { replace: true });
      },
    });

  return (
    <Layout>
      <TopBar>
        <button type="button" onClick={() => setOpen(true)} aria-label={t('menu.open')} aria-expanded={open} aria-controls="cms-drawer">
          ☰
        </button>
        <strong>{t('title')}</strong>
      </TopBar>
      {open && <Scrim onClick={() => setOpen(false)} />}
      <Drawer id="cms-drawer" $open={open} aria-label={t('menu.label')}>
        <div className="brand">
          <Logo />
          <span>{t('title')}</span>
        </div>
        <div className="who">
          <p>{t('greeting', { name: user.name.split(' ')[0] })}</p>
          <p className="email">{user.email}</p>
          <button type="button" onClick={logout}>
            {t('logout.link')}
          </button>
        </div>
        <ul>
          {menuOf(user.role).map((screen) => (
            <li key={screen.path}>
              <NavLink to={`/cms/${screen.path}`}>
                {t(screen.label)}
                {screen.badge === 'unansweredChats' && unanswered > 0 && (
                  <span className="badge">
                    <span aria-hidden="true">{unanswered}</span>
                    <span className="visually-hidden">{t('menu.unanswered', { count: unanswered })}</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </Drawer>
      {unavailable && <Banner role="status">{t('unavailable')}</Banner>}
      <Main>
        <Outlet />
      </Main>
    </Layout>
  );
};
