import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PRETENURING_FLAG, tuneHeap } from './heap';

describe('tuneHeap (decision 076)', () => {
  it('turns V8 allocation-site pretenuring off', () => {
    const flags: string[] = [];
    tuneHeap((flag) => flags.push(flag));
    expect(flags).toEqual(['--no-allocation-site-pretenuring']);
  });

  it('is a flag this Node accepts while running', () => {
    // An unknown flag is ignored by V8 with a warning on stderr; a known one says nothing.
    const child = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(PRETENURING_FLAG)})`], {
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    expect(child.stderr).toBe('');
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    expect(options).toContain('--allocation-site-pretenuring');
  });
});
