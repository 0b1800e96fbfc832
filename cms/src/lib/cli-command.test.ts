import { describe, expect, it } from 'vitest';
import { isDataTransferBoot, optionValue, strapiCommand } from './cli-command';
import { importArchive, rowKey } from './keep-ids';

const cli = (...args: string[]) => ['/usr/bin/node', '/app/node_modules/@strapi/strapi/bin/strapi.js', ...args];

describe('the stock command a boot runs', () => {
  it('names export, import and transfer boots, and nothing else', () => {
    expect(isDataTransferBoot(cli('import', '-f', 'a.tar.gz'))).toBe(true);
    expect(isDataTransferBoot(cli('export'))).toBe(true);
    expect(isDataTransferBoot(cli('start'))).toBe(false);
    expect(isDataTransferBoot(['/usr/bin/node', '/app/node_modules/vitest/vitest.mjs', 'import'])).toBe(false);
    expect(strapiCommand(['/usr/bin/node', '/app/node_modules/.bin/strapi', 'develop'])).toBe('develop');
  });

  it('reads the archive and key of an import in every option form', () => {
    expect(optionValue(['--file=x.tar', '-k', 'abc'], '-f', '--file')).toBe('x.tar');
    expect(optionValue(['-fx.tar'], '-f', '--file')).toBe('x.tar');
    expect(importArchive(cli('import', '--file', '/b/x.tar.gz.enc', '--key=s3cr3t', '--force'))).toEqual({
      file: '/b/x.tar.gz.enc',
      key: 's3cr3t',
    });
    expect(importArchive(cli('export', '-f', '/b/x'))).toBeNull();
  });

  it('tells the draft and published rows of a document apart', () => {
    const draft = rowKey('api::event.event', { documentId: 'abc', locale: null, publishedAt: null });
    const published = rowKey('api::event.event', { documentId: 'abc', locale: null, publishedAt: '2026-01-01' });
    expect(draft).not.toBe(published);
    expect(rowKey('api::event.event', {})).toBeNull();
  });
});
