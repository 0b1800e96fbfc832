import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { lectureSpan } from '@plataforma/adapter';
import { icsOf, icsFileName, type CalendarEntry } from './ics';
import { vtimezone } from './vtimezone';

const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({
  uid: 'lecture-1@exemplo.com.br',
  start: Date.UTC(2026, 10, 26, 18),
  end: Date.UTC(2026, 10, 26, 19),
  timeZone: 'America/Manaus',
  summary: 'Sepse; choque, e UTI',
  description: 'Com Ana\nSala 1 — Congresso',
  location: 'Sala 1 — Congresso',
  url: 'https://exemplo.com.br/plataforma/1/congresso/salas/1?palestra=1',
  updatedAt: new Date('2026-05-01T12:00:00Z'),
  ...over,
});

/** The VEVENTs of an iCalendar text, as ical.js reads them (its own VTIMEZONEs registered). */
const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
};

describe('icsOf (RFC 5545 through ical.js)', () => {
  it('writes each time in its event zone with that zone’s VTIMEZONE, and ical.js reads the right instants', () => {
    const manaus = lectureSpan({ startDate: '2026-11-26', startTime: '14:00:00', endTime: '15:30:00' }, 'America/Manaus');
    const saoPaulo = lectureSpan({ startDate: '2026-11-26', startTime: '14:00:00', endTime: '15:30:00' }, 'America/Sao_Paulo');
    const text = icsOf([
      entry({ start: manaus.start, end: manaus.end }),
      entry({ uid: 'lecture-2@exemplo.com.br', timeZone: 'America/Sao_Paulo', start: saoPaulo.start, end: saoPaulo.end }),
    ]);
    expect(text).toContain('DTSTART;TZID=America/Manaus:20261126T140000');
    expect(text).toContain('DTSTART;TZID=America/Sao_Paulo:20261126T140000');
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Manaus/);
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Sao_Paulo/);
    const [first, second] = parse(text);
    expect(first.startDate.toJSDate().toISOString()).toBe('2026-11-26T18:00:00.000Z');
    expect(first.endDate.toJSDate().toISOString()).toBe('2026-11-26T19:30:00.000Z');
    // Brazil has had no daylight time since 2019: 14:00 in São Paulo in November is 17:00 UTC.
    expect(second.startDate.toJSDate().toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(first.summary).toBe('Sepse; choque, e UTI');
    expect(first.description).toBe('Com Ana\nSala 1 — Congresso');
    expect(first.location).toBe('Sala 1 — Congresso');
    expect(first.uid).toBe('lecture-1@exemplo.com.br');
  });

  it('gives the same bytes for the same data (DTSTAMP is the last revision), a higher SEQUENCE after a change', () => {
    expect(icsOf([entry({})])).toBe(icsOf([entry({})]));
    const before = parse(icsOf([entry({})]))[0].sequence;
    const after = parse(icsOf([entry({ updatedAt: new Date('2026-05-02T12:00:00Z') })]))[0].sequence;
    expect(after).toBeGreaterThan(before);
  });
});

describe('vtimezone', () => {
  it('describes a zone with daylight time by its changes around the instants (Berlin, on both sides of one)', () => {
    const summer = Date.UTC(2026, 6, 1, 12);
    const winter = Date.UTC(2026, 11, 1, 12);
    const text = icsOf([
      entry({ timeZone: 'Europe/Berlin', start: summer, end: summer + 3_600_000 }),
      entry({ uid: 'b@x', timeZone: 'Europe/Berlin', start: winter, end: winter + 3_600_000 }),
    ]);
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20260701T140000');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261201T130000');
    const [july, december] = parse(text);
    expect(july.startDate.toJSDate().getTime()).toBe(summer);
    expect(december.startDate.toJSDate().getTime()).toBe(winter);
    expect(vtimezone('Europe/Berlin', [summer, winter])).toContain('BEGIN:DAYLIGHT');
  });

  it('has one STANDARD observance for a zone without changes (Manaus)', () => {
    const text = vtimezone('America/Manaus', [Date.UTC(2026, 10, 26)]);
    expect(text.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(text).toContain('TZOFFSETTO:-0400');
    expect(text).not.toContain('DAYLIGHT');
  });
});

describe('icsFileName', () => {
  it('is the summary in ASCII, never empty', () => {
    expect(icsFileName('Congresso Brasileiro de Medicina Intensiva 2026')).toBe('congresso-brasileiro-de-medicina-intensiva-2026.ics');
    expect(icsFileName('"; rm')).toBe('rm.ics');
    expect(icsFileName('???')).toBe('agenda.ics');
  });
});
