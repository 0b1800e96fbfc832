import { describe, expect, it } from 'vitest';
import { metaSummary } from './meta';

describe('metaSummary', () => {
  it('flattens whitespace and keeps a short text whole', () => {
    expect(metaSummary('  Três dias\n\nde   ciência ')).toBe('Três dias de ciência');
  });

  it('cuts a long text on a word, with an ellipsis, within the limit', () => {
    const text = 'palavra '.repeat(40);
    const cut = metaSummary(text, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toBe(`${'palavra '.repeat(6).trim()}…`);
    expect(metaSummary('x'.repeat(80), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});
