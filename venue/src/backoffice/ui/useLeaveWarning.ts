import { useEffect, type MutableRefObject } from 'react';
import { useBlocker } from 'react-router-dom';
import { useAppState } from '../../shared/state/store';
import { useBackofficeTranslation } from '../i18n';

/**
 * Asks before leaving the page (another route, closing or reloading the tab) while `dirty` says a
 * form holds unsaved changes: the 'Aviso' dialog, or the browser's own on unload. The event editor
 * and the site pages' editor use it.
 */
export const useLeaveWarning = (dirty: MutableRefObject<boolean>) => {
  const { t } = useBackofficeTranslation();
  const openDialog = useAppState((s) => s.openDialog);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openDialog({
      header: t('form.warning'),
      body: t('events.unsaved.body'),
      positiveLabel: t('events.unsaved.leave'),
      negativeLabel: t('events.unsaved.stay'),
      onPositive: () => {
        dirty.current = false;
        blocker.proceed();
      },
      onDismiss: () => blocker.reset(),
    });
  }, [blocker, dirty, openDialog, t]);

  useEffect(() => {
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
};
