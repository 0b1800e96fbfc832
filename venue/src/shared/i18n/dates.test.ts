import { describe, expect, it } from 'vitest';
import { dayInWords, numericDateInWords, shortDateInWords, weekdayInWords, zoneInWords } from './dates';

describe('days and zones in words of each pack', () => {
  it('writes a day in the visitor’s language, whatever the machine’s zone', () => {
    expect(dayInWords('2020-11-12', 'pt')).toBe('quinta-feira, 12 de novembro de 2020');
    expect(dayInWords('2026-11-26', 'pt', false)).toBe('quinta-feira, 26 de novembro');
    expect(dayInWords('2026-11-26', 'en')).toBe('Thursday, November 26, 2026');
    expect(dayInWords('2026-11-26', 'al')).toBe('Donnerstag, 26. November 2026');
    // The abbreviations' dots differ between ICU versions (Node's and the browsers').
    expect(weekdayInWords('2026-11-26', 'pt')).toMatch(/^qui\.?$/);
    expect(weekdayInWords('2026-11-26', 'en')).toBe('Thu');
    expect(weekdayInWords('2026-11-26', 'al')).toMatch(/^Do\.?$/);
  });

  it('names a zone, and falls back to its id when the zone is unknown', () => {
    const january = new Date('2026-01-10T12:00:00Z');
    expect(zoneInWords('America/Sao_Paulo', 'pt', january)).toMatch(/Brasília/);
    expect(zoneInWords('America/Sao_Paulo', 'en', january)).toMatch(/Brasilia Standard Time/);
    expect(zoneInWords('Nowhere/Atlantis', 'pt')).toBe('Nowhere/Atlantis');
  });

  it('writes a short date in the language and zone (02:30 UTC is the day before in São Paulo)', () => {
    const instant = new Date('2026-03-08T02:30:00Z');
    expect(shortDateInWords(instant, 'pt', 'America/Sao_Paulo')).toBe('07/03/2026');
    expect(shortDateInWords(instant, 'en', 'America/Sao_Paulo')).toBe('3/7/2026');
    expect(shortDateInWords(instant, 'al', 'America/Sao_Paulo')).toBe('7.3.2026');
  });

  it('writes the server’s numeric dates with slashes, the German way in AL (issue 56)', () => {
    expect(numericDateInWords('01/12/2026', 'pt')).toBe('01/12/2026');
    expect(numericDateInWords('01/12/2026', 'en')).toBe('01/12/2026');
    expect(numericDateInWords('01/12/2026', 'al')).toBe('1.12.2026');
    // SPEC §9's moment ('DD-MM-YYYY HH:mm'), as an order's date: slashes like the rest of the site.
    expect(numericDateInWords('27-11-2026 07:05', 'pt')).toBe('27/11/2026 07:05');
    expect(numericDateInWords('27-11-2026 07:05', 'al')).toBe('27.11.2026 07:05');
    expect(numericDateInWords('', 'al')).toBe('');
    expect(numericDateInWords('amanhã', 'pt')).toBe('amanhã');
  });
});
