import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError } from '@plataforma/adapter';
import { api } from '../shared/api';
import { messageText } from '../shared/i18n';
import { useAppState } from '../shared/state/store';
import { Button } from '../shared/ui/Button';
import type { OriginState } from './RequireClient';
import { PlatformModal } from './ui/PlatformModal';

const Form = styled.form`
  display: grid;
  gap: 14px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
    line-height: 1.5;
  }
  label {
    font-weight: 600;
  }
  input {
    width: 100%;
    height: 46px;
    padding: 0 14px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid rgba(255, 255, 255, 0.3);
    background: rgba(255, 255, 255, 0.06);
    color: inherit;
    font: inherit;
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  .alert {
    padding: 10px 14px;
    border-radius: ${({ theme }) => theme.radius};
    background: #b3261e;
    color: #fff;
    font-weight: 600;
  }
  .hint {
    font-size: 0.85rem;
  }
`;

/** The visitor's soft login (SPEC §2.4): an e-mail only; closing reloads the page; success closes it. */
export const SoftLoginModal = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useAppState((state) => state.signIn);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim()) {
      setError(t('halls.login.required'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const answer = await api.auth.softLogin(email.trim());
      signIn(answer.data.account, 'client', answer.data.token);
      const from = (location.state as OriginState | null)?.from;
      if (from) navigate(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`, { replace: true });
    } catch (caught) {
      setError(messageText(caught instanceof ApiError ? caught.msg : undefined));
      setSubmitting(false);
    }
  };

  return (
    <PlatformModal title={t('halls.login.title')} onClose={() => window.location.reload()} width={460}>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('halls.login.intro')}</p>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <label htmlFor="soft-login-email">{t('halls.login.email')}</label>
        <input
          id="soft-login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" disabled={submitting} $block>
          {submitting ? t('halls.login.submitting') : t('halls.login.submit')}
        </Button>
        <p className="hint">{t('halls.login.hint')}</p>
      </Form>
    </PlatformModal>
  );
};
