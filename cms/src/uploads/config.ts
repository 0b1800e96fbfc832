import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadKind } from './sniff';

type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;

const megabytes = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback * MB;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} takes a size in megabytes greater than 0 (e.g. 10), not '${raw}'.`);
  return Math.floor(value * MB);
};

export interface UploadLimits {
  /** Largest file, in bytes, each kind of field accepts (413 `upload.error.tooLarge` beyond). */
  bytes: Readonly<Record<UploadKind, number>>;
  /** The largest of them: the multipart body's file limit and the upload plugin's `sizeLimit`. */
  maxBytes: number;
}

/** Per-kind size limits: UPLOAD_IMAGE_MAX_MB (default 10) and UPLOAD_MEDIA_MAX_MB (default 512). */
export const uploadLimits = (env: Env = process.env): UploadLimits => {
  const bytes = { image: megabytes(env, 'UPLOAD_IMAGE_MAX_MB', 10), media: megabytes(env, 'UPLOAD_MEDIA_MAX_MB', 512) };
  return { bytes, maxBytes: Math.max(bytes.image, bytes.media) };
};

/** Where formidable streams the files of a request while it runs (UPLOAD_TMP_DIR, default the system's temporary folder); created when missing. */
export const uploadTempDir = (env: Env = process.env): string => {
  const dir = env.UPLOAD_TMP_DIR?.trim() ? path.resolve(env.UPLOAD_TMP_DIR.trim()) : os.tmpdir();
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

export interface S3Settings {
  bucket: string;
  region: string;
  /** Endpoint of an S3-compatible store; addressed path-style when set. */
  endpoint: string | null;
  /** Both or neither: without them the AWS SDK's own chain (environment, instance role) is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Base URL the stored files are served from (no trailing slash). */
  publicUrl: string;
  /** Canned ACL sent with every object, or null to send none (buckets with ACLs disabled). */
  acl: string | null;
}

const httpUrl = (name: string, value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} takes an http(s) URL, not '${value}'.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} takes an http(s) URL, not '${value}'.`);
  return value.replace(/\/+$/, '');
};

/**
 * The S3 store when S3_BUCKET is set (null: the local disk): S3_REGION (default us-east-1),
 * S3_ENDPOINT (any S3-compatible store, path-style), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY,
 * S3_PUBLIC_URL (default: the endpoint's path-style bucket URL, or the bucket's AWS URL) and
 * S3_ACL (default public-read; `none` sends no ACL).
 */
export const s3Settings = (env: Env = process.env): S3Settings | null => {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const endpoint = env.S3_ENDPOINT?.trim() ? httpUrl('S3_ENDPOINT', env.S3_ENDPOINT.trim()) : null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK’s own credentials.');
  const publicUrl = env.S3_PUBLIC_URL?.trim()
    ? httpUrl('S3_PUBLIC_URL', env.S3_PUBLIC_URL.trim())
    : endpoint
      ? `${endpoint}/${bucket}`
      : `https://${bucket}.s3.${region}.amazonaws.com`;
  const aclValue = env.S3_ACL?.trim() || 'public-read';
  return {
    bucket,
    region,
    endpoint,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    publicUrl,
    acl: aclValue === 'none' ? null : aclValue,
  };
};

/** The upload plugin's configuration: the size limit, and the S3 provider when S3_BUCKET is set. */
export const uploadPluginConfig = (env: Env = process.env): Record<string, unknown> => {
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
export const uploadOrigins = (env: Env = process.env): string[] => {
  const s3 = s3Settings(env);
  return s3 ? [new URL(s3.publicUrl).origin] : [];
};
