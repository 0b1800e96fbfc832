import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { axiosWithoutFetch } from './axiosWithoutFetch';

// The build leaves axios's fetch adapter out (decision 037, addendum of 2026-11-27).
const load = (id: string) => {
  const hook = axiosWithoutFetch().load;
  if (typeof hook !== 'function') throw new Error('no load hook');
  return (hook as (id: string) => string | null)(id);
};

describe('axiosWithoutFetch', () => {
  it("replaces axios's fetch adapter, on POSIX and Windows paths, and nothing else", () => {
    for (const id of ['/repo/node_modules/axios/lib/adapters/fetch.js', 'C:\\repo\\node_modules\\axios\\lib\\adapters\\fetch.js'])
      expect(load(id)).toContain('export const getFetch = () => false;');
    expect(load('/repo/node_modules/axios/lib/adapters/xhr.js')).toBeNull();
    expect(load('/repo/venue/src/shared/fetch.js')).toBeNull();
  });

  it('matches how axios uses that module: only its getFetch, after the XHR adapter', () => {
    // An axios upgrade that used more of fetch.js, or put fetch before xhr, would break the stub.
    const lib = path.join(
      path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('axios/package.json')),
      'lib',
      'adapters',
    );
    const adapters = readFileSync(path.join(lib, 'adapters.js'), 'utf8');
    expect(adapters).toContain("import * as fetchAdapter from './fetch.js';");
    expect([...adapters.matchAll(/fetchAdapter\.(\w+)/g)].map((match) => match[1])).toEqual(['getFetch']);
    const defaults = readFileSync(path.join(lib, '..', 'defaults', 'index.js'), 'utf8');
    expect(defaults).toContain("adapter: ['xhr', 'http', 'fetch']");
  });
});
