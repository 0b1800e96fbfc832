import { describe, expect, it } from 'vitest';
import { fileKindProblem, fileTypeOf } from './files';

describe('files a link of the stock paths takes', () => {
  it('reads the stored type: an image but SVG, a video, a PDF', () => {
    expect(fileTypeOf('image/jpeg')).toBe('IMAGE');
    expect(fileTypeOf('IMAGE/PNG; charset=binary')).toBe('IMAGE');
    expect(fileTypeOf('video/mp4')).toBe('VIDEO');
    expect(fileTypeOf('application/pdf')).toBe('DOCUMENT');
    for (const mime of ['image/svg+xml', 'text/html', 'application/zip', '', null, undefined]) expect(fileTypeOf(mime)).toBeNull();
  });

  it('refuses what the kind does not take', () => {
    expect(fileKindProblem('image', 'image/webp')).toBeNull();
    expect(fileKindProblem('image', 'application/pdf')).toBe('upload.error.type');
    expect(fileKindProblem('media', 'application/pdf')).toBeNull();
    expect(fileKindProblem('media', 'image/svg+xml')).toBe('upload.error.type');
  });
});
