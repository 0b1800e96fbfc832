import '../../shared/i18n/site';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SitePageKey } from '@plataforma/adapter';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { shortDateInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { NotFound } from '../../shared/ui/NotFound';
import { PageLoading } from '../../shared/ui/PageLoading';
import { sitePageQuery } from '../../shared/site-pages/api';
import { Prose } from '../../shared/site-pages/Prose';
import { RichText } from '../../shared/site-pages/RichText';

/** `/termos` and `/sobre`: a page an admin writes as content (its single type), drawn safely. */
export const SitePageScreen = ({ page }: { page: SitePageKey }) => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  const query = useQuery(sitePageQuery(page));
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
            <p className="updated">{t('site.pages.updated', { date: shortDateInWords(updated, language, 'America/Sao_Paulo') })}</p>
          )}
        </Prose>
      </div>
    </ScreenPage>
  );
};

export const TermsPage = () => <SitePageScreen page="terms" />;
export const AboutPage = () => <SitePageScreen page="about" />;
