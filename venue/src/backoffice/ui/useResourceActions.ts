import { ApiError } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { useBackofficeTranslation } from '../i18n';

/**
 * What every back-office screen does after a change (SPEC §4): a success toast with the
 * server's message (the feature's mutation has reloaded its queries); deletes ask first
 * ('Aviso') and a failure shows a warning toast.
 */
export const useResourceActions = () => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const openDialog = useAppState((s) => s.openDialog);

  const saved = (msg: string) => showToast(messageText(msg), 'success');

  const confirmDelete = (body: string, remove: () => Promise<{ msg: string }>, after?: () => void) =>
    openDialog({
      header: t('form.warning'),
      body,
      onPositive: async () => {
        try {
          const answer = await remove();
          showToast(messageText(answer.msg), 'success');
          after?.();
        } catch (error) {
          showToast(messageText(error instanceof ApiError ? error.msg : undefined), 'warning');
        }
      },
    });

  return { saved, confirmDelete };
};
