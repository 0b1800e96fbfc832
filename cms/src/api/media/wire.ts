import { mediaOrder, mediaPaths, type Media, type MediaOrderField, type MediaType } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { publishedStandFilter } from '../../http/filters';
import { fileRef, idOf, textOr, type FileRow } from '../../lib/wire';

export interface MediaRow {
  id: number;
  title: string;
  description: string | null;
  type: MediaType | null;
  stand?: { id: number } | null;
  file?: FileRow | null;
}

/** A missing type counts as an image (SPEC §3). */
export const mediaToWire = (row: MediaRow): Media => ({
  id: row.id,
  standId: idOf(row.stand),
  title: row.title,
  description: textOr(row.description),
  type: row.type ?? 'IMAGE',
  file: fileRef(row.file),
});

export const siteMediaSpec: ResourceSpec<MediaRow, Media, MediaOrderField> = {
  uid: 'api::media.media',
  path: mediaPaths.site,
  searchFields: ['title'],
  order: mediaOrder,
  filters: { standId: publishedStandFilter },
  select: ['id', 'title', 'description', 'type'],
  populate: { stand: { select: ['id'] }, file: { select: ['id', 'url', 'name', 'mime', 'size', 'width', 'height', 'formats'] } },
  toWire: mediaToWire,
};
