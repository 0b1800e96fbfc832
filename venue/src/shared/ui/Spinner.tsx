import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid rgba(163, 65, 0, 0.25);
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 800ms linear infinite;
  @media (prefers-reduced-motion: reduce) {
    /* No spinning: a full ring in the primary colour still says "busy". */
    animation: none;
    border-color: ${({ theme }) => theme.colors.primary};
    opacity: 0.7;
  }
`;

/** A busy indicator announced to screen readers ('Carregando…' unless told otherwise). */
export const Spinner = ({ size = 28, label }: { size?: number; label?: string }) => {
  const { t } = useTranslation();
  return (
    <span role="status" aria-live="polite">
      <Ring $size={size} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
};
