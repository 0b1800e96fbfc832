import './texts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppState } from '../../shared/state/store';

/** Whether the signed-in client's session is soft (an e-mail only): its watch time is not credited (decision 102). */
export const useSoftSession = (): boolean =>
  useAppState((state) => state.auth.clientAuthenticated && Boolean(state.auth.currentClient?.soft));

/**
 * Under a playing lecture, for a soft session: its watch time does not count for the
 * certificate (the server refuses its heartbeats, decision 102), and the full sign-in that makes
 * it count, coming back here.
 */
export const SoftWatchNote = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  const soft = useSoftSession();
  const { pathname, search } = useLocation();
  if (!soft) return null;
  return (
    <p className={className}>
      {t('lecture.softWatch')} <Link to={`/entrar?voltar=${encodeURIComponent(pathname + search)}`}>{t('lecture.signInToCount')}</Link>
    </p>
  );
};
