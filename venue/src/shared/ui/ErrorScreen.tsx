import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { LinkButton } from './LinkButton';
import { ENTRANCE_HALL } from './NotFound';
import { StatusScreen } from './StatusScreen';

/**
 * What a visitor sees if a page fails to render or a part of the app fails to download (e.g. an
 * old tab after a new version): never a blank or technical screen.
 */
export const ErrorScreen = () => {
  const { t } = useTranslation();
  return (
    <StatusScreen title={t('common.errorTitle')} hint={t('common.errorHint')}>
      <Button type="button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
      <LinkButton to={ENTRANCE_HALL} reloadDocument>
        {t('common.goToEntrance')}
      </LinkButton>
    </StatusScreen>
  );
};
