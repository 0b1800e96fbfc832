import type { ImageSource } from './contracts/file';

/**
 * Responsive images from the sizes the API sends with each image (`imageSources`: the formats
 * Strapi's upload plugin generated — thumbnail, small, medium, large — and the original, each
 * with its width). Zod-free: the venue's first load imports it (`@plataforma/adapter/images`).
 */

/** A URL as a `srcset` candidate: whitespace and commas would split it, so they are escaped. */
const candidateUrl = (url: string): string => url.replace(/[\s,]/g, (c) => encodeURIComponent(c));

/** Usable sources, one per width, narrowest first. */
const ordered = (sources: readonly ImageSource[] | null | undefined): ImageSource[] => {
  const seen = new Set<number>();
  return (sources ?? [])
    .filter((source) => source.url !== '' && Number.isFinite(source.width) && source.width > 0)
    .sort((a, b) => a.width - b.width)
    .filter((source) => (seen.has(source.width) ? false : (seen.add(source.width), true)));
};

/**
 * The `srcset` of an image ('/uploads/small_a.png 500w, /uploads/a.png 1920w'), or undefined
 * when there is nothing to choose from (fewer than two sizes: a file without formats, such as
 * an SVG or a small picture, is just its URL).
 */
export const srcSet = (sources: readonly ImageSource[] | null | undefined): string | undefined => {
  const usable = ordered(sources);
  return usable.length < 2 ? undefined : usable.map((source) => `${candidateUrl(source.url)} ${source.width}w`).join(', ');
};

/**
 * A `sizes` attribute: the width the image is drawn at below each viewport width (in CSS
 * pixels, narrowest first), then everywhere else.
 * `sizes([[767, 'calc(100vw - 48px)']], '320px')` → '(max-width: 767px) calc(100vw - 48px), 320px'.
 */
export const sizes = (below: ReadonlyArray<readonly [maxWidth: number, size: string]>, otherwise: string): string =>
  [...[...below].sort((a, b) => a[0] - b[0]).map(([maxWidth, size]) => `(max-width: ${maxWidth}px) ${size}`), otherwise].join(', ');

/** The attributes of an `<img>`: `src`, and `srcSet` with `sizes` when there is a choice of sizes. */
export const responsiveImage = (
  url: string,
  sources: readonly ImageSource[] | null | undefined,
  drawnAt: string,
): { src: string; srcSet?: string; sizes?: string } => {
  const set = srcSet(sources);
  return set ? { src: url, srcSet: set, sizes: drawnAt } : { src: url };
};

/**
 * The one source to draw where `srcset` does not exist (an SVG `<image>`): the narrowest at
 * least `width` device pixels wide, else the widest; the URL itself when no size is known.
 */
export const pickSource = (url: string, sources: readonly ImageSource[] | null | undefined, width: number): string => {
  const usable = ordered(sources);
  if (usable.length === 0) return url;
  return (usable.find((source) => source.width >= width) ?? usable[usable.length - 1]).url;
};
