import { parseUploadLimits, UPLOAD_LIMITS_META, type UploadKind } from '@plataforma/adapter/uploads';

/**
 * The largest file, in bytes, a field of `kind` may send on this deployment (UPLOAD_IMAGE_MAX_MB,
 * UPLOAD_MEDIA_MAX_MB), as the server writes it into the page's `<meta name="plataforma-upload-limits">`;
 * the contract's defaults where the meta is absent (the Vite dev server).
 */
export const uploadLimit = (kind: UploadKind): number => {
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(`meta[name="${UPLOAD_LIMITS_META}"]`);
  return parseUploadLimits(meta?.content)[kind];
};
