import fs from 'node:fs';
import { settingsOf, type Env, type Settings } from '../lib/settings';
import type { UploadKind } from './sniff';

export interface UploadLimits {
  /** Largest file, in bytes, each kind of field accepts (413 `upload.error.tooLarge` beyond). */
  bytes: Readonly<Record<UploadKind, number>>;
  /** The largest of them: the multipart body's file limit and the upload plugin's `sizeLimit`. */
  maxBytes: number;
}

/** Per-kind size limits: UPLOAD_IMAGE_MAX_MB (default 10) and UPLOAD_MEDIA_MAX_MB (default 512). */
export const uploadLimits = (env?: Env): UploadLimits => settingsOf(env).uploads.limits;

/** Where formidable streams the files of a request while it runs (UPLOAD_TMP_DIR, default the system's temporary folder); created when missing. */
export const uploadTempDir = (env?: Env): string => {
  const dir = settingsOf(env).uploads.tempDir;
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

export type S3Settings = NonNullable<Settings['uploads']['s3']>;

/**
 * The S3 store when S3_BUCKET is set (null: the local disk): S3_REGION (default us-east-1),
 * S3_ENDPOINT (any S3-compatible store, path-style), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY,
 * S3_PUBLIC_URL (default: the endpoint's path-style bucket URL, or the bucket's AWS URL) and
 * S3_ACL (default public-read; `none` sends no ACL).
 */
export const s3Settings = (env?: Env): S3Settings | null => settingsOf(env).uploads.s3;

/** The upload plugin's configuration: the size limit, and the S3 provider when S3_BUCKET is set. */
export const uploadPluginConfig = (env?: Env): Record<string, unknown> => {
  const s3 = s3Settings(env);
  const config: Record<string, unknown> = {
    sizeLimit: uploadLimits(env).maxBytes,
    // Strapi's own uploads (the Media Library, /api/upload) refuse what a browser could run
    // from our origin; the product's routes accept only their formats anyway (sniff.ts).
    security: {
      deniedTypes: [
        'image/svg+xml',
        'text/html',
        'application/xhtml+xml',
        'text/javascript',
        'application/javascript',
        'application/x-javascript',
        'text/xml',
        'application/xml',
        'application/x-msdownload',
        'application/x-executable',
        'application/x-sh',
      ],
    },
  };
  if (!s3) return config;
  return {
    ...config,
    provider: 'aws-s3',
    providerOptions: {
      baseUrl: s3.publicUrl,
      s3Options: {
        region: s3.region,
        ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
        ...(s3.credentials ? { credentials: s3.credentials } : {}),
        // `ACL: undefined` (the key present) makes the provider send no ACL at all.
        params: { Bucket: s3.bucket, ACL: s3.acl ?? undefined },
      },
    },
    actionOptions: { upload: {}, uploadStream: {}, delete: {} },
  };
};

/** Origins the pages must admit in img-src, media-src and frame-src: the S3 public URL's, when S3 is on. */
export const uploadOrigins = (env?: Env): string[] => {
  const s3 = s3Settings(env);
  return s3 ? [new URL(s3.publicUrl).origin] : [];
};
