import type { CmsLecture } from '@plataforma/adapter';
import { describe, expect, it } from 'vitest';
import { formatAmount, priceTag } from '../../shared/commerce/price';
import { dayIn, eventPagePath, isOnAt, orderFor, programmeOf, venuePath, wallClockIn } from './format';
import { cmsLectureFixture } from '../../testing/wire';

const lecture = (id: number, startDate: string, startTime: string, room: { id: number; name: string } | null): CmsLecture =>
  cmsLectureFixture({
    id,
    name: `Palestra ${id}`,
    startDate,
    formattedStartDate: startDate.split('-').reverse().join('/'),
    startTime,
    endTime: startTime,
    room: room && { ...room, eventId: 1 },
  });

describe('price tags', () => {
  it('says free, one price, or from/to with the wire’s currency', () => {
    expect(priceTag({ value: '0.00', discountValue: '0.00', hasDiscount: false, currency: 'R$' })).toEqual({ kind: 'free' });
    expect(priceTag({ value: '1200.00', discountValue: '1200.00', hasDiscount: false, currency: 'R$' })).toEqual({
      kind: 'price',
      price: 'R$ 1.200,00',
    });
    expect(priceTag({ value: '150.00', discountValue: '120.00', hasDiscount: true, currency: '$' })).toEqual({
      kind: 'discount',
      from: '$ 150,00',
      to: '$ 120,00',
    });
    expect(formatAmount('0.5', 'R$')).toBe('R$ 0,50');
  });

  it('groups the digits as the visitor’s language writes them, the currency kept', () => {
    const item = { value: '1200.00', discountValue: '1080.50', hasDiscount: true, currency: 'R$' as const };
    expect(priceTag(item, 'en')).toEqual({ kind: 'discount', from: 'R$ 1,200.00', to: 'R$ 1,080.50' });
    expect(priceTag(item, 'al')).toEqual({ kind: 'discount', from: 'R$ 1.200,00', to: 'R$ 1.080,50' });
    expect(formatAmount('1234567.8', 'R$', 'pt')).toBe('R$ 1.234.567,80');
  });
});

describe('days, zones and addresses', () => {
  it('tells the day in a zone (02:30 UTC is still the day before in São Paulo)', () => {
    expect(dayIn('America/Sao_Paulo', new Date('2026-03-08T02:30:00Z'))).toBe('2026-03-07');
    expect(dayIn('Europe/Berlin', new Date('2026-03-08T02:30:00Z'))).toBe('2026-03-08');
    expect(dayIn('Nowhere/Atlantis', new Date('2026-03-08T02:30:00Z'))).toBe('2026-03-08');
  });

  it('leads the event page and the venue with the id, keeping a slug that starts with it', () => {
    expect(eventPagePath({ id: 3, slug: '3-congresso-de-cardiologia' })).toBe('/eventos/3-congresso-de-cardiologia');
    expect(eventPagePath({ id: 3, slug: '3' })).toBe('/eventos/3');
    expect(eventPagePath({ id: 3, slug: 'congresso' })).toBe('/eventos/3');
    expect(venuePath({ id: 1, slug: '1-cbmi' })).toBe('/plataforma/1-cbmi/hall-entrada');
  });

  it('lists upcoming events soonest first and the others newest first', () => {
    expect(orderFor('proximos')).toEqual({ field: 'startDate', direction: 'asc' });
    expect(orderFor('encerrados').direction).toBe('desc');
    expect(orderFor('todos').direction).toBe('desc');
  });
});

describe('programmeOf', () => {
  it('groups lectures by day, then by room in the order of their first lecture, each by hour', () => {
    const a = { id: 1, name: 'Auditório' };
    const b = { id: 2, name: 'Sala B' };
    const days = programmeOf([
      lecture(5, '2020-11-13', '09:00:00', a),
      lecture(1, '2020-11-12', '10:00:00', a),
      lecture(2, '2020-11-12', '08:00:00', b),
      lecture(3, '2020-11-12', '09:00:00', a),
      lecture(4, '2020-11-12', '11:00:00', null),
    ]);
    expect(days.map((day) => [day.date, day.rooms.map((room) => [room.name, room.lectures.map((l) => l.id)])])).toEqual([
      [
        '2020-11-12',
        [
          ['Sala B', [2]],
          ['Auditório', [3, 1]],
        ],
      ],
      ['2020-11-13', [['Auditório', [5]]]],
    ]);
    expect(programmeOf([])).toEqual([]);
  });
});

describe('what is on now (issue 56, item 14: the event page marks the live lectures)', () => {
  const lecture = { startDate: '2026-12-02', startTime: '10:00:00.000', endTime: '11:00:00.000' };
  const at = (iso: string) => wallClockIn('America/Sao_Paulo', new Date(iso));
  it('reads the wall clock of the event’s zone', () => {
    expect(at('2026-12-02T13:30:00Z')).toEqual({ today: '2026-12-02', yesterday: '2026-12-01', time: '10:30:00' });
  });
  it('is on from its start, until its end', () => {
    expect(isOnAt(lecture, at('2026-12-02T12:59:59Z'))).toBe(false);
    expect(isOnAt(lecture, at('2026-12-02T13:00:00Z'))).toBe(true);
    expect(isOnAt(lecture, at('2026-12-02T13:59:59Z'))).toBe(true);
    expect(isOnAt(lecture, at('2026-12-02T14:00:00Z'))).toBe(false);
  });
  it('runs past midnight when its end is before its start', () => {
    const late = { startDate: '2026-12-02', startTime: '23:00:00.000', endTime: '01:00:00.000' };
    expect(isOnAt(late, at('2026-12-03T02:30:00Z'))).toBe(true); // 23:30 the same day
    expect(isOnAt(late, at('2026-12-03T03:30:00Z'))).toBe(true); // 00:30 the next day
    expect(isOnAt(late, at('2026-12-03T04:00:00Z'))).toBe(false); // 01:00
  });
});
