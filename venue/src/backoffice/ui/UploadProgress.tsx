import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { UploadOptions } from '@plataforma/adapter/client';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';

/**
 * The upload of a save with files: `track(save)` hands the save its progress callback and an
 * AbortSignal, shows the fraction sent while it runs, and `cancel()` aborts it (the save then
 * fails with 'api.error.canceled'). Leaving the screen aborts an upload still running.
 */
export const useUpload = () => {
  const [fraction, setFraction] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const track = useCallback(async <T,>(save: (upload: UploadOptions) => Promise<T>): Promise<T> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setFraction(0);
    try {
      return await save({ signal: current.signal, onUploadProgress: (value) => setFraction(value) });
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setFraction(null);
      }
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  /** The fraction sent (0 to 1) while an upload runs; null otherwise. */
  return { fraction, uploading: fraction !== null, track, cancel };
};

const Box = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 12px;
  align-items: center;
  margin: 0 0 16px;
  .label {
    grid-column: 1 / -1;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .track {
    height: 10px;
    border-radius: 5px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border: 1px solid ${({ theme }) => theme.colors.border};
    overflow: hidden;
  }
  .bar {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    transition: width 150ms linear;
  }
`;

/**
 * A real progress bar of an upload (from the browser's upload progress events) with 'Cancelar',
 * which aborts it. Shows nothing when no upload runs (`fraction` null).
 */
export const UploadProgress = ({ fraction, onCancel, label }: { fraction: number | null; onCancel: () => void; label?: string }) => {
  const { t } = useBackofficeTranslation();
  const labelId = useId();
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  const text = label ?? t('upload.sending');
  return (
    <Box>
      <span className="label" id={labelId}>
        {t('upload.progress', { text, percent })}
      </span>
      <div className="track" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="bar" style={{ width: `${percent}%` }} />
      </div>
      <Button type="button" $variant="ghost" onClick={onCancel}>
        {t('upload.cancel')}
      </Button>
    </Box>
  );
};
