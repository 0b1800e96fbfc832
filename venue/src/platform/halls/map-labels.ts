/** A rectangle on the map, in map units. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A part's label to place: the part's box on the map and its full name. */
export interface LabelRequest {
  key: string;
  box: Box;
  text: string;
  /** Where the label goes first (a door's label sits below its swing). */
  prefer?: 'below' | 'above';
  /** Extra space between the part and a label below it (a door's swing). */
  gapBelow?: number;
}

/** Where a label landed: its text (the whole name, or shortened with '…'), its centre x and baseline y, and the box it covers. */
export interface PlacedLabel {
  key: string;
  text: string;
  x: number;
  y: number;
  box: Box;
  /** The text was shortened: the full name stays in the part's accessible name and tooltip. */
  shortened: boolean;
}

/** Measures a text's width in map units. */
export type Measure = (text: string) => number;

export const LABEL_HEIGHT = 18;
const PAD_X = 6;
const GAP = 4;
/** A label is never cut below this many characters (with the '…'): shorter says nothing, so it is left out. */
const MIN_CHARS = 4;

export const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (box: Box, bounds: Box): boolean =>
  box.x >= bounds.x && box.y >= bounds.y && box.x + box.width <= bounds.x + bounds.width && box.y + box.height <= bounds.y + bounds.height;

/** The text and its shorter forms, longest first: the whole name, then cut a character at a time (never leaving a space before the '…'), down to MIN_CHARS. */
export const shortenings = (text: string): string[] => {
  const forms = [text];
  for (let length = text.length - 1; length >= MIN_CHARS - 1; length -= 1) {
    const cut = text.slice(0, length).trimEnd();
    if (cut.length >= MIN_CHARS - 1 && !forms.includes(`${cut}…`)) forms.push(`${cut}…`);
  }
  return forms;
};

/** The places a label may take around its part, in order of preference. */
const candidates = (request: LabelRequest, width: number): Array<{ box: Box; x: number }> => {
  const { box } = request;
  const centre = box.x + box.width / 2;
  const left = centre - width / 2;
  const below = { x: left, y: box.y + box.height + GAP + (request.gapBelow ?? 0), width, height: LABEL_HEIGHT };
  const above = { x: left, y: box.y - GAP - LABEL_HEIGHT, width, height: LABEL_HEIGHT };
  const inner = { x: left, y: box.y + (box.height - LABEL_HEIGHT) / 2, width, height: LABEL_HEIGHT };
  // A second row further out, for a crowded wall or row.
  const step = LABEL_HEIGHT + 2;
  const below2 = { ...below, y: below.y + step };
  const above2 = { ...above, y: above.y - step };
  const ordered = request.prefer === 'above' ? [above, below, above2, below2, inner] : [below, above, below2, above2, inner];
  // Shifted sideways by half a label, for a crowded row.
  const shifted = ordered.flatMap((place) => [
    { ...place, x: place.x - width / 2 },
    { ...place, x: place.x + width / 2 },
  ]);
  return [...ordered, ...shifted].map((place) => ({ box: place, x: place.x + width / 2 }));
};

/**
 * Places the map's labels so that none overlaps another, the fixed marks (`taken`: 'Você está
 * aqui') or another part, and none leaves the map: each label, in the order given, takes the first
 * free place around its part with its whole name; only when no place fits the whole name is it
 * shortened, a character at a time; a label that cannot fit even shortened is left out (the part
 * keeps its full name as its accessible name and tooltip). Pure: measuring is the caller's.
 */
export const placeLabels = (
  requests: readonly LabelRequest[],
  measure: Measure,
  bounds: Box,
  taken: readonly Box[] = [],
): PlacedLabel[] => {
  const placed: PlacedLabel[] = [];
  const blocked: Box[] = [...taken];
  const parts = requests.map((request) => ({ key: request.key, box: request.box }));
  for (const request of requests) {
    const others = parts.filter((part) => part.key !== request.key).map((part) => part.box);
    const fits = (box: Box) =>
      inside(box, bounds) && !blocked.some((other) => overlaps(box, other)) && !others.some((other) => overlaps(box, other));
    let found: PlacedLabel | null = null;
    for (const text of shortenings(request.text)) {
      const width = measure(text) + PAD_X * 2;
      const place = candidates(request, width).find((candidate) => fits(candidate.box));
      if (place) {
        found = { key: request.key, text, x: place.x, y: place.box.y + LABEL_HEIGHT - 5, box: place.box, shortened: text !== request.text };
        break;
      }
    }
    if (found) {
      placed.push(found);
      blocked.push(found.box);
    }
  }
  return placed;
};

/** A width estimate for a text in the map's 13-px bold type, when the browser cannot measure (tests, no layout). */
export const estimateWidth: Measure = (text) => text.length * 7.6;
