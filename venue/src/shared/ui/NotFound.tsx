import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';
import { StatusScreen } from './StatusScreen';

export const ENTRANCE_HALL = '/plataforma/1/hall-entrada';

/** SPEC §2.1: anything else shows 'Pagina não encontrada', with the way back to the entrance hall. */
export const NotFound = ({ title, hint, to = ENTRANCE_HALL }: { title?: string; hint?: string; to?: string }) => {
  const { t } = useTranslation();
  return (
    <StatusScreen mark="404" title={title ?? t('common.notFound')} hint={hint ?? t('common.notFoundHint')}>
      <LinkButton to={to}>{t('common.goToEntrance')}</LinkButton>
    </StatusScreen>
  );
};
