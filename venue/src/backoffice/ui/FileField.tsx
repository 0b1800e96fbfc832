import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { HTML_LANG, type Language } from '@plataforma/adapter/constants';
import { UPLOAD_MB, uploadAccept, uploadFormats, uploadRefusal, type UploadKind } from '@plataforma/adapter/uploads';
import { uploadLimit } from '../../shared/uploadLimits';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';

/** What a file is shown as: an image, a video player or an embedded document. */
export type FileKind = 'image' | 'video' | 'document';

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif|bmp|svg)(\?.*)?$/i;
const VIDEO_EXTENSIONS = /\.(mp4|webm|ogv|ogg|mov|m4v)(\?.*)?$/i;

/** The kind of a file from its MIME type, else from its name or address ('.pdf' and anything else: a document). */
export const fileKind = (mime: string | null | undefined, name = ''): FileKind => {
  if (mime?.startsWith('image/')) return 'image';
  if (mime?.startsWith('video/')) return 'video';
  if (mime) return 'document';
  if (IMAGE_EXTENSIONS.test(name)) return 'image';
  if (VIDEO_EXTENSIONS.test(name)) return 'video';
  return 'document';
};

/** The expected size of an image, whose ratio the picked image is checked against (SPEC §9: 1920x500, 240x340, 252x150). */
export interface ExpectedRatio {
  width: number;
  height: number;
}

/** How far a picked image's ratio may be from the expected one before the warning shows (5 %). */
export const RATIO_TOLERANCE = 0.05;

/** True when an image of `width`x`height` is off the expected ratio by more than 5 %. */
export const ratioIsOff = (width: number, height: number, expected: ExpectedRatio): boolean =>
  width > 0 && height > 0 && Math.abs(width / height / (expected.width / expected.height) - 1) > RATIO_TOLERANCE;

/**
 * The state of one file field of a form: the file chosen now and whether the stored one was
 * removed. Choosing a file clears the removal; removing drops the chosen file and, when a file
 * is stored, sets the removal flag (SPEC §4). `payload(fileKey, removeKey)` is what the save sends:
 * the file only when one was chosen, the flag 1 only when the stored file goes.
 */
export const useFileField = (current: string | null | undefined) => {
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const stored = Boolean(current);
  return {
    file,
    removed,
    /** A file will be there after the save: the new one, or the stored one kept. */
    present: file !== null || (stored && !removed),
    /** The user changed the field (chose or removed a file). */
    dirty: file !== null || removed,
    reset: () => {
      setFile(null);
      setRemoved(false);
    },
    payload: <F extends string, R extends string>(fileKey: F, removeKey: R) =>
      ({ [fileKey]: file ?? undefined, [removeKey]: removed && !file ? 1 : undefined }) as Record<F, File | undefined> &
        Record<R, 1 | undefined>,
    /** The props of its FileField. */
    field: {
      current: current ?? null,
      file,
      removed,
      onChoose: (chosen: File) => {
        setFile(chosen);
        setRemoved(false);
      },
      onRemove: () => {
        setFile(null);
        setRemoved(stored);
      },
    },
  };
};

const Box = styled.div`
  display: grid;
  gap: 8px;
  margin-bottom: 16px;
  .label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  .name {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
    word-break: break-all;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .warning {
    color: ${({ theme }) => theme.colors.warning};
    font-weight: 600;
  }
  .error {
    color: ${({ theme }) => theme.colors.error};
    font-weight: 600;
  }
  .preview {
    border: 1px dashed ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    padding: 8px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    display: grid;
    place-items: center;
  }
  .preview img,
  .preview video {
    max-width: 100%;
    max-height: 220px;
    object-fit: contain;
  }
  .preview iframe {
    width: 100%;
    height: 260px;
    border: 0;
    background: #fff;
  }
`;

/** The address of a chosen file while it is shown (an object URL, revoked when it changes). */
const useObjectUrl = (file: File | null): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
};

/**
 * The message of a file the field refuses at pick time, naming the field, the formats and the
 * size limit ('Banner: envie uma imagem JPG, PNG, GIF, WebP ou AVIF de até 10 MB.').
 */
export const refusalMessage = (
  language: string,
  label: string,
  kind: UploadKind,
  maxBytes: number,
): { key: 'upload.refusedImage' | 'upload.refusedMedia'; values: { label: string; types: string; max: string } } => {
  const locale = HTML_LANG[language as Language] ?? HTML_LANG.pt;
  const types = new Intl.ListFormat(locale, { type: 'disjunction' }).format(uploadFormats(kind).map((format) => format.name));
  const max = `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(maxBytes / UPLOAD_MB)} MB`;
  return { key: kind === 'image' ? 'upload.refusedImage' : 'upload.refusedMedia', values: { label, types, max } };
};

