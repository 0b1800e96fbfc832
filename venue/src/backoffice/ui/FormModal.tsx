import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from './Form';
import { Modal, ModalActions } from './Modal';

/**
 * The add/edit modal of a list screen (SPEC §2.3): 'Campos marcados com * são obrigatórios.', the
 * server's message in a red alert, the fields, Cancelar and Salvar (Atualizar when editing).
 */
export const FormModal = ({
  title,
  editing,
  onSubmit,
  onClose,
  error,
  submitting,
  children,
  subtitle,
}: {
  title: string;
  editing: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  error: string | null;
  submitting: boolean;
  children: ReactNode;
  /** Replaces the usual 'Campos marcados com * são obrigatórios.' (the Mídia modal's own wording). */
  subtitle?: string;
}) => {
  const { t } = useBackofficeTranslation();
  return (
    <Modal title={title} subtitle={subtitle ?? t('form.required')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {children}
        <ModalActions>
          <Button type="button" $variant="ghost" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? t('form.saving') : editing ? t('form.update') : t('form.save')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
};
