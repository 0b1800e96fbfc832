/** The precompressed forms the venue's build carries beside each text asset, best first (file suffix and Content-Encoding). */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type Precompressed = (typeof PRECOMPRESSED)[number];

/** The codings an Accept-Encoding header accepts (q > 0), by name; `*` stands for any not named. */
const accepted = (header: string): Map<string, number> => {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    codings.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  return codings;
};

/**
 * Which precompressed form to send for an Accept-Encoding header (RFC 9110 §12.5.3): the first of
 * PRECOMPRESSED the client accepts with a weight above zero and `has` says exists; null for the
 * file as it is (no header, `identity`, or only codings refused with q=0).
 */
export const pickEncoding = (header: string | undefined, has: (form: Precompressed) => boolean): Precompressed | null => {
  if (!header) return null;
  const codings = accepted(header);
  const any = codings.get('*');
  for (const form of PRECOMPRESSED) {
    const weight = codings.get(form.encoding) ?? any ?? 0;
    if (weight > 0 && has(form)) return form;
  }
  return null;
};
