import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';
import { StatusScreen } from './StatusScreen';

export const ENTRANCE_HALL = '/plataforma/1/hall-entrada';

/** SPEC §2.1: anything else shows 'Pagina não encontrada', with the way back to the entrance hall. */
export const NotFound = ({ title, hint, to = ENTRANCE_HALL, action }: { title?: string; hint?: string; to?: string; action?: string }) => {
  const { t } = useTranslation();
  return (
    <StatusScreen mark="404" title={title ?? t('common.notFound')} hint={hint ?? t('common.notFoundHint')}>
      <LinkButton to={to}>{action ?? t('common.goToEntrance')}</LinkButton>
    </StatusScreen>
  );
};
