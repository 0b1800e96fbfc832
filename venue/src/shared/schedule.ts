import { parseOffsetSpan, rememberOffsetSpan } from '@plataforma/adapter/schedule';

export * from '@plataforma/adapter/schedule';

/**
 * The adapter's schedule math, with the zone span the server wrote into the venue's page
 * (`<meta name="plataforma-zone">`, decision 062) remembered before any of it runs: the hall's
 * first reckoning of 'AO VIVO' then makes no `Intl.DateTimeFormat`, whose first making loads the
 * engine's zone and locale data (tens of milliseconds of a phone's main thread). Without the meta,
 * or outside its span, Intl answers as before. The venue imports the schedule from here.
 */
export const rememberPageZone = (root: ParentNode | null = typeof document === 'undefined' ? null : document): boolean => {
  const span = parseOffsetSpan(root?.querySelector<HTMLMetaElement>('meta[name="plataforma-zone"]')?.content);
  if (span) rememberOffsetSpan(span);
  return span !== null;
};

rememberPageZone();
