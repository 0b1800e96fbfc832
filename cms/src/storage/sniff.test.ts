import { describe, expect, it } from 'vitest';
import { UPLOAD_FORMATS } from '@plataforma/adapter';
import { KIND_TYPES, sniff } from './sniff';

const bytes = (...parts: Array<string | number[] | Buffer>): Uint8Array =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

const u32 = (value: number): number[] => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

/** An ftyp box with a major brand and compatible brands, then an mdat box. */
const ftyp = (major: string, ...compatible: string[]): Uint8Array =>
  bytes(u32(16 + 4 * compatible.length), 'ftyp', major, [0, 0, 0, 0], compatible.join(''), u32(16), 'mdat', Buffer.alloc(8));

/** An EBML header carrying a DocType. */
const ebml = (docType: string): Uint8Array => {
  const body = bytes([0x42, 0x86, 0x81, 0x01], [0x42, 0x82, 0x80 | docType.length], docType);
  return bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length], Buffer.from(body), Buffer.alloc(16));
};

/** An Ogg page whose first packet starts with `packet`. */
const ogg = (packet: Buffer): Uint8Array => bytes('OggS', [0, 2], Buffer.alloc(22), packet, Buffer.alloc(32));

/** Each accepted format's leading bytes and what `sniff` makes of them. */
const RECOGNISED: Array<[string, Uint8Array, string, string, string]> = [
  ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], Buffer.alloc(16)), 'image/jpeg', '.jpg', 'IMAGE'],
  ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], u32(13), 'IHDR', Buffer.alloc(13)), 'image/png', '.png', 'IMAGE'],
  ['GIF87a', bytes('GIF87a', Buffer.alloc(8)), 'image/gif', '.gif', 'IMAGE'],
  ['GIF89a', bytes('GIF89a', Buffer.alloc(8)), 'image/gif', '.gif', 'IMAGE'],
  ['WebP (lossy)', bytes('RIFF', u32(100), 'WEBPVP8 ', Buffer.alloc(8)), 'image/webp', '.webp', 'IMAGE'],
  ['WebP (lossless)', bytes('RIFF', u32(100), 'WEBPVP8L', Buffer.alloc(8)), 'image/webp', '.webp', 'IMAGE'],
  ['WebP (extended)', bytes('RIFF', u32(100), 'WEBPVP8X', Buffer.alloc(8)), 'image/webp', '.webp', 'IMAGE'],
  ['AVIF', ftyp('avif', 'mif1', 'miaf'), 'image/avif', '.avif', 'IMAGE'],
  ['AVIF (mif1 major)', ftyp('mif1', 'avif', 'miaf'), 'image/avif', '.avif', 'IMAGE'],
  ['MP4', ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'), 'video/mp4', '.mp4', 'VIDEO'],
  ['MP4 (mp42)', ftyp('mp42', 'isom'), 'video/mp4', '.mp4', 'VIDEO'],
  ['QuickTime', ftyp('qt  ', 'qt  '), 'video/quicktime', '.mov', 'VIDEO'],
  ['QuickTime without ftyp', bytes(u32(1000), 'moov', Buffer.alloc(16)), 'video/quicktime', '.mov', 'VIDEO'],
  ['M4V', ftyp('M4V ', 'M4V ', 'mp42', 'isom'), 'video/x-m4v', '.m4v', 'VIDEO'],
  ['WebM', ebml('webm'), 'video/webm', '.webm', 'VIDEO'],
  ['Ogg Theora', ogg(Buffer.from('\x80theora\x03\x02\x01', 'latin1')), 'video/ogg', '.ogv', 'VIDEO'],
  ['PDF', bytes('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf', '.pdf', 'DOCUMENT'],
];

describe('sniff', () => {
  it.each(RECOGNISED)('recognises %s', (_label, head, mime, ext, type) => {
    expect(sniff(head)).toEqual({ mime, ext, type });
  });

  it.each([
    ['an empty file', bytes()],
    ['SVG', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG without a prolog', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<!doctype html><html><script src="/uploads/x.js"></script>')],
    ['JavaScript', bytes('alert(document.cookie)')],
    ['an ELF executable', bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], Buffer.alloc(32))],
    ['a PE executable', bytes('MZ', [0x90, 0, 3, 0], Buffer.alloc(32))],
    ['a ZIP (docx, jar)', bytes('PK', [3, 4], Buffer.alloc(32))],
    ['HEIC', ftyp('heic', 'mif1', 'heic')],
    ['an M4A (audio)', ftyp('M4A ', 'M4A ', 'mp42', 'isom')],
    ['a 3GP', ftyp('3gp4', '3gp4')],
    ['Matroska (not WebM)', ebml('matroska')],
    ['Ogg Vorbis (audio)', ogg(Buffer.from('\x01vorbis\0\0\0\0', 'latin1'))],
    ['a PNG signature without its header chunk', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', u32(100), 'WAVEfmt ', Buffer.alloc(8))],
    ['text that mentions %PDF- later', bytes('hello %PDF-1.4')],
    ['an ftyp box with an absurd size', bytes(u32(4), 'ftypisom', Buffer.alloc(16))],
  ])('refuses %s', (_label, head) => {
    expect(sniff(head)).toBeNull();
  });

  it('recognises exactly the formats of the contract, each stored under its first extension (the back office checks a pick against them)', () => {
    for (const [, head] of RECOGNISED) {
      const found = sniff(head);
      const format = UPLOAD_FORMATS.find((candidate) => candidate.mime === found?.mime);
      expect(format, found?.mime).toBeDefined();
      expect(found).toEqual({ mime: format?.mime, ext: format?.extensions[0], type: format?.type });
    }
    expect(new Set(RECOGNISED.map(([, , mime]) => mime))).toEqual(new Set(UPLOAD_FORMATS.map((format) => format.mime)));
  });

  it('lets image fields take images only and media fields images, videos and PDFs', () => {
    expect(KIND_TYPES.image).toEqual(['IMAGE']);
    expect(KIND_TYPES.media).toEqual(['IMAGE', 'VIDEO', 'DOCUMENT']);
  });
});
