import { describe, expect, it } from 'vitest';
import { s3Settings, uploadLimits, uploadOrigins, uploadPluginConfig } from './config';

const MB = 1024 * 1024;

describe('uploadLimits', () => {
  it('defaults to 10 MB for images and 512 MB for media', () => {
    expect(uploadLimits({})).toEqual({ bytes: { image: 10 * MB, media: 512 * MB }, maxBytes: 512 * MB });
  });

  it('reads UPLOAD_IMAGE_MAX_MB and UPLOAD_MEDIA_MAX_MB, fractions included', () => {
    expect(uploadLimits({ UPLOAD_IMAGE_MAX_MB: '0.5', UPLOAD_MEDIA_MAX_MB: '2' })).toEqual({
      bytes: { image: 0.5 * MB, media: 2 * MB },
      maxBytes: 2 * MB,
    });
    expect(uploadLimits({ UPLOAD_IMAGE_MAX_MB: '20', UPLOAD_MEDIA_MAX_MB: '5' }).maxBytes).toBe(20 * MB);
  });

  it.each(['0', '-1', 'dez', '10MB'])('refuses %s with the variable’s name', (value) => {
    expect(() => uploadLimits({ UPLOAD_MEDIA_MAX_MB: value })).toThrow(/UPLOAD_MEDIA_MAX_MB/);
  });
});

describe('S3', () => {
  it('is off without S3_BUCKET: the local disk, no extra origin', () => {
    expect(s3Settings({})).toBeNull();
    expect(uploadOrigins({})).toEqual([]);
    const config = uploadPluginConfig({});
    expect(config.provider).toBeUndefined();
    expect(config.sizeLimit).toBe(512 * MB);
    expect((config.security as { deniedTypes: string[] }).deniedTypes).toEqual(expect.arrayContaining(['image/svg+xml', 'text/html']));
  });

  it('uses any S3-compatible endpoint path-style, serving from S3_PUBLIC_URL', () => {
    const env = {
      S3_BUCKET: 'eventos',
      S3_REGION: 'sa-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      S3_PUBLIC_URL: 'https://arquivos.exemplo.com.br/eventos/',
    };
    expect(s3Settings(env)).toEqual({
      bucket: 'eventos',
      region: 'sa-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'chave', secretAccessKey: 'segredo' },
      publicUrl: 'https://arquivos.exemplo.com.br/eventos',
      acl: 'public-read',
    });
    expect(uploadOrigins(env)).toEqual(['https://arquivos.exemplo.com.br']);
    expect(uploadPluginConfig(env)).toMatchObject({
      provider: 'aws-s3',
      providerOptions: {
        baseUrl: 'https://arquivos.exemplo.com.br/eventos',
        s3Options: {
          region: 'sa-east-1',
          endpoint: 'http://127.0.0.1:9000',
          forcePathStyle: true,
          credentials: { accessKeyId: 'chave', secretAccessKey: 'segredo' },
          params: { Bucket: 'eventos', ACL: 'public-read' },
        },
      },
    });
  });

  it('derives the public URL from the endpoint, or from AWS, when S3_PUBLIC_URL is unset', () => {
    expect(s3Settings({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000' })?.publicUrl).toBe('http://minio:9000/b');
    expect(s3Settings({ S3_BUCKET: 'b', S3_REGION: 'sa-east-1' })?.publicUrl).toBe('https://b.s3.sa-east-1.amazonaws.com');
    const aws = uploadPluginConfig({ S3_BUCKET: 'b' });
    const s3Options = (aws.providerOptions as { s3Options: Record<string, unknown> }).s3Options;
    expect(s3Options.forcePathStyle).toBeUndefined();
    expect(s3Options.credentials).toBeUndefined();
    expect(s3Options.region).toBe('us-east-1');
  });

  it('sends no ACL with S3_ACL=none (buckets with ACLs disabled)', () => {
    const config = uploadPluginConfig({ S3_BUCKET: 'b', S3_ACL: 'none' });
    const params = (config.providerOptions as { s3Options: { params: Record<string, unknown> } }).s3Options.params;
    expect('ACL' in params).toBe(true);
    expect(params.ACL).toBeUndefined();
  });

  it('refuses half the credentials and URLs that are not http(s)', () => {
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'chave' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'arquivos' })).toThrow(/S3_PUBLIC_URL/);
  });
});
