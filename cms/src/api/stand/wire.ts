import { standOrder, standPaths, type Stand, type StandOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { publishedEventFilter } from '../../http/filters';
import { IMAGE_FIELDS, fileUrl, idOf, imageSources, orNull, textOr, type FileRow } from '../../lib/wire';

export interface StandRow {
  id: number;
  name: string;
  subtitle: string | null;
  description: string | null;
  type: Stand['type'];
  position: number | null;
  color: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
  symposium: string | null;
  negotiation: string | null;
  website: string | null;
  event?: { id: number } | null;
  image?: FileRow | null;
}

export const standToWire = (row: StandRow): Stand => ({
  id: row.id,
  eventId: idOf(row.event),
  name: row.name,
  subtitle: textOr(row.subtitle),
  description: textOr(row.description),
  type: row.type,
  position: row.position ?? 0,
  color: orNull(row.color),
  facebook: orNull(row.facebook),
  instagram: orNull(row.instagram),
  youtube: orNull(row.youtube),
  symposium: orNull(row.symposium),
  negotiation: orNull(row.negotiation),
  website: orNull(row.website),
  image: fileUrl(row.image),
  imageSources: imageSources(row.image),
});

const STAND_COLUMNS = [
  'id',
  'name',
  'subtitle',
  'description',
  'type',
  'position',
  'color',
  'facebook',
  'instagram',
  'youtube',
  'symposium',
  'negotiation',
  'website',
];

/** Stands of a published event, as the venue reads them. */
export const siteStandSpec: ResourceSpec<StandRow, Stand, StandOrderField> = {
  uid: 'api::stand.stand',
  path: standPaths.site,
  searchFields: ['name', 'subtitle'],
  order: standOrder,
  filters: { eventId: publishedEventFilter },
  select: STAND_COLUMNS,
  populate: { event: { select: ['id'] }, image: IMAGE_FIELDS },
  notFound: 'api.error.standNotFound',
  toWire: standToWire,
};
