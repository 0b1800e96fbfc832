import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ToastType } from '../state/rules';
import { useAppState } from '../state/store';
import { closeButton } from './darkStyles';

const Box = styled.div<{ $type: ToastType; $show: boolean }>`
  position: fixed;
  left: 50%;
  bottom: 24px;
  /* Above the venue's floating navigation bar, never over it. */
  body.platform & {
    bottom: 84px;
  }
  transform: translate(-50%, ${({ $show }) => ($show ? '0' : '140%')});
  opacity: ${({ $show }) => ($show ? 1 : 0)};
  visibility: ${({ $show }) => ($show ? 'visible' : 'hidden')};
  transition:
    transform 250ms ease,
    opacity 250ms ease,
    visibility 250ms;
  /* A visitor who asked for less motion gets the notice at once, and sees it go at once. */
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  z-index: 1000;
  min-width: min(420px, calc(100vw - 32px));
  max-width: calc(100vw - 32px);
  padding: 14px 16px 14px 20px;
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  color: #fff;
  font-weight: 500;
  background: ${({ theme, $type }) => theme.colors[$type]};
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  --focus-ring: #fff;
`;

const Close = styled.button`
  ${closeButton}
  flex: none;
  &:hover {
    background: rgba(255, 255, 255, 0.15);
  }
`;

/**
 * The one toast of the app (SPEC §3), rendered once at the root. What it says is announced
 * through two live regions that stay in the page from the start (screen readers skip regions
 * that appear together with their text): errors and warnings in an alert, the rest in a
 * status. The visible box slides in and out and keeps its last text while it leaves.
 */
export const ToastHost = () => {
  const { t } = useTranslation();
  const toast = useAppState((s) => s.toast);
  const hide = useAppState((s) => s.hideToast);
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <>
      <div role="alert" className="visually-hidden">
        {toast.show && urgent ? toast.message : ''}
      </div>
      <div role="status" className="visually-hidden">
        {toast.show && !urgent ? toast.message : ''}
      </div>
      <Box $type={toast.type} $show={toast.show} data-testid="toast">
        <span aria-hidden="true">{toast.message}</span>
        <Close type="button" onClick={hide} aria-label={t('common.closeNotice')} tabIndex={toast.show ? 0 : -1}>
          <span aria-hidden="true">×</span>
        </Close>
      </Box>
    </>
  );
};
