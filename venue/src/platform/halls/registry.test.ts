import { describe, expect, it } from 'vitest';
import { MAPPED, NEXT_HALL, pageOf, pagePath } from './registry';

describe('platform pages', () => {
  it('names the page of a pathname, whatever the slug', () => {
    expect(pageOf('/plataforma/1-cbvmi-2020/hall-estandes-bronze/2')).toBe('bronze2');
    expect(pageOf('/plataforma/1/hall-entrada/')).toBe('entrance');
    expect(pageOf('/plataforma/1/estande/2-pfizer')).toBeNull();
    expect(pageOf('/plataforma/1')).toBeNull();
  });

  it('chains the halls as SPEC §2.4 says', () => {
    const walk = ['gold'];
    let key = NEXT_HALL.gold;
    while (key) {
      walk.push(key);
      key = NEXT_HALL[key];
    }
    expect(walk).toEqual(['gold', 'silver', 'bronze1', 'bronze2']);
    expect(NEXT_HALL.congress1).toBe('congress2');
    expect(NEXT_HALL.bronze2).toBeUndefined();
    expect(MAPPED).toEqual(['entrance', 'gold', 'silver', 'bronze1', 'bronze2']);
    expect(pagePath('1-x', 'congress2')).toBe('/plataforma/1-x/congresso/2');
  });
});
