import styled, { css } from 'styled-components';

/** The app's button: primary (filled), ghost (outlined) or danger. */
export const Button = styled.button<{ $variant?: 'primary' | 'ghost' | 'danger'; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 18px;
  border-radius: ${({ theme }) => theme.radius};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  transition:
    background 150ms ease,
    color 150ms ease;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: #fff;
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryDark};
            border-color: ${theme.colors.primaryDark};
          }
        `
      : $variant === 'danger'
        ? css`
            background: ${theme.colors.error};
            border-color: ${theme.colors.error};
            color: #fff;
          `
        : css`
            background: transparent;
            color: ${theme.colors.primary};
            &:hover:not(:disabled) {
              background: rgba(163, 65, 0, 0.08);
            }
          `}
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;
