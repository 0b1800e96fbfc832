import type { Sponsor } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { fileUrl, idOf, orNull, type FileRow } from '../../lib/wire';

export interface SponsorRow {
  id: number;
  name: string;
  type: Sponsor['type'];
  link: string | null;
  event?: { id: number } | null;
  image?: FileRow | null;
}

export const sponsorToWire = (row: SponsorRow): Sponsor => ({
  id: row.id,
  eventId: idOf(row.event),
  name: row.name,
  type: row.type,
  image: fileUrl(row.image),
  link: orNull(row.link),
});

export const siteSponsorSpec: ResourceSpec<SponsorRow, Sponsor, 'id' | 'name' | 'type' | 'position'> = {
  uid: 'api::sponsor.sponsor',
  path: '/sponsors',
  searchFields: ['name'],
  orderFields: { id: 'id', name: 'name', type: 'type', position: 'position' },
  defaultOrder: { field: 'position', direction: 'asc' },
  filters: {
    eventId: {
      where: (id) => ({ event: { id } }),
      required: true,
      exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound', where: { published: true } },
    },
  },
  select: ['id', 'name', 'type', 'link', 'position'],
  populate: { event: { select: ['id'] }, image: { select: ['id', 'url'] } },
  toWire: sponsorToWire,
};
