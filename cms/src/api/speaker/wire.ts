import { speakerOrder, speakerPaths, type Speaker, type SpeakerOrderField } from '@plataforma/adapter';
import type { ResourceSpec } from '@plataforma/adapter/server';
import { eventFilter } from '../../http/filters';
import { fileUrl, idOf, orNull, type FileRow } from '../../lib/wire';

export interface SpeakerRow {
  id: number;
  name: string;
  title: string | null;
  description: string | null;
  event?: { id: number } | null;
  image?: FileRow | null;
  lectures?: Array<{ id: number; name: string }> | null;
}

export const speakerToWire = (row: SpeakerRow): Speaker => ({
  id: row.id,
  eventId: idOf(row.event),
  name: row.name,
  title: orNull(row.title),
  description: orNull(row.description),
  image: fileUrl(row.image),
  lectures: (row.lectures ?? []).map((lecture) => ({ id: lecture.id, name: lecture.name })),
});

/** Speakers of the events (admin), with their photo and lectures; `eventId` filters. */
export const cmsSpeakerSpec: ResourceSpec<SpeakerRow, Speaker, SpeakerOrderField> = {
  uid: 'api::speaker.speaker',
  path: speakerPaths.cms,
  searchFields: ['name', 'title'],
  order: speakerOrder,
  filters: { eventId: eventFilter },
  select: ['id', 'name', 'title', 'description'],
  populate: {
    event: { select: ['id'] },
    image: { select: ['id', 'url'] },
    lectures: { select: ['id', 'name'], orderBy: [{ startDate: 'asc' }, { startTime: 'asc' }] },
  },
  notFound: 'api.error.speakerNotFound',
  toWire: speakerToWire,
};
