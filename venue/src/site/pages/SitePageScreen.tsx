import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ApiError, SitePage, SitePageKey } from '@plataforma/adapter';
import { ScreenPage } from '../../platform/ui/ScreenPage';
import { api } from '../../shared/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { NotFound } from '../../shared/ui/NotFound';
import { PageLoading } from '../../shared/ui/PageLoading';
import { RichText } from './RichText';

const Prose = styled.article`
  line-height: 1.7;
  max-width: 75ch;
  h2 {
    margin: 32px 0 8px;
    font-size: 1.3rem;
  }
  h3,
  h4,
  h5,
  h6 {
    margin: 24px 0 6px;
    font-size: 1.1rem;
  }
  p,
  ul,
  ol,
  blockquote {
    margin: 0 0 14px;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  blockquote {
    padding-left: 16px;
    border-left: 3px solid ${({ theme }) => theme.colors.primary};
  }
  img {
    max-width: 100%;
    height: auto;
  }
  .updated {
    margin-top: 32px;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

/** `/termos` and `/sobre`: a page an admin writes as content (its single type), drawn safely. */
export const SitePageScreen = ({ page }: { page: SitePageKey }) => {
  const { t } = useTranslation();
  const query = useQuery<SitePage, ApiError>({ queryKey: ['site-page', page], queryFn: () => api.site.pages.get(page), staleTime: 60_000 });
  useDocumentTitle(query.data?.title ?? t(`site.links.${page}`));
  if (query.error?.status === 404)
    return <NotFound title={t('site.pages.missing')} hint={t('site.pages.missingHint')} to="/eventos" action={t('site.event.seeAll')} />;
  if (query.isError)
    return (
      <ScreenPage $width={800}>
        <div className="wrap">
          <h1>{t(`site.links.${page}`)}</h1>
          <p role="alert">{messageText(query.error.msg)}</p>
        </div>
      </ScreenPage>
    );
  if (!query.data) return <PageLoading />;
  const updated = new Date(query.data.updatedAt);
  return (
    <ScreenPage $width={800}>
      <div className="wrap">
        <Prose>
          <h1>{query.data.title}</h1>
          <RichText blocks={query.data.body} />
          {!Number.isNaN(updated.getTime()) && (
            <p className="updated">
              {t('site.pages.updated', { date: updated.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }) })}
            </p>
          )}
        </Prose>
      </div>
    </ScreenPage>
  );
};

export const TermsPage = () => <SitePageScreen page="terms" />;
export const AboutPage = () => <SitePageScreen page="about" />;
