import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';

/**
 * What every back-office screen does after a change (SPEC §4): a success toast with the
 * server's message and the table reloaded; deletes ask first ('Aviso') and a failure shows a
 * warning toast.
 */
export const useResourceActions = (queryKey: string) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showToast = useAppState((s) => s.showToast);
  const openDialog = useAppState((s) => s.openDialog);
  const reload = () => queryClient.invalidateQueries({ queryKey: [queryKey] });

  const saved = async (msg: string) => {
    showToast(messageText(msg), 'success');
    await reload();
  };

  const confirmDelete = (body: string, remove: () => Promise<{ msg: string }>, after?: () => void) =>
    openDialog({
      header: t('backoffice.form.warning'),
      body,
      onPositive: async () => {
        try {
          const answer = await remove();
          showToast(messageText(answer.msg), 'success');
          after?.();
          await reload();
        } catch (error) {
          showToast(messageText(error instanceof ApiError ? error.msg : undefined), 'warning');
        }
      },
    });

  return { reload, saved, confirmDelete };
};
