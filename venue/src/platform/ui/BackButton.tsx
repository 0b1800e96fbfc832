import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

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

/** The platform's back button (light on the dark venue): history back unless told otherwise. */
export const BackButton = ({ onClick, disabled }: { onClick?: () => void; disabled?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Back type="button" onClick={onClick ?? (() => navigate(-1))} disabled={disabled}>
      <span aria-hidden="true">←</span> {t('common.back')}
    </Back>
  );
};
