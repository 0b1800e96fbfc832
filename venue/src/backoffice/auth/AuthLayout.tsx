import type { FormEventHandler, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../shared/ui/Button';
import { Logo } from '../../shared/ui/Logo';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from '../ui/Form';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 24px 16px;
  background: radial-gradient(circle at 20% 10%, rgba(163, 65, 0, 0.18), transparent 45%), ${({ theme }) => theme.colors.surfaceMuted};
`;

const Card = styled.section`
  width: min(420px, 100%);
  background: #fff;
  border-radius: 14px;
  box-shadow: 0 12px 40px rgba(29, 26, 24, 0.12);
  padding: 32px 28px;
  h1 {
    margin: 0 0 6px;
    font-size: 1.5rem;
  }
  > p {
    margin: 0 0 24px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 24px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  svg {
    width: 36px;
    height: 36px;
  }
`;

export { Logo };

export const AuthLayout = ({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) => {
  const { t } = useBackofficeTranslation();
  return (
    <Page>
      <Card aria-labelledby="auth-title">
        <Brand>
          <Logo />
          <span>{t('brand')}</span>
        </Brand>
        <h1 id="auth-title">{title}</h1>
        {subtitle && <p>{subtitle}</p>}
        {children}
      </Card>
    </Page>
  );
};

export const LinkRow = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  margin-top: 18px;
  font-size: 0.92rem;
  a,
  button.link {
    color: ${({ theme }) => theme.colors.primary};
    background: none;
    border: 0;
    padding: 0;
    cursor: pointer;
    font-weight: 600;
    text-decoration: underline;
  }
  button.link:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: not-allowed;
    text-decoration: none;
  }
`;

/** The form of a sign-in screen: the server's message in a red alert, the fields, one full-width button. */
export const AuthForm = ({
  onSubmit,
  error,
  submitLabel,
  canSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  submitLabel: string;
  canSubmit: boolean;
  children: ReactNode;
}) => (
  <form onSubmit={onSubmit} noValidate>
    {error && <ErrorAlert>{error}</ErrorAlert>}
    {children}
    <Button type="submit" $block disabled={!canSubmit}>
      {submitLabel}
    </Button>
  </form>
);
