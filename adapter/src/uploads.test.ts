import { describe, expect, it } from 'vitest';
import { formatUploadLimits, parseUploadLimits, UPLOAD_DEFAULT_LIMITS, uploadAccept, uploadFormatOf, uploadRefusal } from './uploads';

const MB = 1024 * 1024;

describe('uploads', () => {
  it('lists what each kind takes for the file input', () => {
    expect(uploadAccept('image')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png,image/gif,.gif,image/webp,.webp,image/avif,.avif');
    expect(uploadAccept('media')).toContain('video/quicktime,.mov');
    expect(uploadAccept('media')).toContain('application/pdf,.pdf');
  });

  it('reads a picked file by its declared type, by its name only when none is declared', () => {
    expect(uploadFormatOf({ name: 'x.png', type: 'image/png' }, 'image')?.name).toBe('PNG');
    expect(uploadFormatOf({ name: 'x.pdf', type: 'application/pdf' }, 'image')).toBeNull();
    expect(uploadFormatOf({ name: 'x.pdf', type: 'application/pdf' }, 'media')?.name).toBe('PDF');
    // A text file renamed .png is declared text/plain by no browser, but one declared so is refused.
    expect(uploadFormatOf({ name: 'x.png', type: 'text/plain' }, 'image')).toBeNull();
    expect(uploadFormatOf({ name: 'FOTO.JPEG', type: '' }, 'image')?.name).toBe('JPG');
    expect(uploadFormatOf({ name: 'aula.mov', type: 'application/octet-stream' }, 'media')?.name).toBe('MOV');
    expect(uploadFormatOf({ name: 'desenho.svg', type: 'image/svg+xml' }, 'image')).toBeNull();
    expect(uploadFormatOf({ name: 'semnome', type: '' }, 'media')).toBeNull();
  });

  it('refuses a format the field does not take, an empty file and one over the limit', () => {
    expect(uploadRefusal({ name: 'a.png', type: 'image/png', size: 10 * MB }, 'image', 10 * MB)).toBeNull();
    expect(uploadRefusal({ name: 'a.png', type: 'image/png', size: 10 * MB + 1 }, 'image', 10 * MB)).toBe('tooLarge');
    expect(uploadRefusal({ name: 'a.png', type: 'image/png', size: 0 }, 'image', 10 * MB)).toBe('empty');
    expect(uploadRefusal({ name: 'a.txt', type: 'text/plain', size: 3 }, 'media', 10 * MB)).toBe('type');
  });

  it("carries the deployment's limits through the page's meta, the defaults for what is missing or garbled", () => {
    expect(parseUploadLimits(formatUploadLimits({ image: 5 * MB, media: 2 * MB }))).toEqual({ image: 5 * MB, media: 2 * MB });
    expect(parseUploadLimits(null)).toEqual(UPLOAD_DEFAULT_LIMITS);
    expect(parseUploadLimits('image=abc,media=-3,video=9')).toEqual(UPLOAD_DEFAULT_LIMITS);
    expect(parseUploadLimits('image=1048576')).toEqual({ image: MB, media: UPLOAD_DEFAULT_LIMITS.media });
  });
});
