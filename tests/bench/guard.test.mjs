import { describe, expect, it } from 'vitest';
import { judge, runOrder } from './guard.mjs';

describe('the guard (decision 095)', () => {
  it('runs each side first as often as the other: A B, B A, A B…', () => {
    expect(
      runOrder(2)
        .map(({ side }) => side)
        .join(' '),
    ).toBe('A B B A');
    expect(runOrder(3).map(({ side, run }) => `${side}${run + 1}`)).toEqual(['A1', 'B1', 'B2', 'A2', 'A3', 'B3']);
    expect(runOrder(1)).toEqual([
      { side: 'A', run: 0 },
      { side: 'B', run: 0 },
    ]);
  });

  it('marks a regression only beyond the noise band, the unit floor and with every B run worse', () => {
    expect(judge([10, 11], [20, 21], 'lower', 'ms').verdict).toBe('REGRESSION');
    // Same figures: nothing; one B run as good as an A run: nothing; below the floor: nothing.
    expect(judge([10, 11], [10, 11], 'lower', 'ms').verdict).toBe('ok');
    expect(judge([10, 11], [11, 30], 'lower', 'ms').verdict).toBe('ok');
    expect(judge([0.1, 0.11], [0.3, 0.31], 'lower', 's').verdict).toBe('ok');
    // Higher is better: fewer per second is the worse side.
    expect(judge([2000, 2001], [1000, 1001], 'higher', '/s').verdict).toBe('REGRESSION');
    expect(judge([10], [20], 'lower', 'ms').verdict).toBe('n/a (one run)');
  });
});
