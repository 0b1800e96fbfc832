import '../../shared/i18n/site';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

const OUTCOMES = ['confirmed', 'used', 'expired', 'invalid'] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * `/confirmar-email?resultado=…`: where the registration e-mail's link lands (decision 081) once
 * the server has checked it — the address confirmed, or why not (used, late, not valid).
 */
export const ConfirmEmailPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const given = params.get('resultado');
  const outcome: Outcome = (OUTCOMES as readonly string[]).includes(given ?? '') ? (given as Outcome) : 'invalid';
  useDocumentTitle(t('site.emailConfirmation.title'));
  return (
    <ScreenPage $width={560}>
      <div className="wrap">
        <h1>{t('site.emailConfirmation.title')}</h1>
        <p role={outcome === 'confirmed' ? 'status' : 'alert'}>{t(`site.emailConfirmation.${outcome}`)}</p>
        <p>
          <Link to="/eventos">{t('site.emailConfirmation.continue')}</Link>
        </p>
      </div>
    </ScreenPage>
  );
};
