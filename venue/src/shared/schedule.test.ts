import { afterEach, describe, expect, it } from 'vitest';
import { forgetOffsetSpans } from '@plataforma/adapter/zones';
import { dateInZone, rememberPageZone, timeInZone } from './schedule';

const page = (content: string) => {
  const root = document.createElement('div');
  const meta = document.createElement('meta');
  meta.name = 'plataforma-zone';
  meta.content = content;
  root.append(meta);
  return root;
};

afterEach(() => forgetOffsetSpans());

describe("the venue's schedule takes the zone span the page was served with", () => {
  it('reckons inside the span from its offset, outside it with Intl', () => {
    const noon = Date.UTC(2026, 10, 29, 12);
    expect(timeInZone(noon, 'America/Sao_Paulo')).toBe('09:00');
    // A span that says +05 (not São Paulo's): seen to be used, since Intl would say 09:00.
    expect(rememberPageZone(page(`America/Sao_Paulo 18000000 ${noon - 3_600_000} ${noon + 3_600_000}`))).toBe(true);
    expect(timeInZone(noon, 'America/Sao_Paulo')).toBe('17:00');
    expect(dateInZone(noon + 7 * 3_600_000, 'America/Sao_Paulo')).toBe('2026-11-29');
    expect(timeInZone(noon + 7_200_000, 'America/Sao_Paulo')).toBe('11:00');
  });

  it('ignores a page without the meta, or with one it cannot read', () => {
    const noon = Date.UTC(2026, 10, 29, 12);
    expect(rememberPageZone(document.createElement('div'))).toBe(false);
    expect(rememberPageZone(page('America/Sao_Paulo soon'))).toBe(false);
    expect(rememberPageZone(null)).toBe(false);
    expect(timeInZone(noon, 'America/Sao_Paulo')).toBe('09:00');
  });
});
