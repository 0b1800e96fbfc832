import { sponsorOrder, sponsorPaths, type CmsSponsor, type Sponsor, type SponsorOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { publishedEventFilter } from '../../http/filters';
import { IMAGE_FIELDS, fileUrl, idOf, imageSources, orNull, type FileRow } from '../../lib/wire';

export interface SponsorRow {
  id: number;
  name: string;
  type: Sponsor['type'];
  link: string | null;
  position?: number | null;
  event?: { id: number } | null;
  image?: FileRow | null;
}

export const sponsorToWire = (row: SponsorRow): Sponsor => ({
  id: row.id,
  eventId: idOf(row.event),
  name: row.name,
  type: row.type,
  image: fileUrl(row.image),
  imageSources: imageSources(row.image),
  link: orNull(row.link),
});

/** In the back office a sponsor shows its position too (the order of the event's sponsors). */
export const cmsSponsorToWire = (row: SponsorRow): CmsSponsor => ({ ...sponsorToWire(row), position: row.position ?? 0 });

export const siteSponsorSpec: ResourceSpec<SponsorRow, Sponsor, SponsorOrderField> = {
  uid: 'api::sponsor.sponsor',
  path: sponsorPaths.site,
  searchFields: ['name'],
  order: sponsorOrder,
  filters: { eventId: publishedEventFilter },
  select: ['id', 'name', 'type', 'link', 'position'],
  populate: { event: { select: ['id'] }, image: IMAGE_FIELDS },
  toWire: sponsorToWire,
};
