import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  text-align: center;
  padding: 32px;
  background: #000;
  color: ${({ theme }) => theme.colors.platformText};
  h1 {
    font-size: clamp(1.8rem, 4vw, 2.8rem);
    margin: 0 0 12px;
  }
  p {
    margin: 0 0 28px;
    opacity: 0.8;
  }
  a {
    color: #fff;
    background: ${({ theme }) => theme.colors.primary};
    padding: 12px 22px;
    border-radius: ${({ theme }) => theme.radius};
    text-decoration: none;
    font-weight: 600;
  }
`;

/** SPEC §2.1: anything else shows 'Pagina não encontrada'. */
export const NotFound = ({ title, hint, to = '/plataforma/1/hall-entrada' }: { title?: string; hint?: string; to?: string }) => {
  const { t } = useTranslation();
  return (
    <Page>
      <div>
        <h1>{title ?? t('common.notFound')}</h1>
        <p>{hint ?? t('common.notFoundHint')}</p>
        <Link to={to}>{t('common.goToEntrance')}</Link>
      </div>
    </Page>
  );
};
