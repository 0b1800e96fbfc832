import { describe, expect, it } from 'vitest';
import { estimateWidth, overlaps, placeLabels, shortenings, type Box, type LabelRequest } from './map-labels';

const BOUNDS: Box = { x: 0, y: 0, width: 400, height: 200 };
const part = (key: string, x: number, y: number, width: number, text: string): LabelRequest => ({
  key,
  box: { x, y, width, height: 20 },
  text,
});

const noneOverlap = (boxes: Box[]) => boxes.every((a, i) => boxes.every((b, j) => i === j || !overlaps(a, b)));

describe('the map’s labels', () => {
  it('puts a label below its part, with its whole name, when the place is free', () => {
    const [label] = placeLabels([part('a', 100, 40, 80, 'Aurora')], estimateWidth, BOUNDS);
    expect(label.text).toBe('Aurora');
    expect(label.shortened).toBe(false);
    expect(label.box.y).toBeGreaterThanOrEqual(60);
    expect(label.x).toBe(140); // centred under the part
  });

  it('moves a neighbour’s label aside or above instead of overlapping: none of them overlaps another or a part', () => {
    // Three narrow parts side by side with long names: the names are wider than the parts.
    const requests = [
      part('a', 100, 80, 40, 'Vitalis Farmacêutica'),
      part('b', 145, 80, 40, 'Boreal Diagnósticos'),
      part('c', 190, 80, 40, 'Cardio Sul'),
    ];
    const placed = placeLabels(requests, estimateWidth, BOUNDS);
    expect(placed).toHaveLength(3);
    expect(noneOverlap(placed.map((label) => label.box))).toBe(true);
    for (const label of placed) for (const request of requests) expect(overlaps(label.box, request.box)).toBe(false);
    // Room enough above and below: every name is whole.
    expect(placed.every((label) => !label.shortened)).toBe(true);
  });

  it('shortens a name with … only when no place fits it whole, and leaves it out when even 3 letters do not fit', () => {
    const narrow: Box = { x: 0, y: 0, width: 120, height: 64 };
    const [short] = placeLabels([part('a', 20, 20, 80, 'Vitalis Farmacêutica Internacional')], estimateWidth, narrow);
    expect(short.shortened).toBe(true);
    expect(short.text.endsWith('…')).toBe(true);
    expect(short.box.x).toBeGreaterThanOrEqual(0);
    expect(short.box.x + short.box.width).toBeLessThanOrEqual(120);

    const tiny: Box = { x: 0, y: 0, width: 30, height: 64 };
    expect(placeLabels([part('a', 5, 20, 20, 'Vitalis')], estimateWidth, tiny)).toEqual([]);
  });

  it('keeps clear of the fixed marks (‘Você está aqui’) and of the map’s edges', () => {
    const you: Box = { x: 90, y: 62, width: 120, height: 30 };
    const [label] = placeLabels([part('a', 100, 40, 100, 'Aurora')], estimateWidth, BOUNDS, [you]);
    expect(overlaps(label.box, you)).toBe(false);
    expect(label.box.y + label.box.height).toBeLessThanOrEqual(40); // it went above
    const [edge] = placeLabels([part('b', 0, 40, 20, 'Boreal Diagnósticos')], estimateWidth, BOUNDS);
    expect(edge.box.x).toBeGreaterThanOrEqual(0);
  });

  it('measures with the measure it is given (the browser’s when there is one)', () => {
    const wide = (text: string) => text.length * 30;
    const [label] = placeLabels([part('a', 100, 40, 80, 'Aurora')], wide, BOUNDS);
    expect(label.box.width).toBe(6 * 30 + 12);
  });

  it('shortens a character at a time from the longest form, never before a space, never below four characters with the …', () => {
    expect(shortenings('Aurora Sul')).toEqual(['Aurora Sul', 'Aurora Su…', 'Aurora S…', 'Aurora…', 'Auror…', 'Auro…', 'Aur…']);
    expect(shortenings('Ab')).toEqual(['Ab']);
  });
});
