import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useModalBehaviour } from './useModalBehaviour';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: grid;
  place-items: center;
  padding: 16px;
  background: rgba(0, 0, 0, 0.72);
  animation: platform-modal-in 200ms ease both;
  @keyframes platform-modal-in {
    from {
      opacity: 0;
    }
    to {
      opacity: 1;
    }
  }
`;

const Panel = styled.div<{ $width: number }>`
  position: relative;
  width: min(${({ $width }) => $width}px, 100%);
  max-height: calc(100vh - 32px);
  overflow: auto;
  border-radius: 16px;
  background: #17100b;
  color: ${({ theme }) => theme.colors.platformText};
  border: 1px solid rgba(255, 182, 140, 0.25);
  box-shadow: 0 30px 80px rgba(0, 0, 0, 0.75);
  .head {
    display: flex;
    justify-content: space-between;
    align-items: start;
    gap: 16px;
    padding: 18px 20px 0 24px;
  }
  h2 {
    margin: 0;
    font-size: 1.25rem;
    line-height: 1.3;
  }
  .close {
    flex: none;
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border: 0;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.08);
    color: inherit;
    font-size: 26px;
    line-height: 1;
    cursor: pointer;
  }
  .close:hover {
    background: rgba(255, 255, 255, 0.18);
  }
  .body {
    padding: 16px 24px 24px;
  }
`;

export interface PlatformModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Widest the panel gets, in CSS pixels (the map is 1024, the player 600). */
  width?: number;
  /** Hides the title visually (it still names the dialog). */
  hideTitle?: boolean;
}

/**
 * The venue's modal (dark, over the hall): Escape, the × and a click outside close it; focus moves
 * into it, Tab stays inside it and focus returns to what opened it.
 */
export const PlatformModal = ({ title, onClose, children, width = 640, hideTitle = false }: PlatformModalProps) => {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The focus goes to the first field, else the first control (the ×).
  useModalBehaviour(panel, { onClose });

  return (
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel ref={panel} $width={width} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        {/* Not a <header>: inside a dialog it would be a second page banner (axe 'landmark-unique', issue 56, item 14). */}
        <div className="head">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : undefined}>
            {title}
          </h2>
          <button type="button" className="close" onClick={() => onClose()} aria-label={t('common.close')}>
            ×
          </button>
        </div>
        <div className="body">{children}</div>
      </Panel>
    </Backdrop>
  );
};
