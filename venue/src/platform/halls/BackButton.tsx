import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { pagePath } from './registry';

const Back = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radius};
  border: 2px solid rgba(255, 209, 176, 0.8);
  background: rgba(16, 10, 6, 0.7);
  color: #ffe6d3;
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: rgba(163, 65, 0, 0.6);
  }
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

/** Whether this tab has an earlier page of the app to go back to (React Router numbers its entries). */
export const canGoBack = (): boolean => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * The platform's back button (light on the dark venue): history back; opened cold from a shared
 * link (nothing to go back to in the app), to `fallback` — the event's entrance hall by default.
 */
export const BackButton = ({ onClick, disabled, fallback }: { onClick?: () => void; disabled?: boolean; fallback?: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const back = () => (canGoBack() ? navigate(-1) : navigate(fallback ?? pagePath(slug, 'entrance')));
  return (
    <Back type="button" onClick={onClick ?? back} disabled={disabled}>
      <span aria-hidden="true">←</span> {t('common.back')}
    </Back>
  );
};
