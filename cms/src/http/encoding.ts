import Negotiator from 'negotiator';

/** The precompressed forms the venue's build carries beside each text asset, best first (file suffix and Content-Encoding). */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type Precompressed = (typeof PRECOMPRESSED)[number];

const OURS: string[] = PRECOMPRESSED.map((form) => form.encoding);

/**
 * Which precompressed form to send for an Accept-Encoding header (RFC 9110 §12.5.3, read by
 * `negotiator`, the parser Koa's `ctx.acceptsEncodings` uses): the forms the client accepts with a
 * weight above zero, by its weights, ours (brotli, then gzip) first among equal ones; of those the
 * first that `has` says exists, unless the client weighs the file as it is (identity) higher. Null
 * for the file as it is: no header, `identity`, or only codings refused with q=0.
 */
export const pickEncoding = (header: string | undefined, has: (form: Precompressed) => boolean): Precompressed | null => {
  if (!header) return null;
  const wanted = new Negotiator({ headers: { 'accept-encoding': header } }).encodings([...OURS, 'identity'], { preferred: OURS });
  for (const encoding of wanted) {
    if (encoding === 'identity') return null;
    const form = PRECOMPRESSED.find((candidate) => candidate.encoding === encoding);
    if (form && has(form)) return form;
  }
  return null;
};
