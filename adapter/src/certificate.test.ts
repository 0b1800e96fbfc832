import { describe, expect, it } from 'vitest';
import { certificateDate, fillCertificateText, formatWatchTime, reachesThreshold, requiredSeconds } from './contracts/certificate';

describe('certificate figures', () => {
  it('require minutes × 60, or the share of the programme rounded up to the second', () => {
    expect(requiredSeconds({ minMinutes: 90, minShare: null }, 0)).toBe(5400);
    expect(requiredSeconds({ minMinutes: null, minShare: 50 }, 5400)).toBe(2700);
    expect(requiredSeconds({ minMinutes: null, minShare: 75 }, 3601)).toBe(2701); // 2700.75 → 2701
    expect(requiredSeconds({ minMinutes: null, minShare: 100 }, 3600)).toBe(3600);
    // A share of a programme without duration, or no rule, cannot be met.
    expect(requiredSeconds({ minMinutes: null, minShare: 50 }, 0)).toBeNull();
    expect(requiredSeconds({ minMinutes: null, minShare: null }, 3600)).toBeNull();
  });

  it('are reached exactly at the threshold, not a second below, never with nothing watched', () => {
    expect(reachesThreshold(2700, 2700)).toBe(true);
    expect(reachesThreshold(2699, 2700)).toBe(false);
    expect(reachesThreshold(0, 0)).toBe(false);
    expect(reachesThreshold(100, null)).toBe(false);
  });

  it('print hours and minutes, rounded down to the minute', () => {
    expect(formatWatchTime(45_000)).toBe('12 h 30 min');
    expect(formatWatchTime(45_059)).toBe('12 h 30 min');
    expect(formatWatchTime(7200)).toBe('2 h');
    expect(formatWatchTime(2700)).toBe('45 min');
    expect(formatWatchTime(59)).toBe('0 min');
  });

  it('date the issue in the event’s zone and fill the text’s placeholders', () => {
    // 02:30 UTC is still the 27th in Manaus (UTC−4) and São Paulo (UTC−3).
    expect(certificateDate('2026-11-28T02:30:00.000Z', 'America/Manaus')).toBe('27/11/2026');
    expect(certificateDate('2026-11-28T04:30:00.000Z', 'America/Manaus')).toBe('28/11/2026');
    const text = fillCertificateText('{nome} participou do {evento} ({horas}, {data}, {codigo}) {outro}', {
      nome: 'Ana',
      evento: 'Congresso',
      horas: '2 h',
      data: '27/11/2026',
      codigo: 'ABCD-EFGH-JKMN-PQRS',
    });
    expect(text).toBe('Ana participou do Congresso (2 h, 27/11/2026, ABCD-EFGH-JKMN-PQRS) {outro}');
  });
});
