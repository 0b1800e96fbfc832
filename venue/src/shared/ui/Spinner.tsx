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
`;

export const Spinner = ({ size = 28, label = 'Carregando…' }: { size?: number; label?: string }) => (
  <span role="status" aria-live="polite">
    <Ring $size={size} aria-hidden="true" />
    <span className="visually-hidden">{label}</span>
  </span>
);
