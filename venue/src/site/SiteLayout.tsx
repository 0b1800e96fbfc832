import '../shared/i18n/site';
import '../shared/commerce/texts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useAppState } from '../shared/state/store';
import { LanguageSwitcher } from '../shared/ui/LanguageSwitcher';
import { Logo } from '../shared/ui/Logo';
import { ENTRANCE_HALL } from '../shared/ui/NotFound';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 10px clamp(16px, 4vw, 40px);
  background: rgba(10, 6, 4, 0.92);
  border-bottom: 1px solid rgba(255, 182, 140, 0.18);
  backdrop-filter: blur(8px);
  .brand {
    display: inline-flex;
    align-items: center;
    gap: 10px;
    font-weight: 800;
    text-decoration: none;
    font-size: 1.05rem;
  }
  nav {
    display: flex;
    gap: 4px;
    margin-left: auto;
  }
  nav a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 14px;
    border-radius: 999px;
    font-weight: 600;
    white-space: nowrap;
    text-decoration: none;
    &:hover {
      background: rgba(163, 65, 0, 0.45);
    }
    &[aria-current='page'] {
      background: #a34100;
    }
  }
  /* A phone: the brand and the language on the first row, the site's links under them; the
     header scrolls away with the page (sticky, its rows took 36 %
     of a 390×844 screen over the checkout's 'Pagamento confirmado!', issue 56, item 5). */
  @media (max-width: 639px) {
    position: static;
    .brand {
      margin-right: auto;
    }
    nav {
      order: 3;
      flex-basis: 100%;
      flex-wrap: wrap;
      margin-left: 0;
    }
    nav a {
      padding: 0 10px;
    }
    .brand span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  }
`;

/** The site has no floating navigation bar: its pages need no room left for one. */
const Page = styled.div`
  --nav-height: 0px;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  > main {
    flex: 1;
  }
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 24px;
  padding: 24px clamp(16px, 4vw, 40px) 32px;
  border-top: 1px solid rgba(255, 182, 140, 0.14);
  color: ${({ theme }) => theme.colors.platformTextMuted};
  font-size: 0.9rem;
  p {
    margin: 0;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 8px;
    color: ${({ theme }) => theme.colors.platformText};
  }
`;

const FOOTER_LINKS = [
  ['/sobre', 'site.links.about'],
  ['/termos', 'site.links.terms'],
  ['/contato', 'site.links.contact'],
  ['/cadastro', 'site.links.register'],
] as const;

/** The public site's pages (/eventos…): the dark venue look, a header with the brand, the site's links and the language. */
export const SiteLayout = () => {
  const { t } = useTranslation();
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  useEffect(() => {
    document.body.classList.add('platform');
    return () => document.body.classList.remove('platform');
  }, []);
  return (
    <Page>
      <Header>
        <Link to="/eventos" className="brand">
          <Logo size={32} />
          <span>{t('common.brand')}</span>
        </Link>
        <nav aria-label={t('site.nav')}>
          <NavLink to="/eventos" end>
            {t('site.events')}
          </NavLink>
          <NavLink to={ENTRANCE_HALL}>{t('site.venue')}</NavLink>
          {signedIn && <NavLink to="/meus-pedidos">{t('commerce.orders.title')}</NavLink>}
          {signedIn ? <NavLink to="/perfil">{t('site.links.profile')}</NavLink> : <NavLink to="/entrar">{t('site.login.submit')}</NavLink>}
        </nav>
        <LanguageSwitcher />
      </Header>
      <Outlet />
      <Footer>
        <p>{t('site.footer', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('site.links.label')}>
          <ul>
            {/* A signed-in client is not offered an account again (issue 56, item 14). */}
            {FOOTER_LINKS.filter(([to]) => !(signedIn && to === '/cadastro')).map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </Footer>
    </Page>
  );
};
