import styled from 'styled-components';
import { useAppState } from '../state/store';

const Box = styled.div<{ $type: string; $show: boolean }>`
  position: fixed;
  left: 50%;
  bottom: 24px;
  transform: translate(-50%, ${({ $show }) => ($show ? '0' : '140%')});
  opacity: ${({ $show }) => ($show ? 1 : 0)};
  transition:
    transform 250ms ease,
    opacity 250ms ease;
  z-index: 1000;
  min-width: min(420px, calc(100vw - 32px));
  max-width: calc(100vw - 32px);
  padding: 14px 20px;
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  color: #fff;
  font-weight: 500;
  background: ${({ theme, $type }) => theme.colors[$type as 'success' | 'error' | 'warning' | 'info']};
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
`;

const Close = styled.button`
  background: transparent;
  border: 0;
  color: inherit;
  cursor: pointer;
  font-size: 20px;
  line-height: 1;
`;

/** The one toast of the app (SPEC §3): rendered once at the root. */
export const ToastHost = () => {
  const toast = useAppState((s) => s.toast);
  const hide = useAppState((s) => s.hideToast);
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <Box
      $type={toast.type}
      $show={toast.show}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-hidden={!toast.show}
    >
      <span>{toast.show ? toast.message : ''}</span>
      {toast.show && (
        <Close type="button" onClick={hide} aria-label="Fechar aviso">
          ×
        </Close>
      )}
    </Box>
  );
};