export interface FileFieldProps {
  label: string;
  required?: boolean;
  /**
   * What the field takes (adapter/uploads): a picked file of another format or over the size
   * limit is refused at once, not previewed and not kept, with a message under the field.
   */
  kind?: UploadKind;
  /** The largest file, in bytes; default this deployment's limit of the kind (the page's meta, shared/uploadLimits). */
  maxBytes?: number;
  /** The file input's accept list, for a field without a kind (a CSV import); default the kind's formats. */
  accept?: string;
  /** Shown under the field ('Deve ter uma proporção equivalente a 1920x500'). */
  hint?: ReactNode;
  /** The stored file's address (edit mode): shown until it is removed or replaced. */
  current: string | null;
  /** The stored file's kind when its address does not tell (a media's type). */
  currentKind?: FileKind;
  /** The file chosen now. */
  file: File | null;
  /** The stored file was removed. */
  removed: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
  /** The remove button's text for what is shown ('Remover imagem', 'Remover video'). */
  removeLabel: string | ((kind: FileKind) => string);
  /** The choose button's text ('Fazer upload de mídia'); default 'Escolher arquivo'. */
  chooseLabel?: string;
  /** For images: the expected size; a picked image off its ratio by more than 5 % shows a warning. */
  ratio?: ExpectedRatio;
  /** A message of the field (a required file missing). */
  error?: string;
  disabled?: boolean;
}

/**
 * An upload field (SPEC §2.3, §5): its label with the required mark, a button that opens the
 * file picker (keyboard reachable; the input itself is hidden), the hint, a preview of what will
 * be saved (image, video player or embedded PDF), the remove button, and for images the ratio
 * warning. Controlled: `useFileField(current).field` gives the state and the handlers.
 */
export const FileField = ({
  label,
  required,
  kind: uploadKind,
  maxBytes,
  accept,
  hint,
  current,
  currentKind,
  file,
  removed,
  onChoose,
  onRemove,
  removeLabel,
  chooseLabel,
  ratio,
  error,
  disabled,
}: FileFieldProps) => {
  const { t, i18n } = useBackofficeTranslation();
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const limit = uploadKind ? (maxBytes ?? uploadLimit(uploadKind)) : undefined;
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const objectUrl = useObjectUrl(file);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => setSize(null), [file]);

  const shownUrl = file ? objectUrl : removed ? null : current;
  const shown = file !== null || (current !== null && !removed);
  const kind: FileKind = file ? fileKind(file.type, file.name) : (currentKind ?? fileKind(null, current ?? ''));
  const warn = file !== null && kind === 'image' && ratio !== undefined && size !== null && ratioIsOff(size.width, size.height, ratio);
  const shownError = refused ?? error;
  const describedBy = [hint ? `${id}-hint` : null, warn ? `${id}-warning` : null, shownError ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const previewName = t('upload.preview', { label });

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <span className="label" id={`${id}-label`}>
        {label}
        {required && (
          <>
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> {t('upload.requiredMark')}</span>
          </>
        )}
      </span>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={accept ?? (uploadKind ? uploadAccept(uploadKind) : undefined)}
        hidden
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-required={required}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy || undefined}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          if (uploadKind && limit !== undefined && uploadRefusal(chosen, uploadKind, limit) !== null) {
            const message = refusalMessage(i18n.language, label, uploadKind, limit);
            setRefused(t(message.key, message.values));
            return;
          }
          setRefused(null);
          onChoose(chosen);
        }}
      />
      <div className="row">
        <Button
          ref={chooseButton}
          type="button"
          $variant="ghost"
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          aria-invalid={shownError ? true : undefined}
          onClick={() => input.current?.click()}
        >
          {chooseLabel ?? (shown ? t('upload.replace') : t('upload.choose'))}
          <span className="visually-hidden">: {label}</span>
        </Button>
        {shown && (
          <Button
            type="button"
            $variant="ghost"
            disabled={disabled}
            onClick={() => {
              setRefused(null);
              onRemove();
              chooseButton.current?.focus();
            }}
          >
            {typeof removeLabel === 'function' ? removeLabel(kind) : removeLabel}
            <span className="visually-hidden">: {label}</span>
          </Button>
        )}
        {file && <span className="name">{file.name}</span>}
      </div>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {warn && size && ratio && (
        <small className="warning" id={`${id}-warning`} role="status">
          {t('upload.ratioWarning', { width: size.width, height: size.height, expected: `${ratio.width}x${ratio.height}` })}
        </small>
      )}
      {shownError && (
        <small className="error" id={`${id}-error`} role={refused ? 'alert' : undefined}>
          {shownError}
        </small>
      )}
      {shown && shownUrl && (
        <div className="preview">
          {kind === 'image' ? (
            <img
              src={shownUrl}
              alt={previewName}
              onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            />
          ) : kind === 'video' ? (
            <video src={shownUrl} controls preload="metadata" aria-label={previewName} />
          ) : (
            <iframe src={shownUrl} title={previewName} />
          )}
        </div>
      )}
    </Box>
  );
};
