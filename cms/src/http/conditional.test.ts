import { describe, expect, it } from 'vitest';
import { cacheControlOf, etagOf, matchesEtag } from './conditional';

describe('conditional API reads (issue 16)', () => {
  it('tags the same JSON alike and another apart, weakly', () => {
    const tag = etagOf('{"data":[1],"msg":"ok","status":200}');
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etagOf('{"data":[1],"msg":"ok","status":200}')).toBe(tag);
    expect(etagOf('{"data":[2],"msg":"ok","status":200}')).not.toBe(tag);
  });

  it('matches If-None-Match by weak comparison, in a list, and *', () => {
    const tag = etagOf('x');
    expect(matchesEtag(tag, tag)).toBe(true);
    expect(matchesEtag(tag.replace(/^W\//, ''), tag)).toBe(true);
    expect(matchesEtag(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesEtag('*', tag)).toBe(true);
    expect(matchesEtag('W/"other"', tag)).toBe(false);
    expect(matchesEtag(undefined, tag)).toBe(false);
    expect(matchesEtag('', tag)).toBe(false);
  });

  it('lets shared caches keep only anonymous reads of the site', () => {
    expect(cacheControlOf('/api/site/v1/stands/3', false, '/api/site/v1')).toBe('public, no-cache');
    expect(cacheControlOf('/api/site/v1/clients/me', true, '/api/site/v1')).toBe('private, no-cache');
    expect(cacheControlOf('/api/cms/v1/stands', false, '/api/site/v1')).toBe('private, no-cache');
    expect(cacheControlOf('/api/site/v1x', false, '/api/site/v1')).toBe('private, no-cache');
  });
});
