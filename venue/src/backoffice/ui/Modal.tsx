import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useModalBehaviour } from '../../shared/ui/useModalBehaviour';
import { useBackofficeTranslation } from '../i18n';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.55);
  display: grid;
  place-items: center;
  z-index: 800;
  padding: 16px;
`;

const Panel = styled.div<{ $wide?: boolean }>`
  background: #fff;
  border-radius: 14px;
  width: min(${({ $wide }) => ($wide ? 860 : 560)}px, 100%);
  max-height: calc(100vh - 32px);
  overflow: auto;
  box-shadow: 0 20px 60px rgba(0, 0, 0, 0.3);
  header {
    display: flex;
    justify-content: space-between;
    align-items: start;
    gap: 16px;
    padding: 20px 24px 0;
  }
  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
  header p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  .close {
    background: none;
    border: 0;
    font-size: 26px;
    line-height: 1;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .body {
    padding: 20px 24px 24px;
  }
`;

export const ModalActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 8px;
`;

/**
 * The one modal of the back office: title, optional subtitle; Escape, the × and a click outside
 * close it. Focus, the Tab ring and the focus's return are the app's one modal behaviour.
 */
export const Modal = ({
  title,
  subtitle,
  onClose,
  children,
  wide,
}: {
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
  /** A wider panel (860 px) for a modal with a table (the clients' import). */
  wide?: boolean;
}) => {
  const { t } = useBackofficeTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useModalBehaviour(panel, { onClose, initialFocus: 'input:not([hidden]), select, textarea, button:not(.close)' });
  return (
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel ref={panel} $wide={wide} role="dialog" aria-modal="true" aria-labelledby="modal-title">
        <header>
          <div>
            <h2 id="modal-title">{title}</h2>
            {subtitle && <p>{subtitle}</p>}
          </div>
          <button type="button" className="close" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </header>
        <div className="body">{children}</div>
      </Panel>
    </Backdrop>
  );
};
