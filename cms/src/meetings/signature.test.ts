import { describe, expect, it } from 'vitest';
import { ZOOM_SIGNATURE_SECONDS, zoomSignature } from './signature';

describe('zoomSignature', () => {
  it('matches a vector computed independently (Python hmac/hashlib/base64)', () => {
    const { signature, expiresAt } = zoomSignature({
      sdkKey: 'Kx9sdkKEY',
      sdkSecret: 's3cr3t-Zoom-SDK',
      meetingNumber: '85012345678',
      role: 1,
      now: new Date('2026-11-26T12:00:00Z'),
    });
    expect(signature).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' +
        'eyJhcHBLZXkiOiJLeDlzZGtLRVkiLCJzZGtLZXkiOiJLeDlzZGtLRVkiLCJtbiI6Ijg1MDEyMzQ1Njc4Iiwicm9sZSI6MSwiaWF0IjoxNzk1Njk0MzcwLCJleHAiOjE3OTU2OTYxNzAsInRva2VuRXhwIjoxNzk1Njk2MTcwfQ.' +
        'UdsyYTl68uyaAOQfN0FZQTY1epzsEYRAWU--7v7-pEo',
    );
    expect(expiresAt.toISOString()).toBe('2026-11-26T12:29:30.000Z');
  });

  it('gives Zoom the shortest validity it takes, and changes with the secret', () => {
    const input = { sdkKey: 'k', sdkSecret: 'a', meetingNumber: '850123456', role: 0 as const, now: new Date('2026-01-01T00:00:00Z') };
    const claims = JSON.parse(Buffer.from(zoomSignature(input).signature.split('.')[1], 'base64url').toString()) as Record<string, number>;
    expect(claims.exp - claims.iat).toBe(ZOOM_SIGNATURE_SECONDS);
    expect(ZOOM_SIGNATURE_SECONDS).toBe(1800);
    expect(claims.tokenExp).toBe(claims.exp);
    expect(zoomSignature({ ...input, sdkSecret: 'b' }).signature).not.toBe(zoomSignature(input).signature);
  });
});
