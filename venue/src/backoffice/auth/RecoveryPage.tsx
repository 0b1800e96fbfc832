import { Link, useNavigate } from 'react-router-dom';
import { recoveryInputSchema } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { useBackofficeTranslation } from '../i18n';
import { TextField } from '../ui/Form';
import { useSchemaForm } from '../ui/useSchemaForm';
import { useRecovery } from './api';
import { AuthForm, AuthLayout, LinkRow } from './AuthLayout';

const schema = recoveryInputSchema.omit({ type: true });

/** /cms/password-recovery: the e-mail, then the password change screen (SPEC §4). */
export const RecoveryPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const showToast = useAppState((s) => s.showToast);
  const recovery = useRecovery();
  const { form, error, submitting, submit } = useSchemaForm(schema, { email: '' });

  const onSubmit = submit(async ({ email }) => {
    const answer = await recovery.mutateAsync({ email, type: 'user' });
    showToast(messageText(answer.msg), 'success');
    navigate('/cms/password-change', { state: { email } });
  });

  return (
    <AuthLayout title={t('recovery.title')} subtitle={t('recovery.subtitle')}>
      <AuthForm
        onSubmit={onSubmit}
        error={error}
        submitLabel={t('recovery.submit')}
        canSubmit={!submitting && Boolean(form.watch('email').trim())}
      >
        <TextField label={t('login.email')} type="email" autoComplete="username" required {...form.register('email')} />
      </AuthForm>
      <LinkRow>
        <Link to="/cms/login">{t('recovery.back')}</Link>
      </LinkRow>
    </AuthLayout>
  );
};
