import type { Media, StandType } from '@plataforma/adapter';

export type StandLayout = 'portrait' | 'landscape';

/** SPEC §9: non-MASTER stands show at most 2 videos and 2 documents; MASTER shows all. */
export const MEDIA_LIMIT = 2;

export interface ShownMedia {
  videos: Media[];
  documents: Media[];
  images: Media[];
}

/** The stand's media split by kind, cut to the tier's limit; documents and videos need a file to be shown. */
export const limitMedia = (type: StandType, medias: readonly Media[]): ShownMedia => {
  const withFile = medias.filter((media) => media.file);
  const cut = (items: Media[]) => (type === 'master' ? items : items.slice(0, MEDIA_LIMIT));
  return {
    videos: cut(withFile.filter((media) => media.type === 'VIDEO')),
    documents: cut(withFile.filter((media) => media.type === 'DOCUMENT')),
    images: withFile.filter((media) => media.type === 'IMAGE'),
  };
};

/** pt-BR money from the wire's two-decimal string ('1200.00' → 'R$ 1.200,00'). */
export const brl = (value: string): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\u00a0/g, ' ');
